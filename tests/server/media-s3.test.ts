/**
 * The resource library with STORAGE=s3 (online release) against a real S3-protocol server started here
 * (tests/helpers/s3.ts): a resource's upload is in the store, its conversion (real ffmpeg, poppler, sharp) reads
 * it from there and writes its outputs there, nothing stays under DATA_DIR/files/derived, and /media answers
 * with redirects to signed URLs of the objects (playlists by the app, so their segments come back through it).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStoreOf, StoreUnavailable } from '../../server/lib/object-store';
import { configureMediaQueue, enqueueConversion } from '../../server/modules/media/media.service';
import { findFileById } from '../../server/modules/uploads/files.repository';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildFile, buildResource } from '../helpers/factories';
import { data, injectAs, type Reply, waitUntil } from '../helpers/kit';
import { startS3, type TestStore } from '../helpers/s3';
import { makeVideo, missingTools, scratch, waitForStatus } from './media-helpers';
import { multipartBody } from './uploads-helpers';

const missing = missingTools(['ffmpeg', 'ffprobe', 'pdfinfo', 'pdftoppm'], 'media-s3');

type Uploaded = { key: string; fileId: string };
type Urls = { prefix: string; url: string; hls: string | null; mp4: string | null; poster: string | null };

/** A one-page PDF written by hand (poppler reads it), so no LibreOffice run is needed. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    '<< /Length 33 >>\nstream\n0 0 1 rg 20 20 160 60 re f\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe.skipIf(missing.length > 0)('resources in the object store (STORAGE=s3)', () => {
  let store: TestStore;
  let app: TestApp;
  let admin: string;
  let dir: string;

  beforeAll(async () => {
    dir = scratch('s3');
    store = await startS3('media-test');
    app = await makeApp(
      { ...store.config, MEDIA_CONCURRENCY: 1 },
      { setup: (built) => configureMediaQueue(built.ctx, { retryDelayMs: () => 50 }) },
    );
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The library's way in the online release: a signed PUT straight to the store, then upload/complete. */
  const direct = async (filename: string, bytes: Buffer, contentType: string): Promise<Uploaded> => {
    const query = new URLSearchParams({ filename, size: String(bytes.length), contentType });
    const token = data<{ uptoken: string; put: { url: string; headers: Record<string, string> } }>(
      await injectAs(app, admin).get(`/video/token?${query}`),
    );
    const put = await fetch(token.put.url, { method: 'PUT', body: new Uint8Array(bytes), headers: token.put.headers });
    expect(put.status).toBe(200);
    return data<Uploaded>(await injectAs(app, admin).post('/upload/complete', { uptoken: token.uptoken }));
  };
  const addResource = async (fileId: string) =>
    data<{ rid: string }>(await injectAs(app, admin).post('/resource/add', { fileId, cate: '0' })).rid;
  const urls = async (rid: string, download = false) =>
    data<Urls>(await injectAs(app, admin).get(`/resource/url?rid=${rid}${download ? '&download=1' : ''}`));
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url });
  /** A 302 to a signed URL of the store, and what that URL answers. */
  const follow = async (res: Reply) => {
    expect(res.statusCode, res.body).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${store.endpoint}/${store.bucket}/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const got = await fetch(location);
    expect(got.status).toBe(200);
    return { bytes: Buffer.from(await got.arrayBuffer()), disposition: got.headers.get('content-disposition') };
  };
  const onDisk = (rid: string) => {
    const root = path.join(app.ctx.config.dataDir, 'files', 'derived');
    return fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name.startsWith(rid)) : [];
  };

  it('a video sent to the store converts from it, its outputs go there, and /media redirects to signed URLs', async () => {
    const video = fs.readFileSync(makeVideo(path.join(dir, 'lesson.avi'), 3, { size: '320x180' }));
    const upload = await direct('lesson.avi', video, 'video/x-msvideo');
    const rid = await addResource(upload.fileId);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 120_000);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.outputs).toMatchObject({ hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg' });
    const keys = await store.keys(`files/derived/${rid}/`);
    for (const name of ['hls/index.m3u8', 'hls/seg_000.ts', 'video.mp4', 'poster.jpg', 'thumb.jpg'])
      expect(keys).toContain(`files/derived/${rid}/${name}`);
    expect(keys.some((key) => key.includes('.source'))).toBe(false);
    expect(onDisk(rid)).toEqual([]);
    expect(await findFileById(app.ctx.db, upload.fileId)).toMatchObject({ storage: 's3', visibility: 'private' });

    const { prefix } = await urls(rid);
    const source = await get(`${prefix}source`);
    const ttl = Number(/max-age=(\d+)/.exec(String(source.headers['cache-control']))?.[1]);
    expect(source.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThan(app.ctx.config.S3_URL_TTL);
    expect((await follow(source)).bytes.equals(video)).toBe(true);
    expect((await get(`${prefix}source`, 'HEAD')).statusCode).toBe(302);
    const mp4 = (await follow(await get(`${prefix}video.mp4`))).bytes;
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');

    // A download token: the original under its name, a converted file under the original's stem.
    const saved = (await urls(rid, true)).prefix;
    expect((await follow(await get(`${saved}source?download=1`))).disposition).toContain('lesson.avi');
    expect((await follow(await get(`${saved}video.mp4?download=1`))).disposition).toContain('lesson.mp4');
    expect((await get(`${prefix}video.mp4?download=1`)).statusCode).toBe(403);

    // The playlist comes from the app: its segment lines resolve to /media and are redirected in turn.
    const playlist = await get(`${prefix}hls/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segments = playlist.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const line of segments) {
      const url = new URL(line, `http://lanxue.test${prefix}hls/index.m3u8`).pathname;
      expect(url.startsWith(`${prefix}hls/`)).toBe(true);
      const ts = (await follow(await get(url))).bytes;
      expect([ts[0], ts[188]]).toEqual([0x47, 0x47]);
    }

    const forged = prefix.replace(/\/media\/[^/]+\//, '/media/9999999999.v.AAAAAAAAAAAAAAAAAAAAAA/');
    for (const name of ['source', 'video.mp4', 'hls/index.m3u8', 'hls/seg_000.ts'])
      expect((await get(forged + name)).statusCode).toBe(403);
    expect((await get(`${prefix}hls/..%2F..%2Fx`)).statusCode).toBe(400);

    // A poster chosen from an image in the store is written to the store.
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#cc3366' } })
      .png()
      .toBuffer();
    const image = await direct('cover.png', png, 'image/png');
    const poster = data<{ poster: string }>(
      await injectAs(app, admin).post('/resource/poster', { rid, fileId: image.fileId }),
    ).poster;
    expect(poster).toMatch(/poster-custom\.jpg$/);
    expect((await sharp((await follow(await get(poster))).bytes).metadata()).format).toBe('jpeg');

    // Converting again replaces the job's entries (a segment the new playlist does not name goes) and leaves
    // the others (the chosen poster).
    const stale = `files/derived/${rid}/hls/seg_999.ts`;
    await (await objectStoreOf(app.ctx.config)).putFile(stale, path.join(dir, 'lesson.avi'), {
      contentType: 'video/mp2t',
    });
    data(await injectAs(app, admin).post('/resource/retry', { rid }));
    const again = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 120_000);
    expect(again.status, again.statusMessage).toBe('ready');
    expect(again.job?.id).not.toBe(done.job?.id);
    // Removed once the new outputs are recorded.
    const after = await waitUntil(
      () => `${stale} to be removed`,
      async () => {
        const keys = await store.keys(`files/derived/${rid}/`);
        return keys.includes(stale) ? null : keys;
      },
      30_000,
      50,
    );
    expect(after).toContain(`files/derived/${rid}/hls/seg_000.ts`);
    expect(after).toContain(`files/derived/${rid}/poster-custom.jpg`);

    // A subtitle of a resource in the store goes there too; deleting the resource empties its prefix.
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\n你好\n');
    const { body, headers } = multipartBody([{ name: 'file-select', filename: 'zh.vtt', type: 'text/vtt', data: vtt }]);
    const url = `/resource/subtitle?rid=${rid}&label=zh&lang=zh`;
    const added = await injectAs(app, admin).inject({ method: 'POST', url, payload: body, headers });
    expect(added.statusCode, added.body).toBe(200);
    expect((await store.keys(`files/derived/${rid}/subtitles/`)).length).toBe(1);
    expect(onDisk(rid)).toEqual([]);
    data(await injectAs(app, admin).post('/resource/delete', { rid }));
    expect(await store.keys(`files/derived/${rid}/`)).toEqual([]);
    expect(await store.has(upload.key)).toBe(false);
  }, 180_000);

  it('a PDF sent to the store: page count and thumbnail from the store, the original redirected', async () => {
    const pdf = onePagePdf();
    const upload = await direct('handout.pdf', pdf, 'application/pdf');
    const rid = await addResource(upload.fileId);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted']);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.outputs).toMatchObject({ pages: 1, thumb: 'thumb.jpg' });
    expect(await store.keys(`files/derived/${rid}/`)).toEqual([`files/derived/${rid}/thumb.jpg`]);
    expect(onDisk(rid)).toEqual([]);
    const { prefix } = await urls(rid);
    expect((await follow(await get(`${prefix}source`))).bytes.equals(pdf)).toBe(true);
    const thumb = (await follow(await get(`${prefix}thumb.jpg`))).bytes;
    expect((await sharp(thumb).metadata()).format).toBe('jpeg');
  }, 60_000);

  it('an image sent by lan/upload moves into the store when it becomes a resource, and converts there', async () => {
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const { body, headers } = multipartBody([
      { name: 'file-select', filename: 'map.png', type: 'image/png', data: png },
    ]);
    const up = await injectAs(app, admin).inject({
      method: 'POST',
      url: '/lan/upload/map.png',
      payload: body,
      headers,
    });
    const file = data<Uploaded>(up);
    const local = path.join(app.ctx.config.dataDir, file.key);
    expect(fs.existsSync(local)).toBe(true);
    const rid = await addResource(file.fileId);
    expect(fs.existsSync(local)).toBe(false);
    expect(await store.has(file.key)).toBe(true);
    expect(await findFileById(app.ctx.db, file.fileId)).toMatchObject({ storage: 's3', visibility: 'private' });
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted']);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.outputs).toMatchObject({ thumb: 'thumb.jpg', width: 640, height: 320 });
    expect(await store.has(`files/derived/${rid}/thumb.jpg`)).toBe(true);
    expect(onDisk(rid)).toEqual([]);
    const { prefix } = await urls(rid);
    const thumb = (await follow(await get(`${prefix}thumb.jpg`))).bytes;
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 240 });
  });

  it('an upload to the store that fails fails the attempt; the retries fail too: nothing recorded, nothing left', async () => {
    const video = fs.readFileSync(makeVideo(path.join(dir, 'short.avi'), 1, { size: '160x90' }));
    const upload = await direct('short.avi', video, 'video/x-msvideo');
    const objects = await objectStoreOf(app.ctx.config);
    const putFile = objects.putFile;
    let puts = 0;
    // The first output of the first attempt is written, every later one refused.
    objects.putFile = async (...args) => {
      puts += 1;
      if (puts > 1) throw new StoreUnavailable('object store: write refused');
      return await putFile(...args);
    };
    try {
      const rid = await addResource(upload.fileId);
      const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 120_000);
      expect(done.status).toBe('failed');
      expect(done.statusMessage).toBe('object store: write refused');
      expect(done.job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(done.outputs).toEqual({});
      expect(await store.keys(`files/derived/${rid}/`)).toEqual([]);
      expect(onDisk(rid)).toEqual([]);
    } finally {
      objects.putFile = putFile;
    }
  }, 180_000);
});

