/**
 * Who may call is checked before the input (server/plugins/access.ts), with the API under a prefix too: the
 * permission sweep covers every route at the default prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';

let app: TestApp;

beforeAll(async () => {
  app = await makeApp({ API_PREFIX: '/api/' });
});
afterAll(() => app.close());

describe('access before input, under an API prefix', () => {
  it('guests get 401 and students 403 from back-office calls with garbage input; public calls still say what is wrong', async () => {
    const student = await buildStudent(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/do/login',
      payload: { ...student, school: (await school(app)).hashUID },
    });
    const cookie = `y_main=${res.cookies.find((c) => c.name === 'y_main')!.value}`;
    const garbage = { username: ['x'], permissions: 'all' };
    const guest = await app.inject({ method: 'POST', url: '/api/admins/registered', payload: garbage });
    expect([guest.statusCode, guest.json().error]).toEqual([401, 'no login']);
    expect(guest.body).not.toMatch(/username|permissions/);
    const asStudent = await injectAs(app, cookie).post('/api/admins/registered', garbage);
    expect([asStudent.statusCode, asStudent.json().error]).toEqual([403, 'forbidden']);
    // A student's own call refuses a guest first, then checks the student's input.
    expect((await app.inject({ method: 'POST', url: '/api/stu/password', payload: { oldpwd: 1 } })).statusCode).toBe(
      401,
    );
    expect((await injectAs(app, cookie).post('/api/stu/password', { oldpwd: 1 })).statusCode).toBe(400);
    // Public calls and pages are unchanged for guests.
    const search = await app.inject({ method: 'POST', url: '/api/course/search', payload: { keyword: ['x'] } });
    expect(search.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/login/u/${(await school(app)).hashUID}`,
          headers: { accept: 'text/html' },
        })
      ).statusCode,
    ).toBe(200);
  });
});
