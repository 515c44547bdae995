import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LICENCE_ERRORS } from '../../shared/schemas/licence';
import { getAppSetting } from '../../server/modules/schools/schools.repository';
import { createSchool } from '../../server/modules/schools/schools.service';
import { assertSeats, seatState } from '../../server/modules/licence/seats';
import { machineCodeOf } from '../../server/modules/licence/licence-crypto';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { licenceKeys, signLicence } from '../helpers/licence';
import { enrol } from '../helpers/learning-factory';
import { learnCourse } from './records-helpers';

/** Licence and upgrade status: GET/POST reg, seats from the licence, the trial, expiry. */

const DAY = 24 * 3600 * 1000;

describe('licence registration (GET/POST reg)', () => {
  let app: TestApp;
  let clock: number;
  let keys: Awaited<ReturnType<typeof licenceKeys>>;
  let admin: string;
  let api: Caller;
  let guest: Caller;
  let machine: string;
  let schoolName: string;

  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 22, 9, 0, 0);
    keys = licenceKeys();
    app = await makeApp({ LICENCE_PUBLIC_KEY: keys.pem, LICENCE_TRIAL_SEATS: 5 }, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    api = injectAs(app, admin);
    guest = injectAs(app, null);
    schoolName = (await school(app)).name;
    machine = (await api.get('/reg')).json().data.machineCode;
  });
  afterEach(() => app.close());

  const licence = (payload: Record<string, unknown> = {}, key = keys.privateKey) =>
    signLicence(key, { school: schoolName, machineCode: machine, seats: 3, expiresAt: '2027-12-31', ...payload });
  const register = (text: string, cookie = admin) => guest.post('/reg', { licence: text }, cookie);

  it('the machine code comes from the install id made at first start, and stays', async () => {
    const installId = await getAppSetting(app.ctx.db, 'install_id');
    expect(installId).toMatch(/^[0-9a-f]{32}$/);
    expect(machine).toBe(machineCodeOf(installId!));
    expect(machine).toMatch(/^LX-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect((await api.get('/reg')).json().data.machineCode).toBe(machine);
  });

  it('an unregistered install runs the trial', async () => {
    await buildStudent(app);
    const res = await api.get('/reg');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      machineCode: machine,
      registered: false,
      licence: null,
      seats: { limit: 5, used: 1 },
      trial: true,
      expired: false,
      trialSeats: 5,
    });
  });

  it('a valid licence registers: its seats become the limit', async () => {
    const res = await register(licence({ seats: 40, licensee: 'IT office' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      registered: true,
      trial: false,
      expired: false,
      seats: { limit: 40, used: 0 },
      licence: {
        school: schoolName,
        seats: 40,
        expiresAt: new Date(2028, 0, 1).getTime(),
        issuedAt: new Date(2026, 0, 1).getTime(),
        licensee: 'IT office',
      },
    });
    expect((await api.get('/reg')).json().data.registered).toBe(true);
    expect(await seatState(app.ctx, (await school(app)).id)).toMatchObject({ limit: 40, trial: false });
    // A renewal replaces it (the cache is dropped on registering).
    expect((await register(licence({ seats: 60 }))).json().data.seats.limit).toBe(60);
  });

  it('refuses tampered, foreign-key, wrong-machine, other-school, expired and malformed licences with a reason each, keeping the trial', async () => {
    const good = licence();
    const [payload, signature] = good.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.indexOf('3'.charCodeAt(0), bytes.indexOf('seats'))] = '9'.charCodeAt(0); // seats 3 → 9, one byte
    const tampered = `${bytes.toString('base64url')}.${signature}`;
    const cases: [string, string][] = [
      [tampered, LICENCE_ERRORS.badSignature],
      [licence({}, licenceKeys().privateKey), LICENCE_ERRORS.badSignature],
      [licence({ machineCode: 'LX-AAAA-BBBB-CCCC-DDDD' }), LICENCE_ERRORS.wrongMachine],
      [licence({ school: 'Another Academy' }), LICENCE_ERRORS.otherSchool],
      [licence({ schoolId: '123456789' }), LICENCE_ERRORS.otherSchool],
      [licence({ expiresAt: '2026-11-20' }), LICENCE_ERRORS.alreadyExpired],
      ['not-a-licence', LICENCE_ERRORS.badFormat],
      [`${Buffer.from('{"v":1}').toString('base64url')}.${signature}`, LICENCE_ERRORS.badSignature],
    ];
    for (const [text, reason] of cases) {
      const res = await register(text);
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().error).toBe(reason);
    }
    // A well-signed payload that is not a licence.
    const odd = signLicence(keys.privateKey, { school: schoolName });
    expect((await register(odd)).json().error).toBe(LICENCE_ERRORS.badFormat);
    expect((await api.get('/reg')).json().data).toMatchObject({ registered: false, trial: true });
  });

  it('accepts the public key as base64 of the raw 32 bytes too; without a key nothing registers', async () => {
    const raw = await makeApp({ LICENCE_PUBLIC_KEY: keys.raw });
    const rawAdmin = (await login(raw, { ...ADMIN, role: 'admin' })).cookie;
    const rawMachine = (await raw.inject({ method: 'GET', url: '/reg', headers: { cookie: rawAdmin } })).json().data
      .machineCode;
    const text = signLicence(keys.privateKey, {
      school: (await school(raw)).name,
      machineCode: rawMachine,
      seats: 7,
      expiresAt: '2099-01-01',
    });
    const res = await raw.inject({
      method: 'POST',
      url: '/reg',
      payload: { licence: text },
      headers: { cookie: rawAdmin },
    });
    expect(res.json().data.seats.limit).toBe(7);
    await raw.close();

    const none = await makeApp();
    const noneAdmin = (await login(none, { ...ADMIN, role: 'admin' })).cookie;
    const refused = await none.inject({
      method: 'POST',
      url: '/reg',
      payload: { licence: text },
      headers: { cookie: noneAdmin },
    });
    expect(refused.json().error).toBe(LICENCE_ERRORS.noPublicKey);
    await none.close();
  });

  it('roles: guest 401, student 403; GET for any admin of the school, POST needs setting; another school has its own status', async () => {
    const text = licence();
    const student = await login(app, await buildStudent(app));
    const editor = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const settings = await login(app, { ...(await buildSubAdmin(app, ['setting'])), role: 'admin' });
    expect((await guest.get('/reg')).statusCode).toBe(401);
    expect((await register(text, '')).statusCode).toBe(401);
    expect((await guest.get('/reg', student.cookie)).statusCode).toBe(403);
    expect((await register(text, student.cookie)).statusCode).toBe(403);
    expect((await guest.get('/reg', editor.cookie)).statusCode).toBe(200);
    expect((await register(text, editor.cookie)).statusCode).toBe(403);
    expect((await register(text, settings.cookie)).statusCode).toBe(200);
    expect((await guest.get('/reg', editor.cookie)).json().data.registered).toBe(true);

    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const other = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    // Our licence is ours: the other school still runs the trial, and cannot take our licence (it names our school).
    expect((await guest.get('/reg', other)).json().data).toMatchObject({
      registered: false,
      trial: true,
      licence: null,
      machineCode: machine,
    });
    const res = await register(text, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(LICENCE_ERRORS.otherSchool);
  });

  it('over-seat: a licence of 3 seats refuses the 4th student (assertSeats and POST student/add), counting enabled students only', async () => {
    await register(licence({ seats: 3 }));
    const schoolId = (await school(app)).id;
    for (let i = 0; i < 3; i += 1) await buildStudent(app);
    await expect(assertSeats(app.ctx, schoolId, 1)).rejects.toThrowError(LICENCE_ERRORS.seatsFull);
    const res = await api.post('/student/add', {
      username: 'fourth',
      name: 'Fourth',
      password: 'student-pass-1',
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error: LICENCE_ERRORS.seatsFull, data: { limit: 3, used: 3, adding: 1 } });
    expect((await api.get('/reg')).json().data.seats).toEqual({ limit: 3, used: 3 });
    // Raising the licence frees seats at once.
    await register(licence({ seats: 4 }));
    expect(
      (await api.post('/student/add', { username: 'fourth', name: 'Fourth', password: 'student-pass-1' })).statusCode,
    ).toBe(200);
  });

  it('expired: new and re-enabled students are refused, every record stays, and an enrolled student still studies', async () => {
    await register(licence({ seats: 10, expiresAt: '2026-11-23' }));
    const c = await learnCourse(app, admin);
    const learner = await buildStudent(app);
    await enrol(app, learner.id, c.coid);
    const gone = await buildStudent(app);
    expect((await api.post('/student/delete', { sids: [gone.id] })).statusCode).toBe(200);

    clock += 3 * DAY; // past the end of 2026-11-23
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    api = injectAs(app, admin);
    const status = (await api.get('/reg')).json().data;
    expect(status).toMatchObject({ registered: true, expired: true, trial: false, seats: { limit: 10, used: 1 } });
    await expect(assertSeats(app.ctx, (await school(app)).id, 1)).rejects.toThrowError(LICENCE_ERRORS.expired);
    const add = await api.post('/student/add', {
      username: 'latecomer',
      name: 'Late',
      password: 'student-pass-1',
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().error).toBe(LICENCE_ERRORS.expired);
    const enable = await api.post('/student/enable', { sids: [gone.id] });
    expect(enable.statusCode).toBe(403);
    expect(enable.json().error).toBe(LICENCE_ERRORS.expired);

    // The student keeps studying: signs in, opens the course's chapter.
    const cookie = (await login(app, learner)).cookie;
    const ware = await guest.get(`/learn/ware/${c.coid}/${c.video}`, cookie);
    expect(ware.statusCode, ware.body).toBe(200);
    expect((await api.get('/student/list')).json().data.list.length).toBe(2);
  });
});

