/**
 * The live page's states in Chromium, desktop and phone (issue 17): the countdown before a session, the
 * refusals with their way on (sign in, buy), the end with its replay, 'live not available' while the live
 * server's /health does not answer, and the public live page /u/learn/{code}/live/1 for a visitor. The live
 * server here is a stand-in for its /health; live-stream.test.ts plays a real stream.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLiveServerHealth } from '../../server/modules/live/live-server';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildChapter, enrol } from '../helpers/factories';
import { pageErrors, startHarness, type Harness } from './harness';
import { inEnglish, liveCourse, livePath, liveSession, MIN, standIn } from './live-helpers';
import { signedInPage, signedInStudent, viewportShot } from './learn-helpers';

let h: Harness;
let health: Awaited<ReturnType<typeof standIn>>;
let up = true;
let paid = '';
let holder: Awaited<ReturnType<typeof signedInStudent>>;

beforeAll(async () => {
  health = await standIn((url) => (up && url === '/health' ? 200 : 503));
  h = await startHarness({ LIVE_SERVER_URL: health.url, LIVE_SECRET: 'e2e-live-secret-0123456789' });
  paid = await liveCourse(h, { actualFen: 9900, title: '高等数学直播' });
  await liveSession(h, paid, { title: '第一讲 极限', startAt: Date.now() + 2 * 60 * MIN });
  holder = await signedInStudent(h, '直播学员');
  await enrol(h.app, holder.id, paid);
});
afterAll(async () => {
  await h?.close();
  await health?.close();
});
beforeEach(() => {
  up = true;
  forgetLiveServerHealth();
});

describe('the live page (/live/{hashUID}/{coid}.html)', () => {
  it('before the session: the countdown to its start, on a desktop and a phone', async () => {
    for (const [name, open] of [
      ['desktop', () => h.desktop()],
      ['phone', () => h.mobile()],
    ] as const) {
      const context = await open();
      const page = await signedInPage(h, context, holder.cookie);
      const errors = pageErrors(page);
      await page.goto(livePath(h, paid));
      await page.getByRole('heading', { name: '高等数学直播' }).waitFor();
      await page.getByTestId('live-countdown').waitFor();
      await expect(page.getByTestId('live-countdown').textContent()).resolves.toContain('距离开播还有');
      const left = Number(await page.locator('.live-countdown-time').getAttribute('data-left'));
      expect(left).toBeGreaterThan(110 * 60);
      expect(left).toBeLessThanOrEqual(120 * 60);
      await expect(page.getByText('第一讲 极限').isVisible()).resolves.toBe(true);
      await viewportShot(page, `live-scheduled-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('not allowed: a visitor is asked to sign in (desktop), a student without the course to buy it (phone, English)', async () => {
    const guest = await (await h.desktop()).newPage();
    await guest.goto(livePath(h, paid));
    await guest.getByTestId('live-refusal').waitFor();
    await expect(guest.getByTestId('live-refusal').getAttribute('data-refusal')).resolves.toBe('noLogin');
    await expect(guest.getByTestId('live-sign-in').getAttribute('href')).resolves.toMatch(/^\/login\/u\//);
    await expect(guest.locator('video, video-js').count()).resolves.toBe(0);

    const outsider = await signedInStudent(h, '旁听');
    const context = await h.mobile();
    await inEnglish(h, context);
    const phone = await signedInPage(h, context, outsider.cookie);
    await phone.goto(livePath(h, paid));
    await phone.getByTestId('live-refusal').waitFor();
    await expect(phone.getByTestId('live-refusal').textContent()).resolves.toContain('Buy the course to watch');
    const code = h.app.ctx.courseCodec.encode(paid);
    await expect(phone.getByTestId('live-buy').getAttribute('href')).resolves.toBe(`/course/${code}#/introduce/info`);
    await viewportShot(phone, 'live-refused-phone');
  });

  it('the live server down: 直播暂不可用 instead of a player, on a desktop and a phone', async () => {
    const course = await liveCourse(h, { type: 2, title: '公开课' });
    await liveSession(h, course, { status: 'live', startAt: Date.now() - MIN, liveAt: Date.now() - MIN });
    up = false;
    for (const open of [() => h.desktop(), () => h.mobile()]) {
      const page = await (await open()).newPage();
      await page.goto(livePath(h, course));
      await page.getByTestId('live-unavailable').waitFor();
      await expect(page.getByTestId('live-unavailable').textContent()).resolves.toContain('直播暂不可用');
      await expect(page.locator('video, video-js').count()).resolves.toBe(0);
    }
  });

  it('ended: the replay chapter is linked; a visitor opens the public live page /u/learn/{code}/live/1', async () => {
    const course = await liveCourse(h, { type: 2, title: '公开讲座' });
    const replay = await buildChapter(h.app, { courseId: course, type: CHAPTER_TYPE.video, title: '回放' });
    await liveSession(h, course, {
      status: 'ended',
      startAt: Date.now() - 120 * MIN,
      endAt: Date.now() - 60 * MIN,
      replayChapterId: replay,
    });
    const code = h.app.ctx.courseCodec.encode(course);
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/learn/${code}/live/1`);
    await page.getByTestId('live-ended').waitFor();
    await expect(page.getByRole('link', { name: '观看回放' }).getAttribute('href')).resolves.toBe(
      `/u/learn/${code}/${replay}/v`,
    );
    await viewportShot(page, 'live-ended-desktop');
    expect(errors).toEqual([]);
  });
});
