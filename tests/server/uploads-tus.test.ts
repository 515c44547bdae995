import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs } from '../helpers/kit';
import { files } from '../../server/db/schema';
import { cleanAbandonedTusUploads } from '../../server/modules/uploads/tus';
import { filesUnder, listen, patternChunk } from './uploads-helpers';
import { Writable } from 'node:stream';
import { setWriteStreamFactory } from '../../server/lib/storage';
import { first as firstRow } from '../../server/db/client';

/** Resumable uploads through tus at lan/tus/ (spec 4 'Upload': suspended and continued). */
describe('tus uploads', () => {
  let app: TestApp;
  let admin: string;
  let student: string;
  let dataDir: string;
  const MAX = 256 * 1024;
  const TUS = { 'tus-resumable': '1.0.0' };
  const meta = (pairs: Record<string, string>) =>
    Object.entries(pairs)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');

  const create = (length: number, metadata: Record<string, string>, cookie?: string) =>
    injectAs(app, cookie).inject({
      method: 'POST',
      url: '/lan/tus/',
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta(metadata) },
    });
  const patch = (location: string, offset: number, body: Buffer, cookie: string) =>
    injectAs(app, cookie).inject({
      method: 'PATCH',
      url: location,
      payload: body,
      headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });

  beforeAll(async () => {
    app = await makeApp({ UPLOAD_MAX_BYTES: MAX });
    dataDir = app.ctx.config.dataDir;
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const s = await buildStudent(app);
    student = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
  });
  afterAll(() => app.close());

  it('create, PATCH in two parts with HEAD giving the offset between, finish: files row, headers, result call', async () => {
    const data = Buffer.concat([patternChunk(1, 64 * 1024), patternChunk(2, 36 * 1024)]);
    const created = await create(data.length, { filename: '第一课.mp4', filetype: 'video/mp4' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/lan\/tus\/\d{19}$/);
    const uploadId = location.split('/').pop()!;

    const first = await patch(location, 0, data.subarray(0, 40_000), admin);
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('40000');
    // Paused here: HEAD says where to continue.
    const head = await app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: admin } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('40000');
    expect(head.headers['upload-length']).toBe(String(data.length));
    // Another user cannot see or continue it.
    expect((await app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: student } })).statusCode).toBe(
      404,
    );
    expect((await patch(location, 40_000, data.subarray(40_000), student)).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(401);
    // A wrong offset is refused (409) and changes nothing.
    expect((await patch(location, 100, data.subarray(100), admin)).statusCode).toBe(409);

    const last = await patch(location, 40_000, data.subarray(40_000), admin);
    expect(last.statusCode, last.body).toBe(204);
    const fileId = last.headers['lanxue-file-id'] as string;
    const key = last.headers['lanxue-file-key'] as string;
    expect(key).toMatch(new RegExp(`^files/userupload/${(await school(app)).id}/\\d{19}\\.MP4$`));
    expect(String(last.headers['access-control-expose-headers'])).toMatch(/Lanxue-File-Id/i);
    expect(fs.readFileSync(path.join(dataDir, key)).equals(data)).toBe(true);
    const row = firstRow(await app.ctx.db.select().from(files).where(eq(files.id, fileId)));
    expect(row).toMatchObject({
      key,
      originalName: '第一课.mp4',
      size: data.length,
      ext: 'MP4',
      mime: 'video/mp4',
      visibility: 'public',
    });

    const result = await app.inject({
      method: 'GET',
      url: `/lan/upload/result/${uploadId}`,
      headers: { cookie: admin },
    });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data).toMatchObject({
      status: 'ok',
      fileId,
      key,
      name: '第一课.mp4',
      size: data.length,
      video: true,
    });
    expect(
      (await app.inject({ method: 'GET', url: `/lan/upload/result/${uploadId}`, headers: { cookie: student } }))
        .statusCode,
    ).toBe(404);
    // Nothing of the upload is left in tmp/tus but the small result note.
    expect(filesUnder(path.join(dataDir, 'tmp/tus'))).toEqual([`${uploadId}.done`]);
  });

  it('limits: guest 401, Upload-Length over the limit 413, a type outside the list 415, a path in the name 400, no length 400', async () => {
    expect((await create(10, { filename: 'a.mp4' })).statusCode).toBe(401);
    expect((await create(MAX + 1, { filename: 'a.mp4', filetype: 'video/mp4' }, admin)).statusCode).toBe(413);
    expect((await create(10, { filename: 'a.exe' }, admin)).statusCode).toBe(415);
    expect((await create(10, { filename: '../a.mp4' }, admin)).statusCode).toBe(400);
    expect((await create(10, {}, admin)).statusCode).toBe(400);
    const deferred = await app.inject({
      method: 'POST',
      url: '/lan/tus/',
      headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': meta({ filename: 'a.mp4' }), cookie: admin },
    });
    expect(deferred.statusCode).toBe(400);
  });

  it('bytes beyond the declared length are refused while receiving (413) and the upload is not stored', async () => {
    const created = await create(1000, { filename: 'b.pdf' }, admin);
    const location = created.headers.location as string;
    const res = await patch(location, 0, Buffer.alloc(5000, 1), admin);
    expect(res.statusCode).toBe(413);
    const head = await app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: admin } });
    expect(Number(head.headers['upload-offset'])).toBeLessThan(1000);
  });

  it('a full disk while receiving answers 507 disk full; the bytes before stay and the upload continues once there is room', async () => {
    const created = await create(3000, { filename: 'full.pdf' }, admin);
    const location = created.headers.location as string;
    expect((await patch(location, 0, Buffer.alloc(1000, 1), admin)).statusCode).toBe(204);
    // The seam: the storage write stream, failing like a full disk after 500 more bytes.
    setWriteStreamFactory((file, options) => {
      const real = fs.createWriteStream(file, { flags: 'r+', start: options?.start });
      let written = 0;
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          const room = 500 - written;
          written += chunk.length;
          if (room < chunk.length)
            return real.write(chunk.subarray(0, Math.max(0, room)), () =>
              callback(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })),
            );
          real.write(chunk, callback);
        },
        final: (callback) => real.end(callback),
      });
    });
    try {
      const full = await patch(location, 1000, Buffer.alloc(2000, 2), admin);
      expect(full.statusCode).toBe(507);
      expect(full.body).toContain('disk full');
    } finally {
      setWriteStreamFactory(null);
    }
    const head = await app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: admin } });
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(1000);
    expect(offset).toBeLessThanOrEqual(1500);
    const rest = Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(2000, 2)]).subarray(offset);
    const done = await patch(location, offset, rest, admin);
    expect(done.statusCode).toBe(204);
    const stored = fs.readFileSync(path.join(dataDir, done.headers['lanxue-file-key'] as string));
    expect(stored.equals(Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(2000, 2)]))).toBe(true);
  });

  it('tus-js-client uploads over HTTP, pauses (abort) and resumes from the offset the server kept', async () => {
    const { base } = await listen(app);
    const data = Buffer.concat(Array.from({ length: 4 }, (_, i) => patternChunk(10 + i, 50 * 1024)));
    let progressSeen = 0;
    let paused = false;
    let uploadUrl = '';
    // Paused once a PATCH past 100 KB was answered: abort() inside onChunkComplete sends no further PATCH, so
    // nothing is in flight when the pause resolves (tus-js-client checks the abort before the next chunk).
    let pause!: { resolve: () => void; reject: (error: Error) => void };
    const pausedNow = new Promise<void>((resolve, reject) => (pause = { resolve, reject }));
    const upload = new tus.Upload(data, {
      endpoint: `${base}/lan/tus/`,
      chunkSize: 50 * 1024,
      headers: { cookie: admin },
      metadata: { filename: 'resume.pdf', filetype: 'application/pdf' },
      retryDelays: [],
      onError: (error) => pause.reject(error),
      onProgress: (sent) => {
        progressSeen = sent;
      },
      onChunkComplete: (_chunk, accepted) => {
        if (!paused && accepted >= 100 * 1024) {
          paused = true;
          upload.abort().then(pause.resolve, pause.reject);
        }
      },
      onUploadUrlAvailable: () => {
        uploadUrl = upload.url ?? '';
      },
    });
    upload.start();
    await pausedNow;
    expect(paused).toBe(true);
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: { ...TUS, cookie: admin } });
    const kept = Number(head.headers.get('upload-offset'));
    expect(kept).toBeGreaterThanOrEqual(100 * 1024);
    expect(kept).toBeLessThan(data.length);

    // Resume: a new Upload pointed at the same URL continues from the server's offset.
    let firstResumed: number | undefined;
    const finished = await new Promise<{ id: string; key: string }>((resolve, reject) => {
      const stored = { id: '', key: '' };
      const resumed = new tus.Upload(data, {
        uploadUrl,
        chunkSize: 50 * 1024,
        headers: { cookie: admin },
        retryDelays: [],
        onError: reject,
        onAfterResponse: (_req, res) => {
          const id = res.getHeader('Lanxue-File-Id');
          if (id) Object.assign(stored, { id, key: res.getHeader('Lanxue-File-Key') ?? '' });
        },
        onSuccess: () => resolve(stored),
        onProgress: (sent) => {
          firstResumed ??= sent;
          progressSeen = sent;
        },
      });
      resumed.start();
    });
    expect(progressSeen).toBe(data.length);
    expect(firstResumed).toBeGreaterThanOrEqual(kept);
    expect(fs.readFileSync(path.join(dataDir, finished.key)).equals(data)).toBe(true);
    await app.close();
  });

  it('under an API prefix the tus endpoint and its Location follow the prefix', async () => {
    const prefixed = await makeApp({ API_PREFIX: '/api/' });
    try {
      const signedIn = await prefixed.inject({
        method: 'POST',
        url: '/api/do/login',
        payload: { ...ADMIN, role: 'admin' },
      });
      const cookie = `y_main=${signedIn.cookies.find((c) => c.name === 'y_main')!.value}`;
      const created = await prefixed.inject({
        method: 'POST',
        url: '/api/lan/tus/',
        headers: { ...TUS, 'upload-length': '3', 'upload-metadata': meta({ filename: 'p.pdf' }), cookie },
      });
      expect(created.statusCode, created.body).toBe(201);
      const location = created.headers.location as string;
      expect(location).toMatch(/^\/api\/lan\/tus\/\d{19}$/);
      const done = await prefixed.inject({
        method: 'PATCH',
        url: location,
        payload: Buffer.from('abc'),
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', cookie },
      });
      expect(done.statusCode).toBe(204);
      expect(done.headers['lanxue-file-key']).toMatch(/\.PDF$/);
    } finally {
      await prefixed.close();
    }
  });

  it('abandoned uploads older than a day are removed, recent ones kept', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir + '-tus-clean'));
    const old = Date.now() - 2 * 24 * 3600 * 1000;
    for (const name of ['111', '111.json', '222', '222.json', '333.done']) fs.writeFileSync(path.join(dir, name), 'x');
    for (const name of ['111', '111.json', '333.done']) fs.utimesSync(path.join(dir, name), old / 1000, old / 1000);
    // 222's info file is old but its data moved recently: still in progress.
    fs.utimesSync(path.join(dir, '222.json'), old / 1000, old / 1000);
    expect((await cleanAbandonedTusUploads(dir, Date.now())).sort()).toEqual(['111', '333']);
    expect(fs.readdirSync(dir).sort()).toEqual(['222', '222.json']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
