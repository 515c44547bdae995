// node scripts/bench/catalogue.mjs: the catalogue benchmark. Seeds 10,000 courses across 20 schools
// with three-level category trees into a temporary DATA_DIR, starts the production server build, and runs
// autocannon (50 connections, 10 s a case) on the catalogue (course/bycate page 1 num 500) and course/info,
// each beside a bare Fastify reply of the same JSON text (same size, same characters) measured in the same run.
// Target: p99 under 25 ms and at least half the bare reply's requests per second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { hash } from '@node-rs/argon2';
import { connections, duration, measure, root, startServer } from './lib.mjs';

const SCHOOLS = 20;
const COURSES_PER_SCHOOL = 500;
const STUDENT = { username: 'bench-student', password: 'bench-pass-1' };
const SNOWFLAKE_EPOCH = 1288834974657n;

let sequence = BigInt(Date.now()) - SNOWFLAKE_EPOCH;
sequence <<= 22n;
/** Snowflake-shaped ids (19 digits), increasing. */
const nextId = () => (sequence++).toString();

/** A category tree of 4 × 3 × 3 with lft/rgt numbered depth-first from 1 under a root with lft 0. */
function categoryTree(schoolId, now) {
  const rows = [];
  let counter = 0;
  const add = (title, parentId, depth, position, children) => {
    const row = {
      id: nextId(),
      school_id: schoolId,
      kind: 'course',
      parent_id: parentId,
      title,
      position,
      depth,
      lft: ++counter,
      rgt: 0,
      created_at: now,
    };
    rows.push(row);
    children(row.id);
    row.rgt = ++counter;
  };
  for (let a = 0; a < 4; a++)
    add(`一级 ${a + 1}`, '0', 1, a, (first) => {
      for (let b = 0; b < 3; b++)
        add(`二级 ${a + 1}-${b + 1}`, first, 2, b, (second) => {
          for (let c = 0; c < 3; c++) add(`三级 ${a + 1}-${b + 1}-${c + 1}`, second, 3, c, () => {});
        });
    });
  return rows;
}

/** Writes the schools, trees, courses (with chapters) and one student directly, one transaction per school. */
async function seed(file) {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  migrate(drizzle(sqlite), { migrationsFolder: path.join(root, 'migrations') });
  const insert = (table, row) => {
    const keys = Object.keys(row);
    return sqlite
      .prepare(`insert into ${table} (${keys.join(', ')}) values (${keys.map((k) => `@${k}`).join(', ')})`)
      .run(row);
  };
  const now = Date.now();
  const schools = [];
  const description = `<p>${'这是一段课程介绍。'.repeat(40)}</p>`;
  for (let s = 0; s < SCHOOLS; s++) {
    const schoolId = nextId();
    schools.push({ id: schoolId, courses: [] });
    sqlite.transaction(() => {
      insert('schools', { id: schoolId, name: `学校 ${s + 1}`, settings: '{}', created_at: now + s });
      const leaves = categoryTree(schoolId, now)
        .map((row) => (insert('categories', row), row))
        .filter((row) => row.depth >= 2);
      for (let i = 0; i < COURSES_PER_SCHOOL; i++) {
        const id = nextId();
        const paid = i % 3 === 0;
        insert('courses', {
          id,
          school_id: schoolId,
          catid: leaves[i % leaves.length].id,
          title: `课程 ${s + 1}-${i + 1}：从入门到实践`,
          img: `/files/userupload/${schoolId}/cover-${i % 10}.png`,
          description,
          keywords: `关键词${i % 7} 主题${i % 11}`,
          type: i % 20 === 0 ? 1 : i % 15 === 0 ? 4 : 0,
          actual_fen: paid ? 9900 : 0,
          price_fen: paid ? 19900 : 0,
          lcount: (i * 37) % 1000,
          count: (i * 53) % 5000,
          duration: 3600 + i,
          settings: '{}',
          // A few drafts, private and deleted courses that the catalogue must leave out.
          published: i % 40 === 39 ? 0 : 1,
          private: i % 50 === 49 ? 1 : 0,
          deleted: i % 97 === 96 ? 1 : 0,
          created_at: now - i * 60_000,
          updated_at: now - i * 60_000,
        });
        schools[s].courses.push(id);
        for (let c = 0; c < 2; c++) {
          const chapterId = nextId();
          insert('chapters', {
            id: chapterId,
            course_id: id,
            parent_id: '0',
            position: c,
            title: `第${c + 1}章`,
            type: 0,
            free: c === 0 ? 1 : 0,
            created_at: now,
          });
          for (let d = 0; d < 2; d++)
            insert('chapters', {
              id: nextId(),
              course_id: id,
              parent_id: chapterId,
              position: d,
              title: `第${c + 1}.${d + 1}节`,
              type: 1 + d,
              created_at: now,
            });
        }
      }
    })();
  }
  const studentId = nextId();
  insert('students', {
    id: studentId,
    school_id: schools[0].id,
    username: STUDENT.username,
    password_hash: await hash(STUDENT.password),
    name: 'Bench',
    created_at: now,
  });
  insert('enrolments', { student_id: studentId, course_id: schools[0].courses[0], source: 'buy', created_at: now });
  sqlite.close();
  return schools;
}

execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-catalogue-'));
const started = Date.now();
const schools = await seed(path.join(dataDir, 'lanxue.sqlite'));
console.log(`seeded ${SCHOOLS * COURSES_PER_SCHOOL} courses in ${SCHOOLS} schools in ${Date.now() - started} ms`);

// BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the platform.
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const platform = await startServer([...nodeArgs, 'dist/server/main.js'], {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  ADMIN_PASSWORD: 'bench-admin-1',
  SESSION_SECRET: 'bench-secret-0123456789',
});
const rows = [];
let baseline;
try {
  const school = schools[0];
  const json = { 'content-type': 'application/json' };
  const catalogueBody = JSON.stringify({ uid: school.id, page: 1, num: 500, catid: '0' });
  const catalogue = await fetch(`${platform.base}/course/bycate`, {
    method: 'POST',
    headers: json,
    body: catalogueBody,
  });
  const catalogueText = await catalogue.text();
  const etag = catalogue.headers.get('etag');
  const coid = school.courses[0];
  const infoText = await (await fetch(`${platform.base}/course/info/${coid}`)).text();
  const login = await fetch(`${platform.base}/do/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ...STUDENT, school: school.id }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const catalogueBytes = Buffer.byteLength(catalogueText);
  const infoBytes = Buffer.byteLength(infoText);
  console.log(
    `catalogue reply: ${JSON.parse(catalogueText).data.courseData.length} cards, ${catalogueBytes} bytes; course/info reply: ${infoBytes} bytes`,
  );
  // The baseline answers the same JSON texts, precomputed.
  const bodiesFile = path.join(dataDir, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify({ catalogue: catalogueText, info: infoText }));
  baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
  console.log(`${connections} connections, ${duration} s a case, node ${process.version}, ${os.cpus().length} cores\n`);

  const post = { method: 'POST', body: catalogueBody };
  const gzip = { 'accept-encoding': 'gzip' };
  const cases = {
    catalogueBase: [`baseline: bare Fastify, same ${catalogueBytes} B`, `${baseline.base}/body/catalogue`, json, post],
    catalogue: ['POST course/bycate page 1 num 500 (guest)', `${platform.base}/course/bycate`, json, post],
    catalogueStudent: [
      'POST course/bycate (student session)',
      `${platform.base}/course/bycate`,
      { ...json, cookie },
      post,
    ],
    catalogueGzip: [
      'POST course/bycate (guest, accept-encoding gzip)',
      `${platform.base}/course/bycate`,
      { ...json, ...gzip },
      post,
    ],
    catalogue304: [
      'POST course/bycate If-None-Match (304)',
      `${platform.base}/course/bycate`,
      { ...json, 'if-none-match': etag },
      post,
    ],
    infoBase: [`baseline: bare Fastify, same ${infoBytes} B`, `${baseline.base}/body/info`],
    floor: ['platform floor: GET checkLogin (guest, no catalogue work)', `${platform.base}/checkLogin`],
    floorStudent: ['platform floor: GET checkLogin (student session)', `${platform.base}/checkLogin`, { cookie }],
    info: ['GET course/info (guest)', `${platform.base}/course/info/${coid}`],
    infoGzip: ['GET course/info (guest, accept-encoding gzip)', `${platform.base}/course/info/${coid}`, gzip],
    infoStudent: ['GET course/info (student: bought, own fields)', `${platform.base}/course/info/${coid}`, { cookie }],
  };
  const results = {};
  // BENCH_CASES=infoBase,infoStudent runs only those cases (when profiling one path).
  const only = process.env.BENCH_CASES?.split(',');
  for (const [key, args] of Object.entries(cases)) {
    if (only && !only.includes(key)) continue;
    const [name, url, headers, request] = args;
    results[key] = await measure(name, url, headers, request, (key.endsWith('Base') ? baseline : platform).child.pid);
    rows.push(results[key]);
  }
  console.log();
  console.table(rows);
  const check = (key, base) => {
    const row = results[key];
    if (!row || !results[base]) return;
    const share = row['req/s'] / results[base]['req/s'];
    const cpuShare = results[base]['server CPU µs/req'] / row['server CPU µs/req'];
    console.log(
      `${row.case}: p99 ${row['p99 ms']} ms (target < 25), ${share.toFixed(2)} of the bare reply (target >= 0.5); by server CPU per reply ${cpuShare.toFixed(2)}`,
    );
  };
  for (const key of ['catalogue', 'catalogueStudent', 'catalogueGzip']) check(key, 'catalogueBase');
  for (const key of ['info', 'infoGzip', 'infoStudent']) check(key, 'infoBase');
} finally {
  baseline?.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
