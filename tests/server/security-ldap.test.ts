/**
 * Directory security against a real slapd (tests/helpers/slapd.ts): GET ldap/sync only reads; directory
 * login that is simply not set up is a 4xx, not 503; user names compare in NFC (the login-name rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LDAP_ERRORS } from '../../shared/schemas/ldap';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import {
  destroySlapd,
  freePort,
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

/** 'josé' as the directory stores it (e + combining acute, NFD) and as a keyboard types it (NFC). */
const JOSE_NFD = 'jose\u0301';
const JOSE_NFC = 'jos\u00e9';
/** 'renée' stored composed, typed decomposed. */
const RENEE_NFC = 'ren\u00e9e';
const RENEE_NFD = 'rene\u0301e';
/** 'zoë', whose account was made (decomposed) before names were normalised. */
const ZOE_NFD = 'zoe\u0308';
const ZOE_NFC = 'zo\u00eb';

const settings = (overrides: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/ldap/settings',
    headers: { cookie: admin },
    payload: {
      enabled: true,
      url: slapd.ldapUrl,
      bindDN: READER_DN,
      bindPassword: READER_PW,
      baseDN: PEOPLE_DN,
      ...overrides,
    },
  });
const auth = async (username: string, ip = '10.1.0.1') =>
  app.inject({
    method: 'POST',
    url: '/ldap/auth',
    payload: { school: (await school(app)).hashUID, username, password: PERSON_PW },
    remoteAddress: ip,
  });
const doLogin = async (username: string, ip = '10.1.0.2') =>
  app.inject({
    method: 'POST',
    url: '/do/login',
    payload: { school: (await school(app)).hashUID, username, password: PERSON_PW },
    remoteAddress: ip,
  });
const usernames = async () =>
  (
    await sqlAll<{ username: string }>(app, "SELECT username FROM students WHERE source = 'ldap' ORDER BY username")
  ).map((r) => r.username);
const count = async (sql: string) => ((await sqlGet(app, sql)) as { n: number }).n;

beforeAll(async () => {
  const people = [
    ...numberedPeople(3),
    { uid: JOSE_NFD, cn: 'José' },
    { uid: RENEE_NFC, cn: 'Renée' },
    { uid: ZOE_NFD, cn: 'Zoë' },
  ];
  slapd = await startSlapd({ people });
  app = await makeApp({ LDAP_TIMEOUT_MS: 3000 });
  admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  expect((await settings()).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await destroySlapd(slapd);
});

describe('GET ldap/sync only reads', () => {
  it('GET ?dryRun=0&confirm=1 answers 405 and changes nothing; GET runs a dry run; the real run is POST', async () => {
    const runs = () => count('SELECT count(*) AS n FROM ldap_runs');
    const before = await runs();
    const viaGet = await app.inject({
      method: 'GET',
      url: '/ldap/sync?dryRun=0&confirm=1',
      headers: { cookie: admin },
    });
    expect([viaGet.statusCode, viaGet.headers.allow]).toEqual([405, 'POST']);
    expect(await usernames()).toEqual([]);
    expect(await runs()).toBe(before);
    const dry = await app.inject({ method: 'GET', url: '/ldap/sync', headers: { cookie: admin } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.run).toMatchObject({ dryRun: true, status: 'ok' });
    expect(await usernames()).toEqual([]);
  });
});

describe('directory login not set up', () => {
  it('answers 400 not configured (not 503) while turned off; 503 stays for a directory that is down', async () => {
    const local = await buildStudent(app);
    try {
      expect((await settings({ enabled: false })).statusCode).toBe(200);
      const res = await auth('p00001');
      expect([res.statusCode, res.json().error]).toEqual([400, LDAP_ERRORS.notConfigured]);
      expect(await usernames()).toEqual([]);
      expect((await settings({ url: `ldap://127.0.0.1:${await freePort()}` })).statusCode).toBe(200);
      const down = await auth('p00002');
      expect([down.statusCode, down.json().error]).toEqual([503, LDAP_ERRORS.unreachable]);
      // Local accounts sign in either way.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/do/login',
            payload: { ...local, school: (await school(app)).hashUID },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      expect((await settings()).statusCode).toBe(200);
    }
  });
});

describe('user names compare in NFC (the login-name rule)', () => {
  it('a uid stored decomposed signs in typed composed, on both login forms; the account is kept in NFC', async () => {
    const first = await auth(JOSE_NFC);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.userData.uname).toBe(JOSE_NFC);
    for (const typed of [JOSE_NFC, JOSE_NFD]) {
      expect((await doLogin(typed)).statusCode, JSON.stringify(typed)).toBe(200);
      expect((await auth(typed)).statusCode, JSON.stringify(typed)).toBe(200);
    }
    // A uid stored composed, typed decomposed.
    expect((await auth(RENEE_NFD)).statusCode).toBe(200);
    expect((await doLogin(RENEE_NFD)).statusCode).toBe(200);
    expect(await usernames()).toEqual([JOSE_NFC, RENEE_NFC].sort());
  });

  it('an account made decomposed before still signs in typed composed, and a sync keeps it (no second account)', async () => {
    const made = await buildStudent(app, { username: ZOE_NFD });
    await sqlRun(
      app,
      "UPDATE students SET source = 'ldap', password_hash = NULL, external_id = ? WHERE id = ?",
      slapd.dnOf({ uid: ZOE_NFD }),
      made.id,
    );
    const res = await doLogin(ZOE_NFC);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.userData.sid).toBe(made.id);
    expect((await auth(ZOE_NFC)).json().data.userData.sid).toBe(made.id);
    const sync = await app.inject({
      method: 'POST',
      url: '/ldap/sync',
      headers: { cookie: admin },
      payload: { dryRun: false, confirm: true },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data.run).toMatchObject({ status: 'ok', errors: 0 });
    expect(
      sync
        .json()
        .data.diff.create.map((p: { username: string }) => p.username)
        .sort(),
    ).toEqual(['p00001', 'p00002', 'p00003']);
    expect(await count("SELECT count(*) AS n FROM students WHERE source = 'ldap'")).toBe(6);
  });
});
