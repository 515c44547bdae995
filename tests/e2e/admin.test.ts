import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin } from '../helpers/app';
import { atPath, pageErrors, screenshot, startHarness, whoAmI, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const ADMIN_PATH = '/learn/admin/';

/** Types into a field and checks it holds the text (a fill racing the form's first render would be lost). */
async function fillChecked(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(value);
}

/**
 * Signs in through the page's form once it is ready (the lazily loaded app has drawn it and its submit
 * button is enabled), with each field checked after filling.
 */
async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByTestId('login-submit').and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
  await fillChecked(form.getByLabel(/用户名|User name/), username);
  const passwordField = form.getByLabel(/^(密码|Password)$/);
  await fillChecked(passwordField, password);
  await passwordField.press('Enter');
}

describe('back office', () => {
  it('signs the main admin in and shows the landing page with the school and the full sidebar', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(ADMIN_PATH);
    await page.getByRole('heading', { name: '管理员登录' }).waitFor();
    await submitLogin(page, ADMIN.username, 'wrong-password');
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();

    await submitLogin(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe(ADMIN_PATH);
    await expect(page.getByTestId('admin-school').textContent()).resolves.toBe(h.school.name);
    await expect(page.getByText(`学校：${h.school.name}`).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('admin-role').textContent()).resolves.toBe('主管理员');
    await expect(page.getByRole('link', { name: '查看学校首页' }).getAttribute('href')).resolves.toBe(
      `/u/${h.school.hashUID}`,
    );

    const sidebar = page.getByTestId('admin-sidebar');
    await expect(
      sidebar.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-menu'))),
    ).resolves.toEqual(['home', 'course', 'resource', 'student', 'admin', 'userpage', 'setting', 'exam', 'question']);
    // Every area's screens are links (no area is left without its screens).
    await expect(sidebar.getByRole('link').allTextContents()).resolves.toEqual([
      '概览',
      '课程列表',
      // Issue 17: live teaching.
      '直播',
      '课程分类',
      '专栏',
      '标签',
      '评论管理',
      '问答管理',
      '签名与评分',
      '学习计划',
      '会员方案',
      '兑换码',
      '资源库',
      '学习记录',
      '阶段审核',
      '学员列表',
      '学员分组',
      '学员积分',
      '学员字段',
      '学员设置',
      '学员私信',
      '子管理员',
      '管理员分组',
      '首页装修',
      '资讯文章',
      // Issue 16: announcements.
      '公告',
      'LDAP 目录',
      // Issue 19: single sign-on.
      '统一身份认证',
      // Issue 19: the exam platform (yks) frame.
      '考试平台嵌入',
      '授权与升级',
      '订单管理',
      '邮件与短信通知',
      '考试管理',
      '试卷',
      '考试分类',
      '阅卷',
      '题库',
    ]);
    await expect(sidebar.locator('[aria-disabled="true"]').count()).resolves.toBe(0);
    await screenshot(page, 'admin-desktop');

    // Unknown back-office hash route.
    await page.goto(`${ADMIN_PATH}#/nothing-here`);
    await page.getByTestId('not-found').getByRole('heading', { name: '页面不存在' }).waitFor();

    // Logout returns to the sign-in form.
    await page.getByTestId('admin-logout').click();
    await page.getByRole('heading', { name: '管理员登录' }).waitFor();
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'guest' });
    expect(errors).toEqual([]);
  });

  it('shows a sub-admin only the areas their permissions allow', async () => {
    const sub = await buildSubAdmin(h.app, ['course', 'student']);
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(ADMIN_PATH);
    await submitLogin(page, sub.username, sub.password);
    await page.getByTestId('admin-welcome').getByText(`欢迎，${sub.username}`).waitFor();
    await expect(page.getByTestId('admin-role').textContent()).resolves.toBe('子管理员');
    const sidebar = page.getByTestId('admin-sidebar');
    await expect(sidebar.locator('li').allTextContents()).resolves.toEqual([
      '概览',
      '课程管理课程列表直播课程分类专栏标签评论管理问答管理签名与评分学习计划会员方案兑换码',
      '学员管理学习记录阶段审核学员列表学员分组学员积分学员字段学员设置学员私信',
    ]);
    await expect(page.getByTestId('admin-permissions').locator('li').allTextContents()).resolves.toEqual([
      '课程管理',
      '学员管理',
    ]);
  });

  it('tells a signed-in student that a student account cannot enter, and lets them log out', async () => {
    const student = await buildStudent(h.app);
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));

    await page.goto(ADMIN_PATH);
    const note = page.getByTestId('admin-student-note');
    await note.getByText('学员账号不能进入管理后台').waitFor();
    await note.getByRole('button', { name: '退出学员账号' }).click();
    await page.getByTestId('login-form').waitFor();
    await expect(page.getByRole('heading', { name: '管理员登录' }).isVisible()).resolves.toBe(true);
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'guest' });
  });

  it('works on a phone-sized screen', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    await page.goto(ADMIN_PATH);
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-welcome').waitFor();
    await expect(page.getByTestId('admin-sidebar').isVisible()).resolves.toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBe(390);
    await screenshot(page, 'admin-mobile');
  });
});
