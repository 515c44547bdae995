/**
 * The study heartbeat in Chromium (web/heartbeat): a signed-in student watches a video chapter, the
 * page's heartbeats (shortened to 1 s here) reach the server, which records the seconds watched; coming
 * back with this browser's memory wiped, the player resumes where the server says. A free graphic course is
 * obtained by reading it. Expired sessions go to sign in ('invalid sid').
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enrolments } from '../../server/db/schema';
import { attachResource, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { fastHeartbeat, signedInStudent, signIn } from './learn-helpers';
import { first } from '../../server/db/client';

let h: Harness;
let course: { coid: string; code: string; video: string };
let reading: { coid: string; code: string };
let student: { id: string; cookie: string };

const TEXT = Array.from(
  { length: 8 },
  (_, i) => `<p>第${i + 1}段：循序渐进，先理解概念，再动手练习，最后总结回顾。</p>`,
).join('');

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const videoDir = await makeVideo(8);
  const rid = await seedResource(h.app, {
    schoolId: h.school.id,
    kind: 'video',
    fileName: '心跳.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 8,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', width: 640, height: 360 },
    derived: { hls: `${videoDir}/hls`, 'video.mp4': `${videoDir}/video.mp4` },
  });
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '心跳测试课程',
    catid: '0',
    type: 0,
    actual: 0,
  });
  const video = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      title: '观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, video, rid);
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  course = { ...made, video };
  const graphic = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '图文：心跳领取',
    catid: '0',
    type: 4,
    actual: 0,
    description: TEXT,
  });
  await admin('POST', '/course/pub', { coid: graphic.coid, pub: '1' });
  reading = graphic;
  student = await signedInStudent(h, '王同学');
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

/** A signed-in desktop page whose heartbeat runs every second. */
async function studentPage(): Promise<Page> {
  const context = await h.desktop();
  await signIn(h, context, student.cookie);
  await fastHeartbeat(context);
  return context.newPage();
}

const record = async (cid: string, coid?: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/learn/record?cid=${cid}${coid ? `&coid=${coid}` : ''}`,
    headers: { cookie: student.cookie },
  });
  return res.json().data as { watch_time: number; eff: number; position: number; progress: number; completed: boolean };
};
const videoTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="video-viewer"] video')?.currentTime ?? -1,
  );

describe('the study heartbeat', () => {
  it('records what the student watches, and the player resumes where the server says', async () => {
    const page = await studentPage();
    const errors = pageErrors(page);
    const beats: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/web/heartbeat')) beats.push(JSON.parse(request.postData() ?? '{}').play_type);
    });
    await page.goto(`/u/learn/${course.code}/${course.video}/v`);
    await page.getByTestId('video-viewer').waitFor();
    await page.locator('.vjs-big-play-button').click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(4);
    await page.evaluate(() => document.querySelector('video')!.pause());
    const stoppedAt = await videoTime(page);
    await expect
      .poll(async () => (await record(course.video)).position, { timeout: 5_000 })
      .toBeGreaterThan(stoppedAt - 0.5);
    const watched = await record(course.video);
    expect(watched.watch_time).toBeGreaterThan(2);
    expect(watched.eff).toBeGreaterThan(2);
    expect(beats).toContain('start');
    expect(beats).toContain('play');
    expect(beats).toContain('pause');

    // This browser forgets everything: the server's record brings the learner back.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByTestId('video-viewer').waitFor();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(stoppedAt - 1);
    await screenshot(page, 'records-video-resumed');
    expect(errors).toEqual([]);
  });

  it('reading a free graphic course obtains it and completes it', async () => {
    const page = await studentPage();
    const errors = pageErrors(page);
    await page.goto(`/course/${reading.code}#/graphic`);
    await page.getByTestId('graphic-reader').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.getByTestId('reading-progress').getAttribute('data-progress')).toBe('1');
    await expect
      .poll(
        async () =>
          first(
            await h.app.ctx.db
              .select()
              .from(enrolments)
              .where(and(eq(enrolments.studentId, student.id), eq(enrolments.courseId, reading.coid))),
          )?.source ?? '',
        { timeout: 5_000 },
      )
      .toBe('obtain');
    // About 220 characters need 11 s of reading (20 a second) before the reading counts as complete.
    expect((await record('0', reading.coid)).completed).toBe(false);
    await expect
      .poll(async () => (await record('0', reading.coid)).completed, { timeout: 25_000, interval: 1000 })
      .toBe(true);
    expect(errors).toEqual([]);
  }, 40_000);

  it('beats the server could not write (503) are carried by a later one: their seconds are not lost', async () => {
    const page = await studentPage();
    const sent: { realtime: number; status: number }[] = [];
    await page.route('**/web/heartbeat', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      const refuse = body.play_type === 'play' && sent.filter((beat) => beat.status === 503).length < 3;
      sent.push({ realtime: body.realtime, status: refuse ? 503 : 200 });
      if (!refuse) return route.continue();
      const envelope = { status: 'error', error: 'server error', data: null };
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(envelope) });
    });
    await page.goto(`/u/learn/${course.code}/${course.video}/v`);
    await page.getByTestId('video-viewer').waitFor();
    await page.locator('.vjs-big-play-button').click();
    const lastRefused = () => sent.map((beat) => beat.status).lastIndexOf(503);
    await expect.poll(() => sent.filter((beat) => beat.status === 503).length, { timeout: 20_000 }).toBe(3);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(lastRefused() + 2);
    // About three seconds were refused (beats every second): a later beat reports them with its own.
    const refusedSeconds = sent.filter((beat) => beat.status === 503).reduce((sum, beat) => sum + beat.realtime, 0);
    expect(refusedSeconds).toBeGreaterThan(1.5);
    const carried = Math.max(...sent.slice(lastRefused() + 1).map((beat) => beat.realtime));
    expect(carried).toBeGreaterThan(refusedSeconds * 0.7);
  });

  it("an ended session sends the learner to sign in ('invalid sid')", async () => {
    const page = await studentPage();
    await page.goto(`/u/learn/${course.code}/${course.video}/v`);
    await page.getByTestId('video-viewer').waitFor();
    // The session ends elsewhere (logout in another tab).
    await h.app.inject({ method: 'GET', url: '/do/logout', headers: { cookie: student.cookie } });
    await page.waitForURL((url) => url.pathname.startsWith('/login/u/'), { timeout: 10_000 });
  });
});
