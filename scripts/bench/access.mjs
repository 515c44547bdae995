// node scripts/bench/access.mjs: the access policy under load (issue 15 'Performance'). Seeds one school with 200
// paid courses (each with a one-hour video chapter) and a student who holds 50 of them: 30 through administrators'
// grants to them, 10 through a group grant of a column, 10 through a membership plan of a category (its courses sit
// in a sub-category); starts the production server build and runs Debian's wrk (50 connections, 10 s a case) on
// GET course/info and GET learn/ware (the study page's call), each request the next held course in turn, beside a
// bare Fastify reply of the same bytes (the first held course's reply) measured in the same run.
// Target: at least 0.6 of the bare reply's requests per second, p99 under 25 ms.
// BENCH_ENGINE=postgres runs the same on PostgreSQL (a throwaway cluster, one server) instead of SQLite.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connections,
  duration,
  measureWrk,
  requireWrk,
  root,
  runWrk,
  serverNodeArgs,
  startPostgres,
  startServer,
  writeSqlite,
} from './lib.mjs';

const COURSES = 200;
const DAY = 86_400_000;
const SNOWFLAKE_EPOCH = 1288834974657n;
let sequence = (BigInt(Date.now()) - SNOWFLAKE_EPOCH) << 22n;
const nextId = () => (sequence++).toString();

/** The school, its courses, column, group, plan, and the student with a live session and the 50 held courses. */
function seed() {
  const rows = [];
  const insert = (table, row) => rows.push([table, row]);
  const now = Date.now();
  const schoolId = nextId();
  const studentId = nextId();
  const token = randomBytes(32).toString('base64url');
  const held = [];
  {
    insert('schools', { id: schoolId, name: '基准学校', settings: '{}', created_at: now });
    const top = { id: nextId(), lft: 1, rgt: 4, depth: 1, parent_id: '0', title: '会员分类' };
    const sub = { id: nextId(), lft: 2, rgt: 3, depth: 2, parent_id: top.id, title: '子分类' };
    for (const [position, category] of [top, sub].entries())
      insert('categories', { ...category, school_id: schoolId, kind: 'course', position, created_at: now });
    const columnId = nextId();
    insert('columns', {
      id: columnId,
      school_id: schoolId,
      title: '专栏',
      published: 1,
      created_at: now,
      updated_at: now,
    });
    const groupId = nextId();
    insert('student_groups', { id: groupId, school_id: schoolId, name: '一班', created_at: now });
    insert('students', { id: studentId, school_id: schoolId, username: 'bench', name: '学员', created_at: now });
    insert('student_group_members', { student_id: studentId, group_id: groupId });
    insert('sessions', {
      token_hash: createHash('sha256').update(token).digest('hex'),
      role: 'student',
      user_id: studentId,
      school_id: schoolId,
      created_at: now,
      expires_at: now + DAY,
      last_seen_at: now,
    });
    for (let c = 0; c < COURSES; c++) {
      const coid = nextId();
      insert('courses', {
        id: coid,
        school_id: schoolId,
        catid: c >= 40 && c < 50 ? sub.id : '0',
        title: `课程 ${c + 1}`,
        type: 0,
        actual_fen: 9900,
        price_fen: 19900,
        ce_type: c % 2,
        ce_time: c % 2 ? '365' : '',
        settings: '{}',
        published: 1,
        created_at: now,
        updated_at: now,
      });
      const fileId = nextId();
      insert('files', {
        id: fileId,
        school_id: schoolId,
        key: `files/userupload/${schoolId}/${fileId}.MP4`,
        original_name: 'lesson.mp4',
        mime: 'video/mp4',
        ext: 'MP4',
        size: 1,
        visibility: 'private',
        uploaded_by: `admin:${schoolId}`,
        created_at: now,
      });
      const rid = nextId();
      insert('resources', {
        id: rid,
        school_id: schoolId,
        title: 'lesson.mp4',
        file_id: fileId,
        kind: 'video',
        status: 'ready',
        duration: 3600,
        outputs: '{"mp4":"video.mp4"}',
        created_by: schoolId,
        created_at: now,
        updated_at: now,
      });
      const cid = nextId();
      insert('chapters', {
        id: cid,
        course_id: coid,
        parent_id: '0',
        position: 0,
        title: '第一章',
        type: 1,
        resource_id: rid,
        created_at: now,
      });
      if (c < 30)
        insert('course_grants', {
          id: nextId(),
          school_id: schoolId,
          course_id: coid,
          student_id: studentId,
          created_at: now,
        });
      else if (c < 40) insert('column_courses', { column_id: columnId, course_id: coid, position: c });
      if (c < 50) held.push({ coid, cid });
    }
    insert('course_grants', {
      id: nextId(),
      school_id: schoolId,
      column_id: columnId,
      group_id: groupId,
      created_at: now,
    });
    const planId = nextId();
    insert('member_plans', {
      id: planId,
      school_id: schoolId,
      title: '会员',
      price_fen: 29900,
      days: 365,
      category_ids: JSON.stringify([top.id]),
      published: 1,
      created_at: now,
      updated_at: now,
    });
    insert('memberships', {
      id: nextId(),
      school_id: schoolId,
      student_id: studentId,
      plan_id: planId,
      since: now,
      until: now + 365 * DAY,
      via: 'admin',
      created_at: now,
    });
  }
  return { cookie: `y_main=${token}`, held, rows };
}

