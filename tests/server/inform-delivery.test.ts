/**
 * Notices by e-mail and SMS through real servers on loopback ports (issue 16 'inform'): a real SMTP server
 * (smtp-server with STARTTLS or TLS and AUTH) receives what the queue sends; authentication failure, a server that
 * is down and a refused recipient are recorded, retried with backoff and failed; a row left 'sending' by a stopped
 * server is delivered after a restart on the same database; a local HTTP server receives the SMS gateway's call,
 * and a 500 from it is retried.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/modules/notices/notify';
import { informStudents } from '../../server/modules/inform/inform.service';
import type { InformEvent } from '../../shared/schemas/inform';
import { ADMIN, buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { data, injectAs, waitUntil, type Caller } from '../helpers/kit';
import {
  closedPort,
  SMTP_PASSWORD,
  SMTP_USER,
  startGateway,
  startSmtp,
  type TestGateway,
  type TestSmtp,
} from '../helpers/smtp';
import { stopInformWorker } from '../../server/modules/inform/inform-worker';
import { outsideReader, sqlAll, sqlGet, sqlRun } from '../helpers/sql';

const FAST = { INFORM_MAX_ATTEMPTS: 3, INFORM_BACKOFF_MS: 20, INFORM_TIMEOUT_MS: 3000 };

interface Row {
  id: string;
  status: string;
  attempts: number;
  last_error: string;
  recipient: string;
  channel: string;
  subject: string;
  body: string;
  next_at: number;
  created_at: number;
}

function rows(app: TestApp): Promise<Row[]> {
  return sqlAll<Row>(app, 'SELECT * FROM inform_queue ORDER BY created_at, id');
}

async function student(app: TestApp, email: string, phone = '', name?: string) {
  const s = await buildStudent(app, { name });
  await sqlRun(app, 'UPDATE students SET email = ?, phone = ? WHERE id = ?', email, phone, s.id);
  return s;
}

function smtpSettings(server: { port: number; caCert: string }, overrides: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port: server.port,
    security: 'starttls',
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    from: 'notices@school.example',
    caCert: server.caCert,
    ...overrides,
  };
}

async function save(admin: Caller, body: Record<string, unknown>) {
  const sms = { url: '', method: 'POST', headers: [], bodyType: 'json', body: '{"phone":"{phone}","text":"{text}"}' };
  return data(
    await admin.post('/inform/settings', {
      locale: 'en-gb',
      siteUrl: 'https://learn.example.edu',
      sms,
      smtp: { host: '', port: 587, security: 'starttls', user: '', from: '', caCert: '' },
      channels: { 'course.granted': ['email'] },
      ...body,
    }),
  );
}

/** A system notice, as the modules write them (notify() inside their transaction). */
async function notifyGranted(app: TestApp, studentId: string, title = 'Algebra') {
  const schoolId = await studentSchool(app, studentId);
  await app.ctx.db.transaction((tx) =>
    notify(tx, app.ctx.ids, app.ctx.now(), {
      schoolId,
      studentId,
      kind: 'course.granted',
      params: { title },
      link: '/course/abc',
    }),
  );
}

async function studentSchool(app: TestApp, studentId: string): Promise<string> {
  return ((await sqlGet(app, 'SELECT school_id FROM students WHERE id = ?', studentId)) as { school_id: string })
    .school_id;
}

async function queue(app: TestApp, event: InformEvent, studentIds: string[], essential = false, params = {}) {
  const schoolId = await studentSchool(app, studentIds[0]);
  return app.ctx.db.transaction((tx) =>
    informStudents(tx, app.ctx, { schoolId, event, studentIds, params, link: '/x', essential }),
  );
}

const settle = (app: TestApp, count: number) => {
  let seen: Row[] = [];
  return waitUntil(
    () => `${count} rows sent or failed: ${JSON.stringify(seen.map((r) => [r.status, r.attempts, r.last_error]))}`,
    async () => {
      const all = await rows(app);
      seen = all;
      return all.length >= count && all.every((r) => r.status === 'sent' || r.status === 'failed') && all;
    },
  );
};

