/**
 * No open redirect (the return-path and link rules, shared/rules/site-links): a return value that a browser
 * would read as another site is refused by the server, and administrators cannot save script or data links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zBootstrap } from '../../shared/schemas/bootstrap';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';

let app: TestApp;
let admin: string;

const bootstrapOf = (html: string) => {
  const match = /<script type="application\/json" id="bootstrap">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no bootstrap in shell');
  return zBootstrap.parse(JSON.parse(match[1]!));
};

beforeAll(async () => {
  app = await makeApp();
  admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
});
afterAll(() => app.close());

/** Return values that start with one slash yet land elsewhere once a browser has dropped tabs and newlines. */
const SNEAKY = ['/\t/evil.example/', '/\n/evil.example/', '/\r\n/evil.example/', '/\\/evil.example/', '/\u0000x'];

describe('return paths', () => {
  it('the login page drops return=/%09/evil.example/ (and its kin); a real path is kept', async () => {
    const page = async (query: string) =>
      app.inject({
        method: 'GET',
        url: `/login/u/${(await school(app)).hashUID}?${query}`,
        headers: { accept: 'text/html' },
      });
    for (const encoded of [
      '/%09/evil.example/',
      '/%0A/evil.example/',
      '/%0d%0a/evil.example/',
      '/%5C/evil.example/',
      '/%5Cevil.example',
    ]) {
      expect(bootstrapOf((await page(`return=${encoded}`)).body).returnUrl, encoded).toBe('');
    }
    expect(bootstrapOf((await page('return=%2Fcourse%2Fabc%23%2Fintroduce')).body).returnUrl).toBe(
      '/course/abc#/introduce',
    );
  });

  it('do/login and redirect refuse them with 400, so the reply never sends a browser away', async () => {
    const student = await buildStudent(app);
    for (const returnUrl of SNEAKY) {
      const res = await app.inject({
        method: 'POST',
        url: '/do/login',
        payload: { ...student, school: (await school(app)).hashUID, returnUrl },
      });
      expect(res.statusCode, JSON.stringify(returnUrl)).toBe(400);
      expect(res.json().error).toMatch(/returnUrl/);
      const redirect = await app.inject({
        method: 'POST',
        url: '/redirect',
        payload: { uid: 0, type: 1, page: (await school(app)).hashUID, ReturnUrl: returnUrl },
      });
      expect(redirect.statusCode, JSON.stringify(returnUrl)).toBe(400);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { ...student, school: (await school(app)).hashUID, returnUrl: '/dashboard' },
    });
    expect(ok.json().data.redirect).toBe('/dashboard');
  });
});

describe('back-office links', () => {
  const save = (setting: unknown) =>
    app.inject({ method: 'POST', url: '/setting/userpage', payload: { setting }, headers: { cookie: admin } });

  it('home setting links refuse javascript:, data:, control characters and look-alike relative links; nothing is saved', async () => {
    expect((await save({ phone: 'kept', banners: [{ url: '/b.png', link: '#/courselist/0' }] })).statusCode).toBe(200);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ banners: [{ url: '/b.png', link: 'data:text/html;base64,PHNjcmlwdD4=' }] }, /banners\.0\.link/],
      [{ banners: [{ url: '/b.png', link: 'java\tscript:alert(1)' }] }, /banners\.0\.link/],
      [{ ads: [{ url: '/a.png', link: '/\t/evil.example/' }] }, /ads\.0\.link/],
      [{ recommends: [{ url: '/a.png', link: '/\\evil.example/' }] }, /recommends\.0\.link/],
      [{ teachers: [{ name: 'T', link: 'javascript:alert(1)' }] }, /teachers\.0\.link/],
      [{ bloglink: 'data:image/svg+xml,<svg onload=alert(1)>' }, /bloglink/],
    ];
    for (const [setting, field] of cases) {
      const res = await save({ phone: 'changed', ...setting });
      expect(res.statusCode, JSON.stringify(setting)).toBe(400);
      expect(res.json().error).toMatch(field);
    }
    const stored = (await app.inject({ method: 'GET', url: '/setting/userpage', headers: { cookie: admin } })).json()
      .data.setting;
    expect(stored.phone).toBe('kept');
    expect(stored.banners[0].link).toBe('#/courselist/0');
  });
});
