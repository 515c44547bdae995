import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, login, makeApp, type TestApp } from '../helpers/app';

describe('GET /qrcode/{coid}: the course share image (spec 2 Course intro page)', () => {
  let app: TestApp;
  let admin: string;
  beforeEach(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  });
  afterEach(() => app.close());

  const newCourse = async (title: string) => {
    const catid = (
      await app.inject({ method: 'POST', url: '/course/category', payload: { title: 'C' }, headers: { cookie: admin } })
    ).json().data.catid;
    return (
      await app.inject({
        method: 'POST',
        url: '/course/new',
        payload: { title, catid, type: 0, actual: 0, price: 0 },
        headers: { cookie: admin },
      })
    ).json().data as { coid: string; code: string };
  };

  it('answers an SVG QR code of the course address for a published course, by coid or code', async () => {
    const { coid, code } = await newCourse('Shared');
    await app.inject({ method: 'POST', url: '/course/pub', payload: { coid, pub: '1' }, headers: { cookie: admin } });
    for (const ref of [coid, code]) {
      const res = await app.inject({ method: 'GET', url: `/qrcode/${ref}`, headers: { host: 'school.example:8080' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).toContain('<path');
    }
    // The code encodes the address: a different course gives a different image.
    const other = await newCourse('Other');
    await app.inject({
      method: 'POST',
      url: '/course/pub',
      payload: { coid: other.coid, pub: '1' },
      headers: { cookie: admin },
    });
    const a = await app.inject({ method: 'GET', url: `/qrcode/${coid}` });
    const b = await app.inject({ method: 'GET', url: `/qrcode/${other.coid}` });
    expect(a.body).not.toBe(b.body);
  });

  it('refuses garbage and unpublished courses like the course page', async () => {
    const { coid } = await newCourse('Draft');
    expect((await app.inject({ method: 'GET', url: `/qrcode/${coid}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/qrcode/not-a-course' })).statusCode).toBe(404);
  });
});
