/**
 * The exams' back-office screens in Chromium (exams, results, marking): an
 * administrator creates an exam category, a fixed paper with the question picker (points per question), an
 * exam for a course's students and publishes it; a teacher (a sub-admin with only the exam permission) marks
 * a short answer in the marking queue and sees the sitting's score and pass change on the results screen,
 * with the per-question statistics. The submitted sitting is seeded in the database, as the student side
 * leaves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, buildSubAdmin } from '../helpers/app';
import { seedQuestion } from '../helpers/exam-factory';
import { seedSitting } from '../helpers/sitting-factory';
import { adminApi, answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

/** A back-office screen opened by address: its code and its data load first (10 s was short under load). */
const SCREEN = { timeout: 30_000 };
/** Deadlines for checks that wait on the server (expect.poll's default is 1 s). */
const ROUND_TRIP = { timeout: 15_000 };

let h: Harness;
let api: Awaited<ReturnType<typeof adminApi>>;
let single: string;
let short: string;
let coid: string;

beforeAll(async () => {
  h = await startHarness();
  api = await adminApi(h.app);
  const schoolId = h.school.id;
  single = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    options: ['红色', '蓝色', '绿色'],
    answer: '2',
    point: 5,
    content: '<p>晴天的天空是什么颜色？</p>',
  });
  short = await seedQuestion(h.app, {
    schoolId,
    type: 3,
    answer: '瑞利散射',
    point: 5,
    content: '<p>为什么天空是蓝色的？</p>',
  });
  coid = (await api<{ coid: string }>('course/new', { title: '气象入门', catid: '0', type: 0 })).body.data.coid;
}, 240_000);
afterAll(() => h?.close());

