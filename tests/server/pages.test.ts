import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zBootstrap } from '../../shared/schemas/bootstrap';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';

/** Reads the bootstrap JSON the shell embeds. */
function bootstrapOf(html: string) {
  const match = /<script type="application\/json" id="bootstrap">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no bootstrap in shell');
  return zBootstrap.parse(JSON.parse(match[1]));
}

describe('the HTML shell and its bootstrap data (spec 2, 3)', () => {
  let app: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A built web app as scripts/build.mjs leaves it: a manifest and content-hashed bundles.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets/main-ABC123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(webDir, 'assets/main-ABC123.css'), 'body{}');
    fs.writeFileSync(
      path.join(webDir, 'manifest.json'),
      JSON.stringify({ js: 'assets/main-ABC123.js', css: ['assets/main-ABC123.css'] }),
    );
    app = await makeApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => injectAs(app, cookie).get(url, undefined, { accept: 'text/html' });

  it('the school home page embeds real bootstrap values for a guest and is never cached', async () => {
    const { id, hashUID, name } = await school(app);
    const res = await page(`/u/${hashUID}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<script type="module" src="/assets/main-ABC123.js"></script>');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/main-ABC123.css">');
    const data = bootstrapOf(res.body);
    expect(data).toMatchObject({
      page: 'home',
      ver: 'lan',
      locale: 'zh-CN',
      uid: id,
      parseUid: id,
      hashUID,
      schoolName: name,
      role: 'guest',
      adminType: null,
      model: '',
      isMiniprogram: false,
      adminPath: '/learn/admin/',
      websiteURL: 'http://localhost:80',
      permissionGroups: ['admin', 'course', 'resource', 'student', 'userpage', 'setting', 'exam', 'question'],
      userPermissions: [],
    });
    expect(data.userData).toMatchObject({ sid: '0', uid: id, uname: '' });
  });

  it('carries the signed-in student and the address parameters', async () => {
    const student = await buildStudent(app, { name: 'Ann' });
    const { cookie } = await login(app, student);
    const res = await page(
      `/u/${(await school(app)).hashUID}?model=yks&isMiniprogram=1&return=/dashboard&loginUrl=https://sso.example/login`,
      cookie,
    );
    const data = bootstrapOf(res.body);
    expect(data).toMatchObject({
      role: 'student',
      model: 'yks',
      isMiniprogram: true,
      returnUrl: '/dashboard',
      loginUrl: 'https://sso.example/login',
    });
    expect(data.userData).toMatchObject({ sid: student.id, sname: 'Ann', uname: student.username });
    const bad = bootstrapOf(
      (
        await page(
          `/u/${(await school(app)).hashUID}?model=evil&return=https://evil.example&loginUrl=javascript:alert(1)`,
        )
      ).body,
    );
    expect(bad).toMatchObject({ model: '', returnUrl: '', loginUrl: '' });
  });

  it('an admin on the back-office path gets permissions; adminType 0 for the main admin', async () => {
    const { cookie } = await login(app, { ...ADMIN, role: 'admin' });
    const res = await page('/learn/admin/', cookie);
    const data = bootstrapOf(res.body);
    expect(data).toMatchObject({ page: 'admin', role: 'admin', adminType: '0' });
    expect(data.userPermissions).toHaveLength(8);
    expect((await page('/learn/admin')).statusCode).toBe(302);
  });

  it('nothing a user types can break out of the bootstrap script', async () => {
    const student = await buildStudent(app, { name: '</script><script>alert(1)</script>' });
    const { cookie } = await login(app, student);
    const res = await page(`/u/${(await school(app)).hashUID}`, cookie);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(bootstrapOf(res.body).userData.sname).toBe('</script><script>alert(1)</script>');
  });

  it('the language follows the lx_locale cookie', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/u/${(await school(app)).hashUID}`,
      headers: { cookie: 'lx_locale=en-gb' },
    });
    expect(bootstrapOf(res.body).locale).toBe('en-gb');
    expect(res.body).toContain('<html lang="en-gb">');
  });

  it('answers every page path of spec section 2 with the shell', async () => {
    const { id, hashUID } = await school(app);
    const course = app.ctx.courseCodec.encode('1862436014234112000');
    const cases: [string, string, Record<string, string>][] = [
      [`/login/u/${id}`, 'login', {}],
      [`/login/u/${hashUID}`, 'login', {}],
      ['/login/u/logout?courseurl=/course/x', 'logout', {}],
      [
        `/u/learn/${course}/1862436014234112001/v`,
        'learn',
        { coid: '1862436014234112000', chapterId: '1862436014234112001', type: 'v' },
      ],
      [`/u/learn/${course}/live/1`, 'learn', { coid: '1862436014234112000', chapterId: 'live', type: '1' }],
      [`/u/column/${course}`, 'column', { coid: '1862436014234112000' }],
      [`/live/${hashUID}/123.html`, 'live', { coid: '123' }],
      [`/course/${course}`, 'course', { coid: '1862436014234112000' }],
      ['/dashboard', 'dashboard', {}],
    ];
    for (const [url, kind, params] of cases) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const data = bootstrapOf(res.body);
      expect(data.page, url).toBe(kind);
      expect(data.params, url).toEqual(params);
    }
  });

  it('garbage codes get the not-found page with a clear 404', async () => {
    for (const url of [
      '/u/garbage!',
      '/u/0000',
      '/course/a.b',
      '/course/%00',
      '/course/zzzzzzzzzzzz',
      '/u/column/abc$',
      '/live/nope/1.html',
      `/live/${(await school(app)).hashUID}/x.html`,
      '/login/u/999',
      '/u/learn/abc/notanid/v',
      '/no/such/page',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(bootstrapOf(res.body).page, url).toBe('notFound');
    }
  });

  it('/ sends people to the school home page', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/u/${(await school(app)).hashUID}`);
  });

  it('bundles are served with a long, immutable cache lifetime', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-ABC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/../manifest.json' })).statusCode).toBe(404);
  });
});
