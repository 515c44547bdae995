import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_ERRORS } from '../../shared/schemas/oidc';
import { createSchool } from '../../server/modules/schools/schools.service';
import { findStudentByUsername, insertGroup, studentGroupIds } from '../../server/modules/auth/accounts.repository';
import { eq } from 'drizzle-orm';
import { schools, ssoLogins } from '../../server/db/schema';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { signInAtProvider, startProvider } from '../helpers/oidc-provider';
import { first as firstRow } from '../../server/db/client';

const HOST = 'school.test';
const SITE = `http://${HOST}`;
let app: TestApp;
let idp: Awaited<ReturnType<typeof startProvider>>;
let api: Caller;
let guest: Caller;
let clock = Date.now();
let maths = '';
/** The cookie the last start set: the browser that started the sign-in. */
let binding = '';
let physics = '';

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  name: 'Campus ID',
  issuer: idp.issuer,
  clientId: 'lanxue',
  clientSecret: 'lanxue-secret',
  groupMapping: [
    { claim: 'maths-101', gid: maths },
    { claim: 'physics-7', gid: physics },
  ],
  ...over,
});

/** GET /sso/oidc/start as a browser on the site: the provider's authorization URL. */
async function start(query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/sso/oidc/start?school=${(await school(app)).hashUID}${query}`,
    headers: { host: HOST },
  });
  expect(res.statusCode, res.body).toBe(302);
  const bound = res.cookies.find((c) => c.name === 'y_sso');
  expect(bound?.path).toBe('/sso/oidc/');
  binding = `y_sso=${bound!.value}`;
  return res.headers.location as string;
}

/** Comes back to the platform's callback with the URL the provider sent the browser to. */
function callback(url: URL, cookie = binding) {
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: HOST, cookie } });
}

const sessionOf = (res: Awaited<ReturnType<typeof callback>>) => res.cookies.find((c) => c.name === 'y_main');

beforeAll(async () => {
  idp = await startProvider({
    redirectUris: [`${SITE}/sso/oidc/callback`],
    logoutUris: [`${SITE}/login/u/placeholder`],
    people: [
      {
        sub: 'sub-ana',
        claims: {
          preferred_username: 'ana',
          name: 'Ana Li',
          email: 'ana@campus.test',
          groups: ['maths-101', 'staff-x'],
        },
      },
      { sub: 'sub-bo', claims: { preferred_username: 'bo', name: 'Bo', groups: ['physics-7'] } },
      { sub: 'sub-admin', claims: { preferred_username: ADMIN.username, name: 'Head' } },
      { sub: 'sub-nobody', claims: { preferred_username: 'not-an-admin', name: 'X' } },
      { sub: 'sub-kept', claims: { preferred_username: 'kept', name: 'Kept Name' } },
    ],
  });
  app = await makeApp({}, { now: () => clock });
  const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  api = injectAs(app, admin);
  guest = injectAs(app, null);
  const sid = (await school(app)).id;
  maths = app.ctx.ids.next();
  physics = app.ctx.ids.next();
  for (const [id, name] of [
    [maths, 'Maths'],
    [physics, 'Physics'],
  ] as const)
    await insertGroup(app.ctx.db, { id, schoolId: sid, parentId: null, name, position: 0, createdAt: clock });
  // The logout redirect goes back to this school's sign-in page: register it at the provider.
  await idp.provider.Client.find('lanxue').then(async (c) => {
    (c as unknown as { postLogoutRedirectUris: string[] }).postLogoutRedirectUris = [
      `${SITE}/login/u/${(await school(app)).hashUID}`,
    ];
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await idp?.close();
});

describe('oidc/settings', () => {
  it('defaults off; saves with the secret sealed, never returned; https only (http on loopback)', async () => {
    const first = await api.get('/oidc/settings');
    expect(first.json().data).toMatchObject({
      enabled: false,
      clientSecretSet: false,
      redirectUri: 'http://localhost:80/sso/oidc/callback',
    });
    const bad = await api.post('/oidc/settings', settings({ issuer: 'http://idp.example.com' }));
    expect(bad.statusCode).toBe(400);
    expect((await api.post('/oidc/settings', settings({ issuer: 'ftp://x' }))).statusCode).toBe(400);
    expect(
      (await api.post('/oidc/settings', settings({ groupMapping: [{ claim: 'x', gid: '123' }] }))).json().error,
    ).toBe(OIDC_ERRORS.badGroup);
    const saved = await api.post('/oidc/settings', settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, clientSecretSet: true, name: 'Campus ID' });
    expect(saved.body).not.toContain('lanxue-secret');
    const raw = firstRow(
      await app.ctx.db
        .select({ settings: schools.settings })
        .from(schools)
        .where(eq(schools.id, (await school(app)).id)),
    )!;
    expect(raw.settings).not.toContain('lanxue-secret');
    // Without a secret: kept for the same issuer and client; asked again for another client id.
    expect((await api.post('/oidc/settings', settings({ clientSecret: undefined }))).statusCode).toBe(200);
    const moved = await api.post('/oidc/settings', settings({ clientSecret: undefined, clientId: 'other' }));
    expect(moved.json().error).toBe(OIDC_ERRORS.secretAgain);
  });

  it('test discovery: ok with the provider, a clear failure for a wrong issuer', async () => {
    const good = await api.post('/oidc/test', {});
    expect(good.json().data).toMatchObject({ ok: true, issuer: idp.issuer, endSession: true });
    const wrong = await api.post('/oidc/test', { issuer: 'http://127.0.0.1:9/' });
    expect(wrong.json().data).toMatchObject({ ok: false, message: OIDC_ERRORS.discovery });
  });

  it('guest 401, student 403, sub-admin without setting 403, with setting 200; another school sees its own', async () => {
    const student = await login(app, { ...(await buildStudent(app)), school: (await school(app)).hashUID });
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const keeper = await login(app, { ...(await buildSubAdmin(app, ['setting'])), role: 'admin' });
    const attempts: ['GET' | 'POST', string, object?][] = [
      ['GET', '/oidc/settings'],
      ['POST', '/oidc/settings', settings()],
      ['POST', '/oidc/test', {}],
    ];
    for (const [method, url, body] of attempts) {
      expect((await guest.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await guest.inject({ method, url, payload: body }, student.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, teacher.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, keeper.cookie)).statusCode, url).toBe(200);
    }
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await guest.get('/oidc/settings', other)).json().data).toMatchObject({
      enabled: false,
      issuer: '',
      clientSecretSet: false,
    });
    // The other school's group ids are unknown here.
    const foreign = await guest.post('/oidc/settings', settings({ clientSecret: 'x' }), other);
    expect(foreign.json().error).toBe(OIDC_ERRORS.badGroup);
  });
});

describe('signing in through the provider', () => {
  it('status and the bootstrap name the start URL', async () => {
    const status = (await guest.get(`/oidc/status?school=${(await school(app)).hashUID}`)).json().data;
    expect(status).toMatchObject({ enabled: true, name: 'Campus ID', studentsRequired: false, staffAllowed: false });
    expect(status.studentStart).toBe(`/sso/oidc/start?school=${(await school(app)).hashUID}`);
    // Another school's sign-in pages know nothing of this provider (per-school settings).
    const other = await createSchool(app.ctx, {
      name: 'Third',
      adminUsername: 'third-admin',
      adminPassword: 'third-pass-1',
    });
    const otherStatus = (await guest.get(`/oidc/status?school=${app.ctx.uidCodec.encode(other.id)}`)).json().data;
    expect(otherStatus).toMatchObject({ enabled: false, studentStart: '', staffStart: '' });
    const page = await app.inject({ method: 'GET', url: `/login/u/${(await school(app)).hashUID}` });
    expect(page.body).toContain(`"ssoServer":"/sso/oidc/start?school=${(await school(app)).hashUID}"`);
  });

  it('a good login: PKCE S256, the student created with the mapped claims and groups, a session, the return path', async () => {
    const authorize = new URL(await start('&returnTo=/u/x/course'));
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const back = await signInAtProvider(authorize.href, 'sub-ana');
    const res = await callback(back);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/u/x/course');
    const cookie = sessionOf(res);
    expect(cookie?.value).toBeTruthy();
    const state = (await guest.get('/checkLogin', `y_main=${cookie!.value}`)).json().data;
    expect(state).toMatchObject({ login: true, role: 'student', userData: { uname: 'ana', sname: 'Ana Li' } });
    const ana = (await findStudentByUsername(app.ctx.db, (await school(app)).id, 'ana'))!;
    expect(ana.email).toBe('ana@campus.test');
    expect(ana.passwordHash).toBeNull();
    expect(await studentGroupIds(app.ctx.db, ana.id)).toEqual([maths]);
  });

  it('a replayed callback is refused (the state is used once)', async () => {
    const back = await signInAtProvider(await start(), 'sub-bo');
    expect((await callback(back)).statusCode).toBe(303);
    const again = await callback(back);
    expect(again.headers.location).toBe(`/login/u/${(await school(app)).hashUID}?ssoError=failed`);
    expect(sessionOf(again)).toBeUndefined();
  });

  it('a user in a mapped group: the mapped groups follow the provider, others stay', async () => {
    const bo = (await findStudentByUsername(app.ctx.db, (await school(app)).id, 'bo'))!;
    expect(await studentGroupIds(app.ctx.db, bo.id)).toEqual([physics]);
    idp.people.get('sub-bo')!.claims.groups = ['maths-101'];
    const res = await callback(await signInAtProvider(await start(), 'sub-bo'));
    expect(sessionOf(res)).toBeTruthy();
    expect(await studentGroupIds(app.ctx.db, bo.id)).toEqual([maths]);
  });

  it('a callback carried to another browser (without its binding cookie) is refused', async () => {
    const back = await signInAtProvider(await start(), 'sub-ana');
    const elsewhere = await callback(back, '');
    expect(elsewhere.headers.location).toContain('ssoError=failed');
    expect(sessionOf(elsewhere)).toBeUndefined();
  });

  it('a wrong state is refused', async () => {
    const back = await signInAtProvider(await start(), 'sub-ana');
    back.searchParams.set('state', 'not-the-state');
    // With the browser's cookie (a mismatch), and with a cookie that says the same unknown state.
    for (const cookie of [binding, 'y_sso=not-the-state']) {
      const res = await callback(back, cookie);
      expect(res.headers.location).toContain('ssoError=failed');
      expect(sessionOf(res)).toBeUndefined();
    }
  });

  it('a wrong nonce (the stored one tampered with) is refused', async () => {
    const authorize = new URL(await start());
    await app.ctx.db.update(ssoLogins).set({ nonce: 'tampered' });
    const res = await callback(await signInAtProvider(authorize.href, 'sub-ana'));
    expect(res.headers.location).toContain('ssoError=failed');
    expect(sessionOf(res)).toBeUndefined();
  });

  it('an expired ID token is refused (the platform clock past exp + 60 s tolerance)', async () => {
    idp.settings.idTokenTtl = 30;
    try {
      const back = await signInAtProvider(await start(), 'sub-ana');
      clock += 5 * 60_000;
      const res = await callback(back);
      expect(res.headers.location).toContain('ssoError=failed');
      expect(sessionOf(res)).toBeUndefined();
    } finally {
      idp.settings.idTokenTtl = 3600;
    }
  });

  it('a sign-in left more than 10 minutes is refused', async () => {
    const back = await signInAtProvider(await start(), 'sub-ana');
    clock += 11 * 60_000;
    expect((await callback(back)).headers.location).toContain('ssoError=failed');
  });

  it('an existing student: linked by user name only when the school allows it', async () => {
    await buildStudent(app, { username: 'kept' });
    const refused = await callback(await signInAtProvider(await start(), 'sub-kept'));
    expect(sessionOf(refused)).toBeUndefined();
    await api.post('/oidc/settings', settings({ linkByUsername: true }));
    const linked = await callback(await signInAtProvider(await start(), 'sub-kept'));
    const state = (await guest.get('/checkLogin', `y_main=${sessionOf(linked)!.value}`)).json().data;
    expect(state.userData).toMatchObject({ uname: 'kept', sname: 'Kept Name' });
  });

  it('SSO required for students: the password login is refused with a clear message', async () => {
    const local = await buildStudent(app);
    await api.post('/oidc/settings', settings({ studentsRequired: true }));
    const res = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: local.username, password: local.password, school: (await school(app)).hashUID },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(OIDC_ERRORS.ssoRequired);
    expect((await guest.get('/oidc/status')).json().data.studentsRequired).toBe(true);
    // Administrators still sign in with their password.
    await login(app, { ...ADMIN, role: 'admin' });
    await api.post('/oidc/settings', settings());
  });

  it('staff: only when allowed, only into an existing administrator (never created), then by subject', async () => {
    const off = await app.inject({
      method: 'GET',
      url: `/sso/oidc/start?school=${(await school(app)).hashUID}&as=admin`,
      headers: { host: HOST },
    });
    expect(off.headers.location).toContain('ssoError=staffOff');
    await api.post('/oidc/settings', settings({ staffAllowed: true }));
    const nobody = await callback(await signInAtProvider(await start('&as=admin'), 'sub-nobody'));
    expect(nobody.headers.location).toMatch(/\/admin\/\?ssoError=noAdmin$/);
    expect(sessionOf(nobody)).toBeUndefined();
    const head = await callback(await signInAtProvider(await start('&as=admin'), 'sub-admin'));
    expect(head.headers.location).toMatch(/\/admin\/$/);
    const state = (await guest.get('/checkLogin', `y_main=${sessionOf(head)!.value}`)).json().data;
    expect(state).toMatchObject({ login: true, role: 'admin', userData: { uname: ADMIN.username } });
  });

  it('logout ends the session and sends the browser to the provider end-session endpoint', async () => {
    const res = await callback(await signInAtProvider(await start(), 'sub-ana'));
    const cookie = `y_main=${sessionOf(res)!.value}`;
    const out = await app.inject({ method: 'POST', url: '/oidc/logout', headers: { cookie, host: HOST } });
    const redirect = new URL(out.json().data.redirect);
    expect(redirect.origin).toBe(idp.issuer);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(
      `${SITE}/login/u/${(await school(app)).hashUID}`,
    );
    expect((await guest.get('/checkLogin', cookie)).json().data.login).toBe(false);
    // A password account logs out without a redirect.
    const local = await login(app, { ...(await buildStudent(app)), school: (await school(app)).hashUID });
    const plain = await app.inject({ method: 'POST', url: '/oidc/logout', headers: { cookie: local.cookie } });
    expect(plain.json().data.redirect).toBe('');
  });
});
