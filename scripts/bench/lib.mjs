// Helpers shared by the benchmarks: free ports, starting a server and waiting for it, one autocannon case, the
// production build on a temporary database, the admin's cookie, and a process's memory.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** A TCP port nobody listens on right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls a URL until it answers (any status), failing when the child exits or 30 s pass. */
export async function waitFor(url, child) {
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

/** Starts `node ...args` on a free port with the environment added, and waits until it answers readyPath. */
export async function startServer(args, env, readyPath = '/checkLogin') {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return { child, base: `http://127.0.0.1:${port}` };
}

/** CPU milliseconds (user + system) a process has used so far, from /proc; 0 where /proc is missing. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * One autocannon case at the configured connections and duration; prints and returns its row. With the
 * server's pid, the row also says the CPU the server spent per answer: a steadier figure than req/s on a
 * machine whose two cores the client shares.
 */
export async function measure(name, url, headers = {}, request = {}, pid) {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const result = await autocannon({ url, connections, duration, headers, ...request });
  const row = {
    case: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KiB/reply': Math.round(result.throughput.average / Math.max(1, result.requests.average) / 1024),
    // 304 answers are expected where the case sends If-None-Match; errors are failures and 4xx/5xx.
    errors: result.errors + result['4xx'] + result['5xx'],
  };
  if (pid) row['server CPU µs/req'] = Math.round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total));
  console.log(`${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms${pid ? `, server CPU ${row['server CPU µs/req']} µs/req` : ''}`);
  return row;
}

/** A field of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak so far); 0 where /proc is missing. */
export function memoryMb(pid, field) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's VmRSS every 50 ms; stop() answers the peak in MB (the larger of VmHWM and the samples). */
export function peakMemory(pid) {
  let sampled = 0;
  const timer = setInterval(() => (sampled = Math.max(sampled, memoryMb(pid, 'VmRSS'))), 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(memoryMb(pid, 'VmHWM'), sampled);
    },
  };
}

export const BENCH_ADMIN_PASSWORD = 'bench-admin-1';

/**
 * Builds the server and starts the production build in its own process on a temporary file database (no demo
 * data, the main admin's password BENCH_ADMIN_PASSWORD, `seats` trial seats). stop() ends it and removes the folder.
 */
export async function startBuiltServer({ name, seats }) {
  const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lanxue-bench-${name}-`));
  const server = await startServer([path.join(dist, 'server/main.js')], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SESSION_SECRET: 'bench-secret-0123456789',
    LICENCE_TRIAL_SEATS: String(seats),
  });
  return {
    ...server,
    pid: server.child.pid,
    dataDir,
    databaseFile: path.join(dataDir, 'lanxue.sqlite'),
    async stop() {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the main admin and answers the session cookie (name=value). */
export async function adminCookie(base) {
  const login = await fetch(`${base}/do/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD, role: 'admin' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(/,(?=\s*\w+=)/).map((c) => c.split(';')[0].trim()).find((c) => c.startsWith('y_main='));
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}
