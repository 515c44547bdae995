// node scripts/bench/dashboard.mjs: the student's control centre and rank (issue 18 'Performance'). Starts the
// production server build on a temporary database with the demo school, signs in as the demo student, checks the
// replies, then runs Debian's wrk (BENCH_CONNECTIONS, default 50; BENCH_SECONDS a case, default 10) on
// GET dashboard/controller beside a bare Fastify reply of the same bytes in the same run, and on GET dashboard/rank.
// Target: the control centre at least 0.5 of the bare reply's requests per second.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connections, duration, measureWrk, requireWrk, runWrk, startBuiltServer, startServer } from './lib.mjs';

requireWrk();
const platform = await startBuiltServer({ name: 'dashboard', seats: 100, env: { DEMO_DATA: 'true' } });
let baseline;
try {
  const login = await fetch(`${platform.base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie.startsWith('y_main=')) throw new Error(`demo student login: ${login.status}`);
  const centreUrl = `${platform.base}/dashboard/controller`;
  const rankUrl = `${platform.base}/dashboard/rank?period=month&by=time`;
  for (const url of [centreUrl, rankUrl]) {
    const reply = await (await fetch(url, { headers: { cookie } })).json();
    if (reply.status !== 'ok') throw new Error(`${url}: ${JSON.stringify(reply)}`);
  }
  const body = await (await fetch(centreUrl, { headers: { cookie } })).text();
  const bodiesFile = path.join(platform.dataDir, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify({ centre: body }));
  baseline = await startServer(['scripts/bench/baseline-replies.mjs'], { BODIES_FILE: bodiesFile });
  console.log(
    `the demo student's control centre: ${Buffer.byteLength(body)} B\n` +
      `${connections} connections, ${duration} s a case, node ${process.version}, ${os.cpus().length} cores\n`,
  );
  const cases = [
    ['baseline: bare Fastify, control centre bytes', `${baseline.base}/body/centre`, {}, baseline.child.pid],
    ['GET dashboard/controller (demo student)', centreUrl, { cookie }, platform.pid],
    ['GET dashboard/rank month by time', rankUrl, { cookie }, platform.pid],
  ];
  for (const [, url, headers] of cases) await runWrk(url, { headers, seconds: 2 });
  const rows = [];
  for (const [name, url, headers, pids] of cases) rows.push(await measureWrk(name, url, { headers, pids }));
  console.log();
  console.table(rows);
  console.log(
    `dashboard/controller: ${(rows[1]['req/s'] / rows[0]['req/s']).toFixed(2)} of the bare reply of its bytes ` +
      `(target >= 0.5), p99 ${rows[1]['p99 ms']} ms`,
  );
} finally {
  baseline?.child.kill('SIGTERM');
  await platform.stop();
}
