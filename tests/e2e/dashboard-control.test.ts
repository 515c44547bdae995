/**
 * The student's control centre and rank in Chromium (issue 18 'Student side'; spec 2 'Dashboard (controller)
 * children' controlle and rank): on a desktop the dashboard opens at the control centre — this week's bars,
 * the course in progress with its next chapter, the required plan with its deadline, the exam to sit, the
 * almost-expiring course — and each item leads where the student acts; the rank shows the student's places
 * and the leaderboard; the school turns ranking off on the back office's student settings and the entry is
 * gone. On a phone the personal centre carries the same control centre.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, studyPlans } from '../../server/db/schema';
import { weekDays } from '../../shared/rules/dashboard';
import { formatDate } from '../../shared/rules/dates';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { buildPlanAssignment } from '../helpers/factories';
import { enrol } from '../helpers/learning-factory';
import { signInAdmin, ADMIN_PATH, expectToast } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInStudent, signIn } from './learn-helpers';
import { sqlRun } from '../helpers/sql';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let h: Harness;
let student: { id: string; cookie: string };
let rival: { id: string; cookie: string };
let studying: { coid: string; code: string; first: string; second: string };
let planId: string;
let examId: string;
const today = formatDate(Date.now(), 'yyyy-MM-dd');
const monday = weekDays(today)[0];

/** Study time credited to a student on a day, as the heartbeat engine writes it (learn_days). */
async function studied(studentId: string, day: string, minutes: number) {
  await sqlRun(
    h.app,
    `insert into learn_days (student_id, school_id, day, eff_ms) values (?, ?, ?, ?)
       on conflict (student_id, day) do update set eff_ms = learn_days.eff_ms + excluded.eff_ms`,
    studentId,
    h.school.id,
    day,
    minutes * 60_000,
  );
}

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
    const add = async (chapter: string) =>
      (
        await admin<{ cid: string }>('POST', '/chapter/add', {
          coid: made.coid,
          parent_id: '0',
          title: chapter,
          type: CHAPTER_TYPE.imageText,
        })
      ).cid;
    const first = await add('第一节 认识课程');
    const second = await add('第二节 动手练习');
    for (const cid of [first, second])
      await admin('POST', '/chapter/update', { cid, description: `<p>${'学以致用。'.repeat(30)}</p>` });
    await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
    return { ...made, first, second };
  };
  studying = await course('前端工程入门');
  const soon = await course('项目管理基础', { ce_type: 1, ce_time: 30 });
  student = await signedInStudent(h, '王同学');
  rival = await signedInStudent(h, '李同学');
  const now = Date.now();
  await enrol(h.app, student.id, studying.coid, now - 2 * DAY);
  await enrol(h.app, rival.id, studying.coid, now - 2 * DAY);
  // 30 days from 27 days less an hour ago: 3 days and an hour left.
  await enrol(h.app, student.id, soon.coid, now - 27 * DAY + HOUR);
  // The first chapter done (the back office raises its progress); the student is now at the second.
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
  // This week: 25 minutes on Monday and 10 today (the same day when today is Monday); the rival 5 today.
  await studied(student.id, monday, 25);
  await studied(student.id, today, 10);
  await studied(rival.id, today, 5);

  // A required study plan assigned to the student, and an exam open to everyone that closes in 3 days.
  planId = (await admin<{ coid: string }>('POST', '/course/new', { title: '新员工必修计划', catid: '0', type: 3 }))
    .coid;
  await admin('POST', '/chapter/add', { coid: planId, parent_id: '0', title: '第一阶段', type: 4 });
  await h.app.ctx.db.update(studyPlans).set({ status: 'approved' }).where(eq(studyPlans.courseId, planId));
  await h.app.ctx.db.update(courses).set({ published: true }).where(eq(courses.id, planId));
  await buildPlanAssignment(h.app, { courseId: planId, targetType: 'student', targetId: student.id, createdAt: now });
  const schoolId = h.school.id;
  const qid = await seedQuestion(h.app, { schoolId, type: 2, answer: '0', point: 10 });
  const paperId = await seedPaper(h.app, { schoolId, questionIds: [qid] });
  examId = await seedExam(h.app, { schoolId, paperId, title: '消防安全考试', closesAt: now + 3 * DAY, attempts: 2 });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function signedIn(context: BrowserContext, cookie = student.cookie): Promise<Page> {
  await signIn(h, context, cookie);
  return context.newPage();
}

