/**
 * Direct uploads to the object store (issue 20 'Object storage and CDN', spec 7 'Uploads', online release with
 * STORAGE=s3) against a real S3-protocol server started here (tests/helpers/s3.ts): GET token / video/token sign a
 * PUT, the file goes straight to the store with fetch, POST upload/complete checks it and records it; fileurl
 * answers a signed GET or the public URL. Every refusal leaves no files row and no object.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { storeOrigins } from '../../server/lib/object-store';
import { pageCsp } from '../../server/plugins/shell';
import { removeFile } from '../../server/modules/uploads/uploads.service';
import { sweepUnrecorded } from '../../server/modules/uploads/direct-upload.service';
import { UPLOAD_ERRORS } from '../../shared/schemas/uploads';
import { ADMIN, buildStudent, login, makeApp, school, type TestApp } from '../helpers/app';
import { data, envelope, injectAs } from '../helpers/kit';
import { startS3, type TestStore } from '../helpers/s3';
import { first } from '../../server/db/client';

type Put = { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: number };
type Token = { uptoken: string; key: string; status: 'ok'; put: Put };
type Uploaded = { key: string; url: string; fileId: string; name: string; size: number; mime: string; ext: string };

const LIMIT = 64 * 1024;

describe('direct upload to the object store (online release, STORAGE=s3)', () => {
  let store: TestStore;
  let app: TestApp;
  let admin: string;
  let student: string;
  let other: string;
  /** The app's clock runs this far from the real one (a PUT URL signed in the past has expired). */
  let offset = 0;

  const tokenFor = async (who: string, filename: string, size: number, contentType?: string) => {
    const query = new URLSearchParams({ filename, size: String(size), ...(contentType ? { contentType } : {}) });
    return data<Token>(await injectAs(app, who).get(`/token?${query}`));
  };
  const put = (token: Token, body: Buffer | string, headers: Record<string, string> = token.put.headers) =>
    fetch(token.put.url, { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body), headers });
  const complete = (who: string | null, uptoken: string) => injectAs(app, who).post('/upload/complete', { uptoken });
  const rowOf = async (key: string) => first(await app.ctx.db.select().from(files).where(eq(files.key, key)));

  beforeAll(async () => {
    store = await startS3();
    app = await makeApp({ ...store.config, UPLOAD_MAX_BYTES: LIMIT }, { now: () => Date.now() + offset });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    for (const name of ['s3-student', 's3-other']) {
      const s = await buildStudent(app, { username: name });
      const cookie = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
      if (name === 's3-student') student = cookie;
      else other = cookie;
    }
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  it("a student's file: token with a signed private PUT, the PUT, completion, a files row and a working signed GET", async () => {
    const bytes = Buffer.from('%PDF-1.4 notes of lesson one\n');
    const token = await tokenFor(student, '第一课 笔记.pdf', bytes.length, 'application/pdf');
    expect(token.key).toMatch(new RegExp(`^files/userupload/${(await school(app)).id}/\\d+\\.PDF$`));
    expect(token.put.method).toBe('PUT');
    expect(token.put.headers).toEqual({ 'content-type': 'application/pdf', 'x-amz-acl': 'private' });
    const signed = new URL(token.put.url).searchParams.get('X-Amz-SignedHeaders');
    expect(signed).toBe('content-length;content-type;host;x-amz-acl');
    expect(token.put.expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);

    expect((await put(token, bytes)).status).toBe(200);
    expect(await rowOf(token.key)).toBeUndefined();
    const reply = data<Uploaded>(await complete(student, token.uptoken));
    expect(reply).toMatchObject({
      key: token.key,
      name: '第一课 笔记.pdf',
      size: bytes.length,
      ext: 'PDF',
      mime: 'application/pdf',
    });
    expect(await rowOf(token.key)).toMatchObject({
      id: reply.fileId,
      visibility: 'owner',
      size: bytes.length,
      storage: 's3',
    });

    const url = data<{ url: string }>(await injectAs(app, student).post('/fileurl', { data: token.key })).url;
    expect(url).toContain('X-Amz-Signature=');
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    const saved = data<{ url: string }>(
      await injectAs(app, student).post('/fileurl', { data: token.key, download: true }),
    ).url;
    const download = await fetch(saved);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('第一课 笔记.pdf')}`,
    );
    // Another student of the school, and a second completion of the same token, are refused.
    expect((await injectAs(app, other).post('/fileurl', { data: token.key })).statusCode).toBe(404);
    const again = await complete(student, token.uptoken);
    expect([again.statusCode, envelope(again).error]).toEqual([400, UPLOAD_ERRORS.badToken]);
    expect(await store.has(token.key)).toBe(true);
  });

  it("staff files are public-read and fileurl answers the store's public URL; video/token signs a PUT too", async () => {
    const bytes = Buffer.alloc(3000, 7);
    const query = new URLSearchParams({ filename: 'intro.mp4', size: String(bytes.length) });
    const token = data<Token>(await injectAs(app, admin).get(`/video/token?${query}`));
    expect(token.put.headers).toEqual({ 'content-type': 'video/mp4', 'x-amz-acl': 'public-read' });
    expect((await put(token, bytes)).status).toBe(200);
    const reply = data<Uploaded & { video: boolean }>(await complete(admin, token.uptoken));
    expect(reply.video).toBe(true);
    expect(reply.url).toBe(`${store.endpoint}/${store.bucket}/${token.key}`);
    expect((await rowOf(token.key))?.visibility).toBe('public');
    const url = data<{ url: string }>(await injectAs(app, student).post('/videourl', { data: token.key })).url;
    expect(url).toBe(reply.url);
    const got = await fetch(url);
    expect([got.status, (await got.arrayBuffer()).byteLength]).toEqual([200, bytes.length]);
  });

  it('a PUT URL signed 20 minutes ago has expired at the store; completion then finds nothing', async () => {
    offset = -20 * 60_000;
    const token = await tokenFor(admin, 'late.png', 4, 'image/png');
    offset = 0;
    const res = await put(token, 'late');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    const done = await complete(admin, token.uptoken);
    expect([done.statusCode, envelope(done).error]).toEqual([400, UPLOAD_ERRORS.notUploaded]);
    expect(await rowOf(token.key)).toBeUndefined();
  });

  it('an uptoken past its expiry and grace is refused and the object it names removed', async () => {
    const token = await tokenFor(admin, 'slow.png', 4, 'image/png');
    expect((await put(token, 'slow')).status).toBe(200);
    offset = 2 * 3600_000;
    const done = await complete(admin, token.uptoken);
    offset = 0;
    expect([done.statusCode, envelope(done).error]).toEqual([400, UPLOAD_ERRORS.tokenExpired]);
    expect(await rowOf(token.key)).toBeUndefined();
    expect(await store.has(token.key)).toBe(false);
  });

  it('a PUT of another content type than the signed one is refused at completion and removed (415)', async () => {
    const token = await tokenFor(student, 'photo.png', 5, 'image/png');
    expect((await put(token, 'hello', { 'content-type': 'text/html', 'x-amz-acl': 'private' })).status).toBe(200);
    const done = await complete(student, token.uptoken);
    expect([done.statusCode, envelope(done).error]).toEqual([415, UPLOAD_ERRORS.typeMismatch]);
    expect(await rowOf(token.key)).toBeUndefined();
    expect(await store.has(token.key)).toBe(false);
  });

  it('a PUT larger than declared, or than the limit, is refused at completion and removed', async () => {
    const small = await tokenFor(student, 'a.txt', 10, 'text/plain');
    expect((await put(small, Buffer.alloc(20, 97))).status).toBe(200);
    const done = await complete(student, small.uptoken);
    expect([done.statusCode, envelope(done).error]).toEqual([400, UPLOAD_ERRORS.sizeMismatch]);
    expect(await store.has(small.key)).toBe(false);

    const big = await tokenFor(student, 'b.txt', LIMIT, 'text/plain');
    expect((await put(big, Buffer.alloc(LIMIT + 1, 98))).status).toBe(200);
    const refused = await complete(student, big.uptoken);
    expect([refused.statusCode, envelope(refused).error]).toEqual([413, UPLOAD_ERRORS.tooLarge]);
    expect(await rowOf(big.key)).toBeUndefined();
    expect(await store.has(big.key)).toBe(false);
  });

  it('asking for a token: a size past the limit is 413, no size 400, a type not allowed 415', async () => {
    const ask = (query: Record<string, string>) => injectAs(app, student).get(`/token?${new URLSearchParams(query)}`);
    const tooBig = await ask({ filename: 'x.txt', size: String(LIMIT + 1) });
    expect([tooBig.statusCode, envelope(tooBig).error]).toEqual([413, UPLOAD_ERRORS.tooLarge]);
    const noSize = await ask({ filename: 'x.txt' });
    expect([noSize.statusCode, envelope(noSize).error]).toEqual([400, UPLOAD_ERRORS.sizeRequired]);
    expect((await ask({ filename: 'x.exe', size: '3' })).statusCode).toBe(415);
    expect(
      (await ask({ filename: 'x.txt', size: '3', contentType: 'text/plain\r\nx-amz-acl: public-read' })).statusCode,
    ).toBe(400);
  });

  it('a completion report for an object never uploaded: 400, nothing recorded', async () => {
    const token = await tokenFor(student, 'never.txt', 3, 'text/plain');
    const done = await complete(student, token.uptoken);
    expect([done.statusCode, envelope(done).error]).toEqual([400, UPLOAD_ERRORS.notUploaded]);
    expect(await rowOf(token.key)).toBeUndefined();
  });

  it("a forged uptoken, or another person's, is refused and leaves the object to its uploader", async () => {
    const token = await tokenFor(student, 'mine.txt', 4, 'text/plain');
    expect((await put(token, 'mine')).status).toBe(200);
    const [, payload, sig] = token.uptoken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...claims, z: 40 })).toString('base64url');
    for (const forged of [`d1.${bigger}.${sig}`, `${token.uptoken.slice(0, -2)}AA`, 'd1.e30.x', 'nonsense']) {
      const res = await complete(student, forged);
      expect([res.statusCode, envelope(res).error], forged).toEqual([400, UPLOAD_ERRORS.badToken]);
    }
    for (const who of [other, admin]) {
      const res = await complete(who, token.uptoken);
      expect([res.statusCode, envelope(res).error]).toEqual([400, UPLOAD_ERRORS.badToken]);
    }
    expect(await store.has(token.key)).toBe(true);
    expect(await rowOf(token.key)).toBeUndefined();
    data(await complete(student, token.uptoken));
  });

  it('a stored file the platform removes (removeFile) leaves the store and its row', async () => {
    const token = await tokenFor(admin, 'gone.png', 4, 'image/png');
    expect((await put(token, 'gone')).status).toBe(200);
    const { fileId } = data<Uploaded>(await complete(admin, token.uptoken));
    await removeFile(app.ctx, fileId);
    expect(await rowOf(token.key)).toBeUndefined();
    expect(await store.has(token.key)).toBe(false);
  });

  it('objects never reported are swept once no uptoken can complete them; recorded ones stay', async () => {
    const orphan = await tokenFor(student, 'orphan.txt', 6, 'text/plain');
    expect((await put(orphan, 'orphan')).status).toBe(200);
    const kept = await tokenFor(student, 'kept.txt', 4, 'text/plain');
    expect((await put(kept, 'kept')).status).toBe(200);
    data(await complete(student, kept.uptoken));
    await sweepUnrecorded(app.ctx);
    expect(await store.has(orphan.key)).toBe(true);
    offset = (15 * 60 + 3600 + 3600 + 60) * 1000;
    try {
      expect(await sweepUnrecorded(app.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      offset = 0;
    }
    expect(await store.has(orphan.key)).toBe(false);
    expect(await store.has(kept.key)).toBe(true);
  });

  it('a guest gets 401 for the token calls and for completion', async () => {
    expect((await injectAs(app, null).get('/token?filename=a.txt&size=3')).statusCode).toBe(401);
    expect((await injectAs(app, null).get('/video/token?filename=a.mp4&size=3')).statusCode).toBe(401);
    expect((await complete(null, 'd1.e30.x')).statusCode).toBe(401);
  });
});

describe('direct uploads count against the daily limits of lan uploads (upload-quota.ts)', () => {
  it('a token past a limit is 429; two tokens racing for the last file: the second completion is 429 and removed', async () => {
    const store = await startS3('quota-test');
    const app = await makeApp({ ...store.config, UPLOAD_STUDENT_DAILY_FILES: 1 });
    try {
      const s = await buildStudent(app);
      const who = (await login(app, { username: s.username, password: s.password, role: 'student' })).cookie;
      const ask = async () => data<Token>(await injectAs(app, who).get('/token?filename=a.txt&size=2'));
      const [first, second] = [await ask(), await ask()];
      for (const token of [first, second]) {
        expect((await fetch(token.put.url, { method: 'PUT', body: 'ok', headers: token.put.headers })).status).toBe(
          200,
        );
      }
      data(await injectAs(app, who).post('/upload/complete', { uptoken: first.uptoken }));
      const late = await injectAs(app, who).post('/upload/complete', { uptoken: second.uptoken });
      expect([late.statusCode, envelope(late).error]).toEqual([429, UPLOAD_ERRORS.limit]);
      expect(await store.has(second.key)).toBe(false);
      const refused = await injectAs(app, who).get('/token?filename=b.txt&size=2');
      expect([refused.statusCode, envelope(refused).error]).toEqual([429, UPLOAD_ERRORS.limit]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('object store settings', () => {
  const s3 = {
    VER: 'online',
    STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
  };

  it('STORAGE=s3 without an endpoint, bucket or keys, or in the lan release, does not start', () => {
    for (const missing of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadConfig({}, { ...s3, [missing]: '' })).toThrow(`${missing}: required when STORAGE=s3`);
    }
    expect(() => loadConfig({}, { ...s3, VER: 'lan' })).toThrow('STORAGE: s3 is for VER=online');
    expect(() => loadConfig({}, { ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT');
    expect(loadConfig({}, s3).STORAGE).toBe('s3');
    expect(loadConfig({}, {}).STORAGE).toBe('local');
  });

  it("the pages may reach the bucket's and the CDN's origins (CSP connect-src, media-src); lan pages none", () => {
    const hosted = loadConfig(
      {},
      { ...s3, S3_ENDPOINT: 'https://oss.example:8443/', CDN_BASE_URL: 'https://cdn.example/x' },
    );
    expect(storeOrigins(hosted)).toEqual(['https://b.oss.example:8443', 'https://cdn.example']);
    const csp = pageCsp([], undefined, storeOrigins(hosted));
    expect(csp).toContain("connect-src 'self' https://b.oss.example:8443 https://cdn.example;");
    expect(csp).toContain("media-src 'self' blob: https://b.oss.example:8443 https://cdn.example;");
    expect(storeOrigins(loadConfig({}, { ...s3, S3_FORCE_PATH_STYLE: true }))).toEqual(['http://127.0.0.1:9000']);
    expect(storeOrigins(loadConfig({}, {}))).toEqual([]);
  });

  it("with CDN_BASE_URL a public file's URL is the CDN's; a store that is down is a 502; lan has no upload/complete", async () => {
    const store = await startS3('cdn-test');
    const app = await makeApp({ ...store.config, CDN_BASE_URL: 'https://cdn.example/lx/' });
    const lan = await makeApp();
    try {
      const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
      const token = data<Token>(await injectAs(app, admin).get('/token?filename=cover.png&size=2'));
      expect((await fetch(token.put.url, { method: 'PUT', body: 'ok', headers: token.put.headers })).status).toBe(200);
      const reply = data<Uploaded>(await injectAs(app, admin).post('/upload/complete', { uptoken: token.uptoken }));
      expect(reply.url).toBe(`https://cdn.example/lx/${token.key}`);
      const pending = data<Token>(await injectAs(app, admin).get('/token?filename=later.png&size=2'));
      await store.close();
      const down = await injectAs(app, admin).post('/upload/complete', { uptoken: pending.uptoken });
      expect([down.statusCode, envelope(down).error]).toEqual([502, UPLOAD_ERRORS.storeUnavailable]);

      const lanAdmin = (await login(lan, { ...ADMIN, role: 'admin' })).cookie;
      const lanToken = data<Record<string, unknown>>(await injectAs(lan, lanAdmin).get('/token?filename=a.png'));
      expect(Object.keys(lanToken).sort()).toEqual(['key', 'status', 'uptoken']);
      const res = await injectAs(lan, lanAdmin).post('/upload/complete', { uptoken: String(lanToken.uptoken) });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await lan.close();
      await store.close().catch(() => undefined);
    }
  });
});
