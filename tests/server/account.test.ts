import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../shared/constants';
import { ACCOUNT_ERRORS, avatarProblem, passwordProblem } from '../../shared/schemas/account';
import { STUDENT_ERRORS } from '../../shared/schemas/students';
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import { createSchool } from '../../server/modules/schools/schools.service';
import { hashToken } from '../../server/modules/auth/auth.service';
import { insertSession } from '../../server/modules/auth/sessions.repository';
import { buildStudent, login, makeApp, school, ADMIN, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { multipartBody } from './uploads-helpers';
import { sqlGet, sqlRun } from '../helpers/sql';

type Json = Record<string, unknown>;

describe('the student account: settings, information, password, avatar, registration', () => {
  let app: TestApp;
  let get: Caller['get'];
  beforeEach(async () => {
    app = await makeApp();
    ({ get } = injectAs(app, null));
  });
  afterEach(async () => {
    await app.close();
  });

  const post = (url: string, payload: Json, cookie?: string, ip = '127.0.0.1') =>
    injectAs(app, cookie).inject({ method: 'POST', url, payload, remoteAddress: ip });
  const settingsOf = async (schoolId: string) =>
    JSON.parse(
      (
        (await sqlGet<{ settings: string }>(app, 'select settings from schools where id = ?', schoolId)) as {
          settings: string;
        }
      ).settings,
    ) as Json;
  /** Merges keys into the school's settings JSON (as the back office's student settings do). */
  const setSettings = async (patch: Json, schoolIdGiven?: string) => {
    const schoolId = schoolIdGiven ?? (await school(app)).id;
    await sqlRun(
      app,
      'update schools set settings = ? where id = ?',
      JSON.stringify({ ...(await settingsOf(schoolId)), ...patch }),
      schoolId,
    );
  };
  const addField = async (
    name: string,
    kind: string,
    required: boolean,
    options: string[] = [],
    schoolIdGiven?: string,
    position = 0,
  ) => {
    const schoolId = schoolIdGiven ?? (await school(app)).id;
    const id = app.ctx.ids.next();
    await sqlRun(
      app,
      'insert into student_fields (id, school_id, name, kind, options, required, position, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      schoolId,
      name,
      kind,
      JSON.stringify(options),
      required ? 1 : 0,
      position,
      Date.now(),
    );
    return id;
  };
  const adminCookie = async () => (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  const studentSession = async (overrides: Parameters<typeof buildStudent>[1] = {}) => {
    const student = await buildStudent(app, overrides);
    return { ...student, cookie: (await login(app, student)).cookie };
  };
  const upload = (cookie: string | undefined, filename: string, data: Buffer, field = 'file-select') => {
    const { body, headers } = multipartBody([{ name: field, filename, type: 'image/png', data }]);
    return injectAs(app, cookie).inject({ method: 'POST', url: '/stu/avatar', payload: body, headers });
  };

  it('every stu/* call: guest 401, administrator 403, student ok', async () => {
    const admin = await adminCookie();
    const student = await studentSession();
    const calls: [string, string, Json | undefined][] = [
      ['GET', '/stu/setting', undefined],
      ['GET', '/stu/info', undefined],
      ['POST', '/stu/info', { infoStr: '[]' }],
      ['POST', '/stu/password', { oldpwd: 'a', newpwd: 'b' }],
    ];
    for (const [method, url, payload] of calls) {
      const as = (cookie?: string) => injectAs(app, cookie).inject({ method: method as 'GET', url, payload });
      expect((await as()).statusCode, `${url} guest`).toBe(401);
      expect((await as(admin)).statusCode, `${url} admin`).toBe(403);
    }
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect((await upload(undefined, 'a.png', png)).statusCode).toBe(401);
    expect((await upload(admin, 'a.png', png)).statusCode).toBe(403);

    expect((await get('/stu/setting', student.cookie)).json().data).toEqual({
      setting: { changePass: false, needPassword: true },
      wechatBind: false,
      path: '',
      noAllowComment: false,
      canChangePassword: true,
    });
    const info = (await get('/stu/info', student.cookie)).json().data;
    expect(info).toMatchObject({
      username: student.username,
      source: 'local',
      fieldSet: [],
      values: [],
      haveSetSfields: true,
      avatar: '',
    });
  });

  it('stu/setting follows the school settings, and comment/add is refused when noAllowComment is on', async () => {
    const admin = await adminCookie();
    const created = await post('/course/new', { title: 'Free course', catid: '0', type: 0 }, admin);
    const { coid } = created.json().data as { coid: string };
    expect((await post('/course/pub', { coid, pub: '1' }, admin)).statusCode).toBe(200);
    const student = await studentSession();
    expect((await post('/comment/add', { coid, text: 'before' }, student.cookie)).statusCode).toBe(200);
    await setSettings({ changePass: true, noAllowComment: true, phone: '0571-1' });
    expect((await get('/stu/setting', student.cookie)).json().data).toMatchObject({
      setting: { changePass: true, needPassword: true },
      noAllowComment: true,
      canChangePassword: false,
    });
    const refused = await post('/comment/add', { coid, text: 'after' }, student.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'noAllowComment', data: { message: '评论功能已关闭' } });
    expect(await settingsOf((await school(app)).id)).toMatchObject({ phone: '0571-1' });
  });

  it('saving info: custom fields checked by kind, unknown sfids refused, required ones must be filled, one transaction', async () => {
    const dept = await addField('Department', 'choice', true, ['Maths', 'Art'], undefined, 1);
    const born = await addField('Born', 'date', false, [], undefined, 2);
    const seat = await addField('Seat', 'number', false, [], undefined, 3);
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const foreign = await addField('Foreign', 'text', false, [], other.id);
    const student = await studentSession();

    let info = (await get('/stu/info', student.cookie)).json().data;
    expect(info.fieldSet.map((f: Json) => f.name)).toEqual(['Department', 'Born', 'Seat']);
    expect(info.haveSetSfields).toBe(false);
    const boot = await get(`/u/${(await school(app)).hashUID}`, student.cookie);
    expect(boot.body).toContain('"haveSetSfields":false');

    const save = (values: { sfid: string; value: string }[], extra: Json = {}) =>
      post('/stu/info', { infoStr: JSON.stringify(values), ...extra }, student.cookie);
    const cases: [{ sfid: string; value: string }[], string, unknown][] = [
      [[{ sfid: dept, value: 'Physics' }], ACCOUNT_ERRORS.fieldProblem, { sfid: dept, problem: 'notChoice' }],
      [
        [
          { sfid: dept, value: 'Maths' },
          { sfid: born, value: '2001-02-30' },
        ],
        ACCOUNT_ERRORS.fieldProblem,
        { sfid: born, problem: 'notDate' },
      ],
      [
        [
          { sfid: dept, value: 'Maths' },
          { sfid: seat, value: 'twelve' },
        ],
        ACCOUNT_ERRORS.fieldProblem,
        { sfid: seat, problem: 'notNumber' },
      ],
      [[{ sfid: born, value: '2001-02-03' }], ACCOUNT_ERRORS.fieldProblem, { sfid: dept, problem: 'required' }],
      [
        [
          { sfid: dept, value: 'Maths' },
          { sfid: foreign, value: 'x' },
        ],
        ACCOUNT_ERRORS.unknownField,
        { sfid: foreign },
      ],
      [[{ sfid: '123', value: 'x' }], ACCOUNT_ERRORS.unknownField, { sfid: '123' }],
    ];
    for (const [values, error, data] of cases) {
      const res = await save(values, { name: 'Changed' });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json()).toMatchObject({ error, data });
    }
    // Nothing of a refused save stays (name included).
    expect((await get('/stu/info', student.cookie)).json().data).toMatchObject({ name: student.username, values: [] });
    const bad = await post('/stu/info', { infoStr: 'not json' }, student.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('infoStr');
    expect((await post('/stu/info', { infoStr: '[]', email: 'not-an-email' }, student.cookie)).statusCode).toBe(400);

    const ok = await save(
      [
        { sfid: dept, value: ' Maths ' },
        { sfid: born, value: '2001-02-03' },
        { sfid: seat, value: '007' },
      ],
      { name: 'Li Lei', email: 'li@example.org', phone: '+86 138' },
    );
    expect(ok.statusCode).toBe(200);
    info = ok.json().data;
    expect(info).toMatchObject({ name: 'Li Lei', email: 'li@example.org', phone: '+86 138', haveSetSfields: true });
    expect(Object.fromEntries(info.values.map((v: { sfid: string; value: string }) => [v.sfid, v.value]))).toEqual({
      [dept]: 'Maths',
      [born]: '2001-02-03',
      [seat]: '007',
    });
    // Clearing an optional value removes it; the required one is kept from before.
    info = (await save([{ sfid: born, value: '' }])).json().data;
    expect(info.values.map((v: { sfid: string }) => v.sfid).sort()).toEqual([dept, seat].sort());
    const page = await get(`/u/${(await school(app)).hashUID}`, student.cookie);
    expect(page.body).toContain('"haveSetSfields":true');
    expect(page.body).toContain(`"studentFields":[`);
    expect(page.body).toContain(`"sfid":"${dept}"`);
  });

  it('password: spec 5 rules, the settings and directory refusals, the throttle, and other sessions end', async () => {
    const student = await studentSession({ password: 'first-pass-1' });
    const here = student.cookie;
    expect((await post('/stu/password', { oldpwd: '', newpwd: 'x' }, here)).json()).toMatchObject({
      error: ACCOUNT_ERRORS.emptyPassword,
    });
    expect((await post('/stu/password', { oldpwd: 'first-pass-1', newpwd: '' }, here)).statusCode).toBe(400);
    expect((await post('/stu/password', { oldpwd: 'first-pass-1', newpwd: '12345' }, here)).json()).toMatchObject({
      error: ACCOUNT_ERRORS.passwordLength,
    });
    const wrong = await post('/stu/password', { oldpwd: 'nope-nope', newpwd: 'second-pass-2' }, here);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(STUDENT_ERRORS.wrongPassword);

    await setSettings({ changePass: true });
    expect(
      (await post('/stu/password', { oldpwd: 'first-pass-1', newpwd: 'second-pass-2' }, here)).json(),
    ).toMatchObject({ error: STUDENT_ERRORS.passwordChangeOff });
    await setSettings({ changePass: false, needPassword: false });
    const off = await post('/stu/password', { oldpwd: 'first-pass-1', newpwd: 'second-pass-2' }, here);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe(STUDENT_ERRORS.passwordChangeOff);
    await setSettings({ needPassword: true });

    // Another live session of the student (one login per student kicks others, so it is made directly): it ends.
    const now = Date.now();
    await insertSession(app.ctx.db, {
      tokenHash: hashToken('other-device-token'),
      role: 'student',
      userId: student.id,
      schoolId: student.schoolId,
      createdAt: now,
      expiresAt: now + 3_600_000,
      lastSeenAt: now,
      ip: '10.0.0.8',
      userAgent: 'x',
    });
    const other = 'y_main=other-device-token';
    expect((await get('/checkLogin', other)).json().data.login).toBe(true);
    const changed = await post('/stu/password', { oldpwd: 'first-pass-1', newpwd: 'second-pass-2' }, here);
    expect(changed.json()).toEqual({ status: 'ok', error: null, data: { changed: true } });
    expect((await get('/checkLogin', here)).json().data.login).toBe(true);
    expect((await get('/checkLogin', other)).json().data.login).toBe(false);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: student.username, password: 'first-pass-1' },
        })
      ).statusCode,
    ).toBe(401);
    await login(app, { username: student.username, password: 'second-pass-2' });

    // Wrong old passwords count with the login throttle: five lock the account (429).
    const fresh = await studentSession({ password: 'third-pass-3' });
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post('/stu/password', { oldpwd: `bad-${i}-xx`, newpwd: 'fourth-pass-4' }, fresh.cookie)).statusCode,
      ).toBe(400);
    expect(
      (await post('/stu/password', { oldpwd: 'third-pass-3', newpwd: 'fourth-pass-4' }, fresh.cookie)).statusCode,
    ).toBe(429);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/do/login',
          payload: { username: fresh.username, password: 'third-pass-3' },
        })
      ).statusCode,
    ).toBe(429);
  });

  it('password: a directory (LDAP) account is refused', async () => {
    const student = await studentSession();
    await sqlRun(app, "update students set source = 'ldap' where id = ?", student.id);
    const res = await post('/stu/password', { oldpwd: student.password, newpwd: 'another-pass-9' }, student.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(STUDENT_ERRORS.ldapAccount);
    expect((await get('/stu/setting', student.cookie)).json().data.canChangePassword).toBe(false);
  });

  it('avatar: checked by its bytes, at most 2097152 bytes, stored square, served, the previous one removed', async () => {
    const student = await studentSession();
    const onDisk = (url: string) => path.join(app.ctx.config.dataDir, url.replace(/^\//, ''));
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [name, data] of [
      ['fake.png', text],
      ['fake.jpg', text],
      [
        'notes.gif',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ],
    ] as const) {
      const res = await upload(student.cookie, name, data);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toBe(ACCOUNT_ERRORS.avatarType);
    }
    // A PNG named .jpg is still a picture: accepted by its bytes.
    const wide = await sharp({
      create: { width: 600, height: 300, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const first = await upload(student.cookie, 'me.jpg', wide);
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().data.avatar as string;
    expect(firstUrl).toMatch(/^\/files\/userupload\/\d+\/\d+\.JPG$/);
    const meta = await sharp(fs.readFileSync(onDisk(firstUrl))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    // Served to its student only (what students upload is theirs alone): 404 for a guest or another student.
    const served = await app.inject({ method: 'GET', url: firstUrl, headers: { cookie: student.cookie } });
    expect(served.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    const someoneElse = await studentSession();
    expect(
      (await app.inject({ method: 'GET', url: firstUrl, headers: { cookie: someoneElse.cookie } })).statusCode,
    ).toBe(404);
    expect((await get('/checkLogin', student.cookie)).json().data.userData.imageurl).toBe(firstUrl);

    // Exactly the limit is fine (a JPEG with padding after its end), one byte more is refused.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const atLimit = Buffer.concat([jpeg, Buffer.alloc(AVATAR_MAX_BYTES - jpeg.length)]);
    const second = await upload(student.cookie, 'me.jpeg', atLimit);
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().data.avatar as string;
    expect(fs.existsSync(onDisk(firstUrl))).toBe(false);
    expect((await app.inject({ method: 'GET', url: firstUrl, headers: { cookie: student.cookie } })).statusCode).toBe(
      404,
    );
    const tooBig = await upload(student.cookie, 'me.jpeg', Buffer.concat([atLimit, Buffer.alloc(1)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(ACCOUNT_ERRORS.avatarTooLarge);
    expect((await upload(student.cookie, 'me.png', wide, 'other-field')).statusCode).toBe(400);
    expect((await get('/stu/info', student.cookie)).json().data.avatar).toBe(secondUrl);
    expect(fs.existsSync(onDisk(secondUrl))).toBe(true);
  });

  it('registration: refused when off, required fields, taken names, seats, another school, then signed in', async () => {
    const main = await school(app);
    const base = { school: main.hashUID, username: 'newbie', name: 'New Bie', password: 'newbie-pass-1' };
    const off = await post('/do/register', base);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe(ACCOUNT_ERRORS.registrationOff);
    expect((await get(`/login/u/${main.hashUID}`)).body).toContain('"registerEnabled":false');

    await setSettings({ registration: true });
    expect((await get(`/login/u/${main.hashUID}`)).body).toContain('"registerEnabled":true');
    const grade = await addField('Grade', 'choice', true, ['One', 'Two']);
    const missing = await post('/do/register', base);
    expect(missing.json()).toMatchObject({
      error: ACCOUNT_ERRORS.fieldProblem,
      data: { sfid: grade, problem: 'required' },
    });
    expect((await post('/do/register', { ...base, password: '123' })).statusCode).toBe(400);
    expect((await post('/do/register', { ...base, school: 'garbage' })).statusCode).toBe(404);

    // Another school's hashUID registers there only when that school allows it.
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const otherHash = app.ctx.uidCodec.encode(other.id);
    expect((await post('/do/register', { ...base, school: otherHash })).statusCode).toBe(403);

    const done = await post('/do/register', { ...base, infoStr: JSON.stringify([{ sfid: grade, value: 'Two' }]) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      role: 'student',
      hashUID: main.hashUID,
      redirect: `/u/${main.hashUID}`,
      userData: { uname: 'newbie', sname: 'New Bie' },
    });
    const cookie = `y_main=${done.cookies.find((c) => c.name === 'y_main')!.value}`;
    const info = (await get('/stu/info', cookie)).json().data;
    expect(info).toMatchObject({
      username: 'newbie',
      source: 'local',
      haveSetSfields: true,
      values: [{ sfid: grade, value: 'Two' }],
    });
    await login(app, { username: 'newbie', password: 'newbie-pass-1' });
    const taken = await post('/do/register', { ...base, infoStr: JSON.stringify([{ sfid: grade, value: 'One' }]) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(STUDENT_ERRORS.usernameTaken);
  });

  it('registration: seats full refuses and leaves nothing; registrations are throttled by address', async () => {
    await app.close();
    app = await makeApp({ LICENCE_TRIAL_SEATS: 2 });
    ({ get } = injectAs(app, null));
    await setSettings({ registration: true });
    await buildStudent(app);
    const hash = (await school(app)).hashUID;
    expect(
      (await post('/do/register', { school: hash, username: 'one', name: 'One', password: 'one-pass-11' })).statusCode,
    ).toBe(200);
    const full = await post('/do/register', { school: hash, username: 'two', name: 'Two', password: 'two-pass-22' });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ error: LICENCE_ERRORS.seatsFull, data: { limit: 2, used: 2, adding: 1 } });
    expect(await sqlGet(app, "select count(*) as n from students where username = 'two'")).toEqual({ n: 0 });

    await app.close();
    app = await makeApp({ LICENCE_TRIAL_SEATS: 1000 });
    ({ get } = injectAs(app, null));
    await setSettings({ registration: true });
    const h = (await school(app)).hashUID;
    for (let i = 0; i < 20; i += 1)
      expect(
        (
          await post(
            '/do/register',
            { school: h, username: `u${i}`, name: 'U', password: 'some-pass-1' },
            undefined,
            '10.1.1.1',
          )
        ).statusCode,
      ).toBe(200);
    expect(
      (
        await post(
          '/do/register',
          { school: h, username: 'u20', name: 'U', password: 'some-pass-1' },
          undefined,
          '10.1.1.1',
        )
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await post(
          '/do/register',
          { school: h, username: 'u21', name: 'U', password: 'some-pass-1' },
          undefined,
          '10.1.1.2',
        )
      ).statusCode,
    ).toBe(200);
  }, 60_000);

  it('the shared rules: password and avatar checks', () => {
    const table: [string, string, Awaited<ReturnType<typeof passwordProblem>>][] = [
      ['', 'x', 'empty'],
      ['x', '', 'empty'],
      ['old', '12345', 'tooShort'],
      ['old', '123456', null],
      ['old', 'x'.repeat(129), 'tooLong'],
    ];
    for (const [oldpwd, newpwd, want] of table)
      expect(passwordProblem(oldpwd, newpwd), `${oldpwd}/${newpwd}`).toBe(want);
    const avatars: [string, number, Awaited<ReturnType<typeof avatarProblem>>][] = [
      ['a.JPG', 10, null],
      ['a.jpeg', AVATAR_MAX_BYTES, null],
      ['a.png', AVATAR_MAX_BYTES + 1, 'size'],
      ['a.gif', 10, 'type'],
      ['png', 10, 'type'],
    ];
    for (const [name, size, want] of avatars) expect(avatarProblem(name, size), name).toBe(want);
  });
});