describe('e-mail through a real SMTP server (STARTTLS, AUTH)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: /^refused@/ });
    app = await makeApp(FAST);
    admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends a test e-mail synchronously and reports the server answer', async () => {
    const saved = await save(admin, { smtp: smtpSettings(smtp) });
    expect(saved).toMatchObject({ smtp: { passwordSet: true, host: '127.0.0.1' } });
    expect(JSON.stringify(saved)).not.toContain(SMTP_PASSWORD);
    const result = data<{ ok: boolean; message: string }>(
      await admin.post('/inform/test/email', { to: 'head@school.example' }),
    );
    expect(result.ok, result.message).toBe(true);
    expect(result.message).toMatch(/^250/);
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'notices@school.example', to: ['head@school.example'] });
    expect(mail?.subject).toContain('Test e-mail');
    // No log row for a test.
    expect(await rows(app)).toHaveLength(0);
  });

  it('queues a notice in the caller transaction and the worker delivers it, worded with the values', async () => {
    const s = await student(app, 'ada@school.example', '', 'Ada');
    const before = smtp.received.length;
    await notifyGranted(app, s.id, 'Algebra <1>');
    // The transaction that wrote the notice did not wait for the SMTP server: the e-mail is only queued.
    expect((await rows(app)).map((r) => r.status)).toEqual(['queued']);
    const [row] = await settle(app, 1);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, recipient: 'ada@school.example', channel: 'email' });
    const mail = smtp.received[before];
    expect(mail.to).toEqual(['ada@school.example']);
    expect(mail.subject).toBe('[蓝学学校] You can now study Algebra <1>');
    expect(mail.text).toContain('Dear Ada,');
    expect(mail.text).toContain('https://learn.example.edu/course/abc');
  });

  it('records a refused recipient at once as failed with the server answer', async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    const s = await student(app, 'refused@school.example');
    await queue(app, 'course.granted', [s.id]);
    const [row] = await settle(app, 1);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550/);
  });

  it('a wrong password: recorded, retried with backoff, then failed after the last attempt', async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    await save(admin, { smtp: smtpSettings(smtp, { password: 'wrong-password' }) });
    const failuresBefore = smtp.authFailures;
    const s = await student(app, 'bob@school.example');
    await queue(app, 'course.granted', [s.id]);
    const [row] = await settle(app, 1);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(FAST.INFORM_MAX_ATTEMPTS);
    expect(row.last_error).toMatch(/EAUTH|535|Invalid username/);
    expect(smtp.authFailures - failuresBefore).toBeGreaterThanOrEqual(FAST.INFORM_MAX_ATTEMPTS);
    // The test button says the same.
    const test = data<{ ok: boolean; message: string }>(await admin.post('/inform/test/email', { to: 'x@y.example' }));
    expect(test.ok).toBe(false);
    expect(test.message).toMatch(/EAUTH|535|Invalid username/);

    // Fixed password, then retry from the log: delivered.
    await save(admin, { smtp: smtpSettings(smtp) });
    data(await admin.post('/inform/retry', { id: row.id }));
    await waitUntil('the retried row sent', async () => (await rows(app))[0].status === 'sent');
    expect(smtp.received.at(-1)?.to).toEqual(['bob@school.example']);
  });

  it('TLS from the first byte with the CA checked; a certificate from another CA is refused', async () => {
    const tls = await startSmtp({ secure: true });
    try {
      await save(admin, { smtp: smtpSettings(tls, { security: 'tls' }) });
      const ok = data<{ ok: boolean; message: string }>(await admin.post('/inform/test/email', { to: 'a@b.example' }));
      expect(ok.ok, ok.message).toBe(true);
      expect(tls.received).toHaveLength(1);
      // The CA of the first server does not sign the second one's certificate: certificate checks stay on.
      await save(admin, { smtp: smtpSettings(tls, { security: 'tls', caCert: smtp.caCert }) });
      const refused = data<{ ok: boolean; message: string }>(
        await admin.post('/inform/test/email', { to: 'a@b.example' }),
      );
      expect(refused.ok).toBe(false);
      expect(refused.message).toMatch(/certificate|self[- ]signed|ESOCKET/i);
      expect(tls.received).toHaveLength(1);
    } finally {
      await tls.close();
    }
  });
});

