import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, school, type TestApp } from '../helpers/app';
import { buildFile, buildResource } from '../helpers/factories';
import { injectAs, type Caller } from '../helpers/kit';
import { type files, resources } from '../../server/db/schema';
import { removeFile, setFileVisibility } from '../../server/modules/uploads/uploads.service';
import { patternChunk } from './uploads-helpers';
import { BLOCK_SIZE, BlockCache } from '../../server/lib/file-blocks';

/** Serving stored files: Range, validators, types, public vs private, signed /media URLs. */
describe('file serving', () => {
  let app: TestApp;
  /** Files and media are fetched as a guest: the signed address or the file's visibility decides. */
  let guest: Caller;
  let clock = Date.now();
  let dataDir: string;
  let schoolId: string;
  const data = Buffer.concat([patternChunk(1, 100_000), patternChunk(2, 23_456)]);

  /** Factory: a stored file (bytes on disk and its row), public unless said. */
  const addFile = async (ext: string, bytes: Buffer, over: Partial<typeof files.$inferInsert> = {}) => {
    const id = app.ctx.ids.next();
    const key = `files/userupload/${schoolId}/${id}.${ext}`;
    fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, key), bytes);
    await buildFile(app, {
      id,
      schoolId,
      key,
      originalName: `原文件 lesson.${ext.toLowerCase()}`,
      ext,
      size: bytes.length,
      visibility: 'public',
      ...over,
    });
    return { id, key, url: `/${key}` };
  };
  /** Factory: a resource owning a file, with derived outputs written under files/derived/{rid}/. */
  const addResource = async (fileId: string, derived: Record<string, Buffer | string> = {}) => {
    const rid = app.ctx.ids.next();
    await buildResource(app, { id: rid, schoolId, fileId });
    for (const [rel, bytes] of Object.entries(derived)) {
      const full = path.join(dataDir, 'files/derived', rid, rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, bytes);
    }
    return rid;
  };

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    guest = injectAs(app, null);
    dataDir = app.ctx.config.dataDir;
    schoolId = (await school(app)).id;
  });
  afterAll(() => app.close());

  it('answers Range byte for byte: first bytes, middle, suffix, open; 416 with bytes */size; several ranges give 200', async () => {
    const { url } = await addFile('MP4', data);
    const full = await guest.get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-length']).toBe(String(data.length));
    expect(full.rawPayload.equals(data)).toBe(true);
    const cases: [string, number, number][] = [
      ['bytes=0-1023', 0, 1023],
      ['bytes=50000-60000', 50000, 60000],
      ['bytes=-500', data.length - 500, data.length - 1],
      ['bytes=120000-', 120000, data.length - 1],
      ['bytes=123000-999999', 123000, data.length - 1],
      ['bytes=-999999', 0, data.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await guest.get(url, null, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(data.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${data.length}-`, `bytes=${data.length + 10}-${data.length + 20}`, 'bytes=-0']) {
      const res = await guest.get(url, null, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${data.length}`);
    }
    const multi = await guest.get(url, null, { range: 'bytes=0-10,20-30' });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(data.length);
    expect((await guest.get(url, null, { range: 'pages=1-2' })).statusCode).toBe(200);
  });

  it('ETag and Last-Modified: 304 on If-None-Match and If-Modified-Since; If-Range applies the range only while current; HEAD', async () => {
    const { url } = await addFile('PDF', data);
    const first = await guest.get(url);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(lastModified).toMatch(/GMT$/);
    expect(first.headers['cache-control']).toContain('immutable');

    const cached = await guest.get(url, null, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await guest.get(url, null, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await guest.get(url, null, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await guest.get(url, null, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect(
      (await guest.get(url, null, { 'if-modified-since': new Date(Date.parse(lastModified) - 5000).toUTCString() }))
        .statusCode,
    ).toBe(200);

    const stillCurrent = await guest.get(url, null, { range: 'bytes=10-19', 'if-range': etag });
    expect(stillCurrent.statusCode).toBe(206);
    expect(stillCurrent.rawPayload.equals(data.subarray(10, 20))).toBe(true);
    const byDate = await guest.get(url, null, { range: 'bytes=10-19', 'if-range': lastModified });
    expect(byDate.statusCode).toBe(206);
    const changed = await guest.get(url, null, { range: 'bytes=10-19', 'if-range': '"stale-etag"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(data.length);

    const head = await guest.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.rawPayload.length).toBe(0);
    const headRange = await guest.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-99' } });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('100');
  });

  it('content types of the media formats, nosniff, and a sandboxing CSP for svg', async () => {
    const types: Record<string, string> = {
      MP4: 'video/mp4',
      M4A: 'audio/mp4',
      PDF: 'application/pdf',
      PNG: 'image/png',
      JPG: 'image/jpeg',
      VTT: 'text/vtt; charset=utf-8',
      MP3: 'audio/mpeg',
      SVG: 'image/svg+xml',
      DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    for (const [ext, type] of Object.entries(types)) {
      const res = await guest.get((await addFile(ext, Buffer.from('x'))).url);
      expect(res.headers['content-type'], ext).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (ext === 'SVG') expect(res.headers['content-security-policy']).toContain('sandbox');
      else expect(res.headers['content-security-policy'], ext).toBeUndefined();
    }
    const rid = await addResource((await addFile('MP4', data, { visibility: 'private' })).id, {
      'hls/index.m3u8': '#EXTM3U\n',
      'hls/seg_000.ts': Buffer.alloc(188, 0x47),
    });
    const prefix = app.ctx.mediaSigner.prefix(rid);
    expect((await guest.get(`${prefix}hls/index.m3u8`)).headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect((await guest.get(`${prefix}hls/seg_000.ts`)).headers['content-type']).toBe('video/mp2t');
  });

  it('public files are served at /{key}; a private or unknown one answers 404 (not revealed); visibility can change', async () => {
    const pub = await addFile('PNG', Buffer.from('public'));
    const priv = await addFile('PNG', Buffer.from('private'), { visibility: 'private' });
    expect((await guest.get(pub.url)).statusCode).toBe(200);
    const hidden = await guest.get(priv.url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.rawPayload.toString()).not.toContain('private');
    expect((await guest.get(`/files/userupload/${schoolId}/123.PNG`)).statusCode).toBe(404);
    expect((await guest.get(`/files/userupload/${schoolId}/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
    await setFileVisibility(app.ctx, pub.id, 'private');
    expect((await guest.get(pub.url)).statusCode).toBe(404);
    await setFileVisibility(app.ctx, priv.id, 'public');
    expect((await guest.get(priv.url)).statusCode).toBe(200);
    // A row whose bytes are gone: 404, not 500.
    const gone = await addFile('PNG', Buffer.from('x'));
    fs.rmSync(path.join(dataDir, gone.key));
    expect((await guest.get(gone.url)).statusCode).toBe(404);
  });

  it('/media: the source and derived files with a good token; 403 for a bad, foreign or expired token', async () => {
    const source = await addFile('MP4', data, { visibility: 'private' });
    const rid = await addResource(source.id, { 'poster.jpg': Buffer.from('jpeg'), 'hls/index.m3u8': '#EXTM3U\n' });
    const prefix = app.ctx.mediaSigner.prefix(rid);
    const res = await guest.get(`${prefix}source`, null, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(data.subarray(100, 200))).toBe(true);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect((await guest.get(`${prefix}poster.jpg`)).rawPayload.toString()).toBe('jpeg');
    expect((await guest.get(`${prefix}missing.jpg`)).statusCode).toBe(404);

    const token = prefix.split('/')[2]!;
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await guest.get(`/media/${forged}/${rid}/source`)).statusCode).toBe(403);
    expect((await guest.get(`/media/garbage/${rid}/source`)).statusCode).toBe(403);
    // Tokens are bearer tokens: whoever holds the URL may fetch it until it expires, with no session at all
    // (the access check to the chapter happened when the URL was handed out). They open only their own rid.
    expect((await guest.get(`${prefix}source`, null, { cookie: '' })).statusCode).toBe(200);
    const otherRid = await addResource((await addFile('MP4', data)).id);
    expect((await guest.get(`/media/${token}/${otherRid}/source`)).statusCode).toBe(403);
    // Expiries are rounded up to 10-minute steps (server/lib/media-url.ts).
    clock += (app.ctx.config.MEDIA_URL_TTL + 600) * 1000 + 1000;
    try {
      expect((await guest.get(`${prefix}source`)).statusCode).toBe(403);
    } finally {
      clock = Date.now();
    }
  });

  it('/media refuses path tricks: encoded .., encoded NUL, absolute paths, backslashes (400/404), never a file outside', async () => {
    const secret = await addFile('PDF', Buffer.from('secret of another resource'), { visibility: 'private' });
    const rid = await addResource((await addFile('MP4', data, { visibility: 'private' })).id, {
      'hls/index.m3u8': '#EXTM3U\n',
    });
    const prefix = app.ctx.mediaSigner.prefix(rid);
    const attempts = [
      `..%2f..%2f..%2f${secret.key.replace(/\//g, '%2f')}`,
      `hls%2f..%2f..%2f..%2f..%2f${secret.key.replace(/\//g, '%2f')}`,
      `%2e%2e/%2e%2e/%2e%2e/${secret.key}`,
      'hls/index.m3u8%00.jpg',
      '%00',
      `%2f${path.join(dataDir, secret.key).slice(1).replace(/\//g, '%2f')}`,
      `/${path.join(dataDir, secret.key)}`,
      `..%5c..%5c${secret.key}`,
      'hls//index.m3u8',
    ];
    for (const attempt of attempts) {
      const res = await guest.get(`${prefix}${attempt}`);
      expect([400, 404], `${attempt}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.rawPayload.toString()).not.toContain('secret');
    }
  });

  it('?download=1 only with a download token: attachment with the original name (RFC 5987); removeFile forgets the source', async () => {
    const source = await addFile('PPTX', Buffer.from('pptx bytes'), {
      visibility: 'private',
      originalName: '第一讲 "slides".pptx',
    });
    const rid = await addResource(source.id, { 'document.pdf': Buffer.from('%PDF') });
    const view = app.ctx.mediaSigner.prefix(rid);
    const download = app.ctx.mediaSigner.prefix(rid, { download: true });
    expect((await guest.get(`${view}source?download=1`)).statusCode).toBe(403);
    const res = await guest.get(`${download}source?download=1`);
    expect(res.statusCode).toBe(200);
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('第一讲 "slides".pptx');
    const pdf = await guest.get(`${download}document.pdf?download=1`);
    expect(decodeURIComponent((pdf.headers['content-disposition'] as string).split("UTF-8''")[1]!)).toBe(
      '第一讲 "slides".pdf',
    );
    // Viewing without download has no attachment header.
    expect((await guest.get(`${download}source`)).headers['content-disposition']).toBeUndefined();

    // The resource goes (the library deletes the resource row, then the file): the cached source is forgotten.
    expect((await guest.get(`${view}source`)).statusCode).toBe(200);
    await app.ctx.db.delete(resources);
    await removeFile(app.ctx, source.id);
    expect((await guest.get(`${view}source`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dataDir, source.key))).toBe(false);
  });

  it('a file replaced on disk is never answered from cached blocks; files over 64 MiB stream from disk', async () => {
    const file = await addFile('TS', Buffer.alloc(300_000, 1));
    expect((await guest.get(file.url, null, { range: 'bytes=299990-' })).rawPayload.equals(Buffer.alloc(10, 1))).toBe(
      true,
    );
    // Conversion outputs are renamed into place: a new inode with new bytes.
    const full = path.join(dataDir, file.key);
    fs.writeFileSync(`${full}.new`, Buffer.alloc(300_000, 2));
    fs.renameSync(`${full}.new`, full);
    expect((await guest.get(file.url, null, { range: 'bytes=299990-' })).rawPayload.equals(Buffer.alloc(10, 2))).toBe(
      true,
    );

    const big = await addFile('MP4', Buffer.alloc(0));
    const bigPath = path.join(dataDir, big.key);
    fs.truncateSync(bigPath, 65 * 1024 * 1024);
    const fd = fs.openSync(bigPath, 'r+');
    fs.writeSync(fd, Buffer.from('deep inside'), 0, 11, 60 * 1024 * 1024);
    fs.closeSync(fd);
    const res = await guest.get(big.url, null, { range: `bytes=${60 * 1024 * 1024}-${60 * 1024 * 1024 + 10}` });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.toString()).toBe('deep inside');
  });

  it('the block cache answers exact bytes across block edges and stays within its budget', async () => {
    const cache = new BlockCache(8 * BLOCK_SIZE);
    const file = path.join(dataDir, 'blocks.bin');
    const bytes = Buffer.concat([patternChunk(7, BLOCK_SIZE), patternChunk(8, BLOCK_SIZE - 8)]);
    fs.writeFileSync(file, bytes);
    const stat = fs.statSync(file);
    expect(cache.accepts(stat)).toBe(true);
    const read = async (start: number, end: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of cache.stream(file, stat, start, end)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    for (const [start, end] of [
      [0, 9],
      [BLOCK_SIZE - 3, BLOCK_SIZE + 3],
      [0, bytes.length - 1],
      [bytes.length - 1, bytes.length - 1],
    ]) {
      expect((await read(start, end)).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    // Concurrent readers of the same missing block share one read.
    const [a, b] = await Promise.all([read(5, 50), read(5, 50)]);
    expect(a.equals(b)).toBe(true);
    // More files than the budget: old blocks go, the cache never holds more than its budget.
    for (let i = 0; i < 12; i++) {
      const other = path.join(dataDir, `blocks-${i}.bin`);
      fs.writeFileSync(other, patternChunk(i, BLOCK_SIZE));
      for await (const _chunk of cache.stream(other, fs.statSync(other), 0, BLOCK_SIZE - 1)) void _chunk;
      expect(cache.size).toBeLessThanOrEqual(8 * BLOCK_SIZE);
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.accepts({ ...stat, size: 2 * BLOCK_SIZE + 1 } as fs.Stats)).toBe(false);
  });

  it('behind nginx (ACCEL_REDIRECT) the app checks, then answers X-Accel-Redirect with the path under the data folder and no body', async () => {
    const accel = await makeApp({ ACCEL_REDIRECT: '/_protected/' });
    try {
      const id = accel.ctx.ids.next();
      const sid = (await school(accel)).id;
      const key = `files/userupload/${sid}/${id}.MP4`;
      fs.mkdirSync(path.dirname(path.join(accel.ctx.config.dataDir, key)), { recursive: true });
      fs.writeFileSync(path.join(accel.ctx.config.dataDir, key), data);
      await buildFile(accel, {
        id,
        schoolId: sid,
        key,
        originalName: 'a b.mp4',
        mime: 'video/mp4',
        ext: 'MP4',
        size: data.length,
        visibility: 'private',
      });
      const rid = accel.ctx.ids.next();
      await buildResource(accel, { id: rid, schoolId: sid, fileId: id });
      const prefix = accel.ctx.mediaSigner.prefix(rid, { download: true });
      const res = await accel.inject({
        method: 'GET',
        url: `${prefix}source?download=1`,
        headers: { range: 'bytes=0-9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-accel-redirect']).toBe(`/_protected/${key}`);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''a%20b.mp4");
      expect(res.rawPayload.length).toBe(0);
      expect((await accel.inject({ method: 'GET', url: `${prefix}hls/x.ts` })).headers['x-accel-redirect']).toBe(
        `/_protected/files/derived/${rid}/hls/x.ts`,
      );
      // Refusals stay with the app.
      expect((await accel.inject({ method: 'GET', url: `/media/bad/${rid}/source` })).statusCode).toBe(403);
      expect((await accel.inject({ method: 'GET', url: `/${key}` })).statusCode).toBe(404);
    } finally {
      await accel.close();
    }
  });
});
