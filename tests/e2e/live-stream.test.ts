/**
 * A real live stream on the live page (issue 17): the live server of scripts/live-server.mjs (nginx-rtmp and
 * node-media-server, tests/helpers/live-server.ts) on loopback ports calling back the app's live hooks, and
 * Debian's ffmpeg pushing a test stream with the session's key, as OBS would. The publish callback puts the
 * session live; on a desktop the page plays the signed FLV address through mpegts.js, on a phone the signed
 * HLS address through video.js, and the student's attendance is credited while live. A desktop whose FLV
 * fails falls back to HLS. A visitor plays a public live course's plain address on /u/learn/{code}/live/1
 * (the live server asks the play hook). When the teacher stops, the page leaves the player (never a frozen picture) for the
 * end of the session, and plays again when the teacher pushes again within the window.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAttendance, liveSessions } from '../../server/db/schema';
import { playbackUrls } from '../../server/modules/live/playback';
import { enrol } from '../helpers/factories';
import { waitUntil } from '../helpers/wait';
import { pushTestStream, startLiveServer, waitFor200, type LiveServer, type TestPush } from '../helpers/live-server';
import { pageErrors, startHarness, type Harness } from './harness';
import { liveCourse, livePath, liveSession, MIN, relay } from './live-helpers';
import { fastHeartbeat, signedInPage, signedInStudent, viewportShot } from './learn-helpers';
import { first } from '../../server/db/client';

const SECRET = 'e2e-live-secret-0123456789abcdef';

let h: Harness;
let hooks: Awaited<ReturnType<typeof relay>>;
let live: LiveServer;
let push: TestPush | null = null;
let coid = '';
let sessionId = '';
let code = '';
let holder: Awaited<ReturnType<typeof signedInStudent>>;

/** The page's video element's time, through the player it says it uses. */
const videoTime = (page: Page, player: 'flv' | 'hls') =>
  page.evaluate(
    (kind) => document.querySelector<HTMLVideoElement>(`[data-player="${kind}"] video`)?.currentTime ?? 0,
    player,
  );

const session = async () =>
  first(await h.app.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, sessionId)))!;
const attended = async () =>
  first(
    await h.app.ctx.db
      .select()
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.studentId, holder.id))),
  )?.seconds ?? 0;

/** Pushes the test stream with the session's key; waits until the hook put it live and the playlist is served. */
async function startPush() {
  push = pushTestStream(live.rtmpUrl, code, (await session()).streamKey);
  await waitUntil('the publish hook to put the session live', async () => (await session()).status === 'live', 30_000);
  await waitFor200(playbackUrls(h.app.ctx, coid, false)!.hls, 30_000);
}

beforeAll(async () => {
  hooks = await relay();
  live = await startLiveServer({ platformUrl: hooks.url, secret: SECRET });
  h = await startHarness({
    LIVE_SERVER_URL: live.httpUrl,
    LIVE_RTMP_URL: live.rtmpUrl,
    LIVE_SECRET: SECRET,
    LIVE_RECORDINGS_DIR: live.recordingsDir,
  });
  hooks.to(h.baseURL);
  coid = await liveCourse(h, { actualFen: 1000, title: '直播实验课' });
  code = h.app.ctx.courseCodec.encode(coid);
  sessionId = await liveSession(h, coid, { title: '第一讲', startAt: Date.now() - MIN, endAt: Date.now() + 60 * MIN });
  holder = await signedInStudent(h, '直播学员');
  await enrol(h.app, holder.id, coid);
  await startPush();
}, 90_000);
afterAll(async () => {
  await push?.stop();
  await h?.close();
  await live?.stop();
  await hooks?.close();
});

