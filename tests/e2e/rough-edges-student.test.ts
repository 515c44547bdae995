/**
 * Rough edges a person found on the student side, in Chromium: the video player's own words in the page's
 * language, English plurals, the phone category drawer (no '›' on leaves, a third-level pick closes it),
 * a one-page PDF's progress the moment it opens, and a finished slide deck resuming where it was left.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { courses } from '../../server/db/schema';
import { buildStudent, login } from '../helpers/app';
import {
  attachResource,
  enrol,
  makePdf,
  makeSlides,
  makeVideo,
  removeTempMedia,
  seedResource,
} from '../helpers/learning-factory';
import { asAdmin, courseByTitle } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { fastHeartbeat, signIn } from './learn-helpers';

let h: Harness;
let course: { coid: string; code: string; video: string; onePage: string; deck: string; other: string };
let student: { id: string; cookie: string };

beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  const admin = await asAdmin(h);
  const schoolId = h.school.id;
  const [videoDir, pdfFile, slides] = await Promise.all([
    makeVideo(4),
    makePdf([['只有一页的讲义', '一页就读完。']]),
    makeSlides(4),
  ]);
  const videoRid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: '开篇.mp4',
    mime: 'video/mp4',
    source: `${videoDir}/source.mp4`,
    duration: 4,
    outputs: { mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    derived: { 'video.mp4': `${videoDir}/video.mp4`, 'poster.jpg': `${videoDir}/poster.jpg` },
  });
  const pdfRid = await seedResource(h.app, {
    schoolId,
    kind: 'pdf',
    fileName: '一页.pdf',
    mime: 'application/pdf',
    source: pdfFile,
    outputs: { pages: 1 },
  });
  const deckRid = await seedResource(h.app, {
    schoolId,
    kind: 'ppt',
    fileName: '四页.pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    source: Buffer.from('pptx'),
    outputs: { slides: slides.map((_, i) => `slides/slide-${i + 1}.png`), pages: 4 },
    derived: Object.fromEntries(slides.map((png, i) => [`slides/slide-${i + 1}.png`, png])),
  });
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '粗糙之处',
    catid: '0',
    type: 0,
    actual: 0,
  });
  const add = async (title: string, type: number) =>
    (await admin<{ cid: string }>('POST', '/chapter/add', { coid: made.coid, title, type })).cid;
  const video = await add('开篇视频', CHAPTER_TYPE.video);
  const onePage = await add('一页讲义', CHAPTER_TYPE.document);
  const deck = await add('四页幻灯片', CHAPTER_TYPE.ppt);
  const other = await add('另一份讲义', CHAPTER_TYPE.document);
  await attachResource(h.app, video, videoRid);
  await attachResource(h.app, onePage, pdfRid);
  await attachResource(h.app, deck, deckRid);
  await attachResource(h.app, other, pdfRid);
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  course = { ...made, video, onePage, deck, other };
  const account = await buildStudent(h.app, { name: '回头的同学' });
  await enrol(h.app, account.id, made.coid);
  student = { id: account.id, cookie: (await login(h.app, account)).cookie };
}, 180_000);
afterAll(async () => {
  await h?.close();
  removeTempMedia();
});

const learn = (cid: string, letter: string) => `/u/learn/${course.code}/${cid}/${letter}`;
const english = (context: BrowserContext) =>
  context.addCookies([{ name: 'lx_locale', value: 'en-gb', url: h.baseURL }]);
const controlText = (page: Page, selector: string) =>
  page.locator(`[data-testid="video-viewer"] ${selector} .vjs-control-text`).first().textContent();

describe('the video player speaks the page language', () => {
  it.each([
    ['zh-CN', '播放视频', '播放', '全屏', '播放速度'],
    ['en-gb', 'Play Video', 'Play', 'Fullscreen', 'Playback Rate'],
  ])('%s: big play button, play, fullscreen and rate', async (locale, big, play, fullscreen, rate) => {
    const context = await h.desktop();
    if (locale === 'en-gb') await english(context);
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(learn(course.video, 'v'));
    await page.locator('[data-testid="video-viewer"] .vjs-big-play-button').waitFor();
    await expect(controlText(page, '.vjs-big-play-button')).resolves.toBe(big);
    await expect(controlText(page, '.vjs-play-control')).resolves.toBe(play);
    await expect(controlText(page, '.vjs-fullscreen-control')).resolves.toBe(fullscreen);
    await expect(controlText(page, '.vjs-playback-rate')).resolves.toBe(rate);
    await page.locator('[data-testid="video-viewer"] .video-js').hover();
    await screenshot(page, `rough-edges-video-${locale}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('English plurals', () => {
  it('a course with one learner says "1 learner", and a single result "1 course"', async () => {
    const demo = await courseByTitle(h, 'React 入门实战');
    await h.app.ctx.db.update(courses).set({ lcount: 1 }).where(eq(courses.id, demo.coid));
    h.app.ctx.catalogueCache.bump(h.school.id);
    const context = await h.desktop();
    await english(context);
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/0?key=React`);
    const card = page.locator('[data-testid="course-card"][title="React 入门实战"]');
    await expect.poll(() => card.locator('.course-card-learners').textContent()).toBe('1 learner');
    await expect.poll(() => page.locator('.sort-total').textContent()).toBe('1 course');
    await screenshot(page, 'rough-edges-plurals-en-gb');
  });
});

describe('the phone category drawer', () => {
  it('shows "›" only where there are children, and a third-level pick closes it on that category', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByTestId('course-grid').waitFor();
    await page.getByTestId('open-drawer').click();
    const drawer = page.getByTestId('drawer');
    const right = drawer.getByTestId('drawer-right').getByRole('button');
    const more = (title: string) => right.filter({ hasText: title }).getByTestId('drawer-more').count();
    await right.filter({ hasText: '职场技能' }).click();
    await expect(right.allTextContents()).resolves.toEqual(['办公软件', '沟通表达']);
    // 办公软件 holds Excel; 沟通表达 is a leaf.
    await expect(more('办公软件')).resolves.toBe(1);
    await expect(more('沟通表达')).resolves.toBe(0);
    await right.filter({ hasText: '办公软件' }).click();
    await expect(right.allTextContents()).resolves.toEqual(['Excel']);
    await expect(more('Excel')).resolves.toBe(0);
    await screenshot(page, 'rough-edges-drawer-leaves');
    await right.filter({ hasText: 'Excel' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('Excel');
    await expect
      .poll(() =>
        page
          .locator('[data-testid="course-card"]')
          .evaluateAll((cards) => cards.map((card) => card.getAttribute('title'))),
      )
      .toEqual(['Excel 数据分析']);
    // Back one level still works from there.
    await page.getByTestId('back-level').click();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('办公软件');
    expect(errors).toEqual([]);
  });
});

describe('study progress and resuming', () => {
  it('a one-page PDF is not 99 % the moment it opens; it completes after its reading time', async () => {
    const context = await h.desktop();
    await fastHeartbeat(context);
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const first = page.waitForResponse((response) => response.url().endsWith('/web/heartbeat'));
    await page.goto(learn(course.onePage, 'p'));
    await expect((await (await first).json()).data.progress).toBe(0);
    const badge = page.locator(
      `[data-testid="learn-chapter"][data-cid="${course.onePage}"] [data-testid="chapter-progress"]`,
    );
    await expect(badge.count()).resolves.toBe(0);
    // Five seconds on the page (a page needs 2 s, a document at least 5 s): complete.
    await expect.poll(() => badge.getAttribute('data-progress'), { timeout: 20_000 }).toBe('100');
    // Its heartbeats would share the student's study clock with the next test's page.
    await context.close();
  });

  it('a finished slide deck opens where the student left it: in the same visit and on another device', async () => {
    const context = await h.desktop();
    await fastHeartbeat(context);
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    await page.goto(learn(course.deck, 'ppt'));
    const current = page.getByTestId('slide-current');
    await current.waitFor();
    // Every slide shown during a heartbeat (so every page is reached), then four slides need 8 s in all.
    for (let slide = 2; slide <= 4; slide++) {
      const beat = page.waitForResponse(
        async (response) =>
          response.url().endsWith('/web/heartbeat') && (await response.json()).data?.position === slide,
      );
      await page.keyboard.press('ArrowRight');
      await beat;
    }
    await expect(current.getAttribute('data-index')).resolves.toBe('3');
    const badge = page.locator(
      `[data-testid="learn-chapter"][data-cid="${course.deck}"] [data-testid="chapter-progress"]`,
    );
    await expect.poll(() => badge.getAttribute('data-progress'), { timeout: 30_000 }).toBe('100');

    // The chapter-complete tip, then another chapter and back, by the chapter list.
    await page.getByTestId('chapter-tip-close').click();
    await page.locator(`[data-testid="learn-chapter"][data-cid="${course.other}"]`).click();
    await page.getByTestId('pdf-viewer').waitFor();
    await page.locator(`[data-testid="learn-chapter"][data-cid="${course.deck}"]`).click();
    await expect.poll(() => page.getByTestId('slide-current').getAttribute('data-index')).toBe('3');
    await context.close();

    // Another browser (nothing remembered locally): the server's record says slide 4, and the first heartbeat
    // says so too (a first beat with slide 1 made the server forget where the student was).
    const elsewhere = await h.desktop();
    await fastHeartbeat(elsewhere);
    await signIn(h, elsewhere, student.cookie);
    const again = await elsewhere.newPage();
    const firstBeat = again.waitForRequest((request) => request.url().endsWith('/web/heartbeat'));
    await again.goto(learn(course.deck, 'ppt'));
    expect(JSON.parse((await firstBeat).postData() ?? '{}')).toMatchObject({ play_type: 'start', position: 4 });
    await expect.poll(() => again.getByTestId('slide-count').textContent()).toBe('第 4 / 4 页');
    await screenshot(again, 'rough-edges-slides-resumed');
  });
});
