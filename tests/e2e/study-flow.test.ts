/**
 * A student studies a course in order in Chromium ("a student studies a course with
 * order_rest (the second chapter stays locked until the first is complete), watches the video to the end,
 * passes to the last chapter, signs, rates and sees the course complete"). Real media: a 5 s clip made by
 * ffmpeg, played through video.js; the heartbeat is shortened to 1 s and the server alone decides that the
 * watch-through completes the chapter. Desktop, then the key steps on a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { attachResource, makeImage, makeVideo, removeTempMedia, seedResource } from '../helpers/learning-factory';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { fastHeartbeat, signedInStudent, signIn, viewportShot as screenshot } from './learn-helpers';

let h: Harness;
let course: { coid: string; code: string; video: string; image: string };
let staged: { coid: string; code: string; first: string; second: string };
let trial: { code: string; free: string; paid: string };
let growth: { coid: string; code: string; a1: string; b1: string };
let admin: Awaited<ReturnType<typeof asAdmin>>;

const text = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate('zh-CN', key, vars);
const COURSE_ORDER_TIP = text('learnRules.couseOrderTip');
/**
 * The deadline for what follows the heartbeat's replies (a chapter turning complete after the video's end, a
 * picture studied for its minimum seconds): the server counts real seconds, so a busy machine needs room.
 */
const HEARTBEAT_WAIT = 30_000;
const LAST_SECTION = text('learnRules.lastSection');

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  const schoolId = h.school.id;
  const [videoDir, picture] = await Promise.all([makeVideo(5), makeImage(800, 500)]);
  const videoRid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: '第一节.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 5,
    outputs: { hls: 'hls/index.m3u8', mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    derived: { hls: `${videoDir}/hls`, 'video.mp4': `${videoDir}/video.mp4`, 'poster.jpg': `${videoDir}/poster.jpg` },
  });
  const imageRid = await seedResource(h.app, {
    schoolId,
    kind: 'image',
    fileName: '总结.png',
    mime: 'image/png',
    source: picture,
    outputs: { width: 800, height: 500 },
  });
  // A free course studied in order, asking for a signature at the end; the last chapter is rated.
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '按顺序学习的课程',
    catid: '0',
    type: 0,
    actual: 0,
    order_rest: 1,
    settings: { signature: 1 },
  });
  const video = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      title: '第一节 观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  const image = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      title: '第二节 课程总结',
      type: CHAPTER_TYPE.document,
    })
  ).cid;
  await attachResource(h.app, video, videoRid);
  await attachResource(h.app, image, imageRid);
  await admin('POST', '/chapter/update', { cid: image, showgrade: 1 });
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  course = { ...made, video, image };

  // A staged plan opening next year: every subsection shows its opening window.
  const year = new Date().getFullYear() + 1;
  const plan = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '分阶段学习的课程',
    catid: '0',
    type: 0,
    actual: 0,
    label: 0,
    settings: { stage_year: year, stage_date: 3 },
  });
  const stage = (await admin<{ cid: string }>('POST', '/chapter/add', { coid: plan.coid, title: '第一阶段' })).cid;
  const first = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: plan.coid,
      parent_id: stage,
      title: '1.1 开篇',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  const second = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: plan.coid,
      parent_id: stage,
      title: '1.2 进阶',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, first, videoRid);
  await attachResource(h.app, second, videoRid);
  await admin('POST', '/course/pub', { coid: plan.coid, pub: '1' });
  staged = { coid: plan.coid, code: plan.code, first, second };

  // A paid course whose first chapter is a free trial.
  const paid = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '付费试看课程',
    catid: '0',
    type: 0,
    actual: 20,
  });
  const free = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: paid.coid,
      title: '试看：第一节',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  const locked = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: paid.coid,
      title: '第二节（付费）',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, free, videoRid);
  await attachResource(h.app, locked, videoRid);
  await admin('POST', '/chapter/free', { cid: free, free: 1 });
  await admin('POST', '/course/pub', { coid: paid.coid, pub: '1' });
  trial = { code: paid.code, free, paid: locked };

  // A growth plan (type 3, level 0) with stage review: two stages of one video lesson each, approved and published.
  const made2 = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '成长计划',
    catid: '0',
    type: 3,
    level: 0,
    actual: 0,
    settings: { verify: 1 },
  });
  const stage1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made2.coid,
      parent_id: '0',
      title: '第一阶段 基础',
      type: CHAPTER_TYPE.heading,
    })
  ).cid;
  const a1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made2.coid,
      parent_id: stage1,
      title: '基础：观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  const stage2 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made2.coid,
      parent_id: '0',
      title: '第二阶段 进阶',
      type: CHAPTER_TYPE.heading,
    })
  ).cid;
  const b1 = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made2.coid,
      parent_id: stage2,
      title: '进阶：观看视频',
      type: CHAPTER_TYPE.video,
    })
  ).cid;
  await attachResource(h.app, a1, videoRid);
  await attachResource(h.app, b1, videoRid);
  await admin('POST', '/studyplan/commit', { coid: made2.coid });
  await admin('POST', '/studyplan/verify', { coid: made2.coid, approve: true });
  await admin('POST', '/course/pub', { coid: made2.coid, pub: '1' });
  growth = { coid: made2.coid, code: made2.code, a1, b1 };
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

