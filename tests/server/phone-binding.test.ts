/**
 * Phone binding (issue 19; spec 7 bindPhoneNum, checkVerification, check wechat bind): a student asks for a code,
 * gets it through the school's SMS gateway (a local HTTP server here) or from an administrator when the school
 * has none, and binds the number with it. Every refusal: guest, administrator, wrong code, expired, too many
 * tries, resend too soon, per-number and per-address throttles, a number taken in the school; another school
 * neither sees nor blocks it. Limits: shared/rules/phone-codes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_CODES, PHONE_ERRORS } from '../../shared/rules/phone-codes';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { data, injectAs, type Caller } from '../helpers/kit';
import { startGateway, type TestGateway } from '../helpers/smtp';
import { sqlAll, sqlGet } from '../helpers/sql';

let app: TestApp;
let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
let admin: Caller;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 26, 9, 0, 0);
  app = await makeApp({}, { now: () => clock });
  admin = injectAs(app, await login(app, { ...ADMIN, role: 'admin' }));
});
afterEach(async () => {
  await app?.close();
});

const MINUTE = 60_000;

async function newStudent(schoolId?: string) {
  const s = await buildStudent(app, { schoolId });
  const school = schoolId ? app.ctx.uidCodec.encode(schoolId) : undefined;
  return { ...s, as: injectAs(app, (await login(app, { ...s, ...(school ? { school } : {}) })).cookie) };
}

const send = (who: Caller, phone: string, ip = '192.0.2.1') =>
  who.inject({ method: 'POST', url: '/stu/bindPhoneNum', payload: { phone }, remoteAddress: ip });
const check = (who: Caller, phone: string, code: string) => who.post('/stu/checkVerification', { phone, code });

/** The code an administrator reads out (no gateway), by the number. */
async function pendingCode(phone: string): Promise<string> {
  const { list } = data<{ list: { phone: string; code: string }[] }>(await admin.get('/student/phoneCodes'));
  const found = list.find((c) => c.phone === phone);
  if (!found) throw new Error(`no pending code for ${phone}`);
  return found.code;
}

