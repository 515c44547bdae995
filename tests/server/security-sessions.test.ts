/** Every credential change ends the account's other sessions: administrators as students already did. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildSubAdmin, login, makeApp, type TestApp } from '../helpers/app';
import { envelope, injectAs } from '../helpers/kit';

let app: TestApp;
let main: string;

beforeAll(async () => {
  app = await makeApp();
  main = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
});
afterAll(() => app.close());

const signedIn = async (cookie: string) =>
  envelope<{ login: boolean }>(await injectAs(app, cookie).get('/checkLogin')).data.login;
const update = (payload: object, cookie: string) => injectAs(app, cookie).post('/admins/update', payload);
const adminLogin = (username: string, password: string) => login(app, { username, password, role: 'admin' });

describe('credential changes end sessions', () => {
  it("the main administrator resetting a sub-admin's password signs the sub-admin out everywhere", async () => {
    const sub = await buildSubAdmin(app, ['course']);
    const laptop = (await adminLogin(sub.username, sub.password)).cookie;
    const phone = (await adminLogin(sub.username, sub.password)).cookie;
    // A change of name alone leaves the sessions alone.
    expect((await update({ id: sub.id, name: 'Renamed' }, main)).statusCode).toBe(200);
    expect([await signedIn(laptop), await signedIn(phone)]).toEqual([true, true]);
    expect((await update({ id: sub.id, password: 'reset-pass-2' }, main)).statusCode).toBe(200);
    expect([await signedIn(laptop), await signedIn(phone)]).toEqual([false, false]);
    expect(await signedIn(main)).toBe(true);
    expect(await signedIn((await adminLogin(sub.username, 'reset-pass-2')).cookie)).toBe(true);
  });

  it('a sub-admin changing its own password keeps the session it did it from and ends its others', async () => {
    const sub = await buildSubAdmin(app, ['admin']);
    const here = (await adminLogin(sub.username, sub.password)).cookie;
    const elsewhere = (await adminLogin(sub.username, sub.password)).cookie;
    expect((await update({ id: sub.id, password: 'own-new-pass-3' }, here)).statusCode).toBe(200);
    expect([await signedIn(here), await signedIn(elsewhere)]).toEqual([true, false]);
  });
});
