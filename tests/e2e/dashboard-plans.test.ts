/**
 * The dashboard's plans, guards, logo and yks mode in Chromium (issue 18; spec 2 'Dashboard (controller)
 * children' myplan and studyplandetailstu with the external path dashboard#controller/studyplandetailstu?coid=,
 * 'Page guards', 'Student dashboard'; spec 9 logo height). A student assigned a plan finds it under my plans in
 * the dashboard and opens it there; the external path opens it directly; a phone goes to study/detail or the
 * personal centre (which leads to study/plan); my plans is absent for a student in exam mode (ver lan); guests, the owner (an
 * administrator) sign in instead; the logo is 62 px tall, 53 when wider than twice its height; yks mode hides
 * the top bar and the sidebar.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examCategories } from '../../server/db/schema';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { ADMIN, buildStudent, login } from '../helpers/app';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { asAdmin, svgImage } from './catalogue-helpers';
import { atPath, pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInPage } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let student: { id: string; cookie: string };
let examinee: { id: string; cookie: string };
let plan = '';

const signedIn = (context: BrowserContext, cookie: string) => signedInPage(h, context, cookie);
const sidebar = (page: Page) => page.getByTestId('dashboard-sidebar');
const entries = (page: Page) => sidebar(page).locator('a').allTextContents();

/** A published course with one image-text lesson, made into an approved, published growth plan for `sid`. */
async function assignedPlan(sid: string): Promise<string> {
  const { coid: source } = await admin<{ coid: string }>('POST', '/course/new', {
    title: '安全生产基础',
    catid: '0',
    type: 0,
    actual: 0,
  });
  const { cid } = await admin<{ cid: string }>('POST', '/chapter/add', {
    coid: source,
    parent_id: '0',
    title: '第一课 安全常识',
    type: CHAPTER_TYPE.imageText,
  });
  await admin('POST', '/chapter/update', { cid, description: '<p>安全第一，预防为主。</p>' });
  await admin('POST', '/course/pub', { coid: source, pub: '1' });
  const { coid } = await admin<{ coid: string }>('POST', '/studyplan/create', {
    title: '新员工成长计划',
    kind: 'growth',
    courses: [source],
  });
  await admin('POST', '/studyplan/commit', { coid });
  await admin('POST', '/studyplan/verify', { coid, approve: true });
  await admin('POST', '/course/pub', { coid, pub: '1' });
  await admin('POST', '/studyplan/assign', { coid, sids: [sid] });
  return coid;
}

/** A standalone exam in a category for the members of one group: exam mode on for them (bootstrap examModel). */
async function examFor(groupId: string): Promise<void> {
  const schoolId = h.school.id;
  const catid = h.app.ctx.ids.next();
  await h.app.ctx.db
    .insert(examCategories)
    .values({ id: catid, schoolId, title: '安全考试', position: 0, createdAt: Date.now() });
  const question = await seedQuestion(h.app, { schoolId, type: 2, content: '<p>安全帽必须佩戴。</p>', answer: '1' });
  const paperId = await seedPaper(h.app, { schoolId, questionIds: [question], points: [10], passScore: 10 });
  await seedExam(h.app, {
    schoolId,
    paperId,
    categoryId: catid,
    title: '安全考试',
    audience: [{ targetType: 'group', targetId: groupId }],
  });
}

/** Saves the school's home setting with this logo (POST setting/userpage, the back office's call). */
async function setLogo(url: string): Promise<void> {
  const { setting } = await admin<{ setting: Record<string, unknown> }>('GET', '/setting/userpage');
  await admin('POST', '/setting/userpage', {
    setting: { ...setting, userpagelogo: url, userpagetitle: '蓝学培训中心' },
  });
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  const made = await buildStudent(h.app, { name: '周同学' });
  student = { id: made.id, cookie: (await login(h.app, made)).cookie };
  const other = await buildStudent(h.app, { name: '考试同学', groups: ['考试组'] });
  examinee = { id: other.id, cookie: (await login(h.app, other)).cookie };
  await examFor(other.groupIds[0]!);
  plan = await assignedPlan(student.id);
  await admin('POST', '/studyplan/assign', { coid: plan, sids: [examinee.id] });
}, 180_000);
afterAll(async () => h?.close());