describe('a server that is down', () => {
  it('connection refused: backoff then failed, each attempt recorded', async () => {
    const app = await makeApp(FAST);
    try {
      const admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
      await save(admin, { smtp: smtpSettings({ port: await closedPort(), caCert: '' }) });
      const s = await student(app, 'carol@school.example');
      const seen = new Set<number>();
      await queue(app, 'course.granted', [s.id]);
      const [row] = await waitUntil('the row failed', async () => {
        const all = await rows(app);
        seen.add(all[0].attempts);
        return all[0].status === 'failed' && all;
      });
      expect(row.attempts).toBe(FAST.INFORM_MAX_ATTEMPTS);
      expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
      // Waited between attempts (next_at moved on: 20 ms, then 40 ms).
      expect(row.next_at).toBeGreaterThan(row.created_at);
      expect([...seen].some((n) => n > 0 && n < FAST.INFORM_MAX_ATTEMPTS)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('restart', () => {
  it("a row left 'sending' by a stopped server is delivered after the app starts again on the same database", async () => {
    const smtp = await startSmtp();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-inform-'));
    const files = { DATA_DIR: dir, DATABASE_FILE: path.join(dir, 'lanxue.sqlite'), ...FAST };
    try {
      const first = await makeApp(files);
      const admin = injectAs(first, await login(first, { ...ADMIN, role: 'admin' }));
      await save(admin, { smtp: smtpSettings(smtp) });
      const s = await student(first, 'dan@school.example');
      // Queued, then taken by a worker that never finished (as a crash mid-send leaves it): this app's own
      // worker is stopped first, so that it cannot deliver the row before it is marked.
      await stopInformWorker(first.ctx);
      await queue(first, 'course.granted', [s.id]);
      await sqlRun(first, "UPDATE inform_queue SET status = 'sending'");
      await first.close();
      const db = await outsideReader(first);
      expect(await db.get('SELECT status FROM inform_queue')).toEqual({ status: 'sending' });
      expect(await db.get('SELECT count(*) AS n FROM inform_queue')).toEqual({ n: 1 });
      await db.close();
      expect(smtp.received).toHaveLength(0);

      const second = await makeApp(files);
      try {
        const [row] = await settle(second, 1);
        expect(row.status).toBe('sent');
        expect(smtp.received.map((m) => m.to)).toEqual([['dan@school.example']]);
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMS through the institution gateway (a local HTTP server)', () => {
  let app: TestApp;
  let gateway: TestGateway;
  let admin: Caller;

  beforeAll(async () => {
    gateway = await startGateway();
    app = await makeApp(FAST);
    admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });

  const sms = (overrides: Record<string, unknown> = {}) => ({
    url: `${gateway.url}/send?to={phone}&sig=1`,
    method: 'POST',
    headers: [
      { name: 'X-Api-Key', value: 'k-123' },
      { name: 'X-Phone', value: '{phone}' },
    ],
    bodyType: 'json',
    body: '{"mobile":"{phone}","content":"{text}"}',
    ...overrides,
  });

  it('the test SMS reaches the gateway, templated and escaped for JSON, URL and headers', async () => {
    await save(admin, { sms: sms(), channels: { 'course.granted': ['sms'] } });
    const result = data<{ ok: boolean; message: string }>(await admin.post('/inform/test/sms', { phone: '+86 138' }));
    expect(result).toEqual({ ok: true, message: 'HTTP 200: {"result":"accepted"}' });
    const call = gateway.calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/send?to=%2B86%20138&sig=1');
    expect(call.headers['x-api-key']).toBe('k-123');
    expect(call.headers['x-phone']).toBe('+86 138');
    expect(call.headers['content-type']).toContain('application/json');
    expect(JSON.parse(call.body)).toEqual({
      mobile: '+86 138',
      content: '[蓝学学校] Test SMS: the SMS notice settings work.',
    });
  });

  it('a notice goes by SMS with quotes and line breaks escaped; a 500 from the gateway is retried', async () => {
    const s = await student(app, '', '13800000001', 'Eve "E"');
    gateway.answer.status = 500;
    gateway.answer.body = 'busy';
    const before = gateway.calls.length;
    await queue(app, 'course.granted', [s.id], false, { title: 'Say "hi"\nnow' });
    await waitUntil('a failed attempt recorded', async () => (await rows(app))[0]?.last_error.includes('HTTP 500'));
    gateway.answer.status = 200;
    gateway.answer.body = 'ok';
    const [row] = await settle(app, 1);
    expect(row).toMatchObject({ status: 'sent', channel: 'sms', recipient: '13800000001' });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(row.last_error).toContain('HTTP 500: busy');
    const last = gateway.calls.at(-1)!;
    expect(gateway.calls.length - before).toBe(row.attempts);
    expect(JSON.parse(last.body)).toEqual({
      mobile: '13800000001',
      content: '[蓝学学校] Eve "E", you can now study "Say "hi" now".',
    });
  });

  it('a form body is URL-encoded; a gateway that is down is failed after the last attempt', async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    await save(admin, {
      sms: sms({ bodyType: 'form', body: 'to={phone}&msg={text}', headers: [] }),
      channels: { 'course.granted': ['sms'] },
    });
    const result = data<{ ok: boolean }>(await admin.post('/inform/test/sms', { phone: '138&x=1' }));
    expect(result.ok).toBe(true);
    const call = gateway.calls.at(-1)!;
    expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      to: '138&x=1',
      msg: '[蓝学学校] Test SMS: the SMS notice settings work.',
    });

    await save(admin, {
      sms: sms({ url: `http://127.0.0.1:${await closedPort()}/send` }),
      channels: { 'course.granted': ['sms'] },
    });
    const s = await student(app, '', '13800000002');
    await queue(app, 'course.granted', [s.id]);
    const [row] = await settle(app, 1);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(FAST.INFORM_MAX_ATTEMPTS);
    expect(row.last_error).toMatch(/gateway unreachable: ECONNREFUSED/);
  });
});

describe('the delivery log keeps INFORM_KEEP_DAYS', () => {
  it('purges sent and failed rows older than that when the worker starts; queued rows and recent ones stay', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const rows: [string, string, number][] = [
      ['old-sent', 'sent', now - 31 * day],
      ['old-failed', 'failed', now - 31 * day],
      ['old-queued', 'queued', now - 31 * day],
      ['new-sent', 'sent', now - 29 * day],
    ];
    const app = await makeApp(
      { ...FAST, INFORM_KEEP_DAYS: 30 },
      {
        setup: async (made) => {
          const { id: schoolId } = (await sqlGet(made, 'SELECT id FROM schools ORDER BY id LIMIT 1')) as { id: string };
          // The queued one is not due for a day: the worker leaves it alone.
          for (const [id, status, at] of rows)
            await sqlRun(
              made,
              `INSERT INTO inform_queue (id, school_id, channel, event, recipient, body, status, next_at, created_at)
             VALUES (?, ?, 'email', 'course.granted', 'a@school.example', 'x', ?, ?, ?)`,
              id,
              schoolId,
              status,
              now + day,
              at,
            );
        },
      },
    );
    try {
      const left = await sqlAll<{ id: string }>(app, 'SELECT id FROM inform_queue ORDER BY id');
      expect(left.map((row) => row.id)).toEqual(['new-sent', 'old-queued']);
    } finally {
      await app.close();
    }
  });
});
