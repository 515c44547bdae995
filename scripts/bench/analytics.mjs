// node scripts/bench/analytics.mjs: the school's analytics and the student's control centre under load (issue 18
// 'Performance'). Generates a school of 20,000 students in 50 groups, 200 courses of 25 chapters and 5 million
// learn records (each student studied 10 courses: 250 chapters; course records, 90 days of study days), with
// the migrations' aggregate triggers keeping the analytics tables as the records are written (the same path the
// heartbeat engine's commits take). Reports the time to generate it and the database's size, then starts the
// production build on it and runs Debian's wrk on:
//  - GET analysis/overview (30 days beside the 30 before) and GET analysis/course (a course's funnel) as the main
//    admin, BENCH_ADMIN_CONNECTIONS (default 10: a back office, not a crowd) — target p99 under 200 ms each;
//  - the student's control centre, 50 connections, beside a bare Fastify reply of the same bytes in the same run —
//    target at least 0.5 of it; and the student's rank in the school (a month by study time) for reference.
// BENCH_STUDENTS and BENCH_RECORDS scale the data down for a quick try.
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { connections, measureWrk, requireWrk, root, rowInserter, runWrk, serverNodeArgs, startServer } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 20_000);
const COURSES = 200;
const CHAPTERS = 25;
const COURSES_EACH = 10;
const GROUPS = 50;
const DAYS = 90;
const ADMIN_CONNECTIONS = Number(process.env.BENCH_ADMIN_CONNECTIONS ?? 10);
const CONTROL_PATH = '/dashboard/controller';
const RANK_PATH = '/dashboard/rank?period=month&by=time&scope=';
const DAY = 86_400_000;
const SNOWFLAKE_EPOCH = 1288834974657n;
let sequence = (BigInt(Date.now()) - SNOWFLAKE_EPOCH) << 22n;
const nextId = () => (sequence++).toString();
const dayText = (ms) => new Date(ms).toISOString().slice(0, 10);

/** A session row for a person, and the cookie that carries it. */
function session(insert, role, userId, schoolId, now) {
  const token = randomBytes(32).toString('base64url');
  insert('sessions', {
    token_hash: createHash('sha256').update(token).digest('hex'),
    role,
    user_id: userId,
    school_id: schoolId,
    created_at: now,
    expires_at: now + DAY,
    last_seen_at: now,
  });
  return `y_main=${token}`;
}

/** The school and everything it studied; answers the cookies, a course to look at and the counts. */
function seed(file) {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  migrate(drizzle(sqlite), { migrationsFolder: path.join(root, 'migrations') });
  const insert = rowInserter(sqlite);
  const now = Date.now();
  const schoolId = nextId();
  const adminId = nextId();
  let cookies;
  const courses = [];
  const students = [];
  sqlite.transaction(() => {
    insert('schools', { id: schoolId, name: '基准学校', settings: '{}', created_at: now });
    insert('admins', {
      id: adminId,
      school_id: schoolId,
      username: 'admin',
      password_hash: 'x',
      name: '管理员',
      created_at: now,
    });
    const groups = Array.from({ length: GROUPS }, (_, g) => {
      const id = nextId();
      insert('student_groups', { id, school_id: schoolId, name: `${g + 1}班`, created_at: now });
      return id;
    });
    for (let c = 0; c < COURSES; c++) {
      const coid = nextId();
      insert('courses', {
        id: coid,
        school_id: schoolId,
        catid: '0',
        title: `课程 ${c + 1}`,
        type: 0,
        settings: '{}',
        published: 1,
        created_at: now,
        updated_at: now,
      });
      const chapters = [];
      for (let n = 0; n < CHAPTERS; n++) {
        const cid = nextId();
        insert('chapters', {
          id: cid,
          course_id: coid,
          parent_id: '0',
          position: n,
          title: `第${n + 1}节`,
          type: 1,
          created_at: now,
        });
        chapters.push(cid);
      }
      courses.push({ coid, chapters });
    }
    for (let s = 0; s < STUDENTS; s++) {
      const id = nextId();
      insert('students', { id, school_id: schoolId, username: `s${s}`, name: `学员${s}`, created_at: now });
      insert('student_group_members', { student_id: id, group_id: groups[s % GROUPS] });
      students.push(id);
    }
    cookies = {
      admin: session(insert, 'admin', adminId, schoolId, now),
      student: session(insert, 'student', students[0], schoolId, now),
    };
  })();
  // The records, a student at a time (one transaction each thousand students: the triggers run as they go).
  let records = 0;
  const started = Date.now();
  for (let from = 0; from < STUDENTS; from += 1000) {
    sqlite.transaction(() => {
      for (let s = from; s < Math.min(STUDENTS, from + 1000); s++) {
        const studentId = students[s];
        for (let k = 0; k < COURSES_EACH; k++) {
          const { coid, chapters } = courses[(s * 7 + k * 13) % COURSES];
          insert('course_grants', {
            id: nextId(),
            school_id: schoolId,
            course_id: coid,
            student_id: studentId,
            created_at: now - ((s + k) % DAYS) * DAY,
          });
          // Students drop out along the course: the n-th student of a course reaches a chapter in proportion.
          const reached = 1 + ((s * 31 + k * 17) % CHAPTERS);
          const startedAt = now - ((s * 3 + k) % DAYS) * DAY;
          for (let n = 0; n < CHAPTERS; n++) {
            const done = n < reached - 1;
            const studied = n < reached;
            insert('learn_records', {
              student_id: studentId,
              course_id: coid,
              chapter_id: chapters[n],
              school_id: schoolId,
              eff_ms: studied ? 600_000 : 0,
              progress: done ? 100 : studied ? 40 : 0,
              duration: 900,
              completed_at: done ? startedAt + n * 3_600_000 : null,
              started_at: startedAt,
              updated_at: startedAt + n * 3_600_000,
            });
            records += 1;
          }
          insert('course_records', {
            student_id: studentId,
            course_id: coid,
            school_id: schoolId,
            last_chapter_id: chapters[reached - 1],
            last_visit_at: startedAt,
            eff_ms: reached * 600_000,
            complete_chapter: reached - 1,
            total_chapter: CHAPTERS,
            process: Math.floor(((reached - 1) * 100) / CHAPTERS),
            started_at: startedAt,
            completed_at: reached - 1 === CHAPTERS ? startedAt : null,
            updated_at: startedAt,
          });
        }
        for (let d = 0; d < DAYS; d += 1 + (s % 3)) {
          insert('learn_days', {
            student_id: studentId,
            school_id: schoolId,
            day: dayText(now - d * DAY),
            eff_ms: 1_200_000 + (s % 7) * 60_000,
          });
        }
      }
    })();
  }
  const seconds = (Date.now() - started) / 1000;
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { cookies, course: courses[0].coid, records, seconds };
}