describe('scripts/licence.mjs', () => {
  it('keygen writes a private key readable only by its owner and prints the public key; issue makes a licence the server accepts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-keys-'));
    try {
      const printed = execFileSync(process.execPath, ['scripts/licence.mjs', 'keygen', '--out', dir], {
        encoding: 'utf8',
      });
      const file = path.join(dir, 'private.pem');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const publicKey = printed.split('\n').find((line) => /^[A-Za-z0-9+/]{43}=$/.test(line))!;
      expect(publicKey).toBeTruthy();
      const app = await makeApp({ LICENCE_PUBLIC_KEY: publicKey });
      try {
        const cookie = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
        const machineCode = (await injectAs(app, cookie).get('/reg')).json().data.machineCode;
        const text = execFileSync(
          process.execPath,
          [
            'scripts/licence.mjs',
            'issue',
            '--key',
            file,
            '--school',
            (await school(app)).name,
            '--machine',
            machineCode.toLowerCase(),
            '--seats',
            '25',
            '--expires',
            '2099-06-30',
          ],
          { encoding: 'utf8' },
        ).trim();
        const res = await injectAs(app, cookie).post('/reg', { licence: text });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.licence).toMatchObject({ seats: 25, expiresAt: new Date(2099, 6, 1).getTime() });
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
