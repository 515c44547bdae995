// npm run bench: autocannon against the running production build (50 connections, 10 s a case),
// beside a bare-Fastify baseline. Prints requests per second and p99 latency.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function startServer(args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/checkLogin`, child);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function measure(name, url, headers = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  const row = {
    case: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(`${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms`);
  return row;
}

if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || !fs.existsSync(path.join(root, 'dist/web/manifest.json'))) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-'));
const rows = [];
const baseline = await startServer(['scripts/bench/baseline.mjs'], {});
const platform = await startServer(['dist/server/main.js'], { NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'info' });
try {
  const home = await fetch(`${platform.base}/`, { redirect: 'manual' });
  const homePath = home.headers.get('location');
  const login = await fetch(`${platform.base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'student123' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];

  console.log(`${connections} connections, ${duration} s a case, node ${process.version}, ${os.cpus().length} cores\n`);
  rows.push(await measure('baseline: bare Fastify JSON', `${baseline.base}/checkLogin`));
  rows.push(await measure('GET checkLogin (guest)', `${platform.base}/checkLogin`));
  rows.push(await measure('GET checkLogin (student session)', `${platform.base}/checkLogin`, { cookie }));
  rows.push(await measure(`GET ${homePath} (HTML shell, guest)`, `${platform.base}${homePath}`, { accept: 'text/html' }));
  rows.push(await measure(`GET ${homePath} (HTML shell, student)`, `${platform.base}${homePath}`, { accept: 'text/html', cookie }));
  console.log();
  console.table(rows);
} finally {
  baseline.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
