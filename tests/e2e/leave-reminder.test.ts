/**
 * The idle reminders of the study page in Chromium (the leave reminder appears after the
 * set idle time, a short leavetime here; spec 4 'Idle handling', 'Activity detector'; spec 9 "Idle time
 * equals leavetime times 60 s"). leavetime is whole minutes (1 at least), so the page's clock is Playwright's
 * fake clock (page.clock), moved on by a minute instead of waiting one. While a reminder is up the video is
 * paused and the heartbeat reports a pause, so the server counts nothing; Continue studying plays on.
 * The switch reminder shows when the student comes back to the tab they had left.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { attachResource, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { fastHeartbeat, signedInStudent, signIn, viewportShot as screenshot } from './learn-helpers';

let h: Harness;
let leave: { code: string; video: string };
let switching: { code: string; video: string };

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const videoDir = await makeVideo(30);
  const rid = await seedResource(h.app, {
    schoolId: h.school.id,
    kind: 'video',
    fileName: '长视频.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 30,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', width: 640, height: 360 },
    derived: { hls: `${videoDir}/hls`, 'video.mp4': `${videoDir}/video.mp4` },
  });
  const course = async (title: string, settings: Record<string, number>) => {
    const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
      title,
      catid: '0',
      type: 0,
      actual: 0,
      settings,
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
    return { code: made.code, video };
  };
  leave = await course('离开提醒课程', { leaveremind: 1, leavetime: 1 });
  switching = await course('切换提醒课程', { switchremind: 1 });
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

/** A new student's page in the context, beating every second. */
async function studentPage(context: BrowserContext, name: string): Promise<{ page: Page; cookie: string }> {
  const { cookie } = await signedInStudent(h, name);
  await signIn(h, context, cookie);
  await fastHeartbeat(context);
  return { page: await context.newPage(), cookie };
}

interface Beat {
  play_type: string;
  pause: boolean;
  at: number;
  /** The server has answered it. */
  answered: boolean;
}

/** The heartbeats the page sends, in order, each marked once the server has answered it. */
function beats(page: Page): Beat[] {
  const list: Beat[] = [];
  const byRequest = new Map<Request, Beat>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/web/heartbeat')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { play_type: string; pause: boolean };
    const beat = { play_type: body.play_type, pause: body.pause, at: Date.now(), answered: false };
    list.push(beat);
    byRequest.set(request, beat);
  });
  page.on('requestfinished', (request) => {
    const beat = byRequest.get(request);
    if (beat) beat.answered = true;
  });
  return list;
}

/** Waits until at least `count` beats sent from index `from` on have been answered. */
async function answeredSince(sent: Beat[], from: number, count: number): Promise<void> {
  await expect
    .poll(() => sent.slice(from).filter((beat) => beat.answered).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
}

const videoPaused = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video-viewer"] video')?.paused ?? true);
const effOf = async (cookie: string, cid: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/learn/record?cid=${cid}`, headers: { cookie } });
  return (res.json() as { data: { eff: number } }).data.eff;
};

async function startVideo(page: Page): Promise<void> {
  await page.getByTestId('video-viewer').waitFor();
  await page.locator('.vjs-big-play-button').click();
  await expect.poll(() => videoPaused(page), { timeout: 10_000 }).toBe(false);
}

/** Makes the tab hidden or visible again, as switching to another tab does (headless pages are always visible). */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('the idle reminders', () => {
  it('the leave reminder appears after leavetime minutes without activity, pauses study, and study goes on when dismissed', async () => {
    const context = await h.desktop();
    const { page, cookie } = await studentPage(context, '离开学员');
    const errors = pageErrors(page);
    const sent = beats(page);
    await page.clock.install();
    await page.goto(`/u/learn/${leave.code}/${leave.video}/v`);
    await startVideo(page);

    // Activity before the minute is up puts the reminder off.
    await page.clock.fastForward(40_000);
    await page.mouse.move(200, 300);
    await page.mouse.move(260, 320);
    await page.clock.fastForward(30_000);
    await expect(page.getByTestId('leave-reminder').count()).resolves.toBe(0);

    // A full minute with no mouse, key, touch or scroll: the leave reminder (leavetime 1 minute).
    await page.clock.fastForward(31_000);
    const reminder = page.getByTestId('leave-reminder');
    await reminder.waitFor();
    await expect(reminder.textContent()).resolves.toContain(
      translate('zh-CN', 'learnRules.leaveReminder', { minutes: 1 }),
    );
    await expect.poll(() => videoPaused(page)).toBe(true);
    const heldAt = Date.now();
    await screenshot(page, 'leave-reminder');

    // While it is up the heartbeats say paused and the server adds no study time.
    await expect
      .poll(() => sent.filter((beat) => beat.at >= heldAt && beat.pause).length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    const effHeld = await effOf(cookie, leave.video);
    // Four more beats on the page's clock; the server has answered them before the study time is read again.
    const before = sent.length;
    await page.clock.runFor(4_000);
    await answeredSince(sent, before, 4);
    expect(sent.filter((beat) => beat.at >= heldAt && !beat.pause)).toEqual([]);
    expect(await effOf(cookie, leave.video)).toBe(effHeld);

    // Continue studying: the reminder goes, the video plays on and the heartbeats count again.
    const resumedAt = Date.now();
    await reminder.getByTestId('reminder-continue').click();
    await reminder.waitFor({ state: 'detached' });
    await expect.poll(() => videoPaused(page)).toBe(false);
    await expect
      .poll(() => sent.filter((beat) => beat.at >= resumedAt && !beat.pause).length, { timeout: 8_000 })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('the switch reminder shows when the student comes back to the study tab', async () => {
    const context = await h.desktop();
    const { page } = await studentPage(context, '切换学员');
    const errors = pageErrors(page);
    const sent = beats(page);
    await page.goto(`/u/learn/${switching.code}/${switching.video}/v`);
    await startVideo(page);

    const leftAt = Date.now();
    await setTabHidden(page, true);
    await expect.poll(() => videoPaused(page)).toBe(true);
    await expect.poll(() => sent.some((beat) => beat.at >= leftAt && beat.pause)).toBe(true);
    await setTabHidden(page, false);
    const reminder = page.getByTestId('switch-reminder');
    await reminder.waitFor();
    await expect(reminder.textContent()).resolves.toContain(translate('zh-CN', 'learnRules.switchReminder'));
    await screenshot(page, 'switch-reminder');
    // Back on the tab, the reminder still holds study until answered: two beats sent since (one a second) and
    // answered, all of them pauses, and the video still paused.
    const back = sent.length;
    await answeredSince(sent, back, 2);
    expect(sent.slice(back).filter((beat) => !beat.pause)).toEqual([]);
    expect(await videoPaused(page)).toBe(true);
    await reminder.getByTestId('reminder-continue').click();
    await reminder.waitFor({ state: 'detached' });
    await expect.poll(() => videoPaused(page)).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  it('on a phone the leave reminder shows and dismisses the same way', async () => {
    const context = await h.mobile();
    const { page } = await studentPage(context, '手机离开学员');
    await page.clock.install();
    await page.goto(`/u/learn/${leave.code}/${leave.video}/v`);
    await startVideo(page);
    await page.clock.fastForward(61_000);
    const reminder = page.getByTestId('leave-reminder');
    await reminder.waitFor();
    await expect.poll(() => videoPaused(page)).toBe(true);
    await screenshot(page, 'leave-reminder-mobile');
    await reminder.getByTestId('reminder-continue').click();
    await reminder.waitFor({ state: 'detached' });
    await expect.poll(() => videoPaused(page)).toBe(false);
  }, 60_000);
});
