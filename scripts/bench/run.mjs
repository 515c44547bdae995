// npm run bench: autocannon against the running production build (50 connections, 10 s a case),
// beside a bare-Fastify baseline. Prints requests per second and p99 latency.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connections, duration, measure, root, startServer } from './lib.mjs';

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
