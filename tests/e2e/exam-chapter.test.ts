/**
 * An exam chapter in Chromium (spec 2 learn type 'oo'; spec 7 'Exam URLs'): the chapter's
 * study page shows its exam and starts it through the sealed exam URL with the chapter as returnURL; the
 * student answers, submits, sees the score, goes back to the chapter and finds the result there, with the
 * chapter complete in the chapter list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { signedInStudent, signIn, viewportShot } from './learn-helpers';

let h: Harness;
let course: { coid: string; code: string; exam: string };

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  const schoolId = h.school.id;
  const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
    title: '安全生产课程',
    catid: '0',
    type: 0,
    actual: 0,
  });
  const exam = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid: made.coid,
      title: '结业考试',
      type: CHAPTER_TYPE.exam,
    })
  ).cid;
  await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
  const q1 = await seedQuestion(h.app, { schoolId, type: 2, content: '<p>安全帽可以不系带。</p>', answer: '1' });
  const q2 = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>发现火情先做什么？</p>',
    options: ['报警', '拍照'],
    answer: '1',
  });
  const paperId = await seedPaper(h.app, { schoolId, questionIds: [q1, q2], points: [50, 50], passScore: 60 });
  await seedExam(h.app, {
    schoolId,
    paperId,
    courseId: made.coid,
    chapterId: exam,
    title: '结业考试',
    durationSec: 900,
    attempts: 2,
    showResults: 'score',
  });
  course = { ...made, exam };
}, 180_000);
afterAll(async () => h?.close());

describe('an exam chapter', () => {
  it('starts from the study page, comes back to the chapter with the score, and the chapter is complete', async () => {
    const student = await signedInStudent(h, '赵同学');
    const context = await h.desktop();
    await signIn(h, context, student.cookie);
    const page = await context.newPage();
    const errors = pageErrors(page);

    await page.goto(`/u/learn/${course.code}/${course.exam}/oo`);
    const chapter = page.getByTestId('learn-exam');
    await chapter.getByRole('heading', { name: '结业考试' }).waitFor();
    await expect(chapter.textContent()).resolves.toContain('已考 0 次 / 共 2 次');
    await chapter.getByTestId('exam-go').click();
    await page.waitForURL((url) => url.hash.includes('exid='));
    const returnURL = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('returnURL') ?? '';
    expect(returnURL).toContain(`/u/learn/${course.code}/${course.exam}/oo`);

    const questions = page.getByTestId('exam-question');
    await expect.poll(() => questions.count()).toBe(2);
    await questions.nth(0).getByText('错误').click();
    await questions.nth(1).getByText('报警').click();
    await expect
      .poll(() => page.getByTestId('exam-save-state').getAttribute('data-state'), { timeout: 5000 })
      .toBe('saved');
    await page.getByTestId('exam-submit').click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.getByTestId('exam-score').textContent()).toBe('得分 100 / 100');
    // showResults 'score': the score, not the answers.
    expect(await page.getByTestId('exam-review').count()).toBe(0);

    await page.getByTestId('exam-back').click();
    await page.waitForURL((url) => url.pathname === `/u/learn/${course.code}/${course.exam}/oo`);
    await expect.poll(() => page.getByTestId('exam-best').textContent()).toContain('100');
    await expect(chapter.textContent()).resolves.toContain('已考 1 次 / 共 2 次');
    await expect
      .poll(() =>
        page
          .locator(`[data-testid="learn-chapter"][data-cid="${course.exam}"] [data-testid="chapter-progress"]`)
          .getAttribute('data-progress'),
      )
      .toBe('100');
    await viewportShot(page, 'exam-chapter-desktop');
    expect(errors).toEqual([]);
  });
});