const errorOf = (res: { json: () => unknown }) => (res.json() as { error: string }).error;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone binding without an SMS gateway', () => {
  it('guest 401, administrator 403; the code is kept for an administrator and binds the phone', async () => {
    const guest = injectAs(app, null);
    expect((await guest.post('/stu/bindPhoneNum', { phone: '13800000001' })).statusCode).toBe(401);
    expect((await guest.post('/stu/checkVerification', { phone: '13800000001', code: '123456' })).statusCode).toBe(401);
    expect((await guest.get('/stu/wechat/bind')).statusCode).toBe(401);
    expect((await admin.post('/stu/bindPhoneNum', { phone: '13800000001' })).statusCode).toBe(403);
    expect((await admin.post('/stu/checkVerification', { phone: '13800000001', code: '123456' })).statusCode).toBe(403);
    expect((await admin.get('/stu/wechat/bind')).statusCode).toBe(403);
    expect((await guest.get('/student/phoneCodes')).statusCode).toBe(401);

    const s = await newStudent();
    expect(data(await s.as.get('/stu/wechat/bind'))).toEqual({ bind: false, phone: '' });
    expect((await send(s.as, 'not a phone')).statusCode).toBe(400);
    const sent = data(await send(s.as, '138 0000 0001'));
    expect(sent).toEqual({ via: 'admin', resendAfter: 60, expiresIn: 600 });
    expect((await s.as.get('/student/phoneCodes')).statusCode).toBe(403);

    const code = await pendingCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const stored = (await sqlGet(app, 'SELECT code_hash, code_sealed FROM phone_codes')) as {
      code_hash: string;
      code_sealed: string;
    };
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_sealed).toBeTruthy();
    expect(stored.code_sealed).not.toContain(code);

    // A sub-admin holding 'student' sees the number masked; one without it is refused.
    const sub = await buildSubAdmin(app, ['student']);
    const subAs = injectAs(app, (await login(app, { ...sub, role: 'admin' })).cookie);
    const masked = data<{ list: { phone: string; code: string }[] }>(await subAs.get('/student/phoneCodes')).list;
    expect(masked).toMatchObject([{ phone: '*******0001', code }]);
    const none = await buildSubAdmin(app, ['course']);
    const noneAs = injectAs(app, (await login(app, { ...none, role: 'admin' })).cookie);
    expect((await noneAs.get('/student/phoneCodes')).statusCode).toBe(403);

    const bad = await check(s.as, '13800000001', wrong(code));
    expect([bad.statusCode, errorOf(bad)]).toEqual([400, PHONE_ERRORS.wrongCode]);
    expect(data(await check(s.as, '13800000001', code))).toEqual({ bind: true, phone: '13800000001' });
    expect(data(await s.as.get('/stu/wechat/bind'))).toEqual({ bind: true, phone: '13800000001' });
    expect(data(await s.as.get('/stu/setting'))).toMatchObject({ wechatBind: true });
    expect(data<{ phone: string }>(await s.as.get('/stu/info')).phone).toBe('13800000001');
    // Used: gone from the list (its sealed copy too), and it does not bind twice.
    expect(data<{ list: unknown[] }>(await admin.get('/student/phoneCodes')).list).toEqual([]);
    expect(await sqlGet(app, 'SELECT code_sealed FROM phone_codes')).toEqual({ code_sealed: null });
    expect(errorOf(await check(s.as, '13800000001', code))).toBe(PHONE_ERRORS.noCode);
  });

  it('a code waiting to be read out survives a restart (another app on the same database reads it out)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-phone-'));
    const DATABASE_FILE = path.join(folder, 'lanxue.sqlite');
    let first: TestApp | undefined;
    let second: TestApp | undefined;
    try {
      first = await makeApp({ DATABASE_FILE }, { now: () => clock });
      const s = await buildStudent(first);
      const student = injectAs(first, (await login(first, s)).cookie);
      expect(data(await send(student, '13800000042'))).toMatchObject({ via: 'admin' });
      await first.close();
      first = undefined;
      second = await makeApp({ DATABASE_FILE }, { now: () => clock });
      const again = injectAs(second, await login(second, { ...ADMIN, role: 'admin' }));
      const { list } = data<{ list: { phone: string; code: string }[] }>(await again.get('/student/phoneCodes'));
      expect(list).toMatchObject([{ phone: '13800000042', code: expect.stringMatching(/^\d{6}$/) }]);
      const back = injectAs(second, (await login(second, s)).cookie);
      expect(data(await check(back, '13800000042', list[0]!.code))).toEqual({ bind: true, phone: '13800000042' });
    } finally {
      await first?.close();
      await second?.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('no code, expired, too many tries, resend too soon', async () => {
    const s = await newStudent();
    const none = await check(s.as, '13800000002', '123456');
    expect([none.statusCode, errorOf(none)]).toEqual([400, PHONE_ERRORS.noCode]);

    data(await send(s.as, '13800000002'));
    const soon = await send(s.as, '13800000003');
    expect([soon.statusCode, errorOf(soon)]).toEqual([429, PHONE_ERRORS.resendTooSoon]);
    expect(soon.json().data).toEqual({ retryAfter: 60 });
    expect(soon.headers['retry-after']).toBe('60');
    clock += 30_000;
    expect((await send(s.as, '13800000002')).json().data).toEqual({ retryAfter: 30 });

    const code = await pendingCode('13800000002');
    clock += PHONE_CODES.ttlMs;
    const expired = await check(s.as, '13800000002', code);
    expect([expired.statusCode, errorOf(expired)]).toEqual([400, PHONE_ERRORS.expired]);

    data(await send(s.as, '13800000002'));
    const fresh = await pendingCode('13800000002');
    // The superseded code is no longer listed (only the newest can be checked).
    expect(data<{ list: unknown[] }>(await admin.get('/student/phoneCodes')).list).toHaveLength(1);
    for (let i = 0; i < PHONE_CODES.maxTries; i++)
      expect(errorOf(await check(s.as, '13800000002', wrong(fresh)))).toBe(PHONE_ERRORS.wrongCode);
    const locked = await check(s.as, '13800000002', fresh);
    expect([locked.statusCode, errorOf(locked)]).toEqual([400, PHONE_ERRORS.tooManyTries]);
    expect(data(await s.as.get('/stu/wechat/bind'))).toEqual({ bind: false, phone: '' });
  });

  it('per number: 5 an hour and 10 a day; per address: 20 an hour', async () => {
    const students = await Promise.all(Array.from({ length: 3 }, () => newStudent()));
    const phone = '13800000010';
    const sendSpaced = async (who: Caller, number: string, ip?: string) => {
      const res = await send(who, number, ip);
      clock += MINUTE + 1000;
      return res;
    };
    for (let i = 0; i < PHONE_CODES.perNumberHour; i++)
      expect((await sendSpaced(students[i % 3].as, phone)).statusCode).toBe(200);
    const hour = await sendSpaced(students[0].as, phone);
    expect([hour.statusCode, errorOf(hour)]).toEqual([429, PHONE_ERRORS.numberThrottled]);
    clock += PHONE_CODES.hourMs;
    for (let i = 0; i < PHONE_CODES.perNumberDay - PHONE_CODES.perNumberHour; i++)
      expect((await sendSpaced(students[i % 3].as, phone)).statusCode).toBe(200);
    clock += PHONE_CODES.hourMs;
    const day = await sendSpaced(students[1].as, phone);
    expect([day.statusCode, errorOf(day)]).toEqual([429, PHONE_ERRORS.numberThrottled]);

    // 20 an hour from one address, whatever the number; another address still may.
    const ip = '198.51.100.7';
    for (let i = 0; i < PHONE_CODES.perAddressHour; i++)
      expect((await sendSpaced(students[0].as, `1390000${String(i).padStart(4, '0')}`, ip)).statusCode).toBe(200);
    const address = await sendSpaced(students[0].as, '13911112222', ip);
    expect([address.statusCode, errorOf(address)]).toEqual([429, PHONE_ERRORS.addressThrottled]);
    expect((await sendSpaced(students[0].as, '13911112222', '198.51.100.8')).statusCode).toBe(200);
  });

  it('a number bound in the school is refused to another student; another school neither sees nor blocks it', async () => {
    const a = await newStudent();
    const b = await newStudent();
    data(await send(a.as, '13800000020'));
    data(await check(a.as, '13800000020', await pendingCode('13800000020')));
    const taken = await send(b.as, '13800000020');
    expect([taken.statusCode, errorOf(taken)]).toEqual([409, PHONE_ERRORS.phoneTaken]);

    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const otherAdmin = injectAs(
      app,
      (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie,
    );
    const c = await newStudent(other.id);
    expect(data(await send(c.as, '13800000020'))).toMatchObject({ via: 'admin' });
    // School A's administrator never sees the other school's code; its own administrator does.
    expect(data<{ list: unknown[] }>(await admin.get('/student/phoneCodes')).list).toEqual([]);
    const { list } = data<{ list: { code: string }[] }>(await otherAdmin.get('/student/phoneCodes'));
    expect(data(await check(c.as, '13800000020', list[0].code))).toEqual({ bind: true, phone: '13800000020' });
  });
});

