/**
 * Pages say who may frame them: frame-ancestors in the CSP and X-Frame-Options on every HTML page (student
 * pages, the back office, the not-found shell); embedding origins come from one setting, FRAME_ANCESTORS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';

let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const html = (url: string, cookie?: string) => injectAs(app, cookie).get(url, undefined, { accept: 'text/html' });

describe('framing', () => {
  it('every page kind answers frame-ancestors self and X-Frame-Options SAMEORIGIN, signed in or not', async () => {
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const student = (await login(app, { ...(await buildStudent(app)), school: (await school(app)).hashUID })).cookie;
    const hash = (await school(app)).hashUID;
    const pages: [string, string | undefined, number][] = [
      [`/u/${hash}`, undefined, 200],
      [`/login/u/${hash}`, undefined, 200],
      ['/login/u/logout', student, 200],
      ['/dashboard', student, 200],
      ['/learn/admin/', admin, 200],
      ['/learn/admin/', undefined, 200],
      ['/no/such/page', undefined, 404],
      ['/course/not-a-code!', admin, 404],
    ];
    for (const [url, cookie, status] of pages) {
      const res = await html(url, cookie);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|; )frame-ancestors 'self'(;|$)/);
    }
  });

  it('FRAME_ANCESTORS adds embedding origins to frame-ancestors; anything but an origin is refused at start', async () => {
    // Written as an administrator might: the origins go into the header as a browser writes them.
    const embedded = await makeApp({ FRAME_ANCESTORS: 'HTTPS://Portal.Example:443, http://intranet.example:8080/' });
    try {
      const res = await embedded.inject({ method: 'GET', url: '/learn/admin/', headers: { accept: 'text/html' } });
      expect(res.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://portal.example http://intranet.example:8080",
      );
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await embedded.close();
    }
    for (const bad of [
      "https://a.example; script-src 'unsafe-inline'",
      'https://a.example/path',
      'javascript:x',
      '*',
    ]) {
      expect(
        () => loadConfig({}, { FRAME_ANCESTORS: bad, SESSION_SECRET: 'test-secret-0123456789abcdef' }),
        bad,
      ).toThrow(/FRAME_ANCESTORS/);
    }
  });
});
