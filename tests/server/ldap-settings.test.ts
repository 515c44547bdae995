import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LDAP_ERRORS } from '../../shared/schemas/ldap';
import { createSchool } from '../../server/modules/schools/schools.service';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import {
  destroySlapd,
  freePort,
  numberedPeople,
  PEOPLE_DN,
  READER_DN,
  READER_PW,
  selfSignedCertificate,
  startSlapd,
  type Slapd,
} from '../helpers/slapd';
import { sqlGet, sqlRun } from '../helpers/sql';

let app: TestApp;
let slapd: Slapd;
let admin: string;
let api: Caller;
let guest: Caller;

const base = () => ({
  enabled: true,
  url: slapd.ldapUrl,
  startTLS: true,
  verifyCert: true,
  caCert: slapd.caCert,
  bindDN: READER_DN,
  bindPassword: READER_PW,
  baseDN: PEOPLE_DN,
});

beforeAll(async () => {
  slapd = await startSlapd({ people: numberedPeople(700) });
  app = await makeApp();
  admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  // The main admin, and a guest who may name another user for one request.
  api = injectAs(app, admin);
  guest = injectAs(app, null);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await destroySlapd(slapd);
});

describe('ldap/settings', () => {
  it('defaults: off, verification on, no schedule, cap 20, the inetOrgPerson filter and uid', async () => {
    const res = await api.get('/ldap/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      enabled: false,
      verifyCert: true,
      schedule: '',
      disableCap: 20,
      userFilter: '(objectClass=inetOrgPerson)',
      loginAttribute: 'uid',
      bindPasswordSet: false,
    });
  });

  it('saves the settings; the password is kept encrypted, never returned, and kept when left out', async () => {
    const saved = await api.post('/ldap/settings', base());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, url: slapd.ldapUrl, bindPasswordSet: true });
    expect(saved.body).not.toContain(READER_PW);
    const row = (await sqlGet(app, 'SELECT bind_password, config FROM ldap_settings')) as {
      bind_password: string;
      config: string;
    };
    expect(row.bind_password).not.toContain(READER_PW);
    expect(row.config).not.toContain(READER_PW);
    expect(row.bind_password.length).toBeGreaterThan(30);
    const { bindPassword: _omit, ...withoutPassword } = base();
    expect(
      (await api.post('/ldap/settings', { ...withoutPassword, bindDN: READER_DN })).json().data.bindPasswordSet,
    ).toBe(true);
    const test = await api.post('/ldap/test', {});
    expect(test.json().data).toEqual({ ok: true, message: 'ok', sample: 500 });
  });

  it('the saved password goes only to the server, bind DN and TLS settings it was entered for: changing them asks for it again', async () => {
    expect((await api.post('/ldap/settings', base())).statusCode).toBe(200);
    const { bindPassword: _omit, ...withoutPassword } = base();
    // A listener standing in for a host an administrator points the URL at: it must receive no bind.
    let received = 0;
    const trap = net.createServer((socket) => socket.on('data', (chunk) => (received += chunk.length)));
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const trapUrl = `ldap://127.0.0.1:${(trap.address() as net.AddressInfo).port}`;
    try {
      for (const patch of [
        { url: trapUrl, startTLS: false },
        { bindDN: `cn=admin,${PEOPLE_DN}` },
        { verifyCert: false },
        { startTLS: false },
      ]) {
        const saved = await api.post('/ldap/settings', { ...withoutPassword, ...patch });
        expect([saved.statusCode, saved.json().error], JSON.stringify(patch)).toEqual([400, LDAP_ERRORS.passwordAgain]);
        expect(
          (await api.post('/ldap/test', { ...withoutPassword, ...patch })).json().data,
          JSON.stringify(patch),
        ).toEqual({ ok: false, message: LDAP_ERRORS.passwordAgain, sample: 0 });
      }
      expect(received).toBe(0);
      // The same target keeps it; a new target with the password typed again is fine.
      expect((await api.post('/ldap/test', withoutPassword)).json().data).toMatchObject({ ok: true });
      expect((await api.post('/ldap/settings', { ...base(), url: slapd.ldapsUrl, startTLS: false })).statusCode).toBe(
        200,
      );
      expect((await api.post('/ldap/settings', base())).statusCode).toBe(200);
    } finally {
      trap.close();
    }
  });

  it('refuses a bad cron expression, a bad filter, a bad URL, a foreign group and a missing base DN', async () => {
    const bad = async (patch: object) => api.post('/ldap/settings', { ...base(), ...patch });
    const cron = await bad({ schedule: 'every day' });
    expect([cron.statusCode, cron.json().error]).toEqual([400, LDAP_ERRORS.badSchedule]);
    expect((await bad({ schedule: '0 2 * * *' })).statusCode).toBe(200);
    expect((await bad({ schedule: '' })).statusCode).toBe(200);
    expect((await bad({ userFilter: '(objectClass=' })).json().error).toBe(LDAP_ERRORS.badFilter);
    expect((await bad({ url: 'http://127.0.0.1' })).statusCode).toBe(400);
    expect((await bad({ baseDN: '' })).statusCode).toBe(400);
    const other = await createSchool(app.ctx, { name: 'G', adminUsername: 'g-admin', adminPassword: 'g-pass-12' });
    const foreignGroup = app.ctx.ids.next();
    await insertGroup(app.ctx.db, {
      id: foreignGroup,
      schoolId: other.id,
      parentId: null,
      name: 'theirs',
      position: 0,
      createdAt: Date.now(),
    });
    expect((await bad({ groupMapping: [{ ldap: PEOPLE_DN, gid: foreignGroup }] })).json().error).toBe(
      LDAP_ERRORS.badGroup,
    );
    expect((await api.get('/ldap/settings')).json().data.schedule).toBe('');
  });
});

