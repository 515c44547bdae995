/**
 * No state change by GET, no cross-site writes (server/plugins/same-origin.ts): with SameSite=Lax cookies a
 * link or a form on another site (another port of the same host included) would otherwise act for the
 * signed-in administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { multipartBody } from './uploads-helpers';
import { sqlGet } from '../helpers/sql';

let app: TestApp;
let admin: string;

const courseCount = async () => ((await sqlGet(app, 'SELECT count(*) AS n FROM courses')) as { n: number }).n;
const fileCount = async () => ((await sqlGet(app, 'SELECT count(*) AS n FROM files')) as { n: number }).n;
const newCourse = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/course/new',
    payload: { title: 'Swept', catid: '0', type: 0 },
    headers: { cookie: admin, ...headers },
  });
/** The test app's own origin: app.inject sends Host localhost:80. */
const OWN = 'http://localhost';

beforeAll(async () => {
  app = await makeApp();
  admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
});
afterAll(() => app.close());

describe('no state change by GET', () => {
  it('GET course/pub changes nothing (405, Allow: POST); POST course/pub publishes', async () => {
    const coid = (await newCourse({})).json().data.coid as string;
    const published = async () =>
      ((await sqlGet(app, 'SELECT published FROM courses WHERE id = ?', coid)) as { published: number }).published;
    const viaGet = await app.inject({
      method: 'GET',
      url: `/course/pub?coid=${coid}&pub=1`,
      headers: { cookie: admin },
    });
    expect([viaGet.statusCode, viaGet.headers.allow, viaGet.json().status]).toEqual([405, 'POST', 'error']);
    expect(await published()).toBe(0);
    const viaPost = await app.inject({
      method: 'POST',
      url: '/course/pub',
      payload: { coid, pub: '1' },
      headers: { cookie: admin },
    });
    expect(viaPost.json().data).toEqual({ coid, published: true });
    expect(await published()).toBe(1);
  });

  it('GET column/pub changes nothing (405); POST column/pub publishes', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/column/new',
      payload: { title: 'Col' },
      headers: { cookie: admin },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.coid as string;
    const published = async () =>
      ((await sqlGet(app, 'SELECT published FROM columns WHERE id = ?', id)) as { published: number }).published;
    expect(await published()).toBe(0);
    expect(
      (await app.inject({ method: 'GET', url: `/column/pub?column_id=${id}&pub=1`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(405);
    expect(await published()).toBe(0);
    const viaPost = await app.inject({
      method: 'POST',
      url: '/column/pub',
      payload: { column_id: id, pub: 1 },
      headers: { cookie: admin },
    });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(await published()).toBe(1);
  });

  it('logout is POST; the GET form still signs out from this site, never from another', async () => {
    const student = await buildStudent(app);
    const { cookie } = await login(app, { ...student, school: (await school(app)).hashUID });
    const signedIn = async () => (await injectAs(app, cookie).get('/checkLogin')).json().data.login;
    for (const site of ['cross-site', 'same-site']) {
      const res = await app.inject({ method: 'GET', url: '/do/s/logout', headers: { cookie, 'sec-fetch-site': site } });
      expect(res.statusCode, site).toBe(403);
      expect(await signedIn()).toBe(true);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/do/s/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin', origin: OWN },
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});

describe('no cross-site writes', () => {
  it('a write whose Sec-Fetch-Site or Origin names another site answers 403 and changes nothing', async () => {
    const before = await courseCount();
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      // A page on another port of the same host: another origin, the same site.
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8081' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example' },
      { origin: 'http://localhost:8081' },
      { origin: 'https://localhost' },
      { origin: 'null' },
      { origin: 'not an origin' },
    ];
    for (const headers of refused) {
      const res = await newCourse(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ status: 'error', error: 'forbidden', data: { reason: 'cross-site request' } });
    }
    expect(await courseCount()).toBe(before);
    // The web app's own calls, a typed address, and callers without either header (curl, servers) pass.
    const passing: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: OWN },
      { 'sec-fetch-site': 'none' },
      { origin: OWN },
      {},
    ];
    for (const headers of passing) {
      expect((await newCourse(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect(await courseCount()).toBe(before + 4);
  });

  it('multipart and resumable (tus) uploads from another site are refused before any byte is stored', async () => {
    const before = await fileCount();
    const { body, headers } = multipartBody([
      { name: 'file-select', filename: 'x.png', type: 'image/png', data: Buffer.from('png') },
    ]);
    const form = await app.inject({
      method: 'POST',
      url: '/lan/upload/x%2Epng',
      payload: body,
      headers: { ...headers, cookie: admin, 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
    });
    expect(form.statusCode, form.body).toBe(403);
    const tus = { 'tus-resumable': '1.0.0', cookie: admin };
    const meta = `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
    const crossCreate = await app.inject({
      method: 'POST',
      url: '/lan/tus/',
      headers: { ...tus, 'upload-length': '3', 'upload-metadata': meta, origin: 'http://evil.example' },
    });
    expect(crossCreate.statusCode).toBe(403);
    const created = await app.inject({
      method: 'POST',
      url: '/lan/tus/',
      headers: { ...tus, 'upload-length': '3', 'upload-metadata': meta, origin: OWN },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const patch = (extra: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: location,
        payload: Buffer.from('abc'),
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...extra },
      });
    expect((await patch({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await fileCount()).toBe(before);
    expect((await patch({ 'sec-fetch-site': 'same-origin', origin: OWN })).statusCode).toBe(204);
    expect(await fileCount()).toBe(before + 1);
  });

  it('the origin is the one the browser used: behind a proxy (TRUST_PROXY) from X-Forwarded-Proto and -Host, port included', async () => {
    const proxied = await makeApp({ TRUST_PROXY: true });
    try {
      const cookie = (await login(proxied, { ...ADMIN, role: 'admin' })).cookie;
      const write = (origin: string) =>
        proxied.inject({
          method: 'POST',
          url: '/course/category',
          payload: { title: `C ${origin}`, parent_id: '0' },
          headers: { cookie, origin, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'school.example:8443' },
        });
      expect((await write('https://school.example:8443')).statusCode).toBe(200);
      expect((await write('https://school.example')).statusCode).toBe(403);
      expect((await write('http://school.example:8443')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