requireWrk();
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
// BENCH_DATA_DIR keeps the generated data there and measures it again on the next run (sessions last a day).
const kept = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-analytics-'));
const dbFile = path.join(dataDir, 'lanxue.sqlite');
const seedFile = path.join(dataDir, 'seed.json');
let seeded;
if (kept && fs.existsSync(seedFile)) {
  seeded = JSON.parse(fs.readFileSync(seedFile, 'utf8'));
  console.log(`measuring the data kept in ${dataDir}: ${seeded.records} learn records, generated earlier`);
} else {
  fs.mkdirSync(dataDir, { recursive: true });
  const t0 = Date.now();
  seeded = seed(dbFile);
  console.log(
    `generated ${STUDENTS} students, ${COURSES} courses × ${CHAPTERS} chapters, ${seeded.records} learn records ` +
      `in ${((Date.now() - t0) / 1000).toFixed(1)} s (records ${seeded.seconds.toFixed(1)} s); database ` +
      `${(fs.statSync(dbFile).size / 2 ** 20).toFixed(0)} MiB`,
  );
  if (kept) fs.writeFileSync(seedFile, JSON.stringify(seeded));
}
const { cookies, course } = seeded;
const platform = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  SESSION_SECRET: 'bench-secret-0123456789',
});
let baseline;
try {
  const get = async (url, cookie) => {
    const res = await fetch(`${platform.base}${url}`, { headers: { cookie } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const overview = '/analysis/overview?days=30';
  const funnel = `/analysis/course?coid=${course}&days=30`;
  for (const url of [overview, funnel]) {
    const t = Date.now();
    const body = await get(url, cookies.admin);
    console.log(`${url}: first answer ${Date.now() - t} ms, ${Buffer.byteLength(body)} B`);
  }
  const control = await get(CONTROL_PATH, cookies.student);
  const bodiesFile = path.join(dataDir, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify({ control }));
  baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
  const pid = platform.child.pid;
  const admin = { headers: { cookie: cookies.admin }, connections: ADMIN_CONNECTIONS };
  const cases = [
    ['GET analysis/overview (30 days and the 30 before)', `${platform.base}${overview}`, admin],
    ['GET analysis/course (one course funnel)', `${platform.base}${funnel}`, admin],
    ['baseline: bare Fastify, control centre bytes', `${baseline.base}/body/control`, {}],
    ['student control centre', `${platform.base}${CONTROL_PATH}`, { headers: { cookie: cookies.student } }],
    [
      'student rank (month, by study time, the school)',
      `${platform.base}${RANK_PATH}`,
      { headers: { cookie: cookies.student } },
    ],
  ];
  // BENCH_ONLY=overview (or any part of a case's name) measures those cases alone, e.g. to profile them.
  const chosen = process.env.BENCH_ONLY ? cases.filter(([name]) => name.includes(process.env.BENCH_ONLY)) : cases;
  for (const [, url, options] of chosen) await runWrk(url, { ...options, seconds: 2 });
  const rows = [];
  for (const [name, url, options] of chosen)
    rows.push(
      await measureWrk(name, url, { ...options, pids: name.startsWith('baseline') ? baseline.child.pid : pid }),
    );
  console.table(rows);
  if (chosen === cases)
    console.log(
      `overview p99 ${rows[0]['p99 ms']} ms, course funnel p99 ${rows[1]['p99 ms']} ms at ${ADMIN_CONNECTIONS} ` +
        `connections (target < 200); control centre ${(rows[3]['req/s'] / rows[2]['req/s']).toFixed(2)} of the bare ` +
        `reply at ${connections} connections (target >= 0.5)`,
    );
} finally {
  baseline?.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
}
