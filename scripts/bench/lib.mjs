// Helpers shared by the benchmarks: free ports, starting a server and waiting for it, one wrk case (Debian's wrk, the
// load generator of run.mjs and files.mjs) and one autocannon case (the benchmarks whose requests change per call in
// ways a wrk script does not), the production build on a temporary database, the admin's cookie, a process's memory.
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

/**
 * The node flags the production image starts the server with (the Dockerfile's CMD, between node and the entry),
 * so that the benchmarks measure what ships; BENCH_NODE_ARGS adds more (e.g. --cpu-prof --cpu-prof-dir=/tmp/p).
 */
export function serverNodeArgs() {
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'))?.[1];
  const words = cmd ? JSON.parse(cmd) : [];
  const flags = words.slice(1, words.indexOf('dist/server/main.js')).filter((word) => word.startsWith('--'));
  return [...flags, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
}

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
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
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
  if (pid)
    row['server CPU µs/req'] = Math.round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total));
  console.log(
    `${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms${pid ? `, server CPU ${row['server CPU µs/req']} µs/req` : ''}`,
  );
  return row;
}

/** Debian's wrk, or an exit that says how to install it (the bench's load generator: far less CPU than a Node client). */
export function requireWrk() {
  const file = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => fs.existsSync(candidate));
  if (file) return file;
  console.error('wrk not found: apt-get install -y wrk');
  process.exit(1);
}

/**
 * The Lua for one wrk case: the headers of every request, an optional `request` body of Lua (a function that
 * answers the request text: random ranges), and a done() that prints the totals and the 50th and 99th latency
 * percentiles as one JSON line, so nothing is read from wrk's rounded human output.
 */
