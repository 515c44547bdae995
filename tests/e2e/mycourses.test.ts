/**
 * My courses and almost-expiring courses in Chromium (spec 2
 * mycourse, mycourse_m, almostexpire, dashboard controller/course; spec 9 badges and texts): a student with a
 * course in progress, an expired one and one about to expire sees them with their validity, progress and
 * badges, continues where they left off, and finds the almost-expiring one on its page; guests go to sign in.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { enrol } from '../helpers/learning-factory';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInStudent, signIn } from './learn-helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let h: Harness;
let student: { id: string; cookie: string };
let studying: { coid: string; code: string; first: string; second: string };

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const course = async (title: string, values: Record<string, unknown> = {}) => {
    const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
      title,
      catid: '0',
      type: 0,
      actual: 30,
      ...values,
    });
    const first = (
      await admin<{ cid: string }>('POST', '/chapter/add', {
        coid: made.coid,
        parent_id: '0',
        title: '第一节 认识课程',
        type: CHAPTER_TYPE.imageText,
      })
    ).cid;
    const second = (
      await admin<{ cid: string }>('POST', '/chapter/add', {
        coid: made.coid,
        parent_id: '0',
        title: '第二节 动手练习',
        type: CHAPTER_TYPE.imageText,
      })
    ).cid;
    for (const cid of [first, second])
      await admin('POST', '/chapter/update', {
        cid,
        description: `<h3>要点</h3><p>${'循序渐进，学以致用。'.repeat(20)}</p>`,
      });
    await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
    return { ...made, first, second };
  };
  studying = await course('前端工程入门');
  const expired = await course('数据分析实战', { ce_type: 1, ce_time: 30 });
  const soon = await course('项目管理基础', { ce_type: 1, ce_time: 30 });
  student = await signedInStudent(h, '王同学');
  const now = Date.now();
  await enrol(h.app, student.id, studying.coid, now - 2 * DAY);
  await enrol(h.app, student.id, expired.coid, now - 40 * DAY);
  // 30 days from 27 days less an hour ago: 3 days and an hour left.
  await enrol(h.app, student.id, soon.coid, now - 27 * DAY + HOUR);

  // The student completes the first chapter (the back office raises its progress) and is now at the second.
  await admin('POST', '/learn/record/update', {
    sid: student.id,
    coid: studying.coid,
    cid: studying.first,
    progress: 1,
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/learn/stucourse',
    payload: { coid: studying.coid, cid: studying.second },
    headers: { cookie: student.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`learn/stucourse: ${res.body}`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function signedIn(context: BrowserContext, cookie = student.cookie): Promise<Page> {
  await signIn(h, context, cookie);
  return context.newPage();
}

const card = (page: Page, title: string) => page.getByTestId('my-course').filter({ hasText: title });

describe('my courses', () => {
  it('desktop: cards with validity, progress, badges; continue opens the learning page where the student left off', async () => {
    const page = await signedIn(await h.desktop());
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/mycourse`);
    await page.getByTestId('my-courses').waitFor();
    // The course studied last comes first.
    const titles = await page
      .getByTestId('my-course')
      .evaluateAll((cards) => cards.map((item) => item.getAttribute('title')));
    expect(titles[0]).toBe('前端工程入门');
    expect(titles).toHaveLength(3);
    await expect.poll(() => page.getByTestId('my-courses-count').textContent()).toBe('共 3 门课程');

    const current = card(page, '前端工程入门');
    expect(await current.getByTestId('remaining-validity').textContent()).toBe('剩余有效期：永久有效');
    expect(await current.getByTestId('learning-progress').textContent()).toBe('学习进度：50%');
    expect(await current.getByTestId('course-badge').count()).toBe(0);
    expect(await current.textContent()).toContain('上次学到：第二节 动手练习');

    const expired = card(page, '数据分析实战');
    const badge = expired.getByTestId('course-badge');
    expect(await badge.textContent()).toBe('已过期');
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(213, 43, 42)');
    expect(await expired.getByTestId('continue-link').textContent()).toBe('查看课程');

    const soon = card(page, '项目管理基础');
    expect(await soon.getByTestId('remaining-validity').textContent()).toBe('剩余有效期：3天');
    expect(await soon.getByTestId('continue-link').textContent()).toBe('开始学习');

    // The expired filter shows only the expired course.
    await page.getByRole('tab', { name: '已过期' }).click();
    await expect.poll(() => page.getByTestId('my-course').count()).toBe(1);
    expect(await page.getByTestId('my-course').getAttribute('title')).toBe('数据分析实战');
    await page.getByRole('tab', { name: '全部' }).click();
    await expect.poll(() => page.getByTestId('my-course').count()).toBe(3);
    await screenshot(page, 'mycourses-desktop');

    await current.getByTestId('continue-link').click();
    await page.waitForURL((url) => url.pathname === `/u/learn/${studying.code}/${studying.second}/i`);
    await page.getByTestId('learn-page').waitFor();
    expect(await page.locator('.learn-title').textContent()).toContain('第二节 动手练习');
    expect(errors).toEqual([]);
  });

  it('the dashboard shows my courses under its sidebar; mycourse_m on desktop goes there', async () => {
    const page = await signedIn(await h.desktop());
    const errors = pageErrors(page);
    await page.goto('/dashboard#/controller/course');
    const sidebar = page.getByTestId('dashboard-sidebar');
    await sidebar.waitFor();
    expect(await sidebar.getByRole('heading', { level: 1 }).textContent()).toBe('学习中心');
    // Issue 18: the control centre first, the rank after my credits (ranking is on by default).
    await expect.poll(() => sidebar.locator('a').allTextContents()).toContain('学习排行');
    expect(await sidebar.locator('a').allTextContents()).toEqual([
      '控制中心',
      '我的课程',
      '我的积分',
      '学习排行',
      '考试记录',
      '我的订阅',
      '我的收藏',
      // Issue 18: my plans (exam mode is off for this student).
      '我的学习计划',
      // Issue 16: system notices (no badge without unread notices).
      '系统通知',
      '即将过期课程',
      '我的资料',
      '我的私信',
    ]);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('我的课程');
    await expect.poll(() => page.getByTestId('my-course').count()).toBe(3);
    await screenshot(page, 'mycourses-dashboard');

    await page.goto(`/u/${h.school.hashUID}#/mycourse_m`);
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#/controller/course');
    await page.getByTestId('dashboard-sidebar').waitFor();
    expect(errors).toEqual([]);
  });

  it('mobile: my courses from the personal centre, then the almost-expiring page with its time left and back arrow', async () => {
    const page = await signedIn(await h.mobile());
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
    const entries = page.getByTestId('personal-entries');
    await entries.waitFor();
    await entries.getByText('我的课程').click();
    await page.waitForURL((url) => url.hash === '#/mycourse_m');
    await page.getByTestId('my-courses').waitFor();
    expect(await page.getByTestId('my-course').count()).toBe(3);
    expect(await card(page, '前端工程入门').getByTestId('learning-progress').textContent()).toBe('学习进度：50%');
    await screenshot(page, 'mycourses-mobile');

    await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await page.getByTestId('personal-entries').getByText('即将过期课程').click();
    await page.waitForURL((url) => url.hash === '#/almostexpire');
    await page.getByRole('heading', { name: '即将过期课程' }).waitFor();
    await page.getByTestId('almost-expire-list').waitFor();
    expect(await page.getByTestId('loading-bar').count()).toBe(0);
    const items = page.getByTestId('my-course');
    expect(await items.count()).toBe(1);
    expect(await items.getAttribute('title')).toBe('项目管理基础');
    expect(await items.getByTestId('remaining-validity').textContent()).toBe('剩余有效期：3天');
    await screenshot(page, 'mycourses-almostexpire-mobile');
    await page.getByRole('link', { name: '返回个人中心' }).click();
    await page.waitForURL((url) => url.hash === '#/personalcenter');
    expect(errors).toEqual([]);
  });

  it('the almost-expiring page shows its loading bar while the list loads', async () => {
    const context = await h.desktop();
    const page = await signedIn(context);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/course/exceeding**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/u/${h.school.hashUID}#/almostexpire`);
    await page.getByTestId('loading-bar').waitFor();
    release();
    await page.getByTestId('almost-expire-list').waitFor();
    expect(await page.getByTestId('loading-bar').count()).toBe(0);
    await screenshot(page, 'mycourses-almostexpire-desktop');
  });

  it('shows 12 courses a page and loads more on request; a student without courses sees the empty state', async () => {
    const admin = await asAdmin(h);
    const made = await signedInStudent(h, '赵同学');
    const now = Date.now();
    for (let i = 1; i <= 14; i += 1) {
      const { coid } = await admin<{ coid: string }>('POST', '/course/new', {
        title: `选修课 ${String(i).padStart(2, '0')}`,
        catid: '0',
        type: 0,
        actual: 10,
      });
      await admin('POST', '/course/pub', { coid, pub: '1' });
      await enrol(h.app, made.id, coid, now - (20 - i) * HOUR);
    }
    const empty = await signedInStudent(h, '孙同学');

    const page = await signedIn(await h.desktop(), made.cookie);
    await page.goto(`/u/${h.school.hashUID}#/mycourse`);
    await page.getByTestId('my-courses').waitFor();
    expect(await page.getByTestId('my-course').count()).toBe(12);
    // The newest enrolment first.
    expect(await page.getByTestId('my-course').first().getAttribute('title')).toBe('选修课 14');
    await page.getByTestId('load-more').click();
    await expect.poll(() => page.getByTestId('my-course').count()).toBe(14);
    expect(await page.getByTestId('my-course').last().getAttribute('title')).toBe('选修课 01');
    expect(await page.getByTestId('load-more').count()).toBe(0);
    expect(await page.getByText('没有更多了').count()).toBe(1);

    const blank = await signedIn(await h.desktop(), empty.cookie);
    await blank.goto(`/u/${h.school.hashUID}#/mycourse`);
    const state = blank.getByTestId('my-courses-empty');
    await state.waitFor();
    expect(await state.textContent()).toContain('还没有课程');
    await state.getByRole('link', { name: '去选课' }).click();
    await blank.waitForURL((url) => url.hash === '#/courselist/0');
    await blank.goto(`/u/${h.school.hashUID}#/almostexpire`);
    await blank.getByTestId('almost-expire-empty').getByText('暂无即将过期的课程').waitFor();
    await screenshot(blank, 'mycourses-almostexpire-empty');
  }, 60_000);

  it('a guest goes to sign in, from my courses and from the dashboard', async () => {
    const page = await (await h.desktop()).newPage();
    await page.goto(`/u/${h.school.hashUID}#/mycourse`);
    await page.waitForURL(
      (url) =>
        url.pathname === `/login/u/${h.school.hashUID}` &&
        (url.searchParams.get('return') ?? '').endsWith('#/mycourse'),
    );
    await page.goto('/dashboard#/controller/course');
    await page.waitForURL((url) => url.pathname.startsWith('/login/u/'));
    const mobile = await (await h.mobile()).newPage();
    await mobile.goto(`/u/${h.school.hashUID}#/almostexpire`);
    await mobile.waitForURL((url) => url.pathname.startsWith('/login/u/'));
  });
});
