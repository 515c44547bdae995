import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, makeApp, type TestApp } from '../helpers/app';
import { waitUntil } from '../helpers/kit';
import { files } from '../../server/db/schema';
import { setWriteStreamFactory } from '../../server/lib/storage';
import { BOUNDARY, fileHead, filesUnder, listen, multipartBody, rawRequest, streamedFileBody } from './uploads-helpers';

/** Uploads over real HTTP: an aborted request, a full disk, and a 200 MB upload with flat memory. */
describe('streamed uploads over HTTP', () => {
  let app: TestApp;
  let admin: string;
  let port: number;
  let dataDir: string;
  const leftovers = () => [
    ...filesUnder(path.join(dataDir, 'tmp/uploads')),
    ...filesUnder(path.join(dataDir, 'files/userupload')),
  ];
  const rowCount = async () => (await app.ctx.db.select().from(files)).length;

  beforeAll(async () => {
    app = await makeApp();
    dataDir = app.ctx.config.dataDir;
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ port } = await listen(app));
  });
  afterEach(() => setWriteStreamFactory(null));
  afterAll(() => app.close());

  it('an upload aborted midway leaves no partial file and no row', async () => {
    const before = await rowCount();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const head = fileHead('file-select', 'cut.mp4', 'video/mp4');
    socket.write(
      `POST /lan/upload/cut.mp4 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${head.length + 50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(head);
    for (let i = 0; i < 8; i++) socket.write(Buffer.alloc(256 * 1024, i));
    // The server is writing the partial file...
    await waitUntil('the partial upload file', () => filesUnder(path.join(dataDir, 'tmp/uploads')).length === 1);
    // ...when the client goes away.
    socket.destroy();
    await waitUntil(
      () => `the partial file to be removed (left: ${leftovers().join(', ')})`,
      () => leftovers().length === 0,
    );
    expect(await rowCount()).toBe(before);
  });

  it('a full disk (ENOSPC while writing) answers 507 disk full and removes the partial file', async () => {
    // The seam: the storage write stream factory, here a real file stream that fails like a full disk after 100 KB.
    setWriteStreamFactory((file) => {
      const real = fs.createWriteStream(file, { flags: 'wx' });
      let written = 0;
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > 100 * 1024)
            return callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          real.write(chunk, callback);
        },
        final(callback) {
          real.end(callback);
        },
        destroy(error, callback) {
          real.destroy();
          callback(error);
        },
      });
    });
    const before = await rowCount();
    const { body, headers } = multipartBody([
      { name: 'file-select', filename: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(512 * 1024, 7) },
    ]);
    const res = await rawRequest(port, {
      method: 'POST',
      path: '/lan/upload/big.pdf',
      headers: { ...headers, cookie: admin },
      body,
    });
    expect(res.status).toBe(507);
    expect(res.json).toMatchObject({ status: 'error', error: 'disk full' });
    await waitUntil(
      () => `the partial file to be removed (left: ${leftovers().join(', ')})`,
      () => leftovers().length === 0,
    );
    expect(await rowCount()).toBe(before);
    // The refused body was discarded: the next upload (on the same kept-alive connection) goes through.
    setWriteStreamFactory(null);
    const next = multipartBody([
      { name: 'file-select', filename: 'ok.pdf', type: 'application/pdf', data: Buffer.alloc(1000, 1) },
    ]);
    const ok = await rawRequest(port, {
      method: 'POST',
      path: '/lan/upload/ok.pdf',
      headers: { ...next.headers, cookie: admin },
      body: next.body,
    });
    expect(ok.status).toBe(200);
  });

  it('a 200 MB upload streams to disk with flat memory (rss growth well under the file size) and identical bytes', async () => {
    const total = 200 * 1024 * 1024;
    const { stream, length } = streamedFileBody('big.mp4', 'video/mp4', total);
    const hash = createHash('sha256');
    let inFile = 0;
    let seenHead = false;
    // Hash the file bytes as they leave (not kept): skip the multipart head and tail.
    const tap = new Transform({
      transform(chunk: Buffer, _e, callback) {
        if (!seenHead) seenHead = true;
        else if (inFile < total) {
          const part = chunk.subarray(0, Math.min(chunk.length, total - inFile));
          hash.update(part);
          inFile += part.length;
        }
        callback(null, chunk);
      },
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    let res;
    try {
      res = await rawRequest(port, {
        method: 'POST',
        path: '/lan/upload/big.mp4',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(length),
          cookie: admin,
        },
        body: stream.pipe(tap),
      });
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage().rss;
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `200 MB upload: ${((Date.now() - started) / 1000).toFixed(1)} s; rss before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)}), after ${mb(after)} MB`,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.size).toBe(total);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);

    const stored = createHash('sha256');
    for await (const chunk of fs.createReadStream(path.join(dataDir, res.json.data.key)))
      stored.update(chunk as Buffer);
    expect(stored.digest('hex')).toBe(hash.digest('hex'));
  }, 120_000);

  it('over raw HTTP, unnormalised dot segments in /media paths never leave the resource folder', async () => {
    const rid = app.ctx.ids.next();
    const prefix = app.ctx.mediaSigner.prefix(rid);
    for (const attempt of ['../../../../etc/passwd', 'hls/../../x', './source', '..%2f..%2f..%2fetc%2fpasswd']) {
      const res = await rawRequest(port, {
        method: 'GET',
        path: `${prefix}${attempt}`,
        headers: {},
        body: Buffer.alloc(0),
      });
      expect([400, 404], `${attempt}: ${res.status}`).toContain(res.status);
    }
  });
});
