/**
 * The graphic course reader's comments and right rail in Chromium (issue 16; spec 2 'Graphic article reader':
 * middle comments, right rail with share, bookmark, comment, back to top; spec 5 graphic comment order): in the
 * online release the rail shares (copies the page link), bookmarks and takes the bookmark back, jumps to the
 * comments, goes back to the top, and a comment is posted from the middle; in the lan release there is no
 * share. On a phone the detail page sends the reading heartbeat as the desktop reader does (a free graphic
 * course read to its end is obtained through it).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collects, enrolments } from '../../server/db/schema';
import { enrol } from '../helpers/learning-factory';
import { expectToast } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { fastHeartbeat, signIn, signedInStudent } from './learn-helpers';
import { first } from '../../server/db/client';

/** A long text with headings, so the page scrolls well past the back-to-top threshold. */
const TEXT = Array.from(
  { length: 6 },
  (_, i) => `<h3>第 ${i + 1} 节</h3>${'<p>图文阅读的正文，一段足够长的文字，让页面可以滚动。</p>'.repeat(8)}`,
).join('');

async function graphicCourse(h: Harness, title: string) {
  const admin = await asAdmin(h);
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title,
    catid: '0',
    type: 4,
    actual: 0,
    description: TEXT,
  });
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  return made;
}

describe('graphic reader in the online release', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ VER: 'online' });
  }, 180_000);
  afterAll(async () => h?.close());

  it('desktop: share copies the link, bookmark toggles, comment jumps, back to top, a comment posted', async () => {
    const course = await graphicCourse(h, '图文：阅读工具');
    const s = await signedInStudent(h, '读者甲');
    await enrol(h.app, s.id, course.coid, h.app.ctx.now(), 'obtain');
    const context = await h.desktop();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(h, context, s.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/course/${course.code}#/graphic`);
    const rail = page.getByTestId('graphic-rail');
    await rail.waitFor();

    // Share: this page's link, copied.
    await rail.getByTestId('rail-share').click();
    await expectToast(page, '链接已复制，可以粘贴分享');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${h.baseURL}/course/${course.code}#/graphic`,
    );

    // Bookmark and take it back (the course's collect call).
    const bookmark = rail.getByTestId('bookmark');
    expect(await bookmark.textContent()).toBe('收藏');
    await bookmark.click();
    await expect.poll(() => bookmark.getAttribute('aria-pressed')).toBe('true');
    expect(await bookmark.textContent()).toBe('已收藏');
    const collected = async () =>
      (
        await h.app.ctx.db
          .select()
          .from(collects)
          .where(and(eq(collects.studentId, s.id), eq(collects.courseId, course.coid)))
      ).length;
    expect(await collected()).toBe(1);
    await bookmark.click();
    await expect.poll(() => bookmark.getAttribute('aria-pressed')).toBe('false');
    expect(await collected()).toBe(0);

    // Jump to the comments: the section comes into view and the box has the cursor.
    const comments = page.locator('#graphic-comments');
    expect(await comments.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800);
    await rail.getByTestId('rail-comment').click();
    // As far up as the page lets it go (the comments are near the end of the page): in view, the page scrolled.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const top = await comments.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(400);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('comment-text');

    // A comment from the middle.
    await comments.getByTestId('comment-input').fill('读完了，很清楚。');
    await comments.getByTestId('comment-submit').click();
    await expect.poll(() => comments.getByTestId('comment-text').allTextContents()).toEqual(['读完了，很清楚。']);
    await screenshot(page, 'graphic-reader-rail-comments');

    // Back to top, from the bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await rail.getByTestId('rail-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('graphic reader in the lan release', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);
  afterAll(async () => h?.close());

  it('desktop: no share in lan; the rest of the rail is there', async () => {
    const course = await graphicCourse(h, '图文：内网');
    const s = await signedInStudent(h, '读者乙');
    await enrol(h.app, s.id, course.coid, h.app.ctx.now(), 'obtain');
    const context = await h.desktop();
    await signIn(h, context, s.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/course/${course.code}#/graphic`);
    const rail = page.getByTestId('graphic-rail');
    await rail.waitFor();
    expect(await rail.getByTestId('rail-share').count()).toBe(0);
    expect(await rail.locator('button').allTextContents()).toEqual(['收藏', '评论', '顶部']);
    await page.getByTestId('graphic-comments-panel').waitFor();
    expect(errors).toEqual([]);
  });

  it('phone: the detail page sends the reading heartbeat; a free course read to its end is obtained', async () => {
    const course = await graphicCourse(h, '图文：手机阅读');
    const s = await signedInStudent(h, '读者丙');
    const context = await h.mobile();
    await signIn(h, context, s.cookie);
    await fastHeartbeat(context, 500);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const beats: { play_type: string; played_time?: number }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/web/heartbeat')) beats.push(JSON.parse(request.postData() ?? '{}'));
    });
    await page.goto(`/course/${course.code}#/introduce/detail`);
    await page.getByTestId('graphic-detail').waitFor();
    await expect.poll(() => beats.length).toBeGreaterThan(0);
    expect(beats[0]).toMatchObject({ play_type: 'start', coid: course.coid, cid: '0' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => beats.some((beat) => beat.play_type === 'read' && beat.played_time === 1)).toBe(true);
    await expect
      .poll(
        async () =>
          first(
            await h.app.ctx.db
              .select()
              .from(enrolments)
              .where(and(eq(enrolments.studentId, s.id), eq(enrolments.courseId, course.coid))),
          )?.source ?? '',
      )
      .toBe('obtain');
    await screenshot(page, 'graphic-detail-phone');
    expect(errors).toEqual([]);
  });
});