const newStudent = (name: string) => signedInStudent(h, name);

/** A signed-in page whose heartbeat runs every second. */
async function studentPage(context: BrowserContext, cookie: string): Promise<Page> {
  await signIn(h, context, cookie);
  await fastHeartbeat(context);
  return context.newPage();
}

const call = async (cookie: string, url: string) => {
  const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    status: res.statusCode,
    body: res.json() as { status: string; error: string; data: Record<string, unknown> },
  };
};
const learnUrl = (cid: string, letter: string) => `/u/learn/${course.code}/${cid}/${letter}`;
const chapterRow = (page: Page, cid: string) => page.locator(`[data-testid="learn-chapter"][data-cid="${cid}"]`);

/** Plays the video from the start to its end (the big play button, as a person would). */
async function watchToTheEnd(page: Page): Promise<void> {
  await page.getByTestId('video-viewer').waitFor();
  await page.locator('.vjs-big-play-button').click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), {
      timeout: 25_000,
      interval: 250,
    })
    .toBe(true);
}

/** The finish dialogs: the signature (drawn with the mouse) and the rating, then thanks. */
async function signAndRate(page: Page, mobile: boolean): Promise<void> {
  const signature = page.getByTestId('signature-dialog');
  await signature.waitFor();
  const canvas = signature.getByTestId('signature-canvas');
  const box = (await canvas.boundingBox())!;
  // A few strokes across the pad.
  for (const [y, dy] of [
    [0.35, 0.2],
    [0.6, -0.15],
  ] as const) {
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + box.width * (0.15 + i * 0.055), box.y + box.height * (y + (dy * (i % 4)) / 4), {
        steps: 2,
      });
    await page.mouse.up();
  }
  await screenshot(page, `study-flow-signature${mobile ? '-mobile' : ''}`);
  await signature.getByTestId('signature-save').click();
  await signature.waitFor({ state: 'detached', timeout: 15_000 });

  const rating = page.getByTestId('rating-dialog');
  await rating.waitFor();
  await rating.getByTestId('rating-star-5').click();
  await rating.getByTestId('rating-content').fill('讲得清楚，循序渐进。');
  await screenshot(page, `study-flow-rating${mobile ? '-mobile' : ''}`);
  await rating.getByTestId('rating-confirm').click();
  await rating.waitFor({ state: 'detached', timeout: 20_000 });

  const thanks = page.getByTestId('thanks');
  await thanks.waitFor();
  await expect(thanks.textContent()).resolves.toContain(text('learnRules.thanks'));
  await thanks.getByTestId('thanks-ok').click();
}

