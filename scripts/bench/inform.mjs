// node scripts/bench/inform.mjs: the notices-by-e-mail benchmark (issue 16 'Performance'): a school of 10,000
// students with e-mail addresses whose administrator publishes an announcement to everyone (POST
// update/announcement/publish, which queues one e-mail each in its transaction: how long the request takes, target
// under 1 s), then the app's delivery worker sends them at its own pace to a real SMTP server (smtp-server with
// STARTTLS and AUTH, in a process of its own): messages per second and the app process's peak memory (VmHWM from
// /proc, with VmRSS sampled every 50 ms).
//
// The app is built in this process (server/app.ts through tsx, a temporary file database; the SMTP settings, the
// announcement and its publication through the HTTP calls, by app.inject). BENCH_STUDENTS changes the count;
// BENCH_INFORM_CONCURRENCY the worker's deliveries at once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { memoryMb, peakMemory } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const TARGET_QUEUE_MS = 1000;
const SMTP_USER = 'bench';
const SMTP_PASSWORD = 'bench-pass-1';

if (process.argv[2] === '--smtp') await smtpChild();
else await main();

/** The SMTP server's process: STARTTLS with a self-signed certificate, AUTH, counts what it receives. */
async function smtpChild() {
  register();
  const { selfSignedCertificate } = await import('../../tests/helpers/slapd.ts');
  const { SMTPServer } = await import('smtp-server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-smtp-'));
  selfSignedCertificate(dir);
  let received = 0;
  const server = new SMTPServer({
    key: fs.readFileSync(path.join(dir, 'key.pem')),
    cert: fs.readFileSync(path.join(dir, 'cert.pem')),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    disableReverseLookup: true,
    size: 1024 * 1024,
    onAuth: (auth, _session, callback) =>
      auth.username === SMTP_USER && auth.password === SMTP_PASSWORD
        ? callback(null, { user: SMTP_USER })
        : callback(new Error('Invalid username or password')),
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        if (received % 500 === 0) process.stdout.write(`received ${received}\n`);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.server.address();
    process.stdout.write(`${JSON.stringify({ port, caCert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') })}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

async function main() {
  const smtp = spawn(process.execPath, [fileURLToPath(import.meta.url), '--smtp'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { port, caCert } = await new Promise((resolve, reject) => {
    let out = '';
    smtp.stdout.on('data', function first(chunk) {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      smtp.stdout.off('data', first);
      resolve(JSON.parse(line));
    });
    smtp.once('exit', (code) => reject(new Error(`smtp server exited (${code})`)));
  });
  // What the SMTP server says it received (every 500 messages).
  const server = { received: 0 };
  smtp.stdout.on('data', (chunk) => {
    for (const match of String(chunk).matchAll(/received (\d+)/g)) server.received = Number(match[1]);
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-bench-inform-'));
  try {
    await bench({ port, caCert, dataDir, server });
  } finally {
    smtp.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bench({ port, caCert, dataDir, server }) {
  register();
  const { loadConfig } = await import('../../server/config.ts');
  const { buildApp } = await import('../../server/app.ts');
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      DEMO_DATA: false,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'bench-admin-1',
      SESSION_SECRET: 'bench-secret-0123456789',
      ...(process.env.BENCH_INFORM_CONCURRENCY ? { INFORM_CONCURRENCY: process.env.BENCH_INFORM_CONCURRENCY } : {}),
    },
  );
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    const { ctx } = app;
    const { id: schoolId } = ctx.sqlite.prepare('select id from schools order by created_at limit 1').get();
    const insert = ctx.sqlite.prepare(
      'insert into students (id, school_id, username, name, email, created_at) values (?, ?, ?, ?, ?, ?)',
    );
    ctx.sqlite.transaction(() => {
      for (let i = 0; i < STUDENTS; i += 1) {
        insert.run(ctx.ids.next(), schoolId, `bench${i}`, `学员${i}`, `student${i}@school.example`, Date.now());
      }
    })();

    const login = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'admin', password: 'bench-admin-1', role: 'admin' },
    });
    const cookie = `y_main=${login.cookies.find((c) => c.name === 'y_main').value}`;
    const saved = await app.inject({
      method: 'POST',
      url: '/inform/settings',
      headers: { cookie },
      payload: {
        locale: 'zh-CN',
        siteUrl: 'https://learn.example.edu',
        smtp: {
          host: '127.0.0.1',
          port,
          security: 'starttls',
          user: SMTP_USER,
          password: SMTP_PASSWORD,
          from: 'notices@school.example',
          caCert,
        },
        sms: { url: '', method: 'POST', headers: [], bodyType: 'json', body: '' },
        channels: { 'announcement.published': ['email'] },
      },
    });
    if (saved.statusCode !== 200) throw new Error(`settings: ${saved.body}`);

    const made = await app.inject({
      method: 'POST',
      url: '/update/announcement/add',
      headers: { cookie },
      payload: { title: '期末考试安排', html: '<p>考试周安排见附件。</p>', audience: 'all' },
    });
    if (made.statusCode !== 200) throw new Error(`announcement: ${made.body}`);
    const restMb = memoryMb(process.pid, 'VmRSS');
    const memory = peakMemory(process.pid);
    const queueStart = performance.now();
    const published = await app.inject({
      method: 'POST',
      url: '/update/announcement/publish',
      headers: { cookie },
      payload: { id: made.json().data.id, publish: true },
    });
    const queueMs = performance.now() - queueStart;
    if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
    const queued = ctx.sqlite.prepare('select count(*) n from inform_queue').get().n;
    if (queued !== STUDENTS) throw new Error(`queued ${queued} of ${STUDENTS}`);
    console.log(`publishing to ${STUDENTS} students answered in ${queueMs.toFixed(0)} ms, ${queued} e-mails queued`);

    const count = ctx.sqlite.prepare('select status, count(*) n from inform_queue group by status');
    const deliverStart = performance.now();
    // The worker's own pace: this loop only reads the counts.
    for (;;) {
      const byStatus = Object.fromEntries(count.all().map((r) => [r.status, r.n]));
      if ((byStatus.sent ?? 0) + (byStatus.failed ?? 0) >= STUDENTS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deliverSeconds = (performance.now() - deliverStart) / 1000;
    const peakMb = memory.stop();
    const failed = count.all().find((r) => r.status === 'failed')?.n ?? 0;
    // The SMTP server's own count (its process reports every 500 messages).
    const deadline = Date.now() + 5000;
    while (server.received < STUDENTS - failed - 499 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    console.table([
      {
        students: STUDENTS,
        'publish ms': Math.round(queueMs),
        'deliver s': Number(deliverSeconds.toFixed(1)),
        'messages/s': Math.round(STUDENTS / deliverSeconds),
        failed,
        'smtp server received ≥': server.received,
        'app rss at rest MB': Math.round(restMb),
        'app peak MB': Math.round(peakMb),
        concurrency: config.INFORM_CONCURRENCY,
      },
    ]);
    const ok = queueMs < TARGET_QUEUE_MS && failed === 0 && server.received >= STUDENTS - 499;
    console.log(`targets: the publish request under ${TARGET_QUEUE_MS} ms, none failed: ${ok ? 'met' : 'NOT met'}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
  }
}
