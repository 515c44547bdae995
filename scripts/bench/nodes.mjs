// node scripts/bench/nodes.mjs: one server on SQLite, one on PostgreSQL, and two on PostgreSQL behind nginx
// (issue 20 'Performance'), in one run on the same seed: 2,000 students with live sessions, each holding one of 10
// paid courses with a one-hour video chapter. Three calls, each with Debian's wrk (50 connections, 10 s a case):
//   - the catalogue (POST course/bycate, guest) and course/info (a student's held course), each beside a bare
//     Fastify reply of the same bytes;
//   - POST web/heartbeat, rotating the students, beside a bare Fastify POST doing one SQLite insert.
// Two nodes are measured twice: nginx sharing requests round robin (any beat of a student may reach either node:
// the records' lease moves with it) and nginx keeping each student on one node (hash of the session cookie).
// After each setup the time credited during the heartbeat case is checked: for every student who beat in it, the
// effective time added must equal the wall time from their last beat before the case to their last beat in it (no
// second counted twice, none lost), on every engine and node count. Before the heartbeat case every student beats
// once (warmBeats): the case measures a server holding their records, as one that has been up for a while does.
// Needs wrk, nginx and PostgreSQL's binaries (apt-get install wrk nginx-light postgresql).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  connections,
  duration,
  freePort,
  measureWrk,
  requireWrk,
  root,
  runWrk,
  serverNodeArgs,
  startPostgres,
  startServer,
  waitFor,
  writeSqlite,
} from './lib.mjs';
import { beatsLua, COURSES, heartbeatSeed, STUDENTS, warmBeats } from './heartbeat-seed.mjs';

/** nginx in front of the nodes: round robin, or each session on one node (hash of the y_main cookie). */
async function startNginx(work, ports, sticky) {
  const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file));
  if (!nginx) throw new Error('nginx not found: apt-get install -y nginx-light');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(work, 'nginx-'));
  const temp = (name) => path.join(dir, name);
  fs.writeFileSync(
    temp('nginx.conf'),
    `daemon off;
master_process on;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream nodes {
    ${sticky ? 'hash $cookie_y_main consistent;' : ''}
    ${ports.map((p) => `server 127.0.0.1:${p};`).join('\n    ')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://nodes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-c', temp('nginx.conf'), '-p', dir], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/checkLogin`, child);
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Every process of a tree (nginx's workers), from /proc. */
function withChildren(pid) {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.map(Number).flatMap(withChildren)];
  } catch {
    return [pid];
  }
}

/** Each student's course record: effective time, last beat and credited days (ms). */
async function creditRows(query) {
  const rows = await query(
    'select c.student_id as id, c.eff_ms as eff, c.last_visit_at as last, ' +
      '(select sum(d.eff_ms) from learn_days d where d.student_id = c.student_id) as days ' +
      'from course_records c',
  );
  return new Map(rows.map((row) => [row.id, { eff: Number(row.eff), last: Number(row.last), days: Number(row.days) }]));
}

/**
 * The time credited while the heartbeat case was measured, per student: the effective time added since `before`
 * (after the warm-ups) against the wall time between the student's last beat before the case and their last
 * beat in it, and the days credited against the effective time.
 */
function creditCheck(before, after) {
  let exact = 0;
  let over = 0;
  let under = 0;
  let credited = 0;
  let students = 0;
  for (const [id, now] of after) {
    const then = before.get(id);
    if (!then || now.last === then.last) continue;
    students++;
    const [eff, wall, days] = [now.eff - then.eff, now.last - then.last, now.days - then.days];
    credited += eff;
    if (eff === wall && days === eff) exact++;
    else if (eff > wall || days > eff) {
      over++;
      if (over <= 3 && process.env.BENCH_DEBUG) console.log('over', { eff, wall, days });
    } else under++;
  }
  return { students, exact, over, under, creditedS: Math.round(credited / 1000) };
}