describe('a real stream on the live page', () => {
  it('desktop: the signed FLV address plays through mpegts.js, and the student’s attendance is credited while live', async () => {
    const context = await h.desktop();
    await fastHeartbeat(context, 1000);
    const page = await signedInPage(h, context, holder.cookie);
    const errors = pageErrors(page);
    const flv = page.waitForRequest((request) => /\/t\/[^/]+\/\d+\/live\/\w+\.flv$/.test(request.url()));
    await page.goto(livePath(h, coid));
    await page.locator('[data-player="flv"] video').waitFor();
    expect((await flv).url()).toContain(`/live/${code}.flv`);
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 30_000 }).toBeGreaterThan(2);
    const earlier = await videoTime(page, 'flv');
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 15_000 }).toBeGreaterThan(earlier + 1);
    await expect.poll(attended, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.getByTestId('live-viewers').waitFor();
    // The FLV stream plays inside the same video.js frame as HLS: the spec's controls, shown on hover.
    const frame = page.locator('[data-player="flv"] .video-js');
    for (const control of ['.vjs-play-control', '.vjs-volume-panel', '.vjs-fullscreen-control'])
      expect(await frame.locator(control).count(), control).toBe(1);
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await expect.poll(() => frame.getAttribute('class')).toContain('vjs-user-active');
    await viewportShot(page, 'live-flv-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone: the signed HLS address plays through video.js', async () => {
    const context = await h.mobile();
    const page = await signedInPage(h, context, holder.cookie);
    const hls = page.waitForRequest((request) => /\/t\/[^/]+\/\d+\/live\/\w+\.m3u8$/.test(request.url()));
    await page.goto(livePath(h, coid));
    await page.locator('[data-player="hls"] video').waitFor();
    expect((await hls).url()).toContain(`/live/${code}.m3u8`);
    await expect.poll(() => videoTime(page, 'hls'), { timeout: 30_000 }).toBeGreaterThan(1);
    const earlier = await videoTime(page, 'hls');
    await expect.poll(() => videoTime(page, 'hls'), { timeout: 15_000 }).toBeGreaterThan(earlier + 1);
    await expect(page.locator('.vjs-control-bar .vjs-fullscreen-control').count()).resolves.toBe(1);
    await viewportShot(page, 'live-hls-phone');
    await context.close();
  });

  it('desktop without FLV (its address fails before playing): the page falls back to HLS through video.js', async () => {
    const context = await h.desktop();
    await context.route(/\.flv$/, (route) => route.abort());
    const page = await signedInPage(h, context, holder.cookie);
    await page.goto(livePath(h, coid));
    await page.getByTestId('live-reconnecting').waitFor({ timeout: 20_000 });
    await page.locator('[data-player="hls"] video').waitFor({ timeout: 20_000 });
    await expect.poll(() => videoTime(page, 'hls'), { timeout: 30_000 }).toBeGreaterThan(1);
    await context.close();
  });

  it('the public live page /u/learn/{code}/live/1: a visitor plays the plain FLV address, no sign-in', async () => {
    const open = await liveCourse(h, { type: 2, title: '公开直播' });
    const openCode = h.app.ctx.courseCodec.encode(open);
    const openSession = await liveSession(h, open, { startAt: Date.now() - MIN, endAt: Date.now() + 60 * MIN });
    const key = first(
      await h.app.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, openSession)),
    )!.streamKey;
    const second = pushTestStream(live.rtmpUrl, openCode, key);
    try {
      await waitFor200(`${live.httpUrl}/live/${openCode}.m3u8`, 30_000);
      const page = await (await h.desktop()).newPage();
      const flv = page.waitForRequest((request) => request.url().endsWith(`/live/${openCode}.flv`));
      await page.goto(`/u/learn/${openCode}/live/1`);
      expect((await flv).url()).toBe(`${live.httpUrl}/live/${openCode}.flv`);
      await expect.poll(() => videoTime(page, 'flv'), { timeout: 30_000 }).toBeGreaterThan(1);
      await page.context().close();
    } finally {
      await second.stop();
    }
  });

  it('the teacher stops: the page shows the end instead of a frozen player; pushing again within the window plays again and counts again', async () => {
    const context = await h.desktop();
    await fastHeartbeat(context, 1000);
    const page = await signedInPage(h, context, holder.cookie);
    await page.goto(livePath(h, coid));
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 30_000 }).toBeGreaterThan(1);
    await push?.stop();
    await expect.poll(async () => (await session()).status, { timeout: 30_000 }).toBe('ended');
    await page.getByTestId('live-ended').waitFor({ timeout: 60_000 });
    await expect(page.locator('video').count()).resolves.toBe(0);
    const credited = await attended();
    await startPush();
    // The page looks again every 20 s while the session is over.
    await page.locator('[data-player="flv"] video').waitFor({ timeout: 60_000 });
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 60_000 }).toBeGreaterThan(1);
    expect((await session()).status).toBe('live');
    await expect.poll(attended, { timeout: 15_000 }).toBeGreaterThan(credited);
    await context.close();
  }, 180_000);
});
