// node scripts/bench/notices.mjs: the badges' unread-count call and publishing an announcement (issue 16
// 'Performance'). Starts the production server build on a temporary database, seeds its school with 10,000
// students in one group (one sub-group holding 1,000 of them) and a bench student who has 40 notices (12 unread),
// 8 announcements (5 shown to them, 2 viewed) and 6 private messages (3 unread), then:
// - runs Debian's wrk (50 connections, 10 s a case) on GET notice/unread as the bench student beside a bare Fastify
//   reply of the same bytes in the same run. Target: at least 0.6 of the bare reply's requests per second.
// - creates a pinned announcement for the 10,000 students' group and times POST update/announcement/publish,
//   then the back office's list with its viewed counts. Target: the publish request under 1 s.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import {
  adminCookie,
  connections,
  duration,
  measureWrk,
  requireWrk,
  runWrk,
  startBuiltServer,
  startServer,
  rowInserter,
} from './lib.mjs';

const GROUP_SIZE = 10_000;
const DAY = 86_400_000;
const SNOWFLAKE_EPOCH = 1288834974657n;
let sequence = (BigInt(Date.now()) - SNOWFLAKE_EPOCH) << 22n;
const nextId = () => (sequence++).toString();

/** The students, groups, notices, announcements and messages; answers the bench student's cookie and the group. */
function seed(file) {
  const sqlite = new Database(file);
  sqlite.pragma('busy_timeout = 5000');
  const insert = rowInserter(sqlite);
  const { id: schoolId } = sqlite.prepare('select id from schools limit 1').get();
  const { id: adminId } = sqlite.prepare('select id from admins where school_id = ? limit 1').get(schoolId);
  const now = Date.now();
  const groupId = nextId();
  const subGroupId = nextId();
  const otherGroupId = nextId();
  const studentId = nextId();
  const token = randomBytes(32).toString('base64url');
  sqlite.transaction(() => {
    insert('student_groups', { id: groupId, school_id: schoolId, name: '全体新生', created_at: now });
    insert('student_groups', {
      id: subGroupId,
      school_id: schoolId,
      parent_id: groupId,
      name: '一班',
      created_at: now,
    });
    insert('student_groups', { id: otherGroupId, school_id: schoolId, name: '教师进修', created_at: now });
    for (let i = 0; i < GROUP_SIZE; i++) {
      const id = i === 0 ? studentId : nextId();
      insert('students', { id, school_id: schoolId, username: `s${i}`, name: `学员${i}`, created_at: now });
      insert('student_group_members', { student_id: id, group_id: i < 1000 ? subGroupId : groupId });
    }
    insert('sessions', {
      token_hash: createHash('sha256').update(token).digest('hex'),
      role: 'student',
      user_id: studentId,
      school_id: schoolId,
      created_at: now,
      expires_at: now + DAY,
      last_seen_at: now,
    });
    for (let n = 0; n < 40; n++)
      insert('notices', {
        id: nextId(),
        school_id: schoolId,
        student_id: studentId,
        kind: 'course.granted',
        params: JSON.stringify({ title: `课程 ${n}` }),
        link: '/course/x',
        created_at: now - n * 1000,
        read_at: n < 12 ? null : now,
      });
    const announcement = (audience, groups, viewed) => {
      const id = nextId();
      insert('announcements', {
        id,
        school_id: schoolId,
        title: '公告',
        html: '<p>内容</p>',
        audience,
        pinned: 0,
        published_at: now - DAY,
        author_id: adminId,
        created_at: now - DAY,
        updated_at: now - DAY,
      });
      for (const g of groups) insert('announcement_groups', { announcement_id: id, group_id: g });
      if (viewed) insert('announcement_views', { announcement_id: id, student_id: studentId, viewed_at: now });
    };
    announcement('all', [], true);
    announcement('all', [], false);
    announcement('groups', [groupId], true);
    announcement('groups', [groupId], false);
    announcement('groups', [subGroupId], false);
    for (let i = 0; i < 3; i++) announcement('groups', [otherGroupId], false);
    for (let m = 0; m < 6; m++)
      insert('private_messages', {
        id: nextId(),
        school_id: schoolId,
        sender_kind: 'admin',
        sender_id: adminId,
        recipient_kind: 'student',
        recipient_id: studentId,
        body: '你好',
        created_at: now - m,
        read_at: m < 3 ? null : now,
      });
  })();
  sqlite.close();
  return { cookie: `y_main=${token}`, groupId };
}

