/**
 * Study credits in Chromium (issue 18 'my credits … points and study credits'). Desktop: the administrator sets
 * a course's credit in the course form (a value with two decimals is refused beside the field), a student
 * reads the course's only chapter to its end and finds the total and the course on the dashboard's credit page;
 * the course page says what it earns.
 * Phone: another student completes it and sees the same on mypoints_m; the back office's points dialog of the
 * student list shows the student's credits.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { enrol } from '../helpers/learning-factory';
import { injectAs } from '../helpers/kit';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { fastHeartbeat, signIn, signedInStudent } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let coid = '';
let code = '';
let cid = '';

/** The student's study credits as the server has them. */
async function creditsOf(cookie: string): Promise<number> {
  const res = await injectAs(h.app, cookie).get('/student/credits');
  return (res.json() as { data: { total: number } }).data.total;
}

/** A signed-in student whose study pages beat every half second, reading the course's chapter to its end. */
async function completeCourse(context: BrowserContext, cookie: string): Promise<Page> {
  await signIn(h, context, cookie);
  await fastHeartbeat(context, 500);
  const page = await context.newPage();
  await page.goto(`/u/learn/${code}/${cid}/i`);
  await page.getByTestId('learn-page').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The chapter completes once read and its minimum reading time (10 s) has passed: the course with it.
  await expect.poll(() => creditsOf(cookie), { timeout: 40_000 }).toBe(2.5);
  return page;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  ({ coid } = await admin<{ coid: string }>('POST', '/course/new', {
    title: '消防安全学分课',
    catid: '0',
    type: 0,
    actual: 0,
  }));
  ({ cid } = await admin<{ cid: string }>('POST', '/chapter/add', {
    coid,
    title: '灭火器的使用',
    type: CHAPTER_TYPE.imageText,
  }));
  await admin('POST', '/chapter/update', { cid, description: '<p>拔掉保险销，对准火焰根部喷射。</p>' });
  await admin('POST', '/course/pub', { coid, pub: '1' });
  code = h.app.ctx.courseCodec.encode(coid);
}, 180_000);
afterAll(async () => h?.close());

describe('study credits', () => {
  it('desktop: the administrator sets 2.5 credits; a student completes the course and sees them', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/courses/${coid}/info`);
    const credit = page.getByLabel('学分', { exact: true });
    await credit.fill('2.55');
    await page.getByTestId('save-course').click();
    await page.locator('[data-field="credit"] .ac-error').getByText('最多一位小数').waitFor();
    await credit.fill('2.5');
    await page.getByTestId('save-course').click();
    await expectToast(page, '保存成功');
    await expect.poll(() => page.getByTestId('save-course').isDisabled()).toBe(true);
    await screenshot(page, 'credits-admin-course');
    await page.reload();
    await expect.poll(() => page.getByLabel('学分', { exact: true }).inputValue()).toBe('2.5');

    const s = await signedInStudent(h, '学分学员');
    await enrol(h.app, s.id, coid);
    const context = await h.desktop();
    const student = await completeCourse(context, s.cookie);
    const studentErrors = pageErrors(student);
    await student.goto('/dashboard#/controller/credit');
    const credits = student.getByTestId('study-credits');
    await expect.poll(() => credits.getByTestId('credits-total').textContent()).toBe('2.5');
    const rows = credits.getByTestId('credits-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/^消防安全学分课完成于 \d{4}-\d{2}-\d{2}2\.5 学分$/);
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(`/course/${code}`);
    // The points stay on the same page, below.
    await student.getByTestId('points-ledger').waitFor();
    await screenshot(student, 'credits-student-desktop');
    // The course page says what completing it earns.
    await rows.first().getByRole('link').click();
    await expect.poll(() => student.getByTestId('course-hero').textContent()).toContain('2.5 学分');
    expect(errors).toEqual([]);
    expect(studentErrors).toEqual([]);
  });

  it('phone: another student completes it and sees the credits on mypoints_m; the back office shows them', async () => {
    const s = await signedInStudent(h, '手机学分学员');
    await enrol(h.app, s.id, coid);
    const phone = await completeCourse(await h.mobile(), s.cookie);
    const errors = pageErrors(phone);
    await phone.goto(`/u/${h.school.hashUID}#/mypoints_m`);
    const credits = phone.getByTestId('study-credits');
    await expect.poll(() => credits.getByTestId('credits-total').textContent()).toBe('2.5');
    expect(await credits.getByTestId('credits-row').first().textContent()).toContain('消防安全学分课');
    await screenshot(phone, 'credits-student-phone');

    const adminPage = await (await h.mobile()).newPage();
    const adminErrors = pageErrors(adminPage);
    await signInAdmin(adminPage, undefined, '/students');
    const row = adminPage.locator(`[data-testid="student-row"][data-username="${s.username}"]`);
    await row.getByTestId('student-points-open').click();
    const detail = adminPage.getByTestId('points-detail');
    await expect.poll(() => detail.getByTestId('points-study-credits').textContent()).toBe('已获学分：2.5（1 门课程）');
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