describe('the page data of the bind flow', () => {
  it('registerWay, bindWechat and the messaging-app browser come from the school settings and the user agent', async () => {
    const hash = app.ctx.uidCodec.encode((await newStudent()).schoolId);
    const page = (ua: string) => app.inject({ method: 'GET', url: `/login/u/${hash}`, headers: { 'user-agent': ua } });
    const wechat = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile MicroMessenger/8.0.50 NetType/WIFI';
    let body = (await page(wechat)).body;
    expect(body).toContain('"registerWay":""');
    expect(body).toContain('"bindWechat":false');
    expect(body).toContain('"inMessagingApp":true');
    data(await admin.post('/student/setting', { registerWay: 'phone', bindWechat: true, path: '/files/qr.png' }));
    body = (await page(wechat)).body;
    expect(body).toContain('"registerWay":"phone"');
    expect(body).toContain('"bindWechat":true');
    // The same page for another browser is not the one made for the messaging app.
    expect((await page('Mozilla/5.0 (iPhone) Mobile Safari/604.1')).body).toContain('"inMessagingApp":false');
    const s = await newStudent();
    expect(data(await s.as.get('/stu/setting'))).toMatchObject({ wechatBind: false, path: '/files/qr.png' });
  });
});

describe('phone binding through the SMS gateway', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('the code goes to the gateway (never stored plain); a failing gateway answers 502 and may be asked again', async () => {
    data(
      await admin.post('/inform/settings', {
        locale: 'en-gb',
        siteUrl: '',
        sms: {
          url: `${gateway.url}/send?to={phone}`,
          method: 'POST',
          headers: [],
          bodyType: 'json',
          body: '{"mobile":"{phone}","content":"{text}"}',
        },
        smtp: { host: '', port: 587, security: 'starttls', user: '', from: '', caCert: '' },
        channels: {},
      }),
    );
    const s = await newStudent();
    gateway.answer.status = 500;
    const failed = await send(s.as, '13800000030');
    expect(failed.statusCode).toBe(502);
    gateway.answer.status = 200;
    const before = gateway.calls.length;
    expect(data(await send(s.as, '13800000030'))).toEqual({ via: 'sms', resendAfter: 60, expiresIn: 600 });
    const call = gateway.calls[before];
    expect(call.url).toBe('/send?to=13800000030');
    const body = JSON.parse(call.body) as { mobile: string; content: string };
    expect(body.mobile).toBe('13800000030');
    const code = /\b(\d{6})\b/.exec(body.content)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const dump = JSON.stringify(await sqlAll(app, 'SELECT * FROM phone_codes'));
    expect(dump).not.toContain(`"${code}"`);
    expect(data<{ list: unknown[] }>(await admin.get('/student/phoneCodes')).list).toEqual([]);
    expect(data(await check(s.as, '13800000030', code))).toEqual({ bind: true, phone: '13800000030' });
  });
});
