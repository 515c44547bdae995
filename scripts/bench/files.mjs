// node scripts/bench/files.mjs: the file-serving and upload benchmark.
// 1 MiB random ranges of a 50 MB file, 50 connections, driven by Debian's wrk (a Lua script picks a new range per
// request; BENCH_SECONDS a case, default 10; the four cases take turns for BENCH_ROUNDS rounds, default 3, and the
// ratios use the medians), measured in one run:
//   - Debian's nginx serving the file alone (the ceiling),
//   - a bare Node http server streaming the file with fs.createReadStream (the standalone target),
//   - the app's signed /media/{token}/{rid}/source route, standalone (the app sends the bytes),
//   - nginx in front of the app with X-Accel-Redirect (deploy/nginx.conf, ACCEL_REDIRECT=/_protected/).
// Targets: standalone ≥ bare Node; X-Accel ≥ 80% of nginx alone. Each case also says the servers' CPU per answer.
// Then upload throughput of a 1 GB file (BENCH_UPLOAD_MB) through lan/upload (multipart) and lan/tus
// (tus-js-client), with the server's peak memory (VmHWM from /proc/{pid}/status, reset before each upload).
// Needs nginx and wrk on PATH (apt-get install nginx-light wrk).
import { createHmac, randomFillSync } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import * as tus from 'tus-js-client';
import { connections, duration, freePort, measureWrk, requireWrk, root, waitFor, wrkThreads } from './lib.mjs';

const FILE_BYTES = 50 * 1000 * 1000;
const RANGE_BYTES = 1024 * 1024;
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-0123456789abcdef';
// Reading 1 MiB answers costs wrk about as much CPU as nginx spends sending them: one thread a core, or the
// client is the ceiling (BENCH_WRK_THREADS overrides).
const WRK_THREADS = wrkThreads(os.cpus().length);
const ADMIN = { username: 'admin', password: 'bench-admin-1' };

requireWrk();
const findNginx = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
// Like the test tools: install Debian's nginx when missing and allowed to (root).
if (!findNginx() && process.getuid?.() === 0) {
  console.log('nginx not found: installing nginx-light with apt-get');
  execFileSync(
    'bash',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light'],
    { stdio: 'inherit' },
  );
}
const nginxBin = findNginx();
if (!nginxBin) {
  console.error('nginx not found: apt-get install -y nginx-light');
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-files-'));
const dataDir = path.join(work, 'data');
fs.mkdirSync(dataDir);
const children = [];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopAll);

/** wrk's Lua for the range cases: a new random range of RANGE_BYTES inside the file on every request. */
const RANGE_REQUEST = `
local size, range = ${FILE_BYTES}, ${RANGE_BYTES}
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("id", threads)
end
init = function(args)
  math.randomseed(os.time() * 100 + (id or 0))
end
request = function()
  local start = math.random(0, size - range)
  return wrk.format(nil, nil, { Range = "bytes=" .. start .. "-" .. (start + range - 1) })
end
`;

/** One range case; checks first that a range is a 206 of the right size, and after that every answer was one. */
async function rangeCase(name, url, pids) {
  const probe = await fetch(url, { headers: { range: 'bytes=100-199' } });
  const body = Buffer.from(await probe.arrayBuffer());
  if (probe.status !== 206 || body.length !== 100)
    throw new Error(`${name}: ${probe.status} ${body.length} bytes for a 100-byte range`);
  const row = await measureWrk(name, url, { request: RANGE_REQUEST, pids, threads: WRK_THREADS });
  if (row.errors || row['KiB/reply'] < RANGE_BYTES / 1024)
    throw new Error(`${name}: ${row.errors} errors, ${row['KiB/reply']} KiB a reply`);
  return row;
}

/** A process and its children (nginx's master and workers). */
function withChildren(pid) {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === pid) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

function spawnChild(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], ...options });
  children.push(child);
  return child;
}

/** The server bundle, built beside node_modules (its packages stay external) so that the shared dist/ is left alone. */
async function buildServer() {
  const outfile = path.join(root, 'node_modules/.cache/lanxue-bench-files/server/main.js');
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

async function startApp(serverFile, extraEnv = {}, port = 0) {
  port ||= await freePort();
  const child = spawnChild(process.execPath, [serverFile], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(work, 'no-web'),
      ...extraEnv,
    },
  });
  await waitFor(`http://127.0.0.1:${port}/health`, child);
  return { child, port, base: `http://127.0.0.1:${port}` };
}

