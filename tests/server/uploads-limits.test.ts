import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ADMIN, buildStudent, login, makeApp, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { files } from '../../server/db/schema';
import { UPLOAD_ERRORS } from '../../shared/schemas/uploads';
import { removeFile } from '../../server/modules/uploads/uploads.service';
import { BOUNDARY, bodyTail, fileHead, filesUnder, listen, multipartBody, rawRequest } from './uploads-helpers';
import { first } from '../../server/db/client';

/**
 * Daily upload limits per person and per school (config UPLOAD_*_DAILY_*): over a limit the upload is refused
 * with 429 'upload limit reached' and nothing is written; unfinished resumable uploads count at their announced
 * size; the window is the last 24 hours.
 */

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

function kit(get: () => TestApp) {
  const upload = (cookie: string, name: string, size: number) => {
    const { body, headers } = multipartBody([
      { name: 'file-select', filename: name, type: 'image/png', data: Buffer.alloc(size, 7) },
    ]);
    return injectAs(get(), cookie).inject({ method: 'POST', url: `/lan/upload/${name}`, payload: body, headers });
  };
  const tusCreate = (cookie: string, length: number, filename = 'lecture.mp4') =>
    get().inject({
      method: 'POST',
      url: '/lan/tus/',
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': meta({ filename, filetype: 'video/mp4' }),
        cookie,
      },
    });
  /** What a refused upload must not change. */
  const written = async () => {
    const app = get();
    const dataDir = app.ctx.config.dataDir;
    return {
      rows: first(await app.ctx.db.select({ n: count() }).from(files))!.n,
      onDisk: [
        ...filesUnder(path.join(dataDir, 'tmp/uploads')),
        ...filesUnder(path.join(dataDir, 'tmp/tus')),
        ...filesUnder(path.join(dataDir, 'files/userupload')),
      ].sort(),
    };
  };
  return { upload, tusCreate, written };
}

async function studentCookie(app: TestApp) {
  const s = await buildStudent(app);
  return (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
}

describe('daily limits per person', () => {
  let app: TestApp;
  let clock = Date.now();
  const { upload, tusCreate, written } = kit(() => app);

  beforeAll(async () => {
    app = await makeApp({ UPLOAD_STUDENT_DAILY_FILES: 3, UPLOAD_STUDENT_DAILY_BYTES: 20_000 }, { now: () => clock });
  });
  afterAll(() => app.close());

  it('the files limit: the fourth upload of the day is 429 with Retry-After, nothing written; a day later it is fine', async () => {
    const person = await buildStudent(app);
    const cookie = (await login(app, { username: person.username, password: person.password, role: 'student' })).cookie;
    for (let i = 0; i < 3; i += 1) expect((await upload(cookie, `p${i}.png`, 100)).statusCode).toBe(200);
    const before = await written();
    const refused = await upload(cookie, 'p3.png', 100);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 'error',
      error: UPLOAD_ERRORS.limit,
      data: { scope: 'person', unit: 'files', limit: 3, used: 3 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 60);
    expect(await written()).toEqual(before);
    // Another student has a limit of their own.
    expect((await upload(await studentCookie(app), 'other.png', 100)).statusCode).toBe(200);

    // The window is the last 24 hours (the session has expired meanwhile: sign in again).
    clock += 24 * 3600 * 1000 + 1000;
    const again = (await login(app, { username: person.username, password: person.password, role: 'student' })).cookie;
    expect((await upload(again, 'next-day.png', 100)).statusCode).toBe(200);
  });

  it('the bytes limit by the announced size: refused before a byte is stored; deleting a file gives nothing back', async () => {
    const cookie = await studentCookie(app);
    const big = await upload(cookie, 'big.png', 12_000);
    expect(big.statusCode).toBe(200);
    // The file goes (as a replaced avatar does); its bytes still count for the day.
    await removeFile(app.ctx, big.json().data.fileId);
    const before = await written();
    const refused = await upload(cookie, 'again.png', 9_000);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().data).toMatchObject({ scope: 'person', unit: 'bytes', limit: 20_000 });
    expect(await written()).toEqual(before);
  });

  it('a body without Content-Length is stopped at the limit while streaming, its partial file removed', async () => {
    const cookie = await studentCookie(app);
    const { port } = await listen(app);
    const chunks = [fileHead('file-select', 'stream.png', 'image/png'), Buffer.alloc(30_000, 1), bodyTail()];
    const before = await written();
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/lan/upload/stream.png',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      body: Readable.from(chunks),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(429);
    expect(res.json).toMatchObject({ error: UPLOAD_ERRORS.limit, data: { unit: 'bytes' } });
    expect(await written()).toEqual(before);
  });

  it('an unfinished resumable upload counts at its Upload-Length until it is finished or terminated', async () => {
    const cookie = await studentCookie(app);
    const created = await tusCreate(cookie, 15_000);
    expect(created.statusCode, created.body).toBe(201);
    // Nothing sent yet, but its 15,000 bytes are taken.
    const before = await written();
    const refused = await upload(cookie, 'more.png', 8_000);
    expect(refused.statusCode, refused.body).toBe(429);
    const second = await tusCreate(cookie, 8_000);
    expect(second.statusCode).toBe(429);
    expect(await written()).toEqual(before);
    // Terminated: the room comes back.
    const location = created.headers.location as string;
    expect((await app.inject({ method: 'DELETE', url: location, headers: { ...TUS, cookie } })).statusCode).toBe(204);
    expect((await upload(cookie, 'more.png', 8_000)).statusCode).toBe(200);
  });

  it('avatars and signatures count too; a refused signature leaves the earlier ones alone', async () => {
    const cookie = await studentCookie(app);
    const picture = (format: 'png' | 'jpeg') =>
      sharp({ create: { width: 32, height: 32, channels: 3, background: '#369' } })
        [format]()
        .toBuffer();
    const send = async (url: string, filename: string, data: Buffer) => {
      const form = multipartBody([{ name: 'file-select', filename, type: 'image/jpeg', data }]);
      return app.inject({ method: 'POST', url, payload: form.body, headers: { ...form.headers, cookie } });
    };
    expect((await send('/stu/avatar', 'me.png', await picture('png'))).statusCode).toBe(200);
    expect((await send('/stu/signature/upload', 'signature.jpeg', await picture('jpeg'))).statusCode).toBe(200);
    expect((await upload(cookie, 'third.png', 10)).statusCode).toBe(200);
    const before = await written();
    const avatar = await send('/stu/avatar', 'me.png', await picture('png'));
    expect(avatar.statusCode, avatar.body).toBe(429);
    const signature = await send('/stu/signature/upload', 'signature.jpeg', await picture('jpeg'));
    expect(signature.statusCode, signature.body).toBe(429);
    expect(await written()).toEqual(before);
  });
});

