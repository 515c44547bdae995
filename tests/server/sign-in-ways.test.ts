/**
 * Local accounts, the directory (LDAP) and the school's OpenID provider in one school at once (issue 19 'Single
 * sign-on': "LDAP, OIDC and local accounts coexist per school; an administrator can require SSO for students"),
 * against a real slapd and a real provider: each way signs its students in; a provider sign-in links to the
 * student the directory made (the school allows linking by user name), who keeps signing in either way; and once
 * SSO is required, passwords (local or directory) are refused for students while the provider still signs them
 * in and administrators keep their passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_ERRORS } from '../../shared/schemas/oidc';
import { findStudentByUsername } from '../../server/modules/auth/accounts.repository';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { signInAtProvider, startProvider } from '../helpers/oidc-provider';
import {
  destroySlapd,
  numberedPeople,
  PEOPLE_DN,
  PERSON_PW,
  READER_DN,
  READER_PW,
  startSlapd,
  type Slapd,
} from '../helpers/slapd';

const HOST = 'school.test';
let app: TestApp;
let slapd: Slapd;
let idp: Awaited<ReturnType<typeof startProvider>>;
let api: Caller;
let guest: Caller;

const oidcSettings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  name: 'Campus ID',
  issuer: idp.issuer,
  clientId: 'lanxue',
  clientSecret: 'lanxue-secret',
  linkByUsername: true,
  ...over,
});

/** A sign-in through the provider as a browser on the site: the callback's reply. */
async function providerSignIn(sub: string) {
  const started = await app.inject({
    method: 'GET',
    url: `/sso/oidc/start?school=${(await school(app)).hashUID}`,
    headers: { host: HOST },
  });
  expect(started.statusCode, started.body).toBe(302);
  const binding = started.cookies.find((c) => c.name === 'y_sso')!;
  const back = await signInAtProvider(started.headers.location as string, sub);
  return app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host: HOST, cookie: `y_sso=${binding.value}` },
  });
}

const directory = async (username: string, password = PERSON_PW) =>
  app.inject({
    method: 'POST',
    url: '/ldap/auth',
    payload: { school: (await school(app)).hashUID, username, password },
  });
const password = async (username: string, secret: string) =>
  app.inject({
    method: 'POST',
    url: '/do/login',
    payload: { school: (await school(app)).hashUID, username, password: secret },
  });

/** The student a session cookie of a reply belongs to (user name), or null. */
async function signedInAs(res: { cookies: { name: string; value: string }[] }): Promise<string | null> {
  const cookie = res.cookies.find((c) => c.name === 'y_main' && c.value);
  if (!cookie) return null;
  const state = (await guest.get('/checkLogin', `y_main=${cookie.value}`)).json().data;
  return state.login ? state.userData.uname : null;
}

beforeAll(async () => {
  slapd = await startSlapd({ people: numberedPeople(2) });
  idp = await startProvider({
    redirectUris: [`http://${HOST}/sso/oidc/callback`],
    people: [
      { sub: 'sub-dir', claims: { preferred_username: 'p00001', name: 'Person 00001 (provider)' } },
      { sub: 'sub-new', claims: { preferred_username: 'oidc-only', name: 'Only Provider' } },
    ],
  });
  app = await makeApp({ LDAP_TIMEOUT_MS: 3000 });
  api = injectAs(app, (await login(app, { ...ADMIN, role: 'admin' })).cookie);
  guest = injectAs(app, null);
  const ldap = await api.post('/ldap/settings', {
    enabled: true,
    url: slapd.ldapsUrl,
    caCert: slapd.caCert,
    bindDN: READER_DN,
    bindPassword: READER_PW,
    baseDN: PEOPLE_DN,
  });
  expect(ldap.statusCode, ldap.body).toBe(200);
  const oidc = await api.post('/oidc/settings', oidcSettings());
  expect(oidc.statusCode, oidc.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await idp?.close();
  await destroySlapd(slapd);
});

describe('one school, three ways to sign in', () => {
  it('a local student, a directory student and a provider student each sign in; the provider links to the directory one', async () => {
    const local = await buildStudent(app, { username: 'local-1' });
    expect(await signedInAs(await password('local-1', local.password))).toBe('local-1');

    const fromDirectory = await directory('p00001');
    expect(fromDirectory.statusCode, fromDirectory.body).toBe(200);
    expect(await signedInAs(fromDirectory)).toBe('p00001');
    const made = (await findStudentByUsername(app.ctx.db, (await school(app)).id, 'p00001'))!;
    expect(made).toBeDefined();

    const fresh = await providerSignIn('sub-new');
    expect(fresh.statusCode).toBe(303);
    expect(await signedInAs(fresh)).toBe('oidc-only');
    expect((await findStudentByUsername(app.ctx.db, (await school(app)).id, 'oidc-only'))?.schoolId).toBe(
      (await school(app)).id,
    );

    // The provider's p00001 is the directory's p00001: linked, not a second student.
    const linked = await providerSignIn('sub-dir');
    expect(await signedInAs(linked)).toBe('p00001');
    expect((await findStudentByUsername(app.ctx.db, (await school(app)).id, 'p00001'))!.id).toBe(made.id);
    // And the directory still signs the same student in.
    expect(await signedInAs(await directory('p00001'))).toBe('p00001');
    expect((await findStudentByUsername(app.ctx.db, (await school(app)).id, 'p00001'))!.id).toBe(made.id);
    // A wrong directory password is still refused (the provider link opens no back door).
    expect((await directory('p00001', 'wrong-password')).statusCode).toBe(401);
  });

  it('SSO required for students: local and directory passwords refused, the provider signs in, admins keep passwords', async () => {
    const local = await buildStudent(app, { username: 'local-2' });
    expect((await api.post('/oidc/settings', oidcSettings({ studentsRequired: true }))).statusCode).toBe(200);
    const byPassword = await password('local-2', local.password);
    expect(byPassword.statusCode).toBe(403);
    expect(byPassword.json().error).toBe(OIDC_ERRORS.ssoRequired);
    const byDirectory = await directory('p00002');
    expect(byDirectory.statusCode).toBe(403);
    expect(byDirectory.json().error).toBe(OIDC_ERRORS.ssoRequired);
    // Refused before the directory was asked: no student was made for p00002.
    expect(await findStudentByUsername(app.ctx.db, (await school(app)).id, 'p00002')).toBeUndefined();
    expect(await signedInAs(await providerSignIn('sub-dir'))).toBe('p00001');
    expect((await login(app, { ...ADMIN, role: 'admin' })).cookie).toBeTruthy();
    // Lifted: the directory signs in again.
    expect((await api.post('/oidc/settings', oidcSettings())).statusCode).toBe(200);
    expect(await signedInAs(await directory('p00002'))).toBe('p00002');
  });
});