describe('ldap/test: TLS and clear failures', () => {
  const test = async (patch: object) => (await api.post('/ldap/test', { ...base(), ...patch })).json().data;

  it('StartTLS and LDAPS with the CA given pass; without the CA the certificate is rejected', async () => {
    expect(await test({})).toMatchObject({ ok: true, sample: 500 });
    expect(await test({ url: slapd.ldapsUrl, startTLS: false })).toMatchObject({ ok: true, sample: 500 });
    expect(await test({ caCert: '' })).toEqual({ ok: false, message: LDAP_ERRORS.certificate, sample: 0 });
    expect(await test({ url: slapd.ldapsUrl, startTLS: false, caCert: '' })).toEqual({
      ok: false,
      message: LDAP_ERRORS.certificate,
      sample: 0,
    });
    // Verification off (an administrator's explicit choice) connects without the CA.
    expect(await test({ url: slapd.ldapsUrl, startTLS: false, caCert: '', verifyCert: false })).toMatchObject({
      ok: true,
    });
  });

  it('a wrong CA (another self-signed certificate for the same host) is rejected, for StartTLS and LDAPS alike', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-otherca-'));
    try {
      selfSignedCertificate(dir);
      const wrongCa = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
      expect(await test({ caCert: wrongCa })).toEqual({ ok: false, message: LDAP_ERRORS.certificate, sample: 0 });
      expect(await test({ url: slapd.ldapsUrl, startTLS: false, caCert: wrongCa })).toEqual({
        ok: false,
        message: LDAP_ERRORS.certificate,
        sample: 0,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a wrong password, a missing base DN and an unreachable server', async () => {
    expect(await test({ bindPassword: 'wrong' })).toMatchObject({ ok: false, message: LDAP_ERRORS.badBind });
    // A bind DN with an empty password would be an unauthenticated bind: refused before the directory is asked.
    await api.post('/ldap/settings', base());
    await sqlRun(app, "UPDATE ldap_settings SET bind_password = ''");
    expect(await test({ bindPassword: undefined })).toMatchObject({ ok: false, message: LDAP_ERRORS.badBind });
    expect(await test({ baseDN: 'ou=nobody,dc=lanxue,dc=test' })).toMatchObject({
      ok: false,
      message: LDAP_ERRORS.baseNotFound,
    });
    const closed = await freePort();
    expect(await test({ url: `ldap://127.0.0.1:${closed}` })).toMatchObject({
      ok: false,
      message: LDAP_ERRORS.unreachable,
    });
  });
});

describe('who may call the directory screens', () => {
  it('guest 401, student 403, sub-admin without setting 403, with setting 200; another school sees only its own', async () => {
    await api.post('/ldap/settings', base());
    const student = await login(app, { ...(await buildStudent(app)), school: (await school(app)).hashUID });
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course', 'student'])), role: 'admin' });
    const keeper = await login(app, { ...(await buildSubAdmin(app, ['setting'])), role: 'admin' });
    const attempts: ['GET' | 'POST', string, object?][] = [
      ['GET', '/ldap/settings'],
      ['POST', '/ldap/settings', base()],
      ['POST', '/ldap/test', {}],
      ['GET', '/ldap/sync?dryRun=1'],
      ['POST', '/ldap/sync', { dryRun: 1 }],
      ['GET', '/ldap/runs'],
    ];
    for (const [method, url, body] of attempts) {
      expect((await guest.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await guest.inject({ method, url, payload: body }, student.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, teacher.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, keeper.cookie)).statusCode, url).toBe(200);
    }
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await guest.get('/ldap/settings', other)).json().data).toMatchObject({
      enabled: false,
      url: '',
      bindPasswordSet: false,
    });
    expect((await guest.get('/ldap/runs', other)).json().data.list).toEqual([]);
    expect((await guest.get('/ldap/sync?dryRun=1', other)).json().error).toBe(LDAP_ERRORS.notConfigured);
    expect((await guest.get('/ldap/runs', keeper.cookie)).json().data.list.length).toBe(2);
  });
});
