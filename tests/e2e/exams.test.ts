/**
 * Sitting an exam in Chromium ("sits a timed exam, reloads in the middle and finds the
 * answers kept, submits and sees the score"): the desktop exams page starts the exam through its sealed URL,
 * answers are saved as given, a reload restores them, the countdown runs, submit asks first and shows the
 * score and the answers; on a phone the Exams tab and myexam open the same exam.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUBLE_TAP_GUARD_MS } from '../../shared/constants';
import { examCategories } from '../../server/db/schema';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { pageErrors, startHarness, type Harness } from './harness';
import { signedInStudent, signIn, viewportShot } from './learn-helpers';

let h: Harness;
let examId: string;

/** Deadlines for the checks that wait on the server (expect.poll's default is 1 s, too short on a busy machine). */
const ROUND_TRIP = { timeout: 15_000 };
/** The countdown's next second. */
const TICK = { timeout: 15_000 };

beforeAll(async () => {
  h = await startHarness();
  const schoolId = h.school.id;
  const catid = h.app.ctx.ids.next();
  await h.app.ctx.db
    .insert(examCategories)
    .values({ id: catid, schoolId, title: '安全考试', position: 0, createdAt: Date.now() });
  const single = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>灭火器的颜色是？</p>',
    options: ['绿色', '红色', '蓝色'],
    answer: '2',
    explanation: '<p>灭火器是红色的。</p>',
  });
  const multiple = await seedQuestion(h.app, {
    schoolId,
    type: 1,
    content: '<p>哪些是安全出口的标志？</p>',
    options: ['绿色指示灯', '红色警示', '绿色箭头', '黄色线条'],
    answer: '1,3',
  });
  const trueFalse = await seedQuestion(h.app, {
    schoolId,
    type: 2,
    content: '<p>电梯可以在火灾时使用。</p>',
    answer: '1',
  });
  const paperId = await seedPaper(h.app, {
    schoolId,
    questionIds: [single, multiple, trueFalse],
    points: [10, 10, 10],
    passScore: 20,
  });
  examId = await seedExam(h.app, {
    schoolId,
    paperId,
    categoryId: catid,
    title: '消防安全考试',
    durationSec: 600,
    showResults: 'answers',
  });
}, 180_000);
afterAll(async () => h?.close());

describe('exams in the browser', () => {
  it('desktop: start from the exams page, answers saved as given survive a reload, submit shows the score and answers', async () => {
    const student = await signedInStudent(h, '王同学');
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);

    await page.goto(`/u/${h.school.hashUID}#/exams`);
    const card = page.getByTestId('exam-card').filter({ hasText: '消防安全考试' });
    await expect.poll(() => card.getAttribute('data-state'), ROUND_TRIP).toBe('available');
    await expect.poll(() => page.getByRole('tab', { name: '安全考试' }).count(), ROUND_TRIP).toBe(1);
    await card.getByTestId('exam-go').click();
    await page.waitForURL((url) => url.hash.startsWith(`#/exam/${examId}?`));
    const params = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect([...params.keys()]).toEqual(['key', 'returnURL', 'exid', 'from', 's', 'token']);
    expect(params.get('returnURL')).toContain('#/exams');

    const questions = page.getByTestId('exam-question');
    await expect.poll(() => questions.count(), ROUND_TRIP).toBe(3);
    await expect.poll(() => questions.nth(0).textContent(), ROUND_TRIP).toContain('A.绿色');
    const timer = page.getByTestId('exam-timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^(09|10):\d\d$/);

    await questions.nth(0).getByText('红色').click();
    await questions.nth(1).getByText('绿色指示灯').click();
    await questions.nth(1).getByText('绿色箭头').click();
    await expect.poll(() => page.getByTestId('exam-save-state').getAttribute('data-state'), ROUND_TRIP).toBe('saved');
    await expect.poll(() => timer.textContent(), TICK).not.toBe(first);
    await viewportShot(page, 'exams-desktop-sitting');

    await page.reload();
    await expect.poll(() => questions.count(), ROUND_TRIP).toBe(3);
    await expect.poll(() => questions.nth(0).getByRole('radio', { name: /红色/ }).isChecked(), ROUND_TRIP).toBe(true);
    expect(
      await questions
        .nth(1)
        .getByRole('checkbox', { name: /绿色指示灯/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await questions
        .nth(1)
        .getByRole('checkbox', { name: /绿色箭头/ })
        .isChecked(),
    ).toBe(true);
    expect(
      await questions
        .nth(1)
        .getByRole('checkbox', { name: /红色警示/ })
        .isChecked(),
    ).toBe(false);

    await questions.nth(2).getByText('错误').click();
    await page.getByTestId('exam-submit').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.getByTestId('exam-score').textContent(), ROUND_TRIP).toBe('得分 30 / 30');
    expect(await page.getByTestId('exam-passed').textContent()).toBe('通过');
    expect(await page.getByTestId('exam-review').count()).toBe(3);
    expect(await page.getByTestId('exam-review').nth(0).textContent()).toContain('正确答案：B');
    expect(await page.getByTestId('exam-review').nth(0).textContent()).toContain('灭火器是红色的');
    await viewportShot(page, 'exams-desktop-result');

    // Back to the list: the attempt is used, the best score shows.
    await page.getByTestId('exam-back').click();
    await expect.poll(() => card.getAttribute('data-state'), ROUND_TRIP).toBe('noAttempts');
    expect(await card.getByTestId('exam-best').textContent()).toBe('最高分 30');
    expect(errors).toEqual([]);
  });

  it('mobile: the Exams tab opens myexam, which opens the same exam', async () => {
    const student = await signedInStudent(h, '赵同学');
    const context = await h.mobile();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);
    // The page's clock (time still flows): the test moves it past the double-tap guard below.
    await page.clock.install();

    await page.goto(`/u/${h.school.hashUID}#/exams`);
    // exams is desktop only: a phone goes to myexam (spec 2).
    await page.waitForURL((url) => url.hash === '#/myexam');
    const tabs = page.getByTestId('mobile-tabs');
    const links = tabs.locator('a');
    await expect.poll(() => links.count(), ROUND_TRIP).toBe(4);
    expect(await links.nth(2).textContent()).toContain('考试');
    const card = page.getByTestId('exam-card').filter({ hasText: '消防安全考试' });
    await card.getByTestId('exam-go').tap();
    await page.waitForURL((url) => url.hash.startsWith(`#/exam/${examId}?`));
    await expect.poll(() => page.getByTestId('exam-question').count(), ROUND_TRIP).toBe(3);
    // The shell cancels a second tap within 300 ms (double-tap zoom guard): a person's next tap comes later,
    // so the page's clock moves past the guard instead of the test sleeping through it.
    await page.clock.fastForward(DOUBLE_TAP_GUARD_MS + 100);
    await page.getByTestId('exam-question').nth(2).getByText('正确').tap();
    expect(await page.getByTestId('exam-question').nth(2).getByRole('radio', { name: /正确/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('exam-save-state').getAttribute('data-state'), ROUND_TRIP).toBe('saved');
    await viewportShot(page, 'exams-mobile-sitting');
    expect(errors).toEqual([]);
  });
});
