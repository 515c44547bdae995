// node scripts/bench/redeem.mjs: redeeming 10,000 codes from 200 concurrent students over HTTP (issue 15
// 'Performance'). Starts the production server build on a temporary database (lib.mjs startBuiltServer), adds a
// published membership plan (a plan's codes may be redeemed again and again by one student: each one renews), 200
// students through student/add with their sessions, a batch of BENCH_CODES single-use member codes through
// code/batch/add, and reads the codes back from the batch's CSV export. Then 200 workers (one per student, keep-
// alive) redeem: every code is offered twice, to two different students at nearly the same moment, so half the
// requests race for a last use. Prints codes redeemed per second, requests per second and the server CPU spent
// per request (steadier on a shared machine), and checks in the database afterwards that no code was used beyond
// its uses, every redemption is unique (code, student), every code was redeemed exactly once and each redemption
// wrote its membership.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import Database from 'better-sqlite3';
import { adminCookie, cpuMs, startBuiltServer } from './lib.mjs';

const CODES = Number(process.env.BENCH_CODES ?? 10_000);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);

async function call(base, cookie, method, path, body) {
  const response = await fetch(`${base}/${path}`, {
    method,
    headers: { cookie, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await response.json();
  return { status: response.status, ...reply };
}

async function ok(base, cookie, method, path, body) {
  const reply = await call(base, cookie, method, path, body);
  if (reply.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 300)}`);
  return reply.data;
}

/** Runs jobs with at most `limit` at once. */
async function pool(items, limit, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await job(items[next++]);
    }),
  );
}

const server = await startBuiltServer({ name: 'redeem', seats: STUDENTS + 10 });
try {
  const { base } = server;
  const admin = await adminCookie(base);

  // A published membership plan, written beside the running server (no plan screen on this branch).
  const db = new Database(server.databaseFile);
  db.pragma('busy_timeout = 5000');
  const schoolId = db.prepare('select id from schools limit 1').get().id;
  const planId = `9${Date.now()}`;
  const now = Date.now();
  db.prepare(
    `insert into member_plans (id, school_id, title, days, category_ids, published, created_at, updated_at)
     values (?, ?, '基准会员', 30, '[]', 1, ?, ?)`,
  ).run(planId, schoolId, now, now);
  db.close();

  const password = `pw-${randomBytes(4).toString('hex')}`;
  const students = Array.from({ length: STUDENTS }, (_, i) => ({ username: `bench${i}`, cookie: '' }));
  await pool(students, 8, async (student) => {
    await ok(base, admin, 'POST', 'student/add', { username: student.username, name: student.username, password });
    const login = await fetch(`${base}/do/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: student.username, password }),
    });
    student.cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!student.cookie.startsWith('y_main=')) throw new Error(`login ${student.username}: ${login.status}`);
  });

  const batchStart = performance.now();
  const batch = await ok(base, admin, 'POST', 'code/batch/add', { kind: 'member', id: planId, count: CODES });
  const batchSeconds = (performance.now() - batchStart) / 1000;
  const csv = await (
    await fetch(`${base}/code/export?batch=${batch.id}&format=csv`, { headers: { cookie: admin } })
  ).text();
  const codes = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]);
  if (codes.length !== CODES) throw new Error(`the export listed ${codes.length} codes, not ${CODES}`);

  // Every code twice in a row: two workers take it one after the other and race for its one use.
  const offers = codes.flatMap((code) => [code, code]);
  const outcomes = new Map();
  const latencies = [];
  let next = 0;
  const start = performance.now();
  const cpuStart = cpuMs(server.pid);
  await Promise.all(
    students.map(async (student) => {
      while (next < offers.length) {
        const code = offers[next++];
        const sent = performance.now();
        const reply = await call(base, student.cookie, 'POST', 'redeem', { code });
        latencies.push(performance.now() - sent);
        const key = reply.status === 'ok' ? 'ok' : `${reply.error}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuPerRequest = (cpuMs(server.pid) - cpuStart) / offers.length;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);

  const check = new Database(server.databaseFile, { readonly: true });
  const one = (sql, ...args) => Object.values(check.prepare(sql).get(...args))[0];
  const facts = {
    'codes used beyond their uses': one('select count(*) from redeem_codes where used > max_uses'),
    'codes not redeemed': one('select count(*) from redeem_codes where batch_id = ? and used = 0', batch.id),
    redemptions: one('select count(*) from code_redemptions where batch_id = ?', batch.id),
    'codes redeemed more than once': one(
      'select count(*) from (select code_id from code_redemptions where batch_id = ? group by code_id having count(*) > 1)',
      batch.id,
    ),
    'duplicate (code, student)': one(
      "select count(*) - count(distinct code_id || ':' || student_id) from code_redemptions where batch_id = ?",
      batch.id,
    ),
    'uses = redemptions': one(
      'select (select sum(used) from redeem_codes where batch_id = ?) = (select count(*) from code_redemptions where batch_id = ?)',
      batch.id,
      batch.id,
    ),
    memberships: one("select count(*) from memberships where plan_id = ? and via = 'code'", planId),
  };
  check.close();

  const redeemed = outcomes.get('ok') ?? 0;
  console.log(
    `${CODES} codes (one use each), ${STUDENTS} students, each code offered to two students at once; node ${process.version}, ${os.cpus().length} cores`,
  );
  console.log(`batch of ${CODES} generated in ${batchSeconds.toFixed(2)} s`);
  console.table([
    {
      requests: offers.length,
      seconds: Number(seconds.toFixed(2)),
      'codes redeemed/s': Math.round(redeemed / seconds),
      'requests/s': Math.round(offers.length / seconds),
      'p50 ms': Number(p(0.5)),
      'p99 ms': Number(p(0.99)),
      // Steadier than the rates on a machine whose cores the client (and others) share.
      'server CPU ms/request': Number(cpuPerRequest.toFixed(2)),
    },
  ]);
  console.log('answers:', Object.fromEntries(outcomes));
  console.table([facts]);
  const sound =
    redeemed === CODES &&
    facts['codes used beyond their uses'] === 0 &&
    facts['codes not redeemed'] === 0 &&
    facts.redemptions === CODES &&
    facts['codes redeemed more than once'] === 0 &&
    facts['duplicate (code, student)'] === 0 &&
    facts['uses = redemptions'] === 1 &&
    facts.memberships === CODES &&
    (outcomes.get('code used up') ?? 0) === CODES;
  console.log(`every code redeemed exactly once, none beyond its uses: ${sound ? 'yes' : 'NO'}`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (!sound) process.exitCode = 1;
} finally {
  await server.stop();
}
