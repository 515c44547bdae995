/** ldap/auth and do/login for directory accounts, against a real slapd (tests/helpers/slapd.ts). */
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../shared/envelope';
import { LDAP_ERRORS } from '../../shared/schemas/ldap';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { directoryLogin } from '../../server/modules/ldap/ldap-auth.service';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import {
  destroySlapd,
  GROUPS_DN,
  numberedPeople,
  PEOPLE_DN,
  PERSON_PW,
  READER_DN,
  READER_PW,
  startSlapd,
  type Slapd,
} from '../helpers/slapd';
import { sqlAll, sqlGet, sqlRun } from '../helpers/sql';

let app: TestApp;
let slapd: Slapd;
let admin: string;
let maths = '';

const auth = async (payload: object, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/ldap/auth',
    payload: { school: (await school(app)).hashUID, ...payload },
    remoteAddress: ip,
  });
const doLogin = async (payload: object, ip = '10.0.0.2') =>
  app.inject({
    method: 'POST',
    url: '/do/login',
    payload: { school: (await school(app)).hashUID, ...payload },
    remoteAddress: ip,
  });
const row = (username: string) =>
  sqlGet<Record<string, unknown>>(app, 'SELECT * FROM students WHERE username = ?', username);

beforeAll(async () => {
  slapd = await startSlapd({
    people: [...numberedPeople(20), { uid: 'star*', cn: 'Star' }],
    groups: { maths: ['p00001'] },
  });
  app = await makeApp({ LDAP_TIMEOUT_MS: 3000 });
  admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  maths = app.ctx.ids.next();
  await insertGroup(app.ctx.db, {
    id: maths,
    schoolId: (await school(app)).id,
    parentId: null,
    name: 'maths',
    position: 0,
    createdAt: Date.now(),
  });
  const saved = await app.inject({
    method: 'POST',
    url: '/ldap/settings',
    headers: { cookie: admin },
    payload: {
      enabled: true,
      url: slapd.ldapsUrl,
      caCert: slapd.caCert,
      bindDN: READER_DN,
      bindPassword: READER_PW,
      baseDN: PEOPLE_DN,
      groupMapping: [{ ldap: `cn=maths,${GROUPS_DN}`, gid: maths }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await destroySlapd(slapd);
});

describe('ldap/auth', () => {
  it('the right directory password signs in and creates the student on first login (mapped attributes and groups; no password stored)', async () => {
    const res = await auth({ username: 'p00001', password: PERSON_PW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'student',
      userData: { uname: 'p00001', sname: 'Person 00001', gid: [maths] },
    });
    expect(res.cookies.find((c) => c.name === 'y_main')).toBeTruthy();
    expect(await row('p00001')).toMatchObject({
      source: 'ldap',
      password_hash: null,
      email: 'p00001@lanxue.test',
      external_id: slapd.dnOf({ uid: 'p00001' }),
    });
    expect(JSON.stringify(await sqlAll(app, 'SELECT * FROM students'))).not.toContain(PERSON_PW);
    // Again, and through the normal login form: the same account.
    expect((await auth({ username: 'p00001', password: PERSON_PW })).statusCode).toBe(200);
    // GET ldap/auth only says whether the school signs in through the directory: never a password in a URL.
    expect(
      (await app.inject({ method: 'GET', url: `/ldap/auth?school=${(await school(app)).hashUID}` })).json().data,
    ).toEqual({
      enabled: true,
    });
    const withPassword = await app.inject({
      method: 'GET',
      url: `/ldap/auth?school=${(await school(app)).hashUID}&username=p00001&password=${PERSON_PW}`,
    });
    expect(withPassword.json().data).toEqual({ enabled: true });
    expect(withPassword.cookies.find((c) => c.name === 'y_main')).toBeUndefined();
    expect((await doLogin({ username: 'p00001', password: PERSON_PW })).statusCode).toBe(200);
    expect(
      ((await sqlGet(app, "SELECT count(*) AS n FROM students WHERE username = 'p00001'")) as { n: number }).n,
    ).toBe(1);
  });

  it('a wrong password is 401 like do/login, creates nothing, and counts towards the throttle', async () => {
    const wrong = await auth({ username: 'p00002', password: 'nope' }, '10.0.0.9');
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, ERRORS.badCredentials]);
    expect(await row('p00002')).toBeUndefined();
    expect((await auth({ username: 'nobody', password: PERSON_PW })).statusCode).toBe(401);
    // A filter character is a value, not a wildcard: 'p*' matches nobody, 'star*' only the entry named so.
    expect((await auth({ username: 'p*', password: PERSON_PW })).statusCode).toBe(401);
    expect((await auth({ username: 'star*', password: PERSON_PW })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await auth({ username: 'p00003', password: 'nope' }, '10.0.0.10')).statusCode).toBe(401);
    // That address waits for this account on both login forms (the same throttle as do/login); from elsewhere the
    // owner still signs in.
    expect((await auth({ username: 'p00003', password: PERSON_PW }, '10.0.0.10')).statusCode).toBe(429);
    expect((await doLogin({ username: 'p00003', password: PERSON_PW }, '10.0.0.10')).statusCode).toBe(429);
    expect((await auth({ username: 'p00003', password: PERSON_PW }, '10.0.0.11')).statusCode).toBe(200);
  });

  it('do/login of a directory account binds to the directory: its password, not a stored one', async () => {
    expect((await auth({ username: 'p00004', password: PERSON_PW })).statusCode).toBe(200);
    expect((await doLogin({ username: 'p00004', password: 'nope' })).statusCode).toBe(401);
    expect((await doLogin({ username: 'p00004', password: PERSON_PW })).statusCode).toBe(200);
  });

  it('a disabled account is refused', async () => {
    expect((await auth({ username: 'p00005', password: PERSON_PW })).statusCode).toBe(200);
    await sqlRun(app, "UPDATE students SET disabled = 1, disabled_by = 'admin' WHERE username = 'p00005'");
    expect((await auth({ username: 'p00005', password: PERSON_PW })).statusCode).toBe(401);
    expect((await doLogin({ username: 'p00005', password: PERSON_PW })).statusCode).toBe(401);
  });

  it('with the directory down, directory students get 503 directory unreachable and local students still sign in', async () => {
    const local = await buildStudent(app, { username: 'local1', password: 'local-pass-1' });
    expect((await auth({ username: 'p00006', password: PERSON_PW })).statusCode).toBe(200);
    await slapd.stop();
    try {
      for (const res of [
        await doLogin({ username: 'p00006', password: PERSON_PW }),
        await auth({ username: 'p00007', password: PERSON_PW }),
      ]) {
        expect([res.statusCode, res.json().error]).toEqual([503, LDAP_ERRORS.unreachable]);
      }
      expect((await doLogin({ username: local.username, password: local.password })).statusCode).toBe(200);
    } finally {
      await slapd.start();
    }
    expect((await doLogin({ username: 'p00006', password: PERSON_PW })).statusCode).toBe(200);
  });

  it('an empty password never binds: refused at the door, and the directory check answers a wrong password before any bind', async () => {
    // An LDAP simple bind with a DN and an empty password is an unauthenticated bind that many servers accept.
    expect((await auth({ username: 'p00009', password: '' })).statusCode).toBe(400);
    expect((await doLogin({ username: 'p00009', password: '' })).statusCode).toBe(400);
    const bind = vi.spyOn(Client.prototype, 'bind');
    try {
      expect(await directoryLogin(app.ctx, (await school(app)).id, 'p00009', '', null)).toBeNull();
      expect(bind).not.toHaveBeenCalled();
    } finally {
      bind.mockRestore();
    }
    expect(await row('p00009')).toBeUndefined();
  });

  it("a login attribute other than the user name: another person's entry carrying an account's name does not sign in as that account", async () => {
    expect((await auth({ username: 'p00010', password: PERSON_PW })).statusCode).toBe(200);
    slapd.modify(
      `dn: uid=intruder,${PEOPLE_DN}\nchangetype: add\nobjectClass: inetOrgPerson\nuid: intruder\ncn: Intruder\nsn: Intruder\nmail: p00010\nuserPassword: intruder-pass-1\n`,
    );
    const { bindPasswordSet: _set, ...settings } = (
      await app.inject({ method: 'GET', url: '/ldap/settings', headers: { cookie: admin } })
    ).json().data;
    const save = (loginAttribute: string) =>
      app.inject({
        method: 'POST',
        url: '/ldap/settings',
        headers: { cookie: admin },
        payload: { ...settings, loginAttribute },
      });
    expect((await save('mail')).statusCode).toBe(200);
    try {
      // The search for mail=p00010 finds the intruder's entry, whose password binds: still not p00010's account.
      for (const res of [
        await doLogin({ username: 'p00010', password: 'intruder-pass-1' }, '10.0.0.20'),
        await auth({ username: 'p00010', password: 'intruder-pass-1' }, '10.0.0.21'),
      ]) {
        expect([res.statusCode, res.json().error]).toEqual([401, ERRORS.badCredentials]);
      }
    } finally {
      expect((await save('uid')).statusCode).toBe(200);
    }
  });

  it('directory login turned off: directory accounts cannot sign in, and nobody new is created', async () => {
    const settings = (await app.inject({ method: 'GET', url: '/ldap/settings', headers: { cookie: admin } })).json()
      .data;
    const { bindPasswordSet: _set, ...rest } = settings;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/ldap/settings',
          headers: { cookie: admin },
          payload: { ...rest, enabled: false },
        })
      ).statusCode,
    ).toBe(200);
    const res = await doLogin({ username: 'p00004', password: PERSON_PW });
    // Turned off is not 'down': a 4xx (503 stays for a directory that cannot be reached).
    expect([res.statusCode, res.json().error]).toEqual([400, LDAP_ERRORS.notConfigured]);
    expect((await auth({ username: 'p00008', password: PERSON_PW })).statusCode).toBe(400);
    expect(await row('p00008')).toBeUndefined();
  });
});