const minutes = (n: number) => n * 60;

describe('the control centre and rank', () => {
  it('desktop: the rank shows my places in the school and the leaderboard with my row', async () => {
    const page = await signedIn(await h.desktop());
    const errors = pageErrors(page);
    await page.goto('/dashboard#/controller');
    await page.getByTestId('cc-rank-link').click();
    await page.waitForURL((url) => url.hash === '#/controller/rank');
    const rank = page.getByTestId('rank');
    await rank.waitFor();
    expect(await page.getByTestId('dashboard-sidebar').locator('[aria-current="page"]').textContent()).toBe('学习排行');
    const school = page.locator('[data-testid="rank-place"][data-scope=""]');
    await school.waitFor();
    // Two students in the school: 王同学 first by study time; nobody has points (both share the first place).
    expect(await school.locator('td').allTextContents()).toEqual(['第 1 名 / 共 2 人', '第 1 名 / 共 2 人']);
    const rows = page.getByTestId('rank-top').getByTestId('rank-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toBe('1王同学（我）35分');
    expect(await rows.nth(0).getAttribute('data-me')).toBe('true');
    expect(await rows.nth(1).textContent()).toBe('2李同学5分');
    await screenshot(page, 'dashboard-rank-desktop');

    await page.getByTestId('rank-tab-points').click();
    await page.getByText('这段时间还没有人上榜').waitFor();
    await page.getByTestId('rank-tab-all').click();
    await page.getByTestId('rank-tab-time').click();
    // All time is the course records' credited time: none was made through heartbeats yet (this test runs
    // before the others open a learning page, whose heartbeats may credit a few seconds).
    await page.getByText('这段时间还没有人上榜').waitFor();
    expect(errors).toEqual([]);
  });

  it('desktop: the dashboard opens at the control centre; each item leads where the student acts', async () => {
    const page = await signedIn(await h.desktop());
    const errors = pageErrors(page);
    await page.goto('/dashboard');
    const centre = page.getByTestId('control-centre');
    await centre.waitFor();
    const sidebar = page.getByTestId('dashboard-sidebar');
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('控制中心');
    await expect.poll(() => sidebar.locator('a').allTextContents()).toContain('学习排行');

    // This week: the total and a bar per day, today's and Monday's carrying their minutes.
    const week = minutes(monday === today ? 35 : 25 + 10);
    expect(await page.getByTestId('cc-week-total').getAttribute('data-seconds')).toBe(String(week));
    expect(await page.getByTestId('cc-week-total').textContent()).toBe('本周共学习 35分');
    const bars = page.getByTestId('week-bar');
    expect(await bars.count()).toBe(7);
    const secondsOf = (day: string) =>
      page.locator(`[data-testid="week-bar"][data-day="${day}"]`).getAttribute('data-seconds');
    expect(await secondsOf(monday)).toBe(String(monday === today ? week : minutes(25)));
    expect(await secondsOf(today)).toBe(String(monday === today ? week : minutes(10)));
    expect(await page.locator('.cc-chart-bar.is-today').count()).toBe(1);

    // The course in progress: its progress and the next chapter (the second, where the student is).
    const course = page.getByTestId('cc-course').filter({ hasText: '前端工程入门' });
    expect(await course.textContent()).toContain('学习进度：50%');
    expect(await course.getByTestId('cc-next').textContent()).toBe('下一章：第二节 动手练习');
    // The required plan with its deadline (none: the plan never ends) leads to the plan's page.
    const plan = page.getByTestId('cc-required').filter({ hasText: '新员工必修计划' });
    expect(await plan.textContent()).toContain('长期有效');
    expect(await plan.getByTestId('cc-required-link').getAttribute('href')).toBe(
      `/u/${h.school.hashUID}#/study/detail/${planId}`,
    );
    // The almost-expiring course with its time left leads to its course page.
    const expiring = page.getByTestId('cc-expiring').filter({ hasText: '项目管理基础' });
    expect(await expiring.textContent()).toContain('剩余有效期：3天');
    expect(await page.getByTestId('cc-exam').filter({ hasText: '消防安全考试' }).count()).toBe(1);
    await screenshot(page, 'dashboard-control-desktop');

    await course.getByTestId('cc-next').click();
    await page.waitForURL((url) => url.pathname === `/u/learn/${studying.code}/${studying.second}/i`);
    await page.getByTestId('learn-page').waitFor();

    // The exam's Start opens the sitting page.
    await page.goto('/dashboard#/controller');
    await page.getByTestId('cc-exam').getByTestId('exam-go').click();
    await page.waitForURL((url) => url.hash.startsWith(`#/exam/${examId}?`));

    // The unread block leads to the system notices.
    await page.goto('/dashboard#/controller');
    await page.getByTestId('cc-unread').getByText('系统通知').click();
    await page.waitForURL((url) => url.hash === '#/systemnotice');
    // controller/course is still my courses.
    await page.goto('/dashboard#/controller/course');
    // The two courses and the plan.
    await expect.poll(() => page.getByTestId('my-course').count()).toBe(3);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('我的课程');
    expect(errors).toEqual([]);
  });

  it('the back office turns ranking off on the student settings: the entry is gone and the rank says so', async () => {
    const admin = await (await h.desktop()).newPage();
    await signInAdmin(admin);
    await admin.goto(`${ADMIN_PATH}#/student-settings`);
    await admin.getByTestId('student-settings-page').locator('form').waitFor();
    const box = admin.locator('[data-field="ranking"] input');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await admin.getByTestId('save-student-settings').click();
    await expectToast(admin, '保存成功');

    const page = await signedIn(await h.desktop());
    await page.goto('/dashboard');
    await page.getByTestId('control-centre').waitFor();
    const sidebar = page.getByTestId('dashboard-sidebar');
    expect(await sidebar.locator('a').allTextContents()).not.toContain('学习排行');
    expect(await page.getByTestId('cc-rank-link').count()).toBe(0);
    await page.goto('/dashboard#/controller/rank');
    await page.getByTestId('rank-off').waitFor();
    expect(await page.getByTestId('rank-off').textContent()).toBe('学校未开启学习排行');

    // On again for the other tests.
    await admin.reload();
    await admin.getByTestId('student-settings-page').locator('form').waitFor();
    await admin.locator('[data-field="ranking"] input').check();
    await admin.getByTestId('save-student-settings').click();
    await expectToast(admin, '保存成功');
  });

  it('phone: the personal centre carries the control centre; its items lead where the student acts', async () => {
    const page = await signedIn(await h.mobile());
    const errors = pageErrors(page);
    await page.goto('/dashboard');
    // The dashboard sends a phone to the personal centre (spec 2 'Page guards').
    await page.waitForURL((url) => url.hash === '#/personalcenter');
    const centre = page.getByTestId('control-centre');
    await centre.waitFor();
    expect(await page.getByTestId('cc-week-total').textContent()).toBe('本周共学习 35分');
    expect(await page.getByTestId('week-bar').count()).toBe(7);
    expect(await page.getByTestId('cc-required').count()).toBe(1);
    expect(await page.getByTestId('cc-expiring').textContent()).toContain('剩余有效期：3天');
    // The desktop rank has no phone page (spec 2 names none): no link here.
    expect(await page.getByTestId('cc-rank-link').count()).toBe(0);
    await screenshot(page, 'dashboard-control-mobile');
    await page.getByTestId('cc-course').getByTestId('cc-next').click();
    await page.waitForURL((url) => url.pathname === `/u/learn/${studying.code}/${studying.second}/i`);
    await page.goBack();
    await page.getByTestId('control-centre').waitFor();
    await page.getByTestId('cc-unread').getByText('私信').click();
    await page.waitForURL((url) => url.hash === '#/privatemessage');
    expect(errors).toEqual([]);
  });
});