describe('exams back office', () => {
  let examId = '';

  it('an administrator creates a category, a fixed paper with the picker, an exam, and publishes it', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/exam-categories');

    await page.getByTestId('exam-categories-page').waitFor(SCREEN);
    await page.getByTestId('new-exam-category').fill('期中考试');
    await page.getByRole('button', { name: '添加' }).click();
    await expectToast(page, '已添加');
    await page.locator('[data-testid="exam-category"][data-title="期中考试"]').waitFor();

    // The paper: both questions picked, the short answer worth 20 here; total 25, pass 15.
    await page.goto(`${h.baseURL}/learn/admin/#/papers`);
    await page.getByTestId('new-paper').click(SCREEN);
    await page.getByTestId('paper-editor').waitFor(SCREEN);
    await page.getByLabel('试卷名称').fill('天空测验');
    await page.getByLabel('选择 晴天的天空是什么颜色？').check();
    await page.getByLabel('选择 为什么天空是蓝色的？').check();
    await page.getByTestId('picked-questions').locator('li').nth(1).waitFor();
    await page.locator(`[data-testid="paper-points"] tr[data-qid="${short}"] input`).fill('20');
    await expect.poll(() => page.getByTestId('paper-total').textContent(), ROUND_TRIP).toBe('总分：25');
    // A pass score above the total is refused next to its field.
    await page.getByLabel('及格分').fill('30');
    await page.getByTestId('save-paper').click();
    await page.locator('[data-field="passScore"].has-error').waitFor();
    await page.getByLabel('及格分').fill('15');
    await page.getByTestId('save-paper').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/#\/papers\/\d+$/);
    const paperId = page.url().split('/').pop()!;
    const paper = (
      await api<{ totalScore: number; passScore: number; questions: { qid: string; point: number }[] }>(
        `examadmin/paper/info?id=${paperId}`,
      )
    ).body.data;
    expect(paper).toMatchObject({ totalScore: 25, passScore: 15 });
    expect(paper.questions.map((q) => [q.qid, q.point])).toEqual([
      [single, 5],
      [short, 20],
    ]);

    // The exam: the paper, the category, 30 minutes, the course's students.
    await page.goto(`${h.baseURL}/learn/admin/#/exams`);
    await page.getByTestId('new-exam').click(SCREEN);
    await page.getByTestId('exam-editor').waitFor(SCREEN);
    await page.getByLabel('考试名称').fill('天空期中考');
    await page.getByLabel('试卷', { exact: true }).selectOption(paperId);
    await page.getByLabel('考试分类').selectOption({ label: '期中考试' });
    await page.getByLabel('考试时长（分钟）').fill('30');
    await page.getByTestId('audience-course').selectOption(coid);
    await page.getByTestId('audience-courses').getByText('气象入门').waitFor();
    await page.getByTestId('save-exam').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/#\/exams\/\d+$/);
    examId = page.url().split('/').pop()!;

    await page.goto(`${h.baseURL}/learn/admin/#/exams`);
    const row = page.locator('[data-testid="exam-row"][data-title="天空期中考"]');
    await row.getByTestId('exam-state').filter({ hasText: '草稿' }).waitFor(SCREEN);
    await row.getByRole('button', { name: '发布' }).click();
    await expectToast(page, '已发布');
    await row.getByTestId('exam-state').filter({ hasText: '已发布' }).waitFor();
    await expect(row.textContent()).resolves.toContain('期中考试');
    const info = (
      await api<{ status: string; durationMin: number; courses: { id: string }[]; categoryTitle: string }>(
        `examadmin/exam/info?id=${examId}`,
      )
    ).body.data;
    expect(info).toMatchObject({
      status: 'published',
      durationMin: 30,
      categoryTitle: '期中考试',
      courses: [{ id: coid }],
    });
    await screenshot(page, 'admin-exams-list');
    expect(errors).toEqual([]);
  });

  it("a teacher marks a short answer and the sitting's score and pass update on the results screen", async () => {
    expect(examId).not.toBe('');
    const student = await buildStudent(h.app, { name: '李雷', username: 'lilei' });
    await seedSitting(h.app, {
      examId,
      studentId: student.id,
      answers: { [single]: '2', [short]: '因为空气散射蓝光' },
    });
    const teacher = await buildSubAdmin(h.app, ['exam'], { username: 'teacher1', password: 'teacher-pass-1' });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, teacher, `/exams/${examId}/results`);

    // Before marking: 5 of 25, waiting for a mark.
    const sitting = page.locator('[data-testid="sitting-row"][data-username="lilei"]');
    await sitting.getByTestId('sitting-score').filter({ hasText: '5 / 25' }).waitFor(SCREEN);
    await sitting.getByTestId('sitting-passed').filter({ hasText: '待阅卷' }).waitFor();

    await page.goto(`${h.baseURL}/learn/admin/#/marking`);
    const item = page.locator(`[data-testid="marking-item"][data-qid="${short}"]`);
    await item.getByTestId('given-answer').filter({ hasText: '因为空气散射蓝光' }).waitFor(SCREEN);
    await expect(item.getByTestId('model-answer').textContent()).resolves.toBe('瑞利散射');
    // More than the question's points is refused; then 16 of 20.
    await item.getByTestId('mark-points').fill('21');
    await item.getByTestId('mark-submit').click();
    await item.getByRole('alert').waitFor();
    await item.getByTestId('mark-points').fill('16');
    await item.getByTestId('mark-submit').click();
    await expectToast(page, '已评分，本次考试得分 21');
    await page.getByText('没有待阅的简答题').waitFor();
    await screenshot(page, 'admin-exams-marking');

    await page.goto(`${h.baseURL}/learn/admin/#/exams/${examId}/results`);
    await sitting.getByTestId('sitting-score').filter({ hasText: '21 / 25' }).waitFor(SCREEN);
    await sitting.getByTestId('sitting-passed').filter({ hasText: '及格' }).waitFor();
    await page.getByTestId('results-summary').filter({ hasText: '已交卷 1 人次，及格 1' }).waitFor();
    const shortStat = page.locator(`[data-testid="stat-row"][data-qid="${short}"]`);
    await expect(shortStat.textContent()).resolves.toContain('16');
    const singleStat = page.locator(`[data-testid="stat-row"][data-qid="${single}"]`);
    await expect(singleStat.textContent()).resolves.toContain('B✓ 1');
    const href = await page.getByTestId('export-results').getAttribute('href');
    expect(href).toContain(`examadmin/exam/export?id=${examId}`);
    await screenshot(page, 'admin-exams-results');
    expect(errors).toEqual([]);
  });

  it("a random paper's rule asking more than the bank holds is refused beside the rule; a category with an exam is not deleted", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/papers/new');
    await page.getByTestId('paper-editor').waitFor(SCREEN);
    await page.getByLabel('试卷名称').fill('随机小测');
    await page.getByLabel('组卷方式').selectOption('random');
    await page.getByTestId('add-rule').click();
    const rule = page.getByTestId('draw-rule');
    // The bank holds one single-choice question: two are refused beside the rule.
    await rule.getByLabel('抽题数').fill('2');
    await rule.getByLabel('每题分值').fill('2.5');
    await expect.poll(() => page.getByTestId('paper-total').textContent(), ROUND_TRIP).toBe('总分：5');
    await page.getByLabel('及格分').fill('2.5');
    await page.getByTestId('save-paper').click();
    await rule.getByRole('alert').filter({ hasText: '(1)' }).waitFor();
    await rule.getByLabel('抽题数').fill('1');
    await page.getByTestId('save-paper').click();
    await expectToast(page, '保存成功');
    await page.waitForURL(/#\/papers\/\d+$/);
    const paper = (
      await api<{ mode: string; totalScore: number; rules: unknown[] }>(
        `examadmin/paper/info?id=${page.url().split('/').pop()}`,
      )
    ).body.data;
    expect(paper).toMatchObject({
      mode: 'random',
      totalScore: 2.5,
      rules: [{ categoryId: '', type: 0, count: 1, point: 2.5 }],
    });

    await page.goto(`${h.baseURL}/learn/admin/#/exam-categories`);
    await page.getByTestId('exam-categories-page').waitFor(SCREEN);
    const category = page.locator('[data-testid="exam-category"][data-title="期中考试"]');
    await category.getByRole('button', { name: '删除' }).click(SCREEN);
    expect(await answerConfirm(page, true)).toContain('期中考试');
    await expectToast(page, '该分类下还有考试，不能删除');
    await category.waitFor();
    expect(errors).toEqual([]);
  });
});