describe('conversion while the object store cannot be reached', () => {
  it('fails the job cleanly after its attempts: status failed with the message, no outputs', async () => {
    const store = await startS3('down-test');
    const app = await makeApp(
      { ...store.config, MEDIA_CONCURRENCY: 1 },
      { setup: (built) => configureMediaQueue(built.ctx, { retryDelayMs: () => 20 }) },
    );
    try {
      const schoolId = (await school(app)).id;
      const fileId = app.ctx.ids.next();
      const rid = app.ctx.ids.next();
      const now = Date.now();
      await buildFile(app, {
        id: fileId,
        schoolId,
        key: `files/userupload/${schoolId}/${fileId}.PNG`,
        originalName: 'a.png',
        mime: 'image/png',
        ext: 'PNG',
        size: 100,
        visibility: 'private',
        storage: 's3',
        createdAt: now,
      });
      await buildResource(app, {
        id: rid,
        schoolId,
        title: 'a',
        fileId,
        kind: 'image',
        createdAt: now,
        updatedAt: now,
      });
      await store.close();
      await enqueueConversion(app.ctx, rid);
      const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 60_000);
      expect(done.status).toBe('failed');
      expect(done.statusMessage).toMatch(/^object store: /);
      expect(done.job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(done.outputs).toEqual({});
      expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', 'derived'))).toEqual([]);
    } finally {
      await app.close();
      await store.close().catch(() => undefined);
    }
  }, 90_000);
});