const pgQuery = async (url, text) => {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

async function main() {
  requireWrk();
  const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-nodes-'));
  const { schoolId, students, rows: seeded } = heartbeatSeed();
  const postgres = await startPostgres();
  const started = [];
  const stop = async (proc) => {
    const exited = new Promise((resolve) =>
      proc.child.exitCode !== null ? resolve() : proc.child.once('exit', resolve),
    );
    proc.child.kill('SIGTERM');
    await exited;
  };
  const server = async (env, dataDir) => {
    const proc = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ADMIN_PASSWORD: 'bench-admin-1',
      SESSION_SECRET: 'bench-secret-0123456789',
      ...env,
    });
    started.push(proc);
    return proc;
  };
  const results = [];
  const checks = [];
  let baseline;
  let insertBaseline;
  let pgInsertBaseline;
  try {
    const student = students[0];
    const json = { 'content-type': 'application/json' };
    const catalogueBody = JSON.stringify({ uid: schoolId, page: 1, num: 500, catid: '0' });
    const setups = [
      { name: 'SQLite, 1 node', engine: 'sqlite', nodes: 1 },
      { name: 'PostgreSQL, 1 node', engine: 'postgres', nodes: 1 },
      { name: 'PostgreSQL, 2 nodes, nginx round robin', engine: 'postgres', nodes: 2, sticky: false },
      { name: 'PostgreSQL, 2 nodes, nginx by session', engine: 'postgres', nodes: 2, sticky: true },
    ];
    console.log(
      `${STUDENTS} students, ${COURSES} courses; ${connections} connections, ${duration} s a case, ` +
        `node ${process.version}, ${os.cpus().length} cores\n`,
    );
    const only = process.env.BENCH_SETUPS;
    for (const setup of only ? setups.filter((_, i) => only.split(',').includes(String(i))) : setups) {
      // Each setup starts from the same seed: a new SQLite file, or a new PostgreSQL database.
      const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
      let url = null;
      if (setup.engine === 'sqlite') {
        await writeSqlite(path.join(dataDir, 'lanxue.sqlite'), seeded);
      } else {
        const { freshPgDatabase } = await import('../../tests/helpers/pg-test.ts');
        url = (await freshPgDatabase()).url;
        await postgres.write(seeded, url);
      }
      const nodes = [];
      for (let n = 0; n < setup.nodes; n++) nodes.push(await server(url ? { DATABASE_URL: url } : {}, dataDir));
      const front =
        setup.nodes > 1
          ? await startNginx(
              work,
              nodes.map((node) => new URL(node.base).port),
              setup.sticky,
            )
          : null;
      const base = front?.base ?? nodes[0].base;
      const pids = () => [...nodes.map((node) => node.child.pid), ...(front ? withChildren(front.child.pid) : [])];
      const infoPath = `/course/info/${student.coid}`;
      if (!baseline) {
        // The bare replies answer the very bytes the platform answers (taken from the first setup).
        const catalogueText = await (
          await fetch(`${base}/course/bycate`, { method: 'POST', headers: json, body: catalogueBody })
        ).text();
        const infoText = await (await fetch(`${base}${infoPath}`, { headers: { cookie: student.cookie } })).text();
        if (!JSON.parse(infoText).data?.isbuy) throw new Error(`course/info: not held ${infoText.slice(0, 200)}`);
        const bodiesFile = path.join(work, 'bodies.json');
        fs.writeFileSync(bodiesFile, JSON.stringify({ catalogue: catalogueText, info: infoText }));
        baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
        insertBaseline = await startServer([path.join(root, 'scripts/bench/heartbeat.mjs')], {
          BENCH_ROLE: 'baseline',
          BENCH_DB: path.join(work, 'baseline.sqlite'),
        });
        const bare = (name, url, extra = {}) => measureWrk(name, url, { ...extra, pids: [] });
        results.push({ setup: 'bare Fastify', ...(await bare('catalogue bytes', `${baseline.base}/body/catalogue`)) });
        results.push({ setup: 'bare Fastify', ...(await bare('course/info bytes', `${baseline.base}/body/info`)) });
        await runWrk(`${insertBaseline.base}/web/heartbeat`, { request: beatsLua(students), seconds: 2 });
        results.push({
          setup: 'bare Fastify',
          ...(await bare('POST, one SQLite insert', `${insertBaseline.base}/web/heartbeat`, {
            request: beatsLua(students),
          })),
        });
        const { freshPgDatabase } = await import('../../tests/helpers/pg-test.ts');
        pgInsertBaseline = await startServer([path.join(root, 'scripts/bench/heartbeat.mjs')], {
          BENCH_ROLE: 'baseline',
          BENCH_PG_URL: (await freshPgDatabase()).url,
        });
        await runWrk(`${pgInsertBaseline.base}/web/heartbeat`, { request: beatsLua(students), seconds: 2 });
        results.push({
          setup: 'bare Fastify',
          ...(await bare('POST, one PostgreSQL insert', `${pgInsertBaseline.base}/web/heartbeat`, {
            request: beatsLua(students),
          })),
        });
      }
      const cases = [
        [
          'POST course/bycate (guest)',
          `${base}/course/bycate`,
          { headers: json, request: `wrk.method = "POST"\nwrk.body = ${JSON.stringify(catalogueBody)}` },
        ],
        ['GET course/info (student)', `${base}${infoPath}`, { headers: { cookie: student.cookie } }],
        // Last, right after its warm-up: no student's beats pause longer than a beat may credit (26 s).
        ['POST web/heartbeat', `${base}/web/heartbeat`, { request: beatsLua(students) }],
      ];
      // Each case warmed up first, not measured: caches filled, every student's records loaded.
      // BENCH_CASES=heartbeat (or bycate, info) measures those alone, e.g. to profile with BENCH_NODE_ARGS.
      const picked = process.env.BENCH_CASES?.split(',');
      const query = url
        ? (text) => pgQuery(url, text)
        : async (text) => {
            const db = new Database(path.join(dataDir, 'lanxue.sqlite'), { readonly: true });
            try {
              return db.prepare(text).all();
            } finally {
              db.close();
            }
          };
      let before = null;
      for (const [name, url, options] of cases.filter(([name]) => !picked || picked.some((p) => name.includes(p)))) {
        const beats = name.includes('heartbeat');
        // Every student's first beat loads their records (slow on a cold server): not measured, nor checked. A
        // second round follows at once, so no student waits longer than a beat may credit before the case.
        if (beats) {
          const [cold, warm] = [await warmBeats(base, students), await warmBeats(base, students)];
          console.log(`  ${setup.name}: every student's first beat in ${cold} ms, their second in ${warm} ms`);
        }
        await runWrk(url, { ...options, seconds: 2 });
        // An answered beat is written: what the warm-ups credited is read before the case.
        if (beats) before = await creditRows(query);
        results.push({ setup: setup.name, ...(await measureWrk(name, url, { ...options, pids })) });
      }
      if (front) await stop(front);
      for (const node of nodes) await stop(node);
      // The records each setup wrote, once its servers have written what they held.
      if (before) checks.push({ setup: setup.name, ...creditCheck(before, await creditRows(query)) });
    }
  } finally {
    for (const proc of started) if (proc.child.exitCode === null) proc.child.kill('SIGTERM');
    baseline?.child.kill('SIGTERM');
    insertBaseline?.child.kill('SIGTERM');
    pgInsertBaseline?.child.kill('SIGTERM');
    await postgres.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log();
  console.table(
    results.map(({ setup, case: name, 'req/s': rps, 'p99 ms': p99, errors, 'server CPU µs/req': cpu }) => ({
      setup,
      case: name,
      'req/s': rps,
      'p99 ms': p99,
      errors,
      'server CPU µs/req': cpu,
    })),
  );
  const bare = (name) => results.find((row) => row.setup === 'bare Fastify' && row.case === name)['req/s'];
  const against = {
    'POST course/bycate (guest)': 'catalogue bytes',
    'GET course/info (student)': 'course/info bytes',
    'POST web/heartbeat': 'POST, one SQLite insert',
  };
  console.log('\nratio to the bare reply of the same bytes (heartbeat: to the bare insert into the same engine), p99:');
  for (const row of results.filter((r) => r.setup !== 'bare Fastify')) {
    const base =
      row.case === 'POST web/heartbeat' && row.setup.startsWith('Postgre')
        ? 'POST, one PostgreSQL insert'
        : against[row.case];
    console.log(
      `  ${row.setup.padEnd(40)} ${row.case.padEnd(28)} ${(row['req/s'] / bare(base)).toFixed(2)}  p99 ${row['p99 ms']} ms`,
    );
  }
  console.log('\ntime credited during the heartbeat case, per student (effective = wall time, days = effective):');
  console.table(checks);
}

await main();
