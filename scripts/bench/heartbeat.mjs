// node scripts/bench/heartbeat.mjs: the heartbeat benchmark (web/heartbeat). Seeds 2,000 students with 2,000 live
// sessions (known tokens; sessions store the SHA-256 of the token), 10 paid courses they bought, each with a
// one-hour video chapter, into a temporary DATA_DIR; starts the production server build; and runs Debian's wrk
// (50 connections, 10 s a case, one thread: a load generator far lighter than the server) on POST web/heartbeat, rotating the students' cookies with positions that follow
// the wall time (plausible playback), beside a bare Fastify POST that does one SQLite insert (same run, same
// body). Each heartbeat is answered after the group commit that writes it, as the bare insert is answered after
// its insert. Target: at least 50% of the bare endpoint's requests per second (40% when the reply came before the
// commit), p99 under 50 ms. Prints the students carried per core (req/s × 16 s / cores) and checks afterwards
// that every student's record was written.
//
// BENCH_POINTS=1 turns every point rule on (studied time, the day's first study...) in the seeded school.
//
// With BENCH_ROLE=baseline the same file is the bare endpoint: Fastify, better-sqlite3 (WAL, synchronous
// NORMAL as the platform), one prepared INSERT per request, no session, no validation, no logging.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

import { beatsLua, COURSES, heartbeatSeed, STUDENTS } from './heartbeat-seed.mjs';

if (process.env.BENCH_ROLE === 'baseline') {
  const { default: Fastify } = await import('fastify');
  // BENCH_PG_URL: the same bare endpoint inserting into PostgreSQL (a pool of 10, as the platform's), for
  // scripts/bench/nodes.mjs.
  let insert;
  if (process.env.BENCH_PG_URL) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL, max: 10 });
    await pool.query(
      'create table if not exists beats (id bigserial primary key, at bigint not null, body text not null)',
    );
    insert = (at, body) => pool.query('insert into beats (at, body) values ($1, $2)', [at, body]);
  } else {
    const sqlite = new Database(process.env.BENCH_DB);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table if not exists beats (id integer primary key, at integer not null, body text not null)');
    const statement = sqlite.prepare('insert into beats (at, body) values (?, ?)');
    insert = (at, body) => statement.run(at, body);
  }
  const app = Fastify({ logger: false });
  app.post('/web/heartbeat', async (request) => {
    await insert(Date.now(), JSON.stringify(request.body));
    return { status: 'ok', error: null, data: { status: 'recorded' } };
  });
  app.get('/checkLogin', async () => ({ status: 'ok', error: null, data: { login: false } }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
} else {
  await main();
}

async function main() {
  const { connections, duration, measureWrk, root, runWrk, serverNodeArgs, startServer, writeSqlite } = await import(
    './lib.mjs'
  );

  /**
   * One wrk case (lib.mjs measureWrk): a Lua request function sends each request as the next student in turn, with
   * a position that follows the wall time since that student's first heartbeat (plausible playback).
   */
  async function measureBeats(name, url, students, pid) {
    const request = beatsLua(students);
    // Two seconds first, not measured (as run.mjs): every student's records are loaded into memory, as a server
    // that has been up for a while holds them; the case then measures the steady state.
    await runWrk(url, { request, seconds: 2 });
    return measureWrk(name, url, { request, pids: pid });
  }

  const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-heartbeat-'));
  const databaseFile = path.join(dataDir, 'lanxue.sqlite');
  const started = Date.now();
  const { students, rows: seeded } = heartbeatSeed();
  await writeSqlite(databaseFile, seeded);
  console.log(
    `seeded ${STUDENTS} students with ${STUDENTS} sessions and ${COURSES} bought courses in ${Date.now() - started} ms`,
  );

  const baselineDb = path.join(dataDir, 'baseline.sqlite');
  const baseline = await startServer([path.join(root, 'scripts/bench/heartbeat.mjs')], {
    BENCH_ROLE: 'baseline',
    BENCH_DB: baselineDb,
  });
  let platform;
  try {
    // The Dockerfile's node flags, as the image runs it, plus BENCH_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/p).
    platform = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ADMIN_PASSWORD: 'bench-admin-1',
      SESSION_SECRET: 'bench-secret-0123456789',
    });
  } catch (error) {
    baseline.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const rows = [];
  try {
    // One heartbeat that must be taken before measuring.
    const probe = students[0];
    const answer = await fetch(`${platform.base}/web/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: probe.cookie },
      body: JSON.stringify({ coid: probe.coid, cid: probe.cid, start_ts: probe.startTs, position: 0 }),
    });
    const probeReply = await answer.json();
    if (probeReply.status !== 'ok') throw new Error(`heartbeat refused: ${JSON.stringify(probeReply)}`);

    const cores = os.cpus().length;
    console.log(
      `${connections} connections, ${duration} s a case, ${STUDENTS} students rotating, node ${process.version}, ${cores} cores\n`,
    );
    const base = await measureBeats(
      'baseline: bare Fastify POST, one SQLite insert',
      `${baseline.base}/web/heartbeat`,
      students,
      baseline.child.pid,
    );
    rows.push(base);
    const beatCase = 'POST web/heartbeat (session, study access, ranges, progress, reply after its group commit)';
    const beat = await measureBeats(beatCase, `${platform.base}/web/heartbeat`, students, platform.child.pid);
    rows.push(beat);
    console.log();
    console.table(rows);
    const share = beat['req/s'] / base['req/s'];
    const verdict = `target >= 0.50 with the reply after its commit`;
    const p99 = `p99 ${beat['p99 ms']} ms (target < 50)`;
    console.log(`web/heartbeat: ${share.toFixed(2)} of the bare insert (${verdict}), ${p99}`);
    console.log(
      `students carried per core at one heartbeat per 16 s: ${Math.round((beat['req/s'] * 16) / cores).toLocaleString('en')} (${beat['req/s']} req/s × 16 s / ${cores} cores)`,
    );
  } finally {
    baseline.child.kill('SIGTERM');
    // The platform writes what its engine holds on SIGTERM; then the records are checked.
    const exited = new Promise((resolve) => platform.child.once('exit', resolve));
    platform.child.kill('SIGTERM');
    await exited;
  }
  const check = new Database(databaseFile, { readonly: true });
  const records = check
    .prepare(
      'select count(*) as n, sum(eff_ms) as eff, max(eff_ms) as most, sum(watched) as watched from learn_records',
    )
    .get();
  const beats = check.prepare('select count(*) as n from heartbeats').get();
  check.close();
  console.log(
    `written: ${records.n} learn records (${beats.n} heartbeat rows); effective time ${Math.round(records.eff / 1000)} s in all, at most ${Math.round(records.most / 1000)} s for one student; ${Math.round(records.watched)} s of video watched`,
  );
  if (records.n < STUDENTS) console.log(`warning: only ${records.n} of ${STUDENTS} students have a record`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
