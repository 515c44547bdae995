import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { LOGIN_THROTTLE } from '../../shared/constants';
import { sqlAll, sqlRun } from '../helpers/sql';

describe('accounts and sessions (spec 6, 7 Auth)', () => {
  let app: TestApp;
  let get: Caller['get'];
  let clock: number;
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 22, 8, 0, 0);
    app = await makeApp({}, { now: () => clock });
    ({ get } = injectAs(app, null));
  });
  afterEach(() => app.close());

  it('a student logs in with an HttpOnly, SameSite=Lax y_main cookie for one day', async () => {
    const student = await buildStudent(app, { name: '王小明', groups: ['研发部', '新员工'] });
    const res = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: student.username, password: student.password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'y_main')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.data).toMatchObject({
      role: 'student',
      adminType: null,
      hashUID: (await school(app)).hashUID,
      redirect: `/u/${(await school(app)).hashUID}`,
    });
    expect(body.data.userData).toMatchObject({
      uname: student.username,
      sid: student.id,
      sname: '王小明',
      uid: (await school(app)).id,
    });
    expect(body.data.userData.gid.sort()).toEqual([...student.groupIds].sort());
  });

  it('only a hash of the token is stored', async () => {
    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    const token = cookie.split('=')[1];
    const rows = await sqlAll<{ token_hash: string }>(app, 'select token_hash from sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('checkLogin tells a guest from a student from an admin', async () => {
    const guest = (await get('/checkLogin')).json();
    expect(guest.data).toMatchObject({ login: false, role: 'guest', adminType: null, userData: { sid: '0' } });

    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    expect((await get('/checkLogin', cookie)).json().data).toMatchObject({
      login: true,
      role: 'student',
      userData: { sid: student.id },
    });

    const admin = await login(app, { ...ADMIN, role: 'admin' });
    expect(admin.body.data).toMatchObject({ role: 'admin', adminType: '0', redirect: '/learn/admin/' });
    const sub = await buildSubAdmin(app, ['course']);
    const subLogin = await login(app, { ...sub, role: 'admin' });
    expect(subLogin.body.data.adminType).toBe((await school(app)).id);
  });

  it('says the same thing for an unknown user and a wrong password', async () => {
    const student = await buildStudent(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: student.username, password: 'nope-nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'nobody', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ status: 'error', error: 'wrong username or password', data: null });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('a student belongs to one school: the same name at another school is another account', async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const here = await buildStudent(app, { username: 'same', password: 'here-pass-1' });
    await buildStudent(app, { username: 'same', password: 'there-pass-1', schoolId: other.id });
    const otherHash = app.ctx.uidCodec.encode(other.id);
    const there = await login(app, { username: 'same', password: 'there-pass-1', school: otherHash });
    expect(there.body.data.userData.uid).toBe(other.id);
    expect(there.body.data.redirect).toBe(`/u/${otherHash}`);
    const mixed = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'same', password: 'there-pass-1' },
    });
    expect(mixed.statusCode).toBe(401);
    expect((await login(app, { username: 'same', password: 'here-pass-1' })).body.data.userData.sid).toBe(here.id);
    const garbage = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: 'same', password: 'x', school: 'garbage' },
    });
    expect(garbage.statusCode).toBe(404);
  });

  it('honours a same-site return path and refuses another origin', async () => {
    const student = await buildStudent(app);
    const ok = await login(app, { ...student, returnUrl: '/course/abc#/introduce/info' } as never);
    expect(ok.body.data.redirect).toBe('/course/abc#/introduce/info');
    for (const returnUrl of ['https://evil.example/', '//evil.example/x', '/\\evil']) {
      const res = await app.inject({ method: 'POST', url: '/do/login', payload: { ...student, returnUrl } });
      expect(res.statusCode, returnUrl).toBe(400);
      expect(res.json().error).toMatch(/returnUrl/);
    }
  });

  it('logout ends the session on the server, not only the cookie', async () => {
    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    const res = await get('/do/s/logout', cookie);
    expect(res.json().status).toBe('ok');
    expect(res.cookies.find((c) => c.name === 'y_main')?.value).toBe('');
    expect((await get('/checkLogin', cookie)).json().data.login).toBe(false);
    expect((await get('/checkStudent/login', cookie)).statusCode).toBe(401);
    const admin = await login(app, { ...ADMIN, role: 'admin' });
    await get('/do/logout', admin.cookie);
    expect((await get('/admins/me', admin.cookie)).statusCode).toBe(401);
  });

  it('one live session per student: the older one is told isKic by checkStudent/login', async () => {
    const student = await buildStudent(app);
    const first = await login(app, student);
    expect((await get('/checkStudent/login', first.cookie)).json()).toEqual({
      status: 'ok',
      error: null,
      data: { isKic: false },
    });
    const second = await login(app, student, '10.0.0.2');
    const kicked = await get('/checkStudent/login', first.cookie);
    expect(kicked.statusCode).toBe(200);
    expect(kicked.json().data).toEqual({ isKic: true });
    expect((await get('/checkLogin', first.cookie)).json().data.login).toBe(false);
    expect((await get('/checkStudent/login', second.cookie)).json().data).toEqual({ isKic: false });
    expect((await get('/checkStudent/login')).json()).toEqual({ status: 'error', error: 'no login', data: null });
  });

  it('admins may hold several sessions', async () => {
    const a = await login(app, { ...ADMIN, role: 'admin' });
    const b = await login(app, { ...ADMIN, role: 'admin' });
    expect((await get('/admins/me', a.cookie)).statusCode).toBe(200);
    expect((await get('/admins/me', b.cookie)).statusCode).toBe(200);
  });

  it('a session ends after one day', async () => {
    const student = await buildStudent(app);
    const { cookie } = await login(app, student);
    clock += 24 * 60 * 60 * 1000 - 1000;
    expect((await get('/checkLogin', cookie)).json().data.login).toBe(true);
    clock += 2000;
    expect((await get('/checkLogin', cookie)).json().data.login).toBe(false);
  });

  it('a disabled account cannot log in', async () => {
    const student = await buildStudent(app);
    await sqlRun(app, 'update students set disabled = 1 where id = ?', student.id);
    const res = await app.inject({ method: 'POST', url: '/do/login', payload: student });
    expect(res.statusCode).toBe(401);
  });

  it('throttles an account from an address after repeated failures, then lets it in once the wait runs out', async () => {
    const student = await buildStudent(app);
    const attempt = (password: string, ip = '10.1.1.1') =>
      app.inject({
        method: 'POST',
        url: '/do/login',
        payload: { username: student.username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
    const waiting = await attempt(student.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      status: 'error',
      error: 'too many attempts',
      data: { retryAfter: LOGIN_THROTTLE.firstDelayMs / 1000 },
    });
    expect(waiting.headers['retry-after']).toBe(String(LOGIN_THROTTLE.firstDelayMs / 1000));
    // Neither the account from another address nor another account from this address waits.
    expect((await attempt(student.password, '10.9.9.9')).statusCode).toBe(200);
    const other = await buildStudent(app);
    expect(
      (await app.inject({ method: 'POST', url: '/do/login', payload: other, remoteAddress: '10.1.1.1' })).statusCode,
    ).toBe(200);
    clock += LOGIN_THROTTLE.firstDelayMs + 1;
    expect((await attempt(student.password)).statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = '10.2.2.2';
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/do/login',
        payload: { username: `guess${i}`, password: 'x' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const student = await buildStudent(app);
    const blocked = await app.inject({ method: 'POST', url: '/do/login', payload: student, remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: student,
      remoteAddress: '10.3.3.3',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('POST redirect answers data.url for home, login and register, and refuses other origins', async () => {
    const { id, hashUID } = await school(app);
    const post = (payload: object) => app.inject({ method: 'POST', url: '/redirect', payload });
    expect((await post({ uid: 0, type: 1, page: id })).json().data.url).toBe(`/login/u/${hashUID}`);
    expect((await post({ uid: 0, type: 1, page: hashUID, ReturnUrl: '/course/x' })).json().data.url).toBe(
      `/login/u/${hashUID}?return=%2Fcourse%2Fx`,
    );
    expect((await post({ uid: id, type: 0, page: 0 })).json().data.url).toBe(`/u/${hashUID}`);
    expect((await post({ uid: 0, type: 2, page: id })).json().data.url).toBe(`/login/u/${hashUID}?register=1`);
    expect((await post({ uid: 0, type: 1, page: '999' })).statusCode).toBe(404);
    expect((await post({ uid: 0, type: 1, page: id, ReturnUrl: 'https://evil.example' })).statusCode).toBe(400);
  });

  it('admins/me gives the landing data and follows permissions', async () => {
    const sub = await buildSubAdmin(app, ['course', 'student', 'bogus']);
    const { cookie } = await login(app, { ...sub, role: 'admin' });
    const me = (await get('/admins/me', cookie)).json().data;
    expect(me).toMatchObject({
      username: sub.username,
      adminType: (await school(app)).id,
      permissions: ['course', 'student'],
      school: { name: (await school(app)).name },
    });
    const main = await login(app, { ...ADMIN, role: 'admin' });
    expect((await get('/admins/me', main.cookie)).json().data.permissions).toHaveLength(8);
  });
});
