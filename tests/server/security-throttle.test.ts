/**
 * A throttle that cannot lock out the real user (the login throttle, shared/rules/login-throttle): failures
 * from one address make that address wait for that account, with growing waits; the owner signing in from
 * elsewhere is never refused; one address guessing across accounts is still stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../shared/constants';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';

let app: TestApp;
let clock = Date.UTC(2026, 0, 5, 8);

beforeAll(async () => {
  app = await makeApp({}, { now: () => clock });
});
afterAll(() => app.close());

const adminLogin = (password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/do/login', payload: { ...ADMIN, password, role: 'admin' }, remoteAddress: ip });

describe('login throttle', () => {
  it("wrong passwords from one address never keep the main administrator out from another, and that address's waits grow", async () => {
    const attacker = '203.0.113.7';
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await adminLogin('guess-pass', attacker)).statusCode).toBe(401);
    // The owner, elsewhere, with the right password.
    expect((await adminLogin(ADMIN.password, '10.0.0.5')).statusCode).toBe(200);
    // The attacker's address waits, even with the right password, and each failure after a wait doubles it.
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await adminLogin(ADMIN.password, attacker);
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json().data.retryAfter);
      clock += refused.json().data.retryAfter * 1000;
      expect((await adminLogin('guess-pass', attacker)).statusCode).toBe(401);
    }
    const first = LOGIN_THROTTLE.firstDelayMs / 1000;
    expect(waits).toEqual([first, 2 * first, 4 * first, 8 * first]);
    expect((await adminLogin(ADMIN.password, '10.0.0.6')).statusCode).toBe(200);
  });

  it('the waits are capped, and a quiet window starts the count afresh', async () => {
    const student = await buildStudent(app);
    const attempt = async (password: string) =>
      app.inject({
        method: 'POST',
        url: '/do/login',
        payload: { ...student, password, school: (await school(app)).hashUID },
        remoteAddress: '198.51.100.1',
      });
    let longest = 0;
    for (let i = 0; i < 12; i++) {
      const res = await attempt('guess-pass');
      if (res.statusCode === 429) {
        longest = Math.max(longest, res.json().data.retryAfter);
        clock += res.json().data.retryAfter * 1000;
        i -= 1;
      }
    }
    expect(longest).toBe(LOGIN_THROTTLE.maxDelayMs / 1000);
    clock += LOGIN_THROTTLE.maxDelayMs + LOGIN_THROTTLE.windowMs + 1;
    expect((await attempt(student.password)).statusCode).toBe(200);
  });

  it('one address guessing across many accounts is still locked, for every account, and only that address', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/do/login',
        payload: { username: `guess${i}`, password: 'x-pass-x', school: (await school(app)).hashUID },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const student = await buildStudent(app);
    const payload = { ...student, school: (await school(app)).hashUID };
    expect((await app.inject({ method: 'POST', url: '/do/login', payload, remoteAddress: ip })).statusCode).toBe(429);
    expect(
      (await app.inject({ method: 'POST', url: '/do/login', payload, remoteAddress: '192.0.2.51' })).statusCode,
    ).toBe(200);
  });

  it("the old password of stu/password uses the same throttle: guesses through a stolen session do not block the owner's change", async () => {
    const student = await buildStudent(app, { password: 'first-pass-1' });
    const thief = await login(app, { ...student, school: (await school(app)).hashUID }, '203.0.113.9');
    const change = (cookie: string, oldpwd: string, ip: string) =>
      injectAs(app, cookie).inject({
        method: 'POST',
        url: '/stu/password',
        payload: { oldpwd, newpwd: 'second-pass-2' },
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await change(thief.cookie, `bad-${i}-xx`, '203.0.113.9')).statusCode).toBe(400);
    expect((await change(thief.cookie, 'first-pass-1', '203.0.113.9')).statusCode).toBe(429);
    const owner = await login(app, { ...student, school: (await school(app)).hashUID }, '10.0.0.9');
    expect((await change(owner.cookie, 'first-pass-1', '10.0.0.9')).statusCode).toBe(200);
  });
});
