import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { login } from '../helpers/app';
import { waitForStatus } from '../server/media-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInPage } from './learn-helpers';

/**
 * Issue 18 'A first start that shows the product': what a newcomer sees after `npm start` on a development
 * start (DEMO_DATA), nothing seeded by the test. As the demo student (student / student123): the home page,
 * the catalogue, a course page and its first chapter's study page, where the shipped video plays (HLS,
 * converted in the background after the start) with its Chinese subtitles; on desktop and on a phone.
 */
let h: Harness;
let student: string;
let react: { code: string; video: string };

beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true, DEMO_MEDIA: true });
  student = (await login(h.app, { username: 'student', password: 'student123' })).cookie;
  const cards = (
    await h.app.inject({ method: 'POST', url: '/course/bycate', payload: { uid: h.school.hashUID, num: 100 } })
  ).json().data.courseData as { coid: string; title: string }[];
  const code = cards.find((card) => card.title === 'React 入门实战')!.coid;
  const tree = (await h.app.inject({ url: `/course/chapter/${code}`, headers: { cookie: student } })).json().data as {
    code: string;
    chapters: { children: { cid: string; type: number }[] }[];
  };
  const video = tree.chapters.flatMap((c) => c.children).find((c) => c.type === CHAPTER_TYPE.video)!.cid;
  react = { code: tree.code, video };
  // The video converts in the background queue: wait for its resource to be ready (polling its status).
  const ware = (await h.app.inject({ url: `/learn/ware/${tree.code}/${video}`, headers: { cookie: student } })).json()
    .data as { rid: string };
  const t0 = Date.now();
  const status = await waitForStatus(h.app, ware.rid, ['ready', 'failed', 'unconverted'], 90_000);
  expect(status.status, JSON.stringify(status)).toBe('ready');
  console.info(`[demo-start] the demo video was ready ${Date.now() - t0} ms after the app was`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const videoTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="video-viewer"] video')?.currentTime ?? -1,
  );

/** Home page, catalogue, the course page, then its first video chapter playing. */
async function walkThrough(context: BrowserContext, device: 'desktop' | 'mobile') {
  const page = await signedInPage(h, context, student);
  const errors = pageErrors(page);
  await page.goto(`/u/${h.school.hashUID}`);
  await page.getByTestId('carousel').waitFor();
  await page.getByTestId('home-tag-section').first().getByTestId('course-card').first().waitFor();
  await screenshot(page, `demo-start-home-${device}`);

  await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
  await page.getByRole('heading', { name: '全部课程' }).waitFor();
  const card = page.getByTestId('course-grid').locator('[data-testid="course-card"][title="React 入门实战"]');
  await card.waitFor();
  await screenshot(page, `demo-start-catalogue-${device}`);
  // Desktop cards open the course in a new tab; a phone's in the same one.
  let course = page;
  if ((await card.getAttribute('target')) === '_blank')
    [course] = await Promise.all([context.waitForEvent('page'), card.click()]);
  else await card.tap();
  const courseErrors = course === page ? errors : pageErrors(course);
  await course.waitForURL((url) => url.pathname === `/course/${react.code}`);
  await course.getByTestId('course-hero').waitFor();
  await screenshot(course, `demo-start-course-${device}`);

  await course.goto(`/u/learn/${react.code}/${react.video}/v`);
  await course.getByTestId('video-viewer').waitFor();
  await expect(course.locator('.learn-title').textContent()).resolves.toBe('1.1 课程介绍（视频）');
  const play = course.locator('.vjs-big-play-button');
  if (device === 'mobile') await play.tap();
  else await play.click();
  await expect.poll(() => videoTime(course), { timeout: 15_000 }).toBeGreaterThan(1.5);
  await expect
    .poll(() => course.locator('.vjs-text-track-display').textContent(), { timeout: 10_000 })
    .toContain('欢迎来到蓝学演示课程');
  await screenshot(course, `demo-start-video-${device}`);
  expect(errors).toEqual([]);
  expect(courseErrors).toEqual([]);
}

describe('a first development start, as the demo student', () => {
  it('on desktop: the home page, the catalogue, a course and its video chapter playing with subtitles', async () => {
    await walkThrough(await h.desktop(), 'desktop');
  });

  it('on a phone: the same walk, the video playing', async () => {
    await walkThrough(await h.mobile(), 'mobile');
  });
});
