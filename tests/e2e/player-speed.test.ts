/**
 * The player's speed menu follows the fastest credited speed (issue 18 'Records a school can trust'): the
 * school sets 1.5× on its settings screen, the video chapter's menu then offers nothing faster (desktop and
 * phone); a course that sets 1× offers 1× and 0.75× only; 2× (the default) is offered when the school allows it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachResource, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { asAdmin } from './catalogue-helpers';
import { ADMIN_PATH, expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { signedInPage, signedInStudent } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let plain: { code: string; video: string };
let strict: { code: string; video: string };
let student: { cookie: string };

async function videoCourse(title: string, rid: string, settings: Record<string, unknown> = {}) {
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title,
    catid: '0',
    type: 0,
    actual: 0,
    settings,
  });
  const video = (
    await admin<{ cid: string }>('POST', '/chapter/add', { coid: made.coid, title, type: CHAPTER_TYPE.video })
  ).cid;
  await attachResource(h.app, video, rid);
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  return { code: made.code, video };
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  const videoDir = await makeVideo(4);
  const rid = await seedResource(h.app, {
    schoolId: h.school.id,
    kind: 'video',
    fileName: '倍速.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 4,
    outputs: { mp4: 'video.mp4', width: 640, height: 360 },
    derived: { 'video.mp4': `${videoDir}/video.mp4` },
  });
  plain = await videoCourse('倍速：跟随学校', rid);
  strict = await videoCourse('倍速：完整观看', rid, { maxRate: 1 });
  student = await signedInStudent(h, '倍速同学');
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

/** The speeds the player's menu offers, as numbers (video.js lists them fastest first as '1.5x'). */
async function menuRates(page: Page): Promise<number[]> {
  const items = page.locator('.vjs-playback-rate .vjs-menu-item');
  await items.first().waitFor({ state: 'attached' });
  const texts = await items.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  return texts.map((text) => Number.parseFloat(text)).sort((a, b) => a - b);
}

async function openChapter(context: BrowserContext, course: { code: string; video: string }) {
  const page = await signedInPage(h, context, student.cookie);
  await page.goto(`/u/learn/${course.code}/${course.video}/v`);
  await page.getByTestId('video-viewer').waitFor();
  return page;
}

describe("the player's speed menu offers only the credited speeds", () => {
  it('by default up to 2×; a course set to 1× offers 1× and 0.75×', async () => {
    const context = await h.desktop();
    const page = await openChapter(context, plain);
    const errors = pageErrors(page);
    expect(await menuRates(page)).toEqual([0.75, 1, 1.25, 1.5, 2]);
    await page.goto(`/u/learn/${strict.code}/${strict.video}/v`);
    await page.getByTestId('video-viewer').waitFor();
    await expect.poll(() => menuRates(page)).toEqual([0.75, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the school sets 1.5× on its settings screen; the menu then stops at 1.5× on desktop and phone', async () => {
    const adminContext = await h.desktop();
    const adminPage = await adminContext.newPage();
    await signInAdmin(adminPage);
    await adminPage.goto(`${ADMIN_PATH}#/student-settings`);
    await adminPage.getByTestId('school-max-rate').selectOption('1.5');
    await adminPage.getByTestId('save-student-settings').click();
    await expectToast(adminPage, /保存成功|Saved/);
    await adminContext.close();

    for (const open of [() => h.desktop(), () => h.mobile()]) {
      const context = await open();
      const page = await openChapter(context, plain);
      expect(await menuRates(page)).toEqual([0.75, 1, 1.25, 1.5]);
      // The course's own 1× still wins over the school's.
      await page.goto(`/u/learn/${strict.code}/${strict.video}/v`);
      await page.getByTestId('video-viewer').waitFor();
      await expect.poll(() => menuRates(page)).toEqual([0.75, 1]);
      await context.close();
    }
  });
});
