import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseByTitle, type Card } from './catalogue-helpers';
import { answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { atPath, pageErrors, screenshot, SHOTS_DIR, startHarness, submitLogin, type Harness } from './harness';
import { sqlGet, sqlRun } from '../helpers/sql';

let h: Harness;
let vue: Card;
let graphic: Card;
beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  vue = await courseByTitle(h, 'Vue 3 进阶');
  graphic = await courseByTitle(h, '高效沟通（图文）');
  // The demo student bought the paid course (as an order would record it).
  const { id } = (await sqlGet(h.app, `select id from students where username = 'student'`)) as { id: string };
  await sqlRun(
    h.app,
    `insert into enrolments (student_id, course_id, source, created_at) values (?, ?, 'buy', ?)`,
    id,
    vue.coid,
    Date.now(),
  );
});
afterAll(async () => {
  await h?.close();
});

async function signedIn(context: BrowserContext, username: 'student' | 'lisi'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/login/u/${h.school.hashUID}`);
  await submitLogin(page, username, 'student123');
  await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
  return page;
}

const comments = (page: Page) => page.getByTestId('comment');
const firstText = (page: Page) => comments(page).first().getByTestId('comment-text').textContent();

describe('course comments', () => {
  it('desktop: a buyer comments, sees it first and likes it; an over-long comment shows the message; the admin replies in the back office and the student sees it', async () => {
    const context = await h.desktop();
    const page = await signedIn(context, 'student');
    const errors = pageErrors(page);
    await page.goto(`/course/${vue.code}#/introduce/comment`);
    await page.waitForURL(atPath(`/course/${vue.code}#/introduce/comment`));
    await page.getByTestId('comment-box').waitFor();
    await expect(page.getByTestId('intro-tabs').getByRole('link').allTextContents()).resolves.toEqual([
      '课程介绍',
      '课程目录可试听',
      '课程评论',
    ]);
    await page.getByTestId('comments-empty').waitFor();

    const input = page.getByTestId('comment-input');
    await input.fill('  讲得很清楚，组合式 API 终于懂了 👍  ');
    await expect(page.getByTestId('comment-counter').textContent()).resolves.toBe('20/256');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, '评论成功');
    await expect.poll(() => comments(page).count()).toBe(1);
    await expect(firstText(page)).resolves.toBe('讲得很清楚，组合式 API 终于懂了 👍');
    await expect(comments(page).first().locator('.comment-name').textContent()).resolves.toBe('演示学员');
    await expect(input.inputValue()).resolves.toBe('');

    // A second comment goes on top of page 1.
    await input.fill('第二条：期待更多性能优化的例子');
    await page.getByTestId('comment-submit').click();
    await expect.poll(() => firstText(page)).toBe('第二条：期待更多性能优化的例子');
    await expect(page.locator('.comments-total').textContent()).resolves.toBe('共 2 条评论');

    // Like, then the count and the pressed state follow the server.
    const like = comments(page).first().getByTestId('comment-like');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect(like.getByTestId('comment-likes').textContent()).resolves.toBe('1');

    // Over 256 characters: the spec's message as a toast; nothing is sent.
    await input.fill('长'.repeat(257));
    await expect(page.getByTestId('comment-counter').textContent()).resolves.toBe('257/256');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, '评论内容不能超过256个字！');
    await expect(comments(page).count()).resolves.toBe(2);
    // Empty: the same way.
    await input.fill('   ');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, '评论内容不能为空！');
    await input.fill('');
    await screenshot(page, 'comments-desktop');

    // The administrator answers in the back office.
    const adminContext = await h.desktop();
    const admin = await adminContext.newPage();
    const adminErrors = pageErrors(admin);
    await signInAdmin(admin, undefined, '/comments');
    await admin.getByTestId('comments-page').waitFor();
    // The demo school has comments of its own (on 职场礼仪, server/demo/learner.ts): count this course's.
    const rows = admin.getByTestId('comment-row').filter({ hasText: 'Vue 3 进阶' });
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: '讲得很清楚' });
    await expect(row.locator('td').nth(1).textContent()).resolves.toContain('Vue 3 进阶');
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('演示学员');
    await row.getByTestId('reply-comment').click();
    const dialog = admin.getByTestId('reply-dialog');
    await dialog.getByTestId('reply-text').fill('谢谢支持！下一章会讲性能优化。');
    await dialog.getByRole('button', { name: '回复' }).click();
    await expectToast(admin, '已回复');
    await row.getByTestId('admin-reply').waitFor();
    await expect(row.getByTestId('admin-reply').textContent()).resolves.toContain('谢谢支持！下一章会讲性能优化。');
    // Filter by keyword: only the matching comment.
    await admin.getByRole('searchbox').fill('第二条');
    await admin.getByRole('searchbox').press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    await admin.getByRole('searchbox').fill('');
    await admin.getByRole('searchbox').press('Enter');
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(admin, 'comments-admin');

    // The student sees the school's reply under the comment.
    await page.reload();
    const replied = comments(page).filter({ hasText: '讲得很清楚' });
    await replied.getByTestId('comment-reply').waitFor();
    await expect(replied.getByTestId('comment-reply').textContent()).resolves.toContain('管理员回复');
    await expect(replied.getByTestId('comment-reply').textContent()).resolves.toContain(
      '谢谢支持！下一章会讲性能优化。',
    );

    // Hidden in the back office: gone for the student.
    const second = rows.filter({ hasText: '第二条' });
    await second.getByTestId('hide-comment').click();
    await expectToast(admin, '已隐藏');
    await expect.poll(() => second.getByTestId('comment-state').textContent()).toBe('已隐藏');
    await page.reload();
    await expect.poll(() => comments(page).count()).toBe(1);

    // Closing comments hides the box; opening them again brings it back.
    await admin.getByTestId('allow-comments').click();
    await expectToast(admin, '已关闭学员评论');
    await page.reload();
    await comments(page).first().waitFor();
    await expect(page.getByTestId('comment-box').count()).resolves.toBe(0);
    await admin.getByTestId('allow-comments').click();
    await expectToast(admin, '已允许学员评论');
    await page.reload();
    await page.getByTestId('comment-box').waitFor();

    // Deleting in the back office asks first.
    await second.getByTestId('delete-comment').click();
    expect(await answerConfirm(admin, true)).toContain('演示学员');
    await expect.poll(() => rows.count()).toBe(1);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('desktop: a student who did not buy the paid course is told so; the owner is told to use a student account', async () => {
    const context = await h.desktop();
    const page = await signedIn(context, 'lisi');
    await page.goto(`/course/${vue.code}#/introduce/comment`);
    await page.getByTestId('comment-input').fill('还没买能评论吗');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, '购买或获取课程后才能评论！');

    const adminContext = await h.desktop();
    const admin = await adminContext.newPage();
    await signInAdmin(admin);
    await admin.goto(`/course/${vue.code}#/introduce/comment`);
    await admin.getByTestId('comment-input').fill('管理员来评论');
    await admin.getByTestId('comment-submit').click();
    await expectToast(admin, '请使用学员账号进行操作！');
  });

  it('mobile: the comment tab works the same; a graphic course has detail and addcomment', async () => {
    const context = await h.mobile();
    const page = await signedIn(context, 'student');
    const errors = pageErrors(page);
    await page.goto(`/course/${vue.code}#/introduce/comment`);
    // The box shows once the list has loaded.
    await page.getByTestId('comment-box').waitFor();
    const before = await comments(page).count();
    await page.getByTestId('comment-input').fill('手机上也能评论');
    await page.getByTestId('comment-submit').click();
    await expectToast(page, '评论成功');
    await expect.poll(() => firstText(page)).toBe('手机上也能评论');
    await expect(comments(page).count()).resolves.toBe(before + 1);
    await screenshot(page, 'comments-mobile');

    // A graphic course: #/introduce/comment is its addcomment tab.
    await page.goto(`/course/${graphic.code}#/introduce/comment`);
    await page.waitForURL(atPath(`/course/${graphic.code}#/introduce/addcomment`));
    await page.getByTestId('comment-box').waitFor();
    await expect(page.getByTestId('intro-tabs').getByRole('link').allTextContents()).resolves.toEqual([
      '课程介绍',
      '图文详情',
      '评论',
    ]);
    await page.getByTestId('comments-empty').waitFor();
    await page.getByTestId('comment-input').fill('图文写得真好');
    await page.getByTestId('comment-submit').click();
    await expect.poll(() => firstText(page)).toBe('图文写得真好');
    await screenshot(page, 'comments-mobile-graphic');
    // The full-page shot has the fixed bars over the list: the viewport with the comment in it as well.
    await comments(page)
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SHOTS_DIR, 'comments-mobile-list.png') });

    // The student deletes their own comment, after confirming.
    await comments(page).first().getByTestId('comment-delete').click();
    expect(await answerConfirm(page, true)).toBe('确定删除这条评论吗？');
    await page.getByTestId('comments-empty').waitFor();
    expect(errors).toEqual([]);
  });
});
