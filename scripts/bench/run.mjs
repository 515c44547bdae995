// npm run bench, first part: the session check and the HTML shell every visitor loads, driven by Debian's wrk
// (BENCH_CONNECTIONS, default 50; BENCH_SECONDS a case, default 10; BENCH_ROUNDS rounds, default 1, medians), each
// beside a bare Fastify baseline measured in the same run: the JSON envelope for checkLogin, and for the shell the
// very headers and bytes it answered (guest and signed-in student, scripts/bench/baseline.mjs). Then the server's
// resident memory at idle: after start with the demo data, and after the load once it has been quiet. The server
// starts with the node flags of the Dockerfile's CMD (lib.mjs serverNodeArgs), as the image runs it.
// Targets: the shell at least 0.5 of the bare reply of its bytes with p99 under 25 ms; idle memory under 120 MB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connections,
  duration,
  measureWrk,
  memoryMb,
  requireWrk,
  root,
  runWrk,
  serverNodeArgs,
  startServer,
} from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** How long the server is left alone before its idle memory is read (V8 shrinks its heap after some quiet seconds). */
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 15);

requireWrk();
const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
if (!fs.existsSync(path.join(dist, 'server/main.js')) || !fs.existsSync(path.join(dist, 'web/manifest.json'))) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

/** The server's resident memory after `seconds` of quiet, read every second (the last reading and the lowest). */
async function idleMemory(pid, seconds) {
  const readings = [];
  for (let i = 0; i < seconds; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push(memoryMb(pid, 'VmRSS'));
  }
  return { last: Math.round(readings.at(-1)), lowest: Math.round(Math.min(...readings)) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-'));
const dataDir = path.join(work, 'data');
const platform = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  LOG_LEVEL: 'info',
  WEB_DIR: path.join(dist, 'web'),
});
let baseline;
try {
  const pid = platform.child.pid;
  const started = await idleMemory(pid, QUIET_SECONDS);
  const home = await fetch(`${platform.base}/`, { redirect: 'manual' });
  const homePath = new URL(home.headers.get('location'), platform.base).pathname;
  const login = await fetch(`${platform.base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];

  // The shell's answers as the platform gives them, for the baseline to repeat byte for byte.
  const pages = {};
  for (const [name, headers] of [
    ['guest', {}],
    ['student', { cookie }],
  ]) {
    const page = await fetch(`${platform.base}${homePath}`, { headers: { accept: 'text/html', ...headers } });
    const body = await page.text();
    if (page.status !== 200 || !body.includes('id="bootstrap"')) throw new Error(`${name} shell: ${page.status}`);
    const kept = [
      'cache-control',
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'content-type',
    ];
    pages[name] = { headers: Object.fromEntries(kept.map((h) => [h, page.headers.get(h)])), body };
  }
  if (!pages.student.body.includes('"role":"student"')) throw new Error('the student shell is not signed in');
  fs.writeFileSync(path.join(work, 'pages.json'), JSON.stringify(pages));
  baseline = await startServer(['scripts/bench/baseline.mjs'], { PAGES_FILE: path.join(work, 'pages.json') });
  const basePid = baseline.child.pid;

  const cases = [
    ['baseline: bare Fastify JSON', `${baseline.base}/checkLogin`, {}, basePid],
    ['GET checkLogin (guest)', `${platform.base}/checkLogin`, {}, pid],
    ['GET checkLogin (student session)', `${platform.base}/checkLogin`, { cookie }, pid],
    ['baseline: bare Fastify, the guest shell bytes', `${baseline.base}/page/guest`, {}, basePid],
    [`GET ${homePath} (HTML shell, guest)`, `${platform.base}${homePath}`, { accept: 'text/html' }, pid],
    ['baseline: bare Fastify, the student shell bytes', `${baseline.base}/page/student`, {}, basePid],
    [`GET ${homePath} (HTML shell, student)`, `${platform.base}${homePath}`, { accept: 'text/html', cookie }, pid],
  ];
  console.log(
    `wrk, ${connections} connections, ${duration} s a case, ${ROUNDS} round(s); node ${process.version}, ${os.cpus().length} cores`,
  );
  console.log(`shell bytes: guest ${pages.guest.body.length}, student ${pages.student.body.length}\n`);
  // Every target warms up (JIT, caches) before its first measured case.
  for (const [, url, headers] of cases) await runWrk(url, { headers, seconds: 2 });
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url, headers, pids] of cases)
      rows.push({ round, ...(await measureWrk(name, url, { headers, pids })) });
  }
  const warm = await idleMemory(pid, QUIET_SECONDS);

  const median = (name, column) => {
    const values = rows
      .filter((row) => row.case === name)
      .map((row) => row[column])
      .sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    const value = values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    return Number(value.toFixed(1));
  };
  console.log();
  console.table(rows);
  for (const [kind, base, shell] of [
    ['guest', cases[3][0], cases[4][0]],
    ['student', cases[5][0], cases[6][0]],
  ]) {
    const ratio = median(shell, 'req/s') / median(base, 'req/s');
    const cpu = `server CPU ${median(shell, 'server CPU µs/req')} vs ${median(base, 'server CPU µs/req')} µs a reply`;
    console.log(
      `shell (${kind}) / bare reply of its bytes: ${ratio.toFixed(2)} (target ≥ 0.50), p99 ${median(shell, 'p99 ms')} ms (target < 25), ${cpu}`,
    );
  }
  const json = median(cases[0][0], 'req/s');
  console.log(
    `shell / bare Fastify JSON: guest ${(median(cases[4][0], 'req/s') / json).toFixed(2)}, student ${(median(cases[6][0], 'req/s') / json).toFixed(2)}`,
  );
  console.log(
    `idle memory (VmRSS), ${QUIET_SECONDS} s after start with the demo data: ${started.last} MB (lowest ${started.lowest}); after the load, ${QUIET_SECONDS} s quiet: ${warm.last} MB (lowest ${warm.lowest}); peak ${Math.round(memoryMb(pid, 'VmHWM'))} MB (target < 120 at idle)`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  baseline?.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  await new Promise((resolve) => (platform.child.exitCode !== null ? resolve() : platform.child.once('exit', resolve)));
  fs.rmSync(work, { recursive: true, force: true });
}