function wrkScript(headers, request) {
  const lua = (text) => JSON.stringify(String(text));
  return [
    ...Object.entries(headers).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    request ?? '',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'WRK {"requests":%d,"bytes":%d,"us":%d,"p50":%d,"p99":%d,"status":%d,"socket":%d}\\n\',',
    '    summary.requests, summary.bytes, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  ].join('\n');
}

/** wrk's threads: BENCH_WRK_THREADS, else the given default (1: one thread sends thousands of small replies). */
export const wrkThreads = (fallback = 1) => Number(process.env.BENCH_WRK_THREADS ?? fallback);

/** Runs wrk once and answers its totals. */
export function runWrk(
  url,
  { headers = {}, request, connections: conns = connections, seconds = duration, threads = wrkThreads() } = {},
) {
  const wrk = requireWrk();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-wrk-'));
  const script = path.join(dir, 'case.lua');
  fs.writeFileSync(script, wrkScript(headers, request));
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, [
      '-t',
      String(Math.min(conns, threads)),
      '-c',
      String(conns),
      '-d',
      `${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      url,
    ]);
    let out = '';
    // wrk's own CPU, read while it runs (gone from /proc once it exits): whether the client was the ceiling.
    let clientMs = 0;
    const sampler = setInterval(() => (clientMs = Math.max(clientMs, cpuMs(child.pid))), 100);
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      fs.rmSync(dir, { recursive: true, force: true });
      const line = out.split('\n').find((l) => l.startsWith('WRK '));
      if (code !== 0 || !line) return reject(new Error(`wrk ${url} failed (${code}): ${out}`));
      resolve({ ...JSON.parse(line.slice(4)), clientMs });
    });
  });
}

/**
 * One wrk case at the configured connections and duration; prints and returns its row (req/s, p50/p99 from wrk's
 * latency record, KiB a reply, errors = non-2xx/3xx answers and socket errors, wrk's own CPU as a share of one
 * core). With the server's pid (or a function answering pids), the row also says the server CPU per answer:
 * steadier than req/s on a shared machine.
 */
export async function measureWrk(name, url, { headers = {}, request, pids, threads, connections: conns } = {}) {
  const pidList = () => (typeof pids === 'function' ? pids() : pids === undefined ? [] : [pids].flat());
  const cpuBefore = pidList().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const result = await runWrk(url, { headers, request, threads, ...(conns ? { connections: conns } : {}) });
  const cpuAfter = pidList().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const seconds = result.us / 1e6;
  const row = {
    case: name,
    'req/s': Math.round(result.requests / seconds),
    'p50 ms': Number((result.p50 / 1000).toFixed(1)),
    'p99 ms': Number((result.p99 / 1000).toFixed(1)),
    'KiB/reply': Number((result.bytes / Math.max(1, result.requests) / 1024).toFixed(1)),
    errors: result.status + result.socket,
    // Near 100 × threads, the load generator itself was the ceiling.
    'client CPU %': Math.round((result.clientMs / (result.us / 1000)) * 100),
  };
  if (pidList().length)
    row['server CPU µs/req'] = Math.round(((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests));
  const cpu = row['server CPU µs/req'] === undefined ? '' : `, server CPU ${row['server CPU µs/req']} µs/req`;
  console.log(
    `${name}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms${cpu}, wrk ${row['client CPU %']} % of a core` +
      (row.errors ? `, ${row.errors} errors` : ''),
  );
  return row;
}

/** A field of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak so far); 0 where /proc is missing. */
export function memoryMb(pid, field) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
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
 * Builds the server and starts the production build with the image's node flags (serverNodeArgs) in its own
 * process on a temporary file database (no demo data, the main admin's password BENCH_ADMIN_PASSWORD, `seats`
 * trial seats, LOG_LEVEL from BENCH_LOG_LEVEL or warn; `env` adds or overrides variables). stop() ends it and removes
 * the folder.
 */
export async function startBuiltServer({ name, seats, env = {} }) {
  const dist = process.env.LANXUE_DIST ? path.resolve(process.env.LANXUE_DIST) : path.join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lanxue-bench-${name}-`));
  const server = await startServer([...serverNodeArgs(), path.join(dist, 'server/main.js')], {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SESSION_SECRET: 'bench-secret-0123456789',
    LICENCE_TRIAL_SEATS: String(seats),
    ...env,
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

/** An insert of a row (an object keyed by column) into a table of a better-sqlite3 connection, prepared once per shape. */
export function rowInserter(sqlite) {
  const statements = new Map();
  return (table, row) => {
    const keys = Object.keys(row);
    const key = `${table}:${keys.join(',')}`;
    if (!statements.has(key))
      statements.set(
        key,
        sqlite.prepare(`insert into ${table} (${keys.join(', ')}) values (${keys.map((k) => `@${k}`).join(', ')})`),
      );
    return statements.get(key).run(row);
  };
}

/** Writes [table, row] pairs into a new SQLite file (WAL, as the server opens it), migrated first, in one transaction. */
export async function writeSqlite(file, rows) {
  const { default: Database } = await import('better-sqlite3');
  const { drizzle } = await import('drizzle-orm/better-sqlite3');
  const { migrate } = await import('drizzle-orm/better-sqlite3/migrator');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  migrate(drizzle(sqlite), { migrationsFolder: path.join(root, 'migrations') });
  const insert = rowInserter(sqlite);
  sqlite.transaction(() => {
    for (const [table, row] of rows) insert(table, row);
  })();
  sqlite.close();
}

/** Signs in as the main admin and answers the session cookie (name=value). */
export async function adminCookie(base) {
  const login = await fetch(`${base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD, role: 'admin' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '')
    .split(/,(?=\s*\w+=)/)
    .map((c) => c.split(';')[0].trim())
    .find((c) => c.startsWith('y_main='));
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

/**
 * A throwaway PostgreSQL cluster for BENCH_ENGINE=postgres (the tests' own harness, tests/helpers/pg-cluster.ts,
 * loaded through tsx; on port BENCH_PG_PORT, 54339 by default) with a migrated database for the server:
 * write(rows, url?) inserts [table, row] pairs in one transaction (into another database of the cluster when given);
 * stop() ends the cluster.
 */
export async function startPostgres() {
  process.env.LANXUE_TEST_PG_PORT = process.env.BENCH_PG_PORT ?? '54339';
  const { register } = await import('tsx/esm/api');
  register();
  const cluster = await import('../../tests/helpers/pg-cluster.ts');
  const { freshPgDatabase } = await import('../../tests/helpers/pg-test.ts');
  const pg = (await import('pg')).default;
  const teardown = await cluster.default();
  const { url } = await freshPgDatabase();
  return {
    url,
    async write(rows, target = url) {
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      await client.query('BEGIN');
      for (const [table, row] of rows) {
        const keys = Object.keys(row);
        const values = keys.map((_, i) => `$${i + 1}`).join(', ');
        await client.query(`insert into ${table} (${keys.join(', ')}) values (${values})`, Object.values(row));
      }
      await client.query('COMMIT');
      await client.end();
    },
    stop: teardown,
  };
}
