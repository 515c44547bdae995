/**
 * The inform/* calls with each role and another school (issue 16 'inform'): settings (password sealed at rest and
 * never returned, kept only for the same server), templates (own wording used when queuing, reset), the delivery
 * log (filter, retry), the channel and opt-out rule as informStudents applies it, and the student's opt-out call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { informStudents } from '../../server/modules/inform/inform.service';
import { createSchool } from '../../server/modules/schools/schools.service';
import { INFORM_EVENTS } from '../../shared/schemas/inform';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, envelope, injectAs, type Caller } from '../helpers/kit';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';

const SMTP = {
  host: 'mail.school.example',
  port: 587,
  security: 'starttls',
  user: 'mailer',
  from: 'notices@school.example',
  caCert: '',
};
const SMS = { url: '', method: 'POST', headers: [], bodyType: 'json', body: '{"p":"{phone}","t":"{text}"}' };
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  locale: 'zh-CN',
  siteUrl: '',
  smtp: { ...SMTP, password: 'smtp-secret-1' },
  sms: SMS,
  channels: {},
  ...overrides,
});

describe('inform calls', () => {
  let app: TestApp;
  let admin: Caller;
  let other: Caller;
  let studentCaller: Caller;
  let studentId: string;
  let withSetting: string;
  let withoutSetting: string;
  // The worker must not take rows these tests read (no SMTP server here): a far-away next_at is set by queue().
  const queue = async (studentIds: string[], event = 'course.granted' as const, essential = false) =>
    await app.ctx.db.transaction(async (tx) =>
      informStudents(
        tx,
        { ids: app.ctx.ids, now: () => Date.now() + 3_600_000 },
        {
          schoolId: (await school(app)).id,
          event,
          studentIds,
          params: { title: '代数' },
          link: '/course/x',
          essential,
        },
      ),
    );
  const queueRows = () => sqlAll<Record<string, unknown>>(app, 'SELECT * FROM inform_queue ORDER BY created_at, id');

  beforeAll(async () => {
    app = await makeApp();
    admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
    const s = await buildStudent(app, { name: '小明' });
    studentId = s.id;
    await sqlRun(app, "UPDATE students SET email = 'ming@school.example', phone = '13800000000' WHERE id = ?", s.id);
    studentCaller = injectAs(app, await login(app, s));
    const sub = async (permissions: string[]) => {
      const a = await buildSubAdmin(app, permissions);
      return (await login(app, { username: a.username, password: a.password, role: 'admin' })).cookie;
    };
    withSetting = await sub(['setting']);
    withoutSetting = await sub(['course', 'student', 'admin', 'userpage', 'exam', 'question', 'resource']);
    await createSchool(app.ctx, { name: 'School B', adminUsername: 'b-admin', adminPassword: 'b-admin-pass-1' });
    other = injectAs(app, await login(app, { username: 'b-admin', password: 'b-admin-pass-1', role: 'admin' }));
  });
  afterAll(() => app.close());

  it('every back-office call: guest 401, student 403, sub-admin without setting 403, with it 200', async () => {
    // The test buttons with nothing configured answer what is missing.
    const nothing = data<{ ok: boolean; message: string }>(
      await injectAs(app, withSetting).post('/inform/test/email', { to: 'a@b.example' }),
    );
    expect(nothing).toEqual({ ok: false, message: 'e-mail is not configured' });
    for (const [who, status] of [
      ['', 401],
      [withoutSetting, 403],
    ] as const) {
      expect((await admin.post('/inform/test/email', { to: 'a@b.example' }, who)).statusCode).toBe(status);
      expect((await admin.post('/inform/retry', { id: '1' }, who)).statusCode).toBe(status);
    }
    expect((await studentCaller.post('/inform/test/email', { to: 'a@b.example' })).statusCode).toBe(403);
    expect((await studentCaller.post('/inform/retry', { id: '1' })).statusCode).toBe(403);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/inform/settings'],
      ['POST', '/inform/settings', settingsBody()],
      ['GET', '/inform/templates'],
      ['POST', '/inform/templates', { event: 'exam.marked', channel: 'sms', locale: 'zh-CN', body: '成绩已出' }],
      ['POST', '/inform/templates/reset', { event: 'exam.marked', channel: 'sms', locale: 'zh-CN' }],
      ['GET', '/inform/log'],
      ['GET', '/inform/log?status=failed'],
      ['POST', '/inform/test/sms', { phone: '138' }],
    ];
    for (const [method, url, body] of calls) {
      const send = (who: string | null) => admin.inject({ method: method as 'GET', url, payload: body }, who);
      expect((await send('')).statusCode, url).toBe(401);
      expect((await studentCaller.inject({ method: method as 'GET', url, payload: body })).statusCode, url).toBe(403);
      expect((await send(withoutSetting)).statusCode, url).toBe(403);
      const res = await send(withSetting);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it('keeps the SMTP password encrypted at rest, never returns it, and asks again for another server', async () => {
    const saved = data(await admin.post('/inform/settings', settingsBody()));
    expect(saved).toMatchObject({ smtp: { host: 'mail.school.example', passwordSet: true } });
    expect(JSON.stringify(saved)).not.toContain('smtp-secret-1');
    const row = (await sqlGet(
      app,
      'SELECT config, smtp_password FROM inform_settings WHERE school_id = ?',
      (
        await school(app)
      ).id,
    )) as { config: string; smtp_password: string };
    expect(row.smtp_password).not.toContain('smtp-secret-1');
    expect(row.smtp_password.length).toBeGreaterThan(20);
    expect(row.config).not.toContain('smtp-secret-1');
    expect(JSON.stringify(data(await admin.get('/inform/settings')))).not.toContain('smtp-secret-1');

    // Same server without a password: kept.
    const { password: _p, ...noPassword } = settingsBody().smtp;
    data(await admin.post('/inform/settings', settingsBody({ smtp: { ...noPassword, port: 587 } })));
    // Another host without the password: 400, nothing changed.
    const moved = await admin.post('/inform/settings', settingsBody({ smtp: { ...noPassword, host: 'evil.example' } }));
    expect(moved.statusCode).toBe(400);
    expect(envelope(moved).error).toContain('enter the SMTP password again');
    expect(data<{ smtp: { host: string } }>(await admin.get('/inform/settings')).smtp.host).toBe('mail.school.example');
  });

  it('refuses bad settings: a non-http gateway, a line break in a header, a host with a scheme', async () => {
    for (const bad of [
      settingsBody({ sms: { ...SMS, url: 'file:///etc/passwd' } }),
      settingsBody({ sms: { ...SMS, url: 'http://gw/', headers: [{ name: 'X-A', value: 'a\r\nX-B: b' }] } }),
      settingsBody({ smtp: { ...SMTP, host: 'smtp://mail.example', password: 'x' } }),
      settingsBody({ smtp: { ...SMTP, security: 'none', password: 'x' } }),
      settingsBody({ channels: { 'no.such.event': ['email'] } }),
    ]) {
      expect((await admin.post('/inform/settings', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("another school's admin sees its own settings and log, never school A's", async () => {
    const theirs = data(await other.get('/inform/settings'));
    expect(theirs).toMatchObject({ smtp: { host: '', passwordSet: false } });
    data(
      await admin.post(
        '/inform/settings',
        settingsBody({ channels: { 'course.granted': ['email', 'sms'] }, smtp: { ...SMTP, password: 'p' } }),
      ),
    );
    await queue([studentId]);
    const mine = data<{ list: { id: string }[]; total: number }>(await admin.get('/inform/log'));
    expect(mine.total).toBe(2);
    const log = await other.get('/inform/log');
    expect(data<{ total: number }>(log).total).toBe(0);
    for (const row of mine.list) expect(log.body).not.toContain(row.id);
    // Retry of school A's row by school B: 404.
    await sqlRun(app, "UPDATE inform_queue SET status = 'failed' WHERE id = ?", mine.list[0].id);
    expect((await other.post('/inform/retry', { id: mine.list[0].id })).statusCode).toBe(404);
  });

  it('the log filters by status; retry queues a failed delivery again and refuses the others', async () => {
    const failed = data<{ list: { id: string; status: string }[]; total: number }>(
      await admin.get('/inform/log?status=failed'),
    );
    expect(failed.total).toBe(1);
    expect(failed.list[0].status).toBe('failed');
    const queued = data<{ list: { id: string }[] }>(await admin.get('/inform/log?status=queued')).list;
    expect(queued).toHaveLength(1);
    expect((await admin.post('/inform/retry', { id: queued[0].id })).statusCode).toBe(400);
    data(await admin.post('/inform/retry', { id: failed.list[0].id }));
    const row = (await queueRows()).find((r) => r.id === failed.list[0].id)!;
    // Queued again from the start: the worker takes it at once (and, with no server to reach, queues it for later).
    expect(row.attempts).toBeLessThanOrEqual(1);
    expect(['queued', 'sending']).toContain(row.status);
    expect((await admin.post('/inform/retry', { id: '123' })).statusCode).toBe(404);
  });

  it("queues per channel turned on, in the school's locale, with the school's own template", async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    data(
      await admin.post('/inform/templates', {
        event: 'course.granted',
        channel: 'email',
        locale: 'zh-CN',
        subject: '新课：{title}',
        body: '{name} 同学：{title} 可以学了 {link}',
      }),
    );
    expect(
      (await admin.post('/inform/templates', { event: 'course.granted', channel: 'email', locale: 'zh-CN', body: 'x' }))
        .statusCode,
    ).toBe(400);
    data(
      await admin.post(
        '/inform/settings',
        settingsBody({
          siteUrl: 'https://learn.example.edu/',
          channels: { 'course.granted': ['email', 'sms'] },
          smtp: { ...SMTP, password: 'p' },
        }),
      ),
    );
    expect(await queue([studentId])).toEqual({ queued: 2 });
    const [email, sms] = await queueRows();
    expect(email).toMatchObject({
      channel: 'email',
      recipient: 'ming@school.example',
      subject: '新课：代数',
      body: '小明 同学：代数 可以学了 https://learn.example.edu/course/x',
      status: 'queued',
      event: 'course.granted',
    });
    expect(sms).toMatchObject({
      channel: 'sms',
      recipient: '13800000000',
      body: '【蓝学学校】小明，您已可以学习《代数》。',
    });

    const list = data<{ list: { event: string; channel: string; locale: string; custom: boolean; body: string }[] }>(
      await admin.get('/inform/templates'),
    ).list;
    expect(list).toHaveLength(INFORM_EVENTS.length * 2 * 2);
    expect(
      list.find((t) => t.event === 'course.granted' && t.channel === 'email' && t.locale === 'zh-CN'),
    ).toMatchObject({ custom: true, body: '{name} 同学：{title} 可以学了 {link}' });
    const reset = data<{ list: { event: string; channel: string; locale: string; custom: boolean }[] }>(
      await admin.post('/inform/templates/reset', { event: 'course.granted', channel: 'email', locale: 'zh-CN' }),
    ).list;
    expect(reset.filter((t) => t.custom)).toEqual([]);
  });

  it('skips e-mail for a student who opted out unless the notice is essential; SMS still goes', async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    expect(data(await studentCaller.get('/inform/optout'))).toEqual({ optedOut: false });
    expect(data(await studentCaller.post('/inform/optout', { optedOut: true }))).toEqual({ optedOut: true });
    expect(data(await studentCaller.get('/inform/optout'))).toEqual({ optedOut: true });
    expect(await queue([studentId])).toEqual({ queued: 1 });
    expect((await queueRows()).map((r) => r.channel)).toEqual(['sms']);
    expect(await queue([studentId], 'course.granted', true)).toEqual({ queued: 2 });
    data(await studentCaller.post('/inform/optout', { optedOut: false }));
    expect(data(await studentCaller.get('/inform/optout'))).toEqual({ optedOut: false });
  });

  it('leaves out students of another school, disabled ones, those without an address, and events turned off', async () => {
    await sqlRun(app, 'DELETE FROM inform_queue');
    // No address at all.
    const b = await buildStudent(app);
    const [otherSchool] = await sqlAll<{ id: string }>(app, "SELECT id FROM schools WHERE name = 'School B'");
    const stranger = await buildStudent(app, { schoolId: otherSchool.id });
    await sqlRun(app, "UPDATE students SET email = 's@b.example' WHERE id = ?", stranger.id);
    const off = await buildStudent(app);
    await sqlRun(app, "UPDATE students SET email = 'off@a.example', disabled = 1 WHERE id = ?", off.id);
    expect(await queue([stranger.id, off.id, b.id])).toEqual({ queued: 0 });
    expect(await queue([studentId], 'exam.marked' as 'course.granted')).toEqual({ queued: 0 });
  });

  it('the opt-out call is the signed-in student own: guest 401, administrator 403 or 401', async () => {
    expect((await studentCaller.get('/inform/optout', '')).statusCode).toBe(401);
    expect((await studentCaller.post('/inform/optout', { optedOut: true }, '')).statusCode).toBe(401);
    expect([401, 403]).toContain((await admin.post('/inform/optout', { optedOut: true })).statusCode);
    expect((await studentCaller.post('/inform/optout', { optedOut: 'yes' })).statusCode).toBe(400);
  });

  it('every inform call is in the OpenAPI document with its summary', async () => {
    const doc = (await admin.get('/openapi.json')).json();
    const paths = (doc as { paths: Record<string, Record<string, { summary?: string }>> }).paths;
    const calls = Object.entries(paths)
      .filter(([path]) => path.startsWith('/inform/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op.summary ?? '']));
    expect(calls.map(([key]) => key).sort()).toEqual(
      [
        'get /inform/settings',
        'post /inform/settings',
        'post /inform/test/email',
        'post /inform/test/sms',
        'get /inform/templates',
        'post /inform/templates',
        'post /inform/templates/reset',
        'get /inform/log',
        'post /inform/retry',
        'get /inform/optout',
        'post /inform/optout',
      ].sort(),
    );
    for (const [key, summary] of calls) expect(summary.length, key).toBeGreaterThan(20);
  });

  it('throttles a student who flips the opt-out over and over (429 with retry-after)', async () => {
    const s = await buildStudent(app);
    const caller = injectAs(app, await login(app, s));
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push((await caller.post('/inform/optout', { optedOut: i % 2 === 0 })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await caller.post('/inform/optout', { optedOut: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // Another student is not held back.
    expect((await studentCaller.post('/inform/optout', { optedOut: false })).statusCode).toBe(200);
  });
});