describe('daily limits per school', () => {
  let app: TestApp;
  const { upload, written } = kit(() => app);

  beforeAll(async () => {
    app = await makeApp({ UPLOAD_SCHOOL_DAILY_FILES: 3 });
  });
  afterAll(() => app.close());

  it("the school's uploads together: staff and students share its limit", async () => {
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    expect((await upload(admin, 'a.png', 10)).statusCode).toBe(200);
    expect((await upload(await studentCookie(app), 'b.png', 10)).statusCode).toBe(200);
    expect((await upload(await studentCookie(app), 'c.png', 10)).statusCode).toBe(200);
    const before = await written();
    const refused = await upload(admin, 'd.png', 10);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().data).toMatchObject({ scope: 'school', unit: 'files', limit: 3, used: 3 });
    expect(await written()).toEqual(before);
  });
});

describe('files uploaded by students are private', () => {
  let app: TestApp;
  const { upload, tusCreate } = kit(() => app);

  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it("a student's upload is served to that student only; staff uploads stay public; staff may attach it", async () => {
    const owner = await studentCookie(app);
    const other = await studentCookie(app);
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const mine = await upload(owner, 'homework.png', 500);
    expect(mine.statusCode).toBe(200);
    const { url, fileId } = mine.json().data as { url: string; fileId: string };
    expect(first(await app.ctx.db.select().from(files).where(eq(files.id, fileId)))?.visibility).toBe('owner');

    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: admin } })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/fileurl', payload: { key: url }, headers: { cookie: other } }))
        .statusCode,
    ).toBe(404);
    const own = await app.inject({ method: 'GET', url, headers: { cookie: owner } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    // A resumable upload by a student is private too.
    const created = await tusCreate(owner, 4);
    const finished = await app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      payload: Buffer.from('data'),
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', cookie: owner },
    });
    expect(finished.statusCode, finished.body).toBe(204);
    const tusKey = finished.headers['lanxue-file-key'] as string;
    expect((await app.inject({ method: 'GET', url: `/${tusKey}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/${tusKey}`, headers: { cookie: owner } })).statusCode).toBe(200);

    // Staff uploads (covers, page pictures) stay public.
    const cover = await upload(admin, 'cover.png', 500);
    expect((await app.inject({ method: 'GET', url: cover.json().data.url })).statusCode).toBe(200);
    // Staff attach a student's file to a resource of theirs; it is served through signed URLs from then on.
    const added = await app.inject({
      method: 'POST',
      url: '/resource/add',
      payload: { fileId, cate: '0' },
      headers: { cookie: admin },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