async function adminCookie(base) {
  const res = await fetch(`${base}/do/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, role: 'admin' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** Streams a file as a multipart lan/upload; returns the reply data and the seconds it took. */
function multipartUpload(port, cookie, file, name) {
  const boundary = '----lanxue-bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file-select"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/lan/upload/${encodeURIComponent(name)}`,
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const reply = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (response.statusCode !== 200)
            return reject(new Error(`upload ${response.statusCode}: ${JSON.stringify(reply)}`));
          resolve({ data: reply.data, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
        });
      },
    );
    request.on('error', reject);
    request.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.pipe(request, { end: false });
    stream.on('end', () => request.end(tail));
  });
}

/** A tus upload of the file with tus-js-client in 64 MiB chunks; returns the seconds it took. */
function tusUpload(base, cookie, file, name) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), {
      endpoint: `${base}/lan/tus/`,
      uploadSize: fs.statSync(file).size,
      chunkSize: 64 * 1024 * 1024,
      headers: { cookie },
      metadata: { filename: name, filetype: 'video/mp4' },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9 }),
    });
    upload.start();
  });
}

const readStatus = (pid, field) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
};
/** Resets the peak resident set size (VmHWM) of a process (Linux: write 5 to clear_refs). */
const resetPeak = (pid) => {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

/** Writes a file of random bytes in 1 MiB pieces. */
function randomFile(file, bytes) {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += chunk.length) {
    randomFillSync(chunk);
    fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - written));
  }
  fs.closeSync(fd);
}

/** The same signed-URL token as server/lib/media-url.ts (view flag). */
function mediaToken(rid, ttlSeconds = 6 * 3600) {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const sig = createHmac('sha256', SECRET).update(`media.${rid}.${exp}.v`).digest('base64url').slice(0, 22);
  return `${exp}.v.${sig}`;
}

