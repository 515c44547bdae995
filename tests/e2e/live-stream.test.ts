/**
 * A real live stream on the live page (issue 17): the live server of scripts/live-server.mjs (nginx-rtmp and
 * node-media-server, tests/helpers/live-server.ts) on loopback ports, Debian's ffmpeg pushing a test stream.
 * On a desktop the page plays the signed FLV address through mpegts.js, on a phone the signed HLS address
 * through video.js, and the student's attendance is credited while live. A desktop whose FLV fails falls
 * back to HLS; a stream that drops shows the reconnecting state and plays again once the teacher pushes again.
 *
 * The live server's callbacks go to a stand-in that lets every publisher through (the platform's hooks are
 * another part of the issue); the session is marked live here, as the publish callback does.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAttendance } from '../../server/db/schema';
import { playbackUrls } from '../../server/modules/live/playback';
import { enrol } from '../helpers/factories';
import { pushTestStream, startLiveServer, waitFor200, type LiveServer, type TestPush } from '../helpers/live-server';
import { pageErrors, startHarness, type Harness } from './harness';
import { liveCourse, livePath, liveSession, MIN, standIn } from './live-helpers';
import { fastHeartbeat, signedInPage, signedInStudent, viewportShot } from './learn-helpers';

const SECRET = 'e2e-live-secret-0123456789abcdef';

let h: Harness;
let hooks: Awaited<ReturnType<typeof standIn>>;
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

const attended = () =>
  h.app.ctx.db
    .select()
    .from(liveAttendance)
    .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.studentId, holder.id)))
    .get()?.seconds ?? 0;

/** Pushes the test stream and waits until the live server serves its signed playlist. */
async function startPush() {
  push = pushTestStream(live.rtmpUrl, code, 'teacher-key');
  const urls = playbackUrls(h.app.ctx, coid, false)!;
  await waitFor200(urls.hls, 30_000);
}

beforeAll(async () => {
  hooks = await standIn(() => 200);
  live = await startLiveServer({ platformUrl: hooks.url, secret: SECRET });
  h = await startHarness({ LIVE_SERVER_URL: live.httpUrl, LIVE_RTMP_URL: live.rtmpUrl, LIVE_SECRET: SECRET });
  coid = liveCourse(h, { actualFen: 1000, title: '直播实验课' });
  code = h.app.ctx.courseCodec.encode(coid);
  sessionId = liveSession(h, coid, {
    title: '第一讲',
    status: 'live',
    startAt: Date.now() - MIN,
    liveAt: Date.now() - MIN,
  });
  holder = await signedInStudent(h, '直播学员');
  enrol(h.app, holder.id, coid);
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

  it('a stream that drops: the page says it is reconnecting, then plays again once the teacher pushes again', async () => {
    const context = await h.desktop();
    const page = await signedInPage(h, context, holder.cookie);
    await page.goto(livePath(h, coid));
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 30_000 }).toBeGreaterThan(1);
    await push?.stop();
    await page.getByTestId('live-reconnecting').waitFor({ timeout: 30_000 });
    await startPush();
    await page.locator('[data-player="flv"] video').waitFor({ timeout: 60_000 });
    await expect.poll(() => videoTime(page, 'flv'), { timeout: 60_000 }).toBeGreaterThan(1);
    await context.close();
  }, 120_000);
});