/** wrk's Lua: each request the next held course's path. */
const rotation = (paths) =>
  [
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}`,
    'local n = 0',
    'request = function()',
    '  n = n + 1',
    '  return wrk.format("GET", paths[(n % #paths) + 1])',
    'end',
  ].join('\n');

requireWrk();
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-access-'));
const { cookie, held, rows: seeded } = seed();
// BENCH_ENGINE=postgres: the same rows in a throwaway PostgreSQL cluster (lib.mjs startPostgres), the server on it.
const postgres = process.env.BENCH_ENGINE === 'postgres' ? await startPostgres() : null;
if (postgres) await postgres.write(seeded);
else await writeSqlite(path.join(dataDir, 'lanxue.sqlite'), seeded);
const platform = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  ADMIN_PASSWORD: 'bench-admin-1',
  SESSION_SECRET: 'bench-secret-0123456789',
});
let baseline;
try {
  const infoPaths = held.map((h) => `/course/info/${h.coid}`);
  const warePaths = held.map((h) => `/learn/ware/${h.coid}/${h.cid}`);
  // Every held course must answer as held (isbuy, status 0) and its ware must open, or the figures mean nothing.
  for (const [i, { coid }] of held.entries()) {
    const info = await (await fetch(`${platform.base}${infoPaths[i]}`, { headers: { cookie } })).json();
    if (!info.data?.isbuy || info.data.courseStatus !== 0)
      throw new Error(`course ${coid} not held: ${JSON.stringify(info).slice(0, 200)}`);
    const ware = await fetch(`${platform.base}${warePaths[i]}`, { headers: { cookie } });
    if (ware.status !== 200) throw new Error(`ware of ${coid}: ${ware.status} ${await ware.text()}`);
  }
  const first = async (url) => (await fetch(`${platform.base}${url}`, { headers: { cookie } })).text();
  const bodies = { info: await first(infoPaths[0]), ware: await first(warePaths[0]) };
  const bodiesFile = path.join(dataDir, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
  console.log(
    `${held.length} held courses (30 granted, 10 by a group's column grant, 10 by a membership); replies: ` +
      `course/info ${Buffer.byteLength(bodies.info)} B, ware ${Buffer.byteLength(bodies.ware)} B\n` +
      `${connections} connections, ${duration} s a case, node ${process.version}, ${os.cpus().length} cores\n`,
  );
  const pid = platform.child.pid;
  const basePid = baseline.child.pid;
  const cases = [
    ['baseline: bare Fastify, course/info bytes', `${baseline.base}/body/info`, {}, undefined, basePid],
    ['GET course/info, 50 held courses in turn', platform.base, { cookie }, rotation(infoPaths), pid],
    ['baseline: bare Fastify, ware bytes', `${baseline.base}/body/ware`, {}, undefined, basePid],
    ['GET learn/ware, 50 held courses in turn', platform.base, { cookie }, rotation(warePaths), pid],
  ];
  // BENCH_ONLY=ware (or info) measures one call alone, e.g. to profile it with BENCH_NODE_ARGS.
  const only = process.env.BENCH_ONLY;
  const chosen = only ? cases.filter(([name]) => name.includes(only)) : cases;
  for (const [, url, headers, request] of chosen) await runWrk(url, { headers, request, seconds: 2 });
  const rows = [];
  for (const [name, url, headers, request, pids] of chosen)
    rows.push(await measureWrk(name, url, { headers, request, pids }));
  console.log();
  console.table(rows);
  for (const [label, base, measured] of only
    ? []
    : [
        ['course/info', rows[0], rows[1]],
        ['learn/ware', rows[2], rows[3]],
      ])
    console.log(
      `${label}: ${(measured['req/s'] / base['req/s']).toFixed(2)} of the bare reply of its bytes (target >= 0.6), ` +
        `p99 ${measured['p99 ms']} ms (target < 25)`,
    );
} finally {
  baseline?.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  await new Promise((resolve) => platform.child.once('exit', resolve));
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