describe('my plans in the dashboard', () => {
  it('desktop: myplan lists the plan; opening it shows studyplandetailstu inside the dashboard, and back', async () => {
    const page = await signedIn(await h.desktop(), student.cookie);
    const errors = pageErrors(page);
    await page.goto('/dashboard#/controller/course');
    await sidebar(page).waitFor();
    expect(await entries(page)).toContain('我的学习计划');
    await sidebar(page).getByRole('link', { name: '我的学习计划' }).click();
    await page.waitForURL(atPath('/dashboard#/controller/myplan'));
    const card = page.locator(`[data-testid="my-plan"][data-coid="${plan}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('新员工成长计划');
    expect(await sidebar(page).locator('[aria-current="page"]').textContent()).toBe('我的学习计划');
    expect(await page.locator('.dash-main h2').first().textContent()).toBe('我的学习计划');
    await screenshot(page, 'dashboard-myplan');

    await card.getByRole('link', { name: '查看计划' }).click();
    await page.waitForURL(atPath(`/dashboard#/controller/studyplandetailstu?coid=${plan}`));
    const detail = page.getByTestId('study-detail-page');
    await detail.waitFor();
    expect(await detail.getByRole('heading', { level: 3 }).first().textContent()).toBe('新员工成长计划');
    expect(await detail.getByTestId('plan-stage').count()).toBe(1);
    expect(await detail.getByTestId('plan-lesson').textContent()).toContain('第一课 安全常识');
    // Still the dashboard: its sidebar, with my plans selected.
    expect(await sidebar(page).locator('[aria-current="page"]').textContent()).toBe('我的学习计划');
    await screenshot(page, 'dashboard-plan-detail');

    await detail.getByRole('link', { name: '返回我的学习计划' }).click();
    await page.waitForURL(atPath('/dashboard#/controller/myplan'));
    await card.waitFor();
    expect(errors).toEqual([]);
  });

  it('the external path dashboard#controller/studyplandetailstu?coid= opens the plan directly', async () => {
    const page = await signedIn(await h.desktop(), student.cookie);
    const errors = pageErrors(page);
    // The spec's form, without a slash after the hash.
    await page.goto(`/dashboard#controller/studyplandetailstu?coid=${plan}`);
    await page.getByTestId('study-detail-page').waitFor();
    expect(await page.locator('#plan-title').textContent()).toBe('新员工成长计划');
    await sidebar(page).waitFor();
    // A plan that is not theirs says so, inside the dashboard.
    await page.goto(`/dashboard#/controller/studyplandetailstu?coid=${h.app.ctx.ids.next()}`);
    await page.getByTestId('plan-missing').waitFor();
    expect(await page.getByTestId('plan-missing').textContent()).toContain('不存在或未分配给您');
    expect(errors).toEqual([]);
  });

  it('on a phone studyplandetailstu?coid= goes to the study detail page, and the dashboard to the personal centre', async () => {
    const page = await signedIn(await h.mobile(), student.cookie);
    const errors = pageErrors(page);
    await page.goto(`/dashboard#controller/studyplandetailstu?coid=${plan}`);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/study/detail/${plan}`));
    await page.getByTestId('study-detail-page').waitFor();
    expect(await page.locator('#plan-title').textContent()).toBe('新员工成长计划');
    await screenshot(page, 'dashboard-plan-detail-phone');

    await page.goto('/dashboard#/controller/myplan');
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/personalcenter`));
    // The personal centre leads on to my plans (study/plan).
    await page.getByTestId('personal-entries').getByRole('link', { name: '我的学习计划' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/study/plan`));
    await page.locator(`[data-testid="my-plan"][data-coid="${plan}"]`).waitFor();
    expect(errors).toEqual([]);
  });

  it('my plans is absent with exam mode on and ver lan; studyplandetailstu still opens', async () => {
    expect(h.app.ctx.config.VER).toBe('lan');
    const page = await signedIn(await h.desktop(), examinee.cookie);
    const errors = pageErrors(page);
    await page.goto('/dashboard#/controller/course');
    await sidebar(page).waitFor();
    // Exam mode is on: my papers is there, my plans is not.
    await expect.poll(() => entries(page)).toContain('我的试卷');
    expect(await entries(page)).not.toContain('我的学习计划');
    // Nor in the personal centre.
    await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await page.getByTestId('personal-entries').getByRole('link', { name: '我的课程' }).waitFor();
    expect(await page.getByTestId('personal-entries').getByRole('link', { name: '我的学习计划' }).count()).toBe(0);
    // Its address shows the default screen, the control centre.
    await page.goto('/dashboard#/controller/myplan');
    await page.getByTestId('dashboard-sidebar').waitFor();
    await expect.poll(() => sidebar(page).locator('.is-active').textContent()).toBe('控制中心');
    expect(await page.getByTestId('plan-list').count()).toBe(0);
    // The plan itself is still reached by its external path; back goes to study/plan.
    await page.goto(`/dashboard#/controller/studyplandetailstu?coid=${plan}`);
    await page.getByTestId('study-detail-page').waitFor();
    await page.getByRole('link', { name: '返回我的学习计划' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/study/plan`));
    await page.locator(`[data-testid="my-plan"][data-coid="${plan}"]`).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('dashboard guards', () => {
  it('a guest goes to sign in and comes back to the external path', async () => {
    for (const context of [await h.desktop(), await h.mobile()]) {
      const page = await context.newPage();
      await page.goto(`/dashboard#/controller/studyplandetailstu?coid=${plan}`);
      await page.waitForURL(
        (url) =>
          url.pathname === `/login/u/${h.school.hashUID}` &&
          url.searchParams.get('return') === `/dashboard#/controller/studyplandetailstu?coid=${plan}`,
      );
    }
  });

  it('the owner (the school administrator) is refused and sent to sign in as a student', async () => {
    const { cookie } = await login(h.app, { ...ADMIN, role: 'admin' });
    const page = await signedIn(await h.desktop(), cookie);
    await page.goto('/dashboard#/controller/myplan');
    await page.waitForURL((url) => url.pathname === `/login/u/${h.school.hashUID}`);
    expect(await sidebar(page).count()).toBe(0);
  });
});

describe('dashboard top bar', () => {
  it('shows the settings logo 62 px tall, or 53 when wider than twice its height, with the settings title', async () => {
    const page = await signedIn(await h.desktop(), student.cookie);
    const errors = pageErrors(page);
    const logo = page.getByTestId('dashboard-logo');
    const height = () => logo.evaluate((img) => img.getBoundingClientRect().height);

    await setLogo(svgImage(60, 120, '#3a6df0', '#6aa0ff'));
    await page.goto('/dashboard#/controller/course');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(120);
    await expect.poll(height).toBe(62);
    expect(await page.getByTestId('dashboard-brand').textContent()).toBe('蓝学培训中心');
    await screenshot(page, 'dashboard-logo-tall');

    // Exactly twice as wide keeps 62; wider than that is 53.
    await setLogo(svgImage(200, 100, '#14a085', '#48c9b0'));
    await page.reload();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    await expect.poll(height).toBe(62);
    await setLogo(svgImage(300, 100, '#f08a5d', '#f7b267', 'Lanxue'));
    await page.reload();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await expect.poll(height).toBe(53);
    await screenshot(page, 'dashboard-logo-wide');
    expect(errors).toEqual([]);
  });

  it('yks mode hides the top bar and the sidebar; the content stays', async () => {
    const page = await signedIn(await h.desktop(), student.cookie);
    const errors = pageErrors(page);
    await page.goto('/dashboard?model=yks#/controller/myplan');
    await page.locator(`[data-testid="my-plan"][data-coid="${plan}"]`).waitFor();
    expect(await page.locator('.d-nav').count()).toBe(0);
    expect(await sidebar(page).isVisible()).toBe(false);
    expect(await page.getByTestId('footer-spacer').count()).toBe(1);
    await screenshot(page, 'dashboard-yks');

    // Without yks, both are there.
    await page.goto('/dashboard#/controller/myplan');
    await page.locator(`[data-testid="my-plan"][data-coid="${plan}"]`).waitFor();
    expect(await page.locator('.d-nav').isVisible()).toBe(true);
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('settings on a phone (setting_m)', () => {
  it('the personal centre leads to it: my information, avatar, password, language and logout', async () => {
    const page = await signedIn(await h.mobile(), student.cookie);
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await page.getByRole('link', { name: '账号设置' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/setting_m`));
    const settings = page.getByTestId('setting-page');
    await settings.getByRole('heading', { level: 1, name: '账号设置' }).waitFor();
    expect(await settings.getByRole('link', { name: '我的资料' }).getAttribute('href')).toBe('#/myinformation_m');
    // A local account may change its password (spec 5).
    await settings.getByTestId('setting-password').waitFor();
    expect(await settings.getByRole('button', { name: '退出登录' }).count()).toBe(1);
    await screenshot(page, 'setting-mobile');
    await settings.getByTestId('setting-avatar').click();
    await page.getByTestId('avatar-dialog').waitFor();
    expect(errors).toEqual([]);
  });

  it('a desktop goes to the dashboard; a guest signs in', async () => {
    const page = await signedIn(await h.desktop(), student.cookie);
    await page.goto(`/u/${h.school.hashUID}#/setting_m`);
    await page.waitForURL(atPath('/dashboard#/controller'));
    await sidebar(page).waitFor();
    const guest = await (await h.mobile()).newPage();
    await guest.goto(`/u/${h.school.hashUID}#/setting_m`);
    await guest.waitForURL((url) => url.pathname === `/login/u/${h.school.hashUID}`);
  });
});
