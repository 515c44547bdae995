import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { files } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { removeFile } from '../../server/modules/uploads/uploads.service';
import { filesUnder, multipartBody, type Part } from './uploads-helpers';
import { first } from '../../server/db/client';

/** Lan upload (spec 7 'Uploads', spec 5 'Uploaded files'): multipart to files/userupload/{schoolId}/{guid}.{EXT}, every refusal. */
describe('lan upload', () => {
  let app: TestApp;
  let admin: string;
  let student: string;
  let studentId: string;
  let dataDir: string;

  const upload = (name: string, parts: Part[], cookie?: string) => {
    const { body, headers } = multipartBody(parts);
    return injectAs(app, cookie).inject({
      method: 'POST',
      url: `/lan/upload/${encodeURIComponent(name).replace(/\./g, '%2E')}`,
      payload: body,
      headers,
    });
  };
  const fileParts = (filename: string, data: Buffer, type = 'application/octet-stream'): Part[] => [
    { name: 'file-select', filename, type, data },
  ];
  const leftovers = () => [
    ...filesUnder(path.join(dataDir, 'tmp/uploads')),
    ...filesUnder(path.join(dataDir, 'files/userupload')),
  ];

  beforeAll(async () => {
    app = await makeApp({ UPLOAD_MAX_BYTES: 64 * 1024 });
    dataDir = app.ctx.config.dataDir;
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const s = await buildStudent(app);
    studentId = s.id;
    student = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
  });
  afterAll(() => app.close());

  it('stores the bytes at files/userupload/{schoolId}/{guid}.{EXT} with a public files row, and answers the key', async () => {
    const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const res = await upload('课程 封面.png', fileParts('whatever.bin', data, 'image/png'), admin);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.status).toBe('ok');
    const schoolId = (await school(app)).id;
    expect(reply.data).toMatchObject({
      status: 'ok',
      name: '课程 封面.png',
      size: 5000,
      ext: 'PNG',
      mime: 'image/png',
      video: false,
    });
    expect(reply.data.key).toMatch(new RegExp(`^files/userupload/${schoolId}/\\d{19}\\.PNG$`));
    expect(reply.data.url).toBe(`/${reply.data.key}`);
    expect(reply.data.key).toContain(reply.data.fileId);
    expect(fs.readFileSync(path.join(dataDir, reply.data.key)).equals(data)).toBe(true);
    const row = first(await app.ctx.db.select().from(files).where(eq(files.id, reply.data.fileId)));
    expect(row).toMatchObject({
      schoolId,
      key: reply.data.key,
      originalName: '课程 封面.png',
      size: 5000,
      storage: 'local',
      visibility: 'public',
      uploadedBy: `admin:${schoolId}`,
    });
    expect(filesUnder(path.join(dataDir, 'tmp/uploads'))).toEqual([]);
    // Served publicly at /{key}.
    const served = await app.inject({ method: 'GET', url: reply.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('a student may upload; the extension comes from the mime type when the name has none; video by mime', async () => {
    const res = await upload(
      'clip',
      [
        { name: 'bucket', value: 'b' },
        { name: 'type', value: '0' },
        { name: 'timeline', value: '123' },
        ...fileParts('clip', Buffer.from('video bytes'), 'video/mp4'),
      ],
      student,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ext: 'MP4', video: true, name: 'clip' });
    const row = first(await app.ctx.db.select().from(files).where(eq(files.id, res.json().data.fileId)));
    expect(row?.uploadedBy).toBe(`student:${studentId}`);
  });

  it('refuses a guest (401) and stores nothing', async () => {
    const before = leftovers().length;
    const res = await upload('a.png', fileParts('a.png', Buffer.from('x'), 'image/png'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', error: 'no login' });
    expect(leftovers().length).toBe(before);
  });

  it('refuses names with path parts, NUL or an absolute path (400) and stores nothing', async () => {
    const before = leftovers().length;
    for (const name of ['../evil.png', '..\\evil.png', 'a/b.png', '/etc/passwd.png', 'C:evil.png', 'nul\u0000.png']) {
      const res = await upload(name, fileParts('ok.png', Buffer.from('x'), 'image/png'), admin);
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/bad file name|bad input/);
    }
    // A bare '..' segment is resolved by URL parsing before routing: it never reaches the upload.
    const dots = await upload('..', fileParts('ok.png', Buffer.from('x'), 'image/png'), admin);
    expect(dots.statusCode).toBe(404);
    const raw = await app.inject({
      method: 'POST',
      url: '/lan/upload/..%2F..%2Fx.png',
      payload: multipartBody(fileParts('x.png', Buffer.from('x'))).body,
      headers: { ...multipartBody([]).headers, cookie: admin },
    });
    expect([400, 404]).toContain(raw.statusCode);
    expect(leftovers().length).toBe(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES (413) and removes the partial file', async () => {
    const before = leftovers().length;
    const res = await upload('big.pdf', fileParts('big.pdf', Buffer.alloc(64 * 1024 + 1, 1), 'application/pdf'), admin);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', error: 'file too large' });
    expect(leftovers().length).toBe(before);
    // Exactly the limit is accepted.
    const fits = await upload('fits.pdf', fileParts('fits.pdf', Buffer.alloc(64 * 1024, 1), 'application/pdf'), admin);
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('refuses a declared Content-Length far over the limit before reading the body (413)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/lan/upload/x.pdf',
      payload: multipartBody(fileParts('x.pdf', Buffer.from('x'))).body,
      headers: {
        'content-type': multipartBody([]).headers['content-type'],
        'content-length': String(10 * 1024 * 1024),
        cookie: admin,
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a type outside UPLOAD_TYPES (415), also when the extension is unknown', async () => {
    const before = leftovers().length;
    for (const name of ['run.exe', 'page.html', 'noext']) {
      const res = await upload(name, fileParts(name, Buffer.from('MZ'), 'application/octet-stream'), admin);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toBe('file type not allowed');
    }
    expect(leftovers().length).toBe(before);
  });

  it('answers 400 when the form has no file-select part, or is not multipart', async () => {
    const res = await upload('a.png', [{ name: 'bucket', value: 'b' }], admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('no file');
    const json = await app.inject({
      method: 'POST',
      url: '/lan/upload/a.png',
      payload: { a: 1 },
      headers: { cookie: admin },
    });
    expect(json.statusCode).toBe(400);
  });

  it('token calls announce a key that the lan upload keeps when given the token; a forged or reused token is refused', async () => {
    const schoolId = (await school(app)).id;
    const token = await app.inject({
      method: 'GET',
      url: '/token?bucket=b&type=0&filename=lesson.pdf',
      headers: { cookie: admin },
    });
    expect(token.statusCode, token.body).toBe(200);
    const { uptoken, key, status } = token.json().data;
    expect(status).toBe('ok');
    expect(key).toMatch(new RegExp(`^files/userupload/${schoolId}/\\d{19}\\.PDF$`));
    const res = await upload(
      'lesson.pdf',
      [{ name: 'token', value: uptoken }, ...fileParts('lesson.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')],
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.key).toBe(key);
    expect(fs.existsSync(path.join(dataDir, key))).toBe(true);
    // The same token twice: the key is taken.
    const again = await upload(
      'lesson.pdf',
      [{ name: 'token', value: uptoken }, ...fileParts('lesson.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')],
      admin,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('bad upload token');
    const forged = uptoken.slice(0, -2) + (uptoken.endsWith('AA') ? 'BB' : 'AA');
    const bad = await upload(
      'lesson.pdf',
      [{ name: 'token', value: forged }, ...fileParts('lesson.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')],
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(leftovers().filter((f) => f.startsWith('tmp'))).toEqual([]);

    const video = await app.inject({
      method: 'GET',
      url: '/video/token?vq=1&filename=talk.mp4',
      headers: { cookie: student },
    });
    expect(video.json().data.key).toMatch(/\.MP4$/);
    expect((await app.inject({ method: 'GET', url: '/token?filename=a.pdf' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/token?filename=a.exe', headers: { cookie: admin } })).statusCode,
    ).toBe(415);
    expect(
      (await app.inject({ method: 'GET', url: '/token?filename=..%2Fa.pdf', headers: { cookie: admin } })).statusCode,
    ).toBe(400);
  });

  it("a token of another school's key is refused (tokens are bearer tokens, but only inside the uploader's school)", async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'up-other',
      adminPassword: 'other-pass-1',
    });
    const otherAdmin = (await login(app, { username: 'up-other', password: 'other-pass-1', role: 'admin' })).cookie;
    const token = (
      await app.inject({ method: 'GET', url: '/token?filename=x.pdf', headers: { cookie: otherAdmin } })
    ).json().data;
    expect(token.key).toContain(`/${other.id}/`);
    const res = await upload(
      'x.pdf',
      [{ name: 'token', value: token.uptoken }, ...fileParts('x.pdf', Buffer.from('%PDF'), 'application/pdf')],
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(fs.existsSync(path.join(dataDir, token.key))).toBe(false);
  });

  it("fileurl and videourl answer the URL of a public file of the caller's school, 404 otherwise", async () => {
    const up = (await upload('p.jpg', fileParts('p.jpg', Buffer.from('jpeg'), 'image/jpeg'), admin)).json().data;
    for (const url of ['/fileurl', '/videourl']) {
      const res = await app.inject({ method: 'POST', url, payload: { data: up.key }, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ url: `/${up.key}`, key: up.key });
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/fileurl',
          payload: { key: 'files/userupload/1/2.PNG' },
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/fileurl', payload: {}, headers: { cookie: admin } })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/fileurl', payload: { data: up.key } })).statusCode).toBe(401);
  });

  it('a file the row says is in the object store, on an install without it (STORAGE switched back): 502, removable', async () => {
    const id = app.ctx.ids.next();
    const key = `files/userupload/${(await school(app)).id}/${id}.PNG`;
    await app.ctx.db.insert(files).values({
      id,
      schoolId: (await school(app)).id,
      key,
      originalName: 'cover.png',
      mime: 'image/png',
      ext: 'PNG',
      size: 4,
      visibility: 'public',
      uploadedBy: 'admin:1',
      storage: 's3',
      createdAt: Date.now(),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/fileurl',
      payload: { data: key },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(502);
    await removeFile(app.ctx, id);
    expect(first(await app.ctx.db.select().from(files).where(eq(files.id, id)))).toBeUndefined();
  });
});
