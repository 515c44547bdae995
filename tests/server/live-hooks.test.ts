import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessions } from '../../server/db/schema';
import { playbackPrefix } from '../../server/modules/live/playback';
import { configureMediaQueue } from '../../server/modules/media/media.service';
import { ADMIN, login, makeApp, type TestApp } from '../helpers/app';
import { injectAs, type Caller, waitUntil } from '../helpers/kit';
import {
  freePort,
  type LiveServer,
  pushTestStream,
  reservePorts,
  startLiveServer,
  type TestPush,
  waitFor200,
} from '../helpers/live-server';
import { first } from '../../server/db/client';
import { sqlAll, sqlGet } from '../helpers/sql';

/**
 * Issue 17's live server and its callbacks, with real tools: the app listens on loopback, the live server of
 * deploy/live (nginx with its RTMP module, node-media-server) calls it back, and Debian's ffmpeg pushes a test
 * stream the way OBS does (Server = rtmp://…/live, Stream key = {code}?key={stream key}).
 */

const SECRET = randomBytes(24).toString('base64url');
const HOUR = 3_600_000;

describe('live server and its callbacks (issue 17)', () => {
  let app: TestApp;
  let live: LiveServer;
  let post: Caller['post'];
  let get: Caller['get'];
  let platformUrl: string;
  const pushes: TestPush[] = [];
  /** The play checks the live server asked the platform. */
  const playChecks: string[] = [];

  beforeAll(async () => {
    // The app's port stays held while the live server picks its own.
    const held = await reservePorts(1);
    const port = held.ports[0]!;
    platformUrl = `http://127.0.0.1:${port}`;
    // Updates every 2 s: a rotated key drops its publisher quickly.
    live = await startLiveServer({ platformUrl, secret: SECRET, updateSeconds: 2 });
    await held.release();
    app = await makeApp(
      {
        LIVE_SECRET: SECRET,
        LIVE_SERVER_URL: live.httpUrl,
        LIVE_RTMP_URL: live.rtmpUrl,
        LIVE_RECORDINGS_DIR: live.recordingsDir,
      },
      {
        setup: (built) => {
          configureMediaQueue(built.ctx, { retryDelayMs: () => 50 });
          built.addHook('onRequest', async (request) => {
            if (request.url.startsWith('/live/hook/play')) playChecks.push(request.url);
          });
        },
      },
    );
    await app.listen({ port, host: '127.0.0.1' });
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post, get } = injectAs(app, admin));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(pushes.map((push) => push.stop()));
    await live?.stop();
    await app?.close();
  });

  /** A live course (type 1 live, 2 public live) made through course/new and published. */
  async function liveCourse(type: 1 | 2): Promise<{ coid: string; code: string }> {
    const made = await post('/course/new', { title: `Live ${type}`, catid: '0', type });
    expect(made.statusCode, made.body).toBe(200);
    const { coid, code } = made.json().data as { coid: string; code: string };
    expect((await post('/course/pub', { coid, pub: '1' })).statusCode).toBe(200);
    return { coid, code };
  }

  /** A session row (the back office's calls are another part of issue 17). */
  async function session(coid: string, fields: Partial<typeof liveSessions.$inferInsert> = {}) {
    const now = Date.now();
    const row = {
      id: app.ctx.ids.next(),
      schoolId: (await sqlGet<{ school_id: string }>(app, 'select school_id from courses where id = ?', coid))
        ?.school_id as string,
      courseId: coid,
      title: 'Algebra live',
      startAt: now - 5 * 60_000,
      endAt: now + HOUR,
      streamKey: randomBytes(32).toString('base64url'),
      rotatedAt: now,
      createdAt: now,
      updatedAt: now,
      ...fields,
    };
    await app.ctx.db.insert(liveSessions).values(row);
    return row;
  }

  const read = async (id: string) =>
    first(await app.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, id)))!;
  const push = (code: string, key: string) => {
    const started = pushTestStream(live.rtmpUrl, code, key);
    pushes.push(started);
    return started;
  };
  const signed = (code: string) => `${live.httpUrl}${playbackPrefix(SECRET, code, Date.now()).prefix}/live/${code}`;
  const status = async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.body?.cancel();
    return res.status;
  };
  /** The first bytes of a streaming answer (FLV never ends). */
  async function firstBytes(url: string, n: number): Promise<Buffer> {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let got = Buffer.alloc(0);
    while (got.length < n) {
      const { value, done } = await reader.read();
      if (done) break;
      got = Buffer.concat([got, value]);
    }
    await reader.cancel();
    return got.subarray(0, n);
  }
  const hook = (call: string, form: Record<string, string>, secret = SECRET, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/live/hook/${call}?secret=${encodeURIComponent(secret)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('a right key goes live: signed HLS and FLV play, the plain address is refused for a private course, a second publisher is refused; stopping ends the session with a replay', async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid);
    const first = push(code, s.streamKey);
    await waitUntil('the session to go live', async () => (await read(s.id)).status === 'live');
    expect((await read(s.id)).liveAt).toBeGreaterThan(0);

    const playlist = await waitFor200(`${signed(code)}.m3u8`);
    expect(playlist.headers.get('access-control-allow-origin')).toBe('*');
    const text = await playlist.text();
    expect(text).toContain('#EXTM3U');
    const segment = text.split('\n').find((line) => line.endsWith('.ts'))!;
    expect(segment).toMatch(new RegExp(`^${code}-\\d+\\.ts$`));
    const ts = await fetch(`${signed(code)}${segment.slice(code.length)}`);
    expect(ts.status).toBe(200);
    expect(Buffer.from(await ts.arrayBuffer())[0]).toBe(0x47);
    expect((await firstBytes(`${signed(code)}.flv`, 3)).toString()).toBe('FLV');

    // Not public: the plain addresses and a forged or expired token are refused.
    expect(await status(`${live.httpUrl}/live/${code}.m3u8`)).toBe(403);
    expect(await status(`${live.httpUrl}/live/${code}.flv`)).toBe(403);
    const forged = `${live.httpUrl}/t/${'A'.repeat(22)}/${Math.floor(Date.now() / 1000) + 600}/live/${code}.m3u8`;
    expect(await status(forged)).toBe(403);
    expect(
      await status(`${live.httpUrl}${playbackPrefix(SECRET, code, Date.now() - 3 * HOUR).prefix}/live/${code}.m3u8`),
    ).toBe(403);

    // A second publisher on the same key while the first is live.
    const clientBefore = (await read(s.id)).clientId;
    const second = await push(code, s.streamKey).exited;
    expect(second.code).not.toBe(0);
    expect(await read(s.id)).toMatchObject({ status: 'live', clientId: clientBefore });
    expect(first.process.exitCode).toBeNull();

    await first.stop();
    await waitUntil('the session to end', async () => (await read(s.id)).status === 'ended');
    const ended = await waitUntil('the replay', async () =>
      (await read(s.id)).replayChapterId ? await read(s.id) : null,
    );
    expect(ended.clientId).toBeNull();
    expect(ended.liveSeconds).toBeGreaterThanOrEqual(1);
    expect(ended.replayError).toBeNull();
    const chapter = (await sqlGet(
      app,
      'select course_id, type, title, resource_id from chapters where id = ?',
      ended.replayChapterId,
    )) as { course_id: string; type: number; title: string; resource_id: string };
    expect(chapter).toMatchObject({ course_id: coid, type: 1, resource_id: ended.replayResourceId });
    // One replay: the refused second publisher recorded nothing.
    expect((await sqlGet(app, 'select count(*) AS n from chapters where course_id = ?', coid))?.n).toBe(1);
    expect(chapter.title).toMatch(/^Algebra live 回放 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const resource = (await sqlGet(
      app,
      'select r.kind, r.status, f.ext, f.visibility from resources r join files f on f.id = r.file_id where r.id = ?',
      ended.replayResourceId,
    )) as { kind: string; status: string; ext: string; visibility: string };
    expect(resource).toMatchObject({ kind: 'video', ext: 'FLV', visibility: 'private' });
    expect(['queued', 'converting', 'ready']).toContain(resource.status);
    const jobs = await sqlAll(app, 'select task from media_jobs where resource_id = ?', ended.replayResourceId);
    expect(jobs.length).toBe(1);
    // The media pipeline converts nginx-rtmp's FLV to HLS VOD like any uploaded video.
    await waitUntil(
      'the replay to be converted',
      async () =>
        (await sqlGet(app, 'select status from resources where id = ?', ended.replayResourceId))?.status === 'ready',
      60_000,
    );
    const urls = (await get(`/resource/url?rid=${ended.replayResourceId}`)).json().data as { hls: string | null };
    expect(urls.hls).toMatch(/\.m3u8$/);
    // Imported: the recording left the live server's folder.
    await waitUntil(
      'the recording to leave',
      () => !fs.readdirSync(live.recordingsDir).some((f) => f.startsWith(code)),
    );
  });

  it('a public live course plays at the plain addresses', async () => {
    const { coid, code } = await liveCourse(2);
    const s = await session(coid);
    const pushing = push(code, s.streamKey);
    await waitUntil('the session to go live', async () => (await read(s.id)).status === 'live');
    const playlist = await waitFor200(`${live.httpUrl}/live/${code}.m3u8`);
    expect(await playlist.text()).toContain('#EXTM3U');
    expect((await firstBytes(`${live.httpUrl}/live/${code}.flv`, 3)).toString()).toBe('FLV');
    // The live server keeps the platform's answer for a while: many viewers, few questions.
    await Promise.all(Array.from({ length: 20 }, () => status(`${live.httpUrl}/live/${code}.m3u8`)));
    const asked = playChecks.filter((url) => url.includes(`name=${code}&`)).length;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(2);
    await pushing.stop();
    await waitUntil('the session to end', async () => (await read(s.id)).status === 'ended');
  });

  it('refuses a wrong key, a rotated key and a session outside its window plus the margin', async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid);
    const wrong = await push(code, randomBytes(32).toString('base64url')).exited;
    expect(wrong.code).not.toBe(0);
    // Rotating the key revokes the old one.
    const old = s.streamKey;
    await app.ctx.db
      .update(liveSessions)
      .set({ streamKey: randomBytes(32).toString('base64url'), rotatedAt: Date.now() })
      .where(eq(liveSessions.id, s.id));
    expect((await push(code, old).exited).code).not.toBe(0);
    // Another course's stream name with this key.
    const other = await liveCourse(1);
    expect((await push(other.code, (await read(s.id)).streamKey).exited).code).not.toBe(0);
    expect(await read(s.id)).toMatchObject({ status: 'scheduled', clientId: null, liveAt: null });

    const later = await session(coid, { startAt: Date.now() + 2 * HOUR, endAt: Date.now() + 3 * HOUR });
    expect((await push(code, later.streamKey).exited).code).not.toBe(0);
    const past = await session(coid, { startAt: Date.now() - 3 * HOUR, endAt: Date.now() - 2 * HOUR });
    expect((await push(code, past.streamKey).exited).code).not.toBe(0);
    expect((await read(later.id)).status).toBe('scheduled');
    expect((await read(past.id)).status).toBe('scheduled');
  });

  it('rotating the key of a live session drops its publisher at the next update', async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid);
    const pushing = push(code, s.streamKey);
    await waitUntil('the session to go live', async () => (await read(s.id)).status === 'live');
    await app.ctx.db
      .update(liveSessions)
      .set({ streamKey: randomBytes(32).toString('base64url'), rotatedAt: Date.now() })
      .where(eq(liveSessions.id, s.id));
    const dropped = await pushing.exited;
    expect(dropped.code).not.toBe(0);
    expect(await read(s.id)).toMatchObject({ status: 'ended', clientId: null });
  });

  it('fails closed when the platform cannot be asked', async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid);
    const nobody = await startLiveServer({ platformUrl: `http://127.0.0.1:${await freePort()}`, secret: SECRET });
    try {
      const refused = await pushTestStream(nobody.rtmpUrl, code, s.streamKey).exited;
      expect(refused.code).not.toBe(0);
    } finally {
      await nobody.stop();
    }
    expect((await read(s.id)).status).toBe('scheduled');
  });

  it('callbacks: the secret, form input, the play check, revoking a live key, record_done paths', async () => {
    const { coid, code } = await liveCourse(1);
    const pub = await liveCourse(2);
    const s = await session(coid);
    const form = { call: 'publish', app: 'live', name: code, key: s.streamKey, clientid: '77', addr: '127.0.0.1' };
    expect((await hook('publish', form, 'wrong-secret')).statusCode).toBe(403);
    expect((await hook('publish', form, '')).statusCode).toBe(403);
    expect((await hook('publish', { ...form, clientid: 'x' })).statusCode).toBe(400);
    expect((await hook('publish', { ...form, name: '../etc' })).statusCode).toBe(400);
    expect((await hook('publish', { call: 'publish' })).statusCode).toBe(400);
    // Server to server: no Origin passes the same-origin guard; a browser's cross-site post does not.
    expect((await hook('publish', form, SECRET, { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await read(s.id)).status).toBe('scheduled');
    expect((await hook('publish', form)).statusCode).toBe(200);
    expect(await read(s.id)).toMatchObject({ status: 'live' });
    expect((await read(s.id)).clientId).toMatch(/^77@\d+$/);
    // Busy: a second connection on the key while the first is heard of.
    expect((await hook('publish', { ...form, clientid: '79' })).statusCode).toBe(403);
    expect((await read(s.id)).clientId).toMatch(/^77@\d+$/);

    // Updates keep it alive; after the key is rotated the next update drops the publisher and ends the run.
    const update = { call: 'update_publish', app: 'live', name: code, key: s.streamKey, clientid: '77', time: '10' };
    expect((await hook('update', update)).statusCode).toBe(200);
    expect((await hook('update', { ...update, call: 'update_play', clientid: '78' })).statusCode).toBe(200);
    await app.ctx.db.update(liveSessions).set({ streamKey: 'rotated-key' }).where(eq(liveSessions.id, s.id));
    expect((await hook('update', update)).statusCode).toBe(403);
    expect(await read(s.id)).toMatchObject({ status: 'ended', clientId: null });
    expect((await hook('publish_done', { call: 'publish_done', name: code, clientid: '77' })).json().data).toEqual({
      ended: false,
    });

    // The play check: only a published public live course.
    const play = (name: string, secret = SECRET) =>
      app.inject({ method: 'GET', url: `/live/hook/play?name=${name}&secret=${secret}` });
    expect((await play(pub.code)).statusCode).toBe(200);
    expect((await play(code)).statusCode).toBe(403);
    expect((await play('zzzzzzzzzzz')).statusCode).toBe(403);
    expect((await play(pub.code, 'nope')).statusCode).toBe(403);
    expect((await play('a/b')).statusCode).toBe(400);

    // record_done: only files inside the recordings folder.
    const record = (p: string) => hook('record_done', { call: 'record_done', name: code, key: 'rotated-key', path: p });
    expect((await record('/etc/passwd')).statusCode).toBe(400);
    expect((await record(`${live.recordingsDir}/../../etc/passwd`)).statusCode).toBe(400);
    expect((await record('relative.flv')).statusCode).toBe(400);
    const link = path.join(live.recordingsDir, `${code}-link.flv`);
    fs.symlinkSync('/etc/passwd', link);
    expect((await record(link)).statusCode).toBe(400);
    fs.rmSync(link);
    expect((await record(path.join(live.recordingsDir, 'missing.flv'))).statusCode).toBe(400);
  });

  it('a live session not heard of for a while is a dropped one: a new publisher takes over, its seconds counted', async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid);
    const form = { call: 'publish', name: code, key: s.streamKey, clientid: '5' };
    expect((await hook('publish', form)).statusCode).toBe(200);
    const began = Number((await read(s.id)).clientId!.split('@')[1]);
    // nginx died without saying done: its last update was 60 s ago, 20 s into the run.
    await app.ctx.db
      .update(liveSessions)
      .set({ clientId: `5@${began - 80_000}`, updatedAt: began - 60_000 })
      .where(eq(liveSessions.id, s.id));
    expect((await hook('publish', { ...form, clientid: '1' })).statusCode).toBe(200);
    expect(await read(s.id)).toMatchObject({ status: 'live', liveSeconds: 20 });
    expect((await read(s.id)).clientId).toMatch(/^1@\d+$/);
    // The old connection's late done changes nothing; the new one's ends the session.
    expect((await hook('publish_done', { name: code, clientid: '5' })).json().data).toEqual({ ended: false });
    expect((await hook('publish_done', { name: code, clientid: '1' })).json().data).toEqual({ ended: true });
    expect((await read(s.id)).status).toBe('ended');
  });

  it("a recording that fails to convert stays downloadable with the tool's message", async () => {
    const { coid, code } = await liveCourse(1);
    const s = await session(coid, { title: '代数直播' });
    const recording = path.join(live.recordingsDir, `${code}-1700000000.flv`);
    fs.writeFileSync(recording, 'not a video at all');
    const res = await hook('record_done', { call: 'record_done', name: code, key: s.streamKey, path: recording });
    expect(res.statusCode, res.body).toBe(200);
    const rid = (await read(s.id)).replayResourceId!;
    expect(rid).toBeTruthy();
    expect(fs.existsSync(recording)).toBe(false);
    const failed = await waitUntil('the conversion to fail', async () => {
      const row = (await sqlGet(app, 'select status, status_message from resources where id = ?', rid)) as {
        status: string;
        status_message: string;
      };
      return row.status === 'failed' ? row : null;
    });
    expect(failed.status_message).not.toBe('');
    const urls = (await get(`/resource/url?rid=${rid}`)).json().data as { url: string };
    const source = await app.inject({ method: 'GET', url: urls.url });
    expect(source.statusCode).toBe(200);
    expect(source.body).toBe('not a video at all');
  });

  it('an app without LIVE_SECRET accepts no callback', async () => {
    const bare = await makeApp();
    try {
      const res = await bare.inject({
        method: 'POST',
        url: '/live/hook/publish?secret=',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=abc&key=k&clientid=1',
      });
      expect(res.statusCode).toBe(403);
      expect((await bare.inject({ method: 'GET', url: '/live/hook/play?name=abc' })).statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