requireWrk();
const platform = await startBuiltServer({ name: 'notices', seats: GROUP_SIZE * 2 });
let baseline;
try {
  const { cookie, groupId } = seed(platform.databaseFile);
  const unreadUrl = `${platform.base}/notice/unread`;
  const first = await (await fetch(unreadUrl, { headers: { cookie } })).json();
  const expected = { notices: 12, announcements: 3, messages: 3 };
  if (JSON.stringify(first.data) !== JSON.stringify(expected))
    throw new Error(`notice/unread answered ${JSON.stringify(first)}, expected ${JSON.stringify(expected)}`);
  const body = await (await fetch(unreadUrl, { headers: { cookie } })).text();
  const bodiesFile = path.join(platform.dataDir, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify({ unread: body }));
  baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
  console.log(
    `${GROUP_SIZE} students in one group; the bench student: 12 unread notices of 40, 3 announcements not viewed, ` +
      `3 unread messages; reply ${Buffer.byteLength(body)} B\n` +
      `${connections} connections, ${duration} s a case, node ${process.version}, ${os.cpus().length} cores\n`,
  );
  const cases = [
    ['baseline: bare Fastify, notice/unread bytes', `${baseline.base}/body/unread`, {}, baseline.child.pid],
    ['GET notice/unread (signed-in student)', unreadUrl, { cookie }, platform.pid],
  ];
  for (const [, url, headers] of cases) await runWrk(url, { headers, seconds: 2 });
  const rows = [];
  for (const [name, url, headers, pids] of cases) rows.push(await measureWrk(name, url, { headers, pids }));
  console.log();
  console.table(rows);
  console.log(
    `notice/unread: ${(rows[1]['req/s'] / rows[0]['req/s']).toFixed(2)} of the bare reply of its bytes ` +
      `(target >= 0.6), p99 ${rows[1]['p99 ms']} ms\n`,
  );

  // Publishing to the 10,000 students' group: one row changes, nothing is written per student.
  const admin = await adminCookie(platform.base);
  const post = async (url, payload) => {
    const started = performance.now();
    const res = await fetch(`${platform.base}/${url}`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', origin: platform.base },
      body: JSON.stringify(payload),
    });
    const reply = await res.json();
    if (reply.status !== 'ok') throw new Error(`${url}: ${res.status} ${JSON.stringify(reply)}`);
    return { ms: performance.now() - started, data: reply.data };
  };
  const made = await post('update/announcement/add', {
    title: '开学典礼通知',
    html: '<p>请全体新生于周一上午九点到礼堂参加开学典礼。</p>',
    audience: 'groups',
    gids: [groupId],
    pinned: true,
  });
  const published = await post('update/announcement/publish', { id: made.data.id, publish: true });
  if (published.data.audienceSize !== GROUP_SIZE) throw new Error(`audience ${published.data.audienceSize}`);
  const listStarted = performance.now();
  const list = await fetch(`${platform.base}/update/announcement/list`, { headers: { cookie: admin } });
  if (!list.ok) throw new Error(`list: ${list.status}`);
  const listMs = performance.now() - listStarted;
  const after = await (await fetch(unreadUrl, { headers: { cookie } })).json();
  console.log(
    `publish to a group of ${GROUP_SIZE} (sub-groups included): POST update/announcement/publish ` +
      `${published.ms.toFixed(1)} ms (target < 1000), audience ${published.data.audienceSize}; ` +
      `the back office's list with viewed counts ${listMs.toFixed(1)} ms; ` +
      `the bench student's unread announcements now ${after.data.announcements}`,
  );
} finally {
  baseline?.child.kill('SIGTERM');
  await platform.stop();
}