/** A bare Node server streaming one file with Range, the way a hand-written server would (fs defaults). */
const BARE_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
const file = process.env.FILE;
http.createServer((req, res) => {
  fs.stat(file, (err, stat) => {
    if (err) { res.statusCode = 404; return res.end(); }
    const m = /^bytes=(\\d*)-(\\d*)$/.exec(req.headers.range || '');
    let start = 0, end = stat.size - 1;
    if (m) { start = m[1] === '' ? stat.size - Number(m[2]) : Number(m[1]); end = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), stat.size - 1) : end; }
    res.writeHead(m ? 206 : 200, { 'content-type': 'video/mp4', 'content-length': end - start + 1, 'accept-ranges': 'bytes', ...(m ? { 'content-range': 'bytes ' + start + '-' + end + '/' + stat.size } : {}) });
    fs.createReadStream(file, { start, end }).pipe(res);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function nginxConfig({ alonePort, accelPort, appPort, file }) {
  // The deploy configuration itself, pointed at this machine: upstream, listen port and data folder.
  const deploy = fs
    .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace('server lanxue:8080;', `server 127.0.0.1:${appPort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${accelPort};`)
    .replace('alias /data/;', `alias ${dataDir}/;`);
  fs.writeFileSync(path.join(work, 'lanxue.conf'), deploy);
  const temp = (name) => path.join(work, `nginx-${name}`);
  return `
daemon off;
master_process on;
worker_processes auto;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${alonePort};
    location = /file.mp4 { alias ${file}; }
  }
  include ${work}/lanxue.conf;
}
`;
}

async function main() {
  const rows = [];
  console.log(
    `wrk (${WRK_THREADS} threads), ${connections} connections, ${duration} s a case, 1 MiB random ranges of a ` +
      `${FILE_BYTES / 1e6} MB file; node ${process.version}, ${os.cpus().length} cores`,
  );
  const serverFile = await buildServer();
  const file = path.join(work, 'file.mp4');
  randomFile(file, FILE_BYTES);
  // nginx workers may run as another user: let them read the work folder.
  for (const dir of [work, dataDir]) fs.chmodSync(dir, 0o755);
  fs.chmodSync(file, 0o644);

  // --- The app, standalone: upload the file, make it a resource, sign its URL.
  let app = await startApp(serverFile);
  const cookie = await adminCookie(app.base);
  const uploaded = await multipartUpload(app.port, cookie, file, 'bench.mp4');
  const db = new Database(path.join(dataDir, 'lanxue.sqlite'));
  const rid = String(BigInt(uploaded.data.fileId) + 1n);
  const now = Date.now();
  db.prepare(
    "insert into resources (id, school_id, title, file_id, kind, status, created_by, created_at, updated_at) values (?, ?, 'bench', ?, 'video', 'ready', 'admin:bench', ?, ?)",
  ).run(rid, uploaded.data.key.split('/')[2], uploaded.data.fileId, now, now);
  db.close();
  const mediaPath = `/media/${mediaToken(rid)}/${rid}/source`;

  const barePort = await freePort();
  const bare = spawnChild(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: { ...process.env, FILE: file, PORT: String(barePort) },
  });
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);

  const alonePort = await freePort();
  const accelPort = await freePort();
  const accelAppPort = await freePort();
  fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig({ alonePort, accelPort, appPort: accelAppPort, file }));
  execFileSync(nginxBin, ['-t', '-q', '-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'inherit' });
  const nginx = spawnChild(nginxBin, ['-c', path.join(work, 'nginx.conf'), '-p', work]);
  await waitFor(`http://127.0.0.1:${alonePort}/file.mp4`, nginx);

  // --- The app behind nginx with X-Accel-Redirect, on the same data folder, beside the standalone one.
  const accelApp = await startApp(serverFile, { ACCEL_REDIRECT: '/_protected/', TRUST_PROXY: '1' }, accelAppPort);
  const nginxPids = () => withChildren(nginx.pid);
  const cases = [
    ['nginx alone (sendfile)', `http://127.0.0.1:${alonePort}/file.mp4`, nginxPids],
    ['bare Node http + fs.createReadStream', `http://127.0.0.1:${barePort}/file.mp4`, () => [bare.pid]],
    ['app /media (standalone, token check)', `${app.base}${mediaPath}`, () => [app.child.pid]],
    [
      'nginx → app /media (X-Accel-Redirect)',
      `http://127.0.0.1:${accelPort}${mediaPath}`,
      () => [...nginxPids(), accelApp.child.pid],
    ],
  ];
  // The cases take turns for BENCH_ROUNDS rounds: on a shared machine a single pass mostly measures the neighbours.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url, pids] of cases) rows.push({ round, ...(await rangeCase(name, url, pids)) });
  }
  for (const child of [app.child, accelApp.child, bare]) child.kill('SIGTERM');
  await Promise.all(
    [app.child, accelApp.child].map(
      (child) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r))),
    ),
  );

  const median = (name, column = 'req/s') => {
    const values = rows
      .filter((row) => row.case === name)
      .map((row) => row[column])
      .sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  };
  const [alone, bareNode, standalone, accel] = cases.map(([name]) => median(name));
  const cpu = cases.map(([name]) => median(name, 'server CPU µs/req'));
  console.log();
  console.table(rows);
  console.log(
    `medians over ${ROUNDS} rounds (req/s): nginx alone ${alone}, bare Node ${bareNode}, ` +
      `app standalone ${standalone}, nginx → app X-Accel ${accel}`,
  );
  console.log(
    `server CPU a range (µs, medians): nginx ${cpu[0]}, bare Node ${cpu[1]}, app ${cpu[2]}, nginx + app ${cpu[3]}`,
  );
  console.log(`app standalone / bare Node: ${(standalone / bareNode).toFixed(2)} (target ≥ 1.00)`);
  console.log(`X-Accel / nginx alone: ${(accel / alone).toFixed(2)} (target ≥ 0.80)`);
  console.log(`bare Node / nginx alone: ${(bareNode / alone).toFixed(2)}`);
  console.log(
    `load average after the range cases: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );

  // --- Uploads of a large file: throughput and the server's peak memory.
  nginx.kill('SIGTERM');
  if (UPLOAD_BYTES <= 0) return;
  const bigFile = path.join(work, 'big.mp4');
  randomFile(bigFile, UPLOAD_BYTES);
  fs.rmSync(file);
  app = await startApp(serverFile);
  const uploadCookie = await adminCookie(app.base);
  const pid = app.child.pid;
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  const uploads = [];
  for (const [kind, run] of [
    ['multipart lan/upload', () => multipartUpload(app.port, uploadCookie, bigFile, 'big.mp4')],
    ['tus lan/tus (64 MiB PATCHes)', () => tusUpload(app.base, uploadCookie, bigFile, 'big.mp4')],
  ]) {
    const rssBefore = readStatus(pid, 'VmRSS');
    const reset = resetPeak(pid);
    const { seconds } = await run();
    uploads.push({
      upload: `${kind}, ${mb(UPLOAD_BYTES)} MiB`,
      seconds: Number(seconds.toFixed(1)),
      'MiB/s': Math.round(mb(UPLOAD_BYTES) / seconds),
      'server rss before MiB': mb(rssBefore),
      'server peak MiB': mb(readStatus(pid, 'VmHWM')) + (reset ? '' : ' (peak since start)'),
    });
    // Remove the stored copy before the next run (disk space).
    for (const stored of fs.readdirSync(path.join(dataDir, 'files/userupload'), { recursive: true })) {
      const full = path.join(dataDir, 'files/userupload', stored);
      if (fs.statSync(full).isFile() && fs.statSync(full).size === UPLOAD_BYTES) fs.rmSync(full);
    }
  }
  console.table(uploads);
}

try {
  await main();
} finally {
  stopAll();
  await new Promise((r) => setTimeout(r, 300));
  fs.rmSync(work, { recursive: true, force: true });
}