/**
 * On the last chapter (a picture): studied long enough, it completes; Continue on its tip finishes the course
 * with lastSection, then the signature, the rating and thanks; the page then says the course is complete.
 */
async function finishOnTheLastChapter(page: Page, mobile: boolean): Promise<void> {
  await page.getByTestId('image-viewer').waitFor();
  const lastTip = page.getByTestId('chapter-tip');
  await lastTip.waitFor({ timeout: HEARTBEAT_WAIT });
  await lastTip.getByTestId('flow-continue').click();
  const finished = page.getByTestId('course-finished');
  await expect(finished.textContent()).resolves.toContain(LAST_SECTION);
  await screenshot(page, `study-flow${mobile ? '-mobile' : ''}-last-section`);
  await finished.getByTestId('course-finished-ok').click();
  await signAndRate(page, mobile);
  await page.getByTestId('study-finished').waitFor();
}

describe('studying a course in order', () => {
  it('desktop: the second chapter is locked until the first is watched to the end; the course finishes with lastSection, a signature and a rating', async () => {
    const student = await newStudent('顺序学员');
    const context = await h.desktop();
    const page = await studentPage(context, student.cookie);
    const errors = pageErrors(page);

    await page.goto(learnUrl(course.video, 'v'));
    await page.getByTestId('video-viewer').waitFor();
    // The chapter list: the second chapter is locked, and says why when clicked.
    await expect.poll(() => chapterRow(page, course.image).getAttribute('data-lock')).toBe('couseOrderTip');
    await expect(chapterRow(page, course.image).getByTestId('chapter-lock').count()).resolves.toBe(1);
    await screenshot(page, 'study-flow-locked');
    await chapterRow(page, course.image).click();
    const alertDialog = page.getByRole('alertdialog');
    await expect(alertDialog.textContent()).resolves.toContain(COURSE_ORDER_TIP);
    await alertDialog.getByRole('button').click();
    expect(new URL(page.url()).pathname).toBe(learnUrl(course.video, 'v'));

    // Its address opened directly: the server refuses it (403 couseOrderTip, blocked by the first chapter).
    const refused = await call(student.cookie, `/learn/ware/${course.code}/${course.image}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('couseOrderTip');
    expect(refused.body.data.blockedBy).toBe(course.video);
    await page.goto(learnUrl(course.image, 'p'));
    const refusal = page.getByTestId('learn-refusal');
    await expect.poll(() => refusal.getAttribute('data-refusal')).toBe('couseOrderTip');
    await expect(refusal.textContent()).resolves.toContain(COURSE_ORDER_TIP);
    await screenshot(page, 'study-flow-refused');
    await page.getByTestId('learn-go-blocking').click();
    await page.waitForURL((url) => url.pathname === learnUrl(course.video, 'v'));

    // Watch the whole clip: the server counts it complete, the chapter-complete tip offers the next chapter.
    await watchToTheEnd(page);
    const tip = page.getByTestId('chapter-tip');
    await tip.waitFor({ timeout: HEARTBEAT_WAIT });
    await expect(tip.textContent()).resolves.toContain(text('learn.flow.nextIs', { title: '第二节 课程总结' }));
    const record = await call(student.cookie, `/learn/record?cid=${course.video}`);
    expect(record.body.data.completed).toBe(true);
    expect(await chapterRow(page, course.video).getByTestId('chapter-progress').getAttribute('data-progress')).toBe(
      '100',
    );
    await expect(chapterRow(page, course.image).getAttribute('data-lock')).resolves.toBeNull();
    await screenshot(page, 'study-flow-chapter-tip');
    await tip.getByTestId('flow-next').click();

    // The last chapter (a picture): studied long enough, it completes; Continue finishes the course.
    await page.waitForURL((url) => url.pathname === learnUrl(course.image, 'p') && url.hash === '#/image');
    await finishOnTheLastChapter(page, false);

    // The course is complete: every chapter checked, the page says so, and the records agree.
    const info = await call(student.cookie, `/learn/info?coid=${course.coid}`);
    expect(info.body.data.process).toBe(100);
    expect(info.body.data.completed_at).not.toBeNull();
    const signed = await call(student.cookie, `/stu/checksignature?coid=${course.coid}`);
    expect(signed.body.data.hasImg).toBe(true);
    const graded = await call(student.cookie, `/grade/check?coid=${course.coid}&cid=${course.image}`);
    expect(graded.body.data.hasVal).toBe(true);
    await screenshot(page, 'study-flow-complete');

    // Coming back: nothing more is asked (signed and rated), the finish button just says the course is complete.
    // The chapter's answer tells the page the student has signed and rated (what decides the finish dialogs).
    const [ware] = await Promise.all([
      page.waitForResponse(
        (response) => /\/learn\/ware\/[^/]+\/(\d+)$/.exec(new URL(response.url()).pathname)?.[1] === course.image,
      ),
      page.reload(),
    ]);
    const wareStudy = ((await ware.json()) as { data: { study: { hasSignature: boolean; rated: boolean } } }).data
      .study;
    expect(wareStudy).toMatchObject({ hasSignature: true, rated: true });
    await page.getByTestId('image-viewer').waitFor();
    await page.getByTestId('learn-finish').click();
    const finishedAgain = page.getByTestId('course-finished');
    await finishedAgain.getByTestId('course-finished-ok').click();
    // OK replaces the dialog in the same render with the next finish dialog, if any (a lazy one shows its
    // loading placeholder first): once the finished dialog has left, nothing took its place.
    await finishedAgain.waitFor({ state: 'detached' });
    await expect(
      page
        .locator('[data-testid="signature-dialog"], [data-testid="rating-dialog"], [data-testid="thanks"], .loading')
        .count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('mobile: the lock from the chapter drawer, the watch-through, the next chapter and the finish', async () => {
    const student = await newStudent('手机学员');
    const context = await h.mobile();
    const page = await studentPage(context, student.cookie);
    const errors = pageErrors(page);

    await page.goto(learnUrl(course.video, 'v'));
    await page.getByTestId('video-viewer').waitFor();
    await page.getByTestId('learn-open-chapters').click();
    const drawer = page.getByTestId('learn-drawer');
    await drawer.waitFor();
    await expect
      .poll(() => drawer.locator(`[data-cid="${course.image}"]`).getAttribute('data-lock'))
      .toBe('couseOrderTip');
    await screenshot(page, 'study-flow-mobile-drawer');
    await drawer.locator(`[data-cid="${course.image}"]`).click();
    const alertDialog = page.getByRole('alertdialog');
    await expect(alertDialog.textContent()).resolves.toContain(COURSE_ORDER_TIP);
    await alertDialog.getByRole('button').click();
    await drawer
      .getByRole('button', { name: text('learn.closeChapters') })
      .first()
      .click();

    await watchToTheEnd(page);
    const tip = page.getByTestId('chapter-tip');
    await tip.waitFor({ timeout: HEARTBEAT_WAIT });
    await screenshot(page, 'study-flow-mobile-chapter-tip');
    await tip.getByTestId('flow-next').click();
    await page.waitForURL((url) => url.pathname === learnUrl(course.image, 'p'));
    await finishOnTheLastChapter(page, true);
    const info = await call(student.cookie, `/learn/info?coid=${course.coid}`);
    expect(info.body.data.process).toBe(100);
    await screenshot(page, 'study-flow-mobile-complete');
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('staged chapters and the end of a trial', () => {
  it('a staged subsection not open yet is refused by the server and shows its opening window with Confirm and Return to plan', async () => {
    const student = await newStudent('阶段学员');
    const context = await h.desktop();
    const page = await studentPage(context, student.cookie);
    const errors = pageErrors(page);
    const opens = text('learnRules.stageWindowFrom', { start: `${new Date().getFullYear() + 1}-03-01` });

    // Opened directly: the server refuses it (403 stageNotOpen with the window); the page shows the window.
    const refused = await call(student.cookie, `/learn/ware/${staged.code}/${staged.first}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('stageNotOpen');
    await page.goto(`/u/learn/${staged.code}/${staged.first}/v`);
    const dialog = page.getByTestId('stage-window');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(text('learnRules.stageNotOpen'));
    await expect(page.getByTestId('stage-window-text').textContent()).resolves.toBe(opens);
    await screenshot(page, 'study-flow-stage-window');
    await dialog.getByTestId('stage-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('learn-refusal').getAttribute('data-refusal')).toBe('stageNotOpen');

    // Return to plan goes to the plan's detail (study/detail with the course's coid).
    await page.reload();
    await page.getByTestId('stage-return').click();
    await page.waitForURL((url) => decodeURIComponent(url.hash) === `#/study/detail/${staged.coid}`);
    expect(errors.filter((error) => !error.includes('403'))).toEqual([]);
  }, 60_000);

  it('the next button of a free trial chapter ends the trial, and Buy goes to the course page', async () => {
    const student = await newStudent('试看学员');
    const context = await h.desktop();
    const page = await studentPage(context, student.cookie);
    await page.goto(`/u/learn/${trial.code}/${trial.free}/v`);
    await page.getByTestId('video-viewer').waitFor();
    await page.getByTestId('learn-next').click();
    const dialog = page.getByTestId('end-of-trial');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(text('learn.refusal.endOfTrial'));
    await screenshot(page, 'study-flow-end-of-trial');
    await dialog.getByRole('button', { name: text('common.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });

    // The end of the video runs the same flow.
    await watchToTheEnd(page);
    const after = page.locator('[data-testid="chapter-tip"], [data-testid="chapter-ended"]');
    await after.waitFor({ timeout: HEARTBEAT_WAIT });
    await after.getByTestId('flow-continue').click();
    await dialog.getByTestId('end-of-trial-buy').click();
    await page.waitForURL((url) => url.pathname === `/course/${trial.code}` && url.hash === '#/introduce/info');
  }, 60_000);
});

describe('a growth plan with stage review', () => {
  it('a later stage opened directly alerts orderTip and goes to the plan detail; a stage studied to the end awaits review', async () => {
    const student = await newStudent('成长学员');
    await admin('POST', '/studyplan/assign', { coid: growth.coid, sids: [student.id] });
    const context = await h.desktop();
    const page = await studentPage(context, student.cookie);
    const errors = pageErrors(page);

    // Spec 4 'Growth plan order': the second stage's lesson is refused (orderTip); the alert leads to the plan's detail.
    await page.goto(`/u/learn/${growth.code}/${growth.b1}/v`);
    const orderTip = page.getByRole('alertdialog');
    await expect.poll(() => orderTip.textContent()).toContain(text('learnRules.orderTip'));
    await screenshot(page, 'study-flow-order-tip');
    await orderTip.getByRole('button').click();
    await page.waitForURL((url) => decodeURIComponent(url.hash) === `#/study/detail/${growth.coid}`);
    await page.getByTestId('study-detail-page').waitFor();

    // The first stage's only lesson watched to the end: moving on says the stage awaits review (verify is on).
    await page.goto(`/u/learn/${growth.code}/${growth.a1}/v`);
    await watchToTheEnd(page);
    const tip = page.getByTestId('chapter-tip');
    await tip.waitFor({ timeout: HEARTBEAT_WAIT });
    await tip.getByTestId('flow-continue').click();
    const review = page.getByRole('alertdialog');
    await expect.poll(() => review.textContent()).toContain(text('learnRules.stageReview'));
    await screenshot(page, 'study-flow-stage-review');
    await review.getByRole('button').click();
    expect(new URL(page.url()).pathname).toBe(`/u/learn/${growth.code}/${growth.a1}/v`);
    expect(errors.filter((error) => !error.includes('403'))).toEqual([]);
  }, 60_000);
});
