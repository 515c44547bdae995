/**
 * Points and credits in Chromium (issue 15 item 7): on a desktop the administrator turns on the day's first
 * study and chapter completion on the points screen; a student reads a graphic chapter to its end and sees the
 * points with their reasons on the dashboard's credit page; the administrator clears them after a confirm and
 * the student sees zero with the clear in the history. On a phone a student studies, finds the points through
 * the personal centre (mypoints_m), and the administrator clears them from the student list's points dialog.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { enrol } from '../helpers/learning-factory';
import { injectAs } from '../helpers/kit';
import { answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { fastHeartbeat, signIn, signedInStudent } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let coid = '';
let code = '';
let cid = '';

/** The student's points as the server has them. */
async function pointsOf(cookie: string): Promise<number> {
  const res = await injectAs(h.app, cookie).get('/mypoints');
  return (res.json() as { data: { points: number } }).data.points;
}

/** A page of a signed-in student whose study pages beat every half second. */
async function studentPage(context: BrowserContext, cookie: string): Promise<Page> {
  await signIn(h, context, cookie);
  await fastHeartbeat(context, 500);
  return context.newPage();
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  ({ coid } = await admin<{ coid: string }>('POST', '/course/new', {
    title: '积分课程',
    catid: '0',
    type: 0,
    actual: 30,
  }));
  ({ cid } = await admin<{ cid: string }>('POST', '/chapter/add', {
    coid,
    title: '安全须知',
    type: CHAPTER_TYPE.imageText,
  }));
  await admin('POST', '/chapter/update', { cid, description: '<p>进入车间请佩戴安全帽。</p>' });
  await admin('POST', '/course/pub', { coid, pub: '1' });
  code = h.app.ctx.courseCodec.encode(coid);
}, 180_000);
afterAll(async () => h?.close());

describe('points and credits', () => {
  it('desktop: rules on; a student completes a chapter and sees the points on the credit page; cleared', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/points');
    const rules = page.getByTestId('point-rules');
    await rules.waitFor();
    for (const [rule, points] of [
      ['dailyFirst', '3'],
      ['chapterDone', '5'],
    ]) {
      const row = rules.locator(`[data-testid="point-rule"][data-rule="${rule}"]`);
      await row.getByTestId('rule-enabled').check();
      await row.getByTestId('rule-points').fill(points);
    }
    await screenshot(page, 'points-admin-rules');
    await rules.getByTestId('save-point-rules').click();
    await expectToast(page, '积分规则已保存');
    // The change is in the rules' history: the two rules turned on, before and after.
    const trail = page.getByTestId('rules-trail').getByTestId('settings-trail-row');
    await expect.poll(() => trail.count()).toBe(1);
    expect(await trail.textContent()).toMatch(/完成一个章节：\d+ 分，每日上限 \d+，关闭 → 5 分，每日上限 \d+，开启/);
    expect(await trail.textContent()).toMatch(/每日首次学习：\d+ 分，每日上限 \d+，关闭 → 3 分，每日上限 \d+，开启/);

    const s = await signedInStudent(h, '积分学员');
    await enrol(h.app, s.id, coid);
    const student = await studentPage(await h.desktop(), s.cookie);
    const studentErrors = pageErrors(student);
    await student.goto(`/u/learn/${code}/${cid}/i`);
    await student.getByTestId('learn-page').waitFor();
    await student.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const progress = () => student.getByTestId('reading-progress').getAttribute('data-progress').then(Number);
    await expect.poll(progress).toBe(1);
    // The day's first study at once; the chapter once its minimum reading time (10 s) has passed.
    await expect.poll(() => pointsOf(s.cookie), { timeout: 30_000 }).toBe(8);

    await student.goto('/dashboard#/controller/credit');
    const sidebar = student.getByTestId('dashboard-sidebar');
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('我的积分');
    await expect.poll(() => student.getByTestId('points-total').textContent()).toBe('8');
    const rows = student.getByTestId('points-row');
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^完成章节：安全须知.*\+5$/),
      expect.stringMatching(/^每日首次学习.*\+3$/),
    ]);
    await screenshot(student, 'points-student-credit');

    // The administrator sees the student's points and clears them after a confirm.
    await page.reload();
    const row = page.locator(`[data-testid="points-student"][data-username="${s.username}"]`);
    await expect.poll(() => row.getByTestId('student-points-total').textContent()).toBe('8');
    await row.getByTestId('points-clear').click();
    expect(await answerConfirm(page, true)).toContain('确定将 1 名学员的积分清零吗');
    await expectToast(page, '已清零 1 名学员的积分');
    await expect.poll(() => row.getByTestId('student-points-total').textContent()).toBe('0');
    await row.getByTestId('points-detail-open').click();
    const detail = page.getByTestId('points-detail');
    await expect.poll(() => detail.getByTestId('points-detail-row').count()).toBe(3);
    expect(await detail.getByTestId('points-detail-row').first().textContent()).toContain('积分清零');
    await screenshot(page, 'points-admin-detail');

    await student.reload();
    await expect.poll(() => student.getByTestId('points-total').textContent()).toBe('0');
    expect(await student.getByTestId('points-week').textContent()).toBe('8');
    expect(await rows.first().textContent()).toMatch(/^积分清零.*-8$/);
    expect(errors).toEqual([]);
    expect(studentErrors).toEqual([]);
  });

  it('phone: a student studies and finds the points through the personal centre; cleared from the student list', async () => {
    const s = await signedInStudent(h, '手机学员');
    await enrol(h.app, s.id, coid);
    const phone = await studentPage(await h.mobile(), s.cookie);
    const errors = pageErrors(phone);
    await phone.goto(`/u/learn/${code}/${cid}/i`);
    await phone.getByTestId('learn-page').waitFor();
    await expect.poll(() => pointsOf(s.cookie)).toBeGreaterThanOrEqual(3);

    await phone.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await phone.getByTestId('personal-entries').getByText('我的积分').click();
    await phone.waitForURL((url) => url.hash === '#/mypoints_m');
    await phone.getByRole('heading', { name: '我的积分' }).waitFor();
    const total = Number(await phone.getByTestId('points-total').textContent());
    expect(total).toBeGreaterThanOrEqual(3);
    expect(await phone.getByTestId('points-row').last().textContent()).toContain('每日首次学习');
    await screenshot(phone, 'points-student-phone');

    const adminPage = await (await h.mobile()).newPage();
    const adminErrors = pageErrors(adminPage);
    await signInAdmin(adminPage, undefined, '/students');
    const row = adminPage.locator(`[data-testid="student-row"][data-username="${s.username}"]`);
    await row.getByTestId('student-points-open').click();
    const detail = adminPage.getByTestId('points-detail');
    await expect.poll(() => detail.getByTestId('points-summary').textContent()).toContain(`当前积分 ${total}`);
    await detail.getByTestId('points-clear-one').click();
    await answerConfirm(adminPage, true);
    await expect.poll(() => detail.getByTestId('points-summary').textContent()).toContain('当前积分 0');
    await screenshot(adminPage, 'points-admin-phone-detail');

    await phone.reload();
    await expect.poll(() => phone.getByTestId('points-total').textContent()).toBe('0');
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
