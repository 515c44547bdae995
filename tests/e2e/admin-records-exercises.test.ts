/**
 * Chapter exercise results in the back office's records, in Chromium (issue 18 'Records a school can trust'):
 * students answer a chapter's exercises through the study calls; the administrator opens Learning records →
 * Exercises, sees each student's right answers and score and each question's common wrong answers, downloads
 * the results as Excel, and finds the student's results on their chapter detail. Desktop and phone.
 */
import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { seedQuestion } from '../helpers/exam-factory';
import { enrol } from '../helpers/learning-factory';
import { adminApi, ADMIN_PATH, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let coid: string;
let ann: { id: string };
let bob: { id: string };
let single: string;

beforeAll(async () => {
  h = await startHarness();
  const api = await adminApi(h.app);
  coid = (await api<{ coid: string }>('course/new', { title: '练习统计课程', catid: '0', type: 0, actual: 0 })).body
    .data.coid;
  const drill = (await api<{ cid: string }>('chapter/add', { coid, title: '第一章练习', type: CHAPTER_TYPE.exercise }))
    .body.data.cid;
  await api('course/pub', { coid, pub: '1' });
  const schoolId = h.school.id;
  single = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>法国的首都是？</p>',
    options: ['巴黎', '罗马', '奥斯陆'],
    answer: '1',
    point: 5,
  });
  const tf = await seedQuestion(h.app, {
    schoolId,
    type: 2,
    content: '<p>水在海平面 100 度沸腾。</p>',
    answer: '0',
    point: 5,
  });
  await api('course/updateExec', {
    coid,
    cid: drill,
    questions: [
      { qid: single, showanswer: true },
      { qid: tf, showanswer: true },
    ],
  });
  const learner = async (name: string, username: string) => {
    const made = await buildStudent(h.app, { name, username });
    await enrol(h.app, made.id, coid);
    const { cookie } = await login(h.app, made);
    const answer = async (qid: string, given: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/exer/answer',
        payload: { coid, cid: drill, qid, answer: given },
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    return { id: made.id, answer };
  };
  const a = await learner('安妮', 'ann');
  await a.answer(single, '1');
  await a.answer(tf, '0');
  const b = await learner('鲍勃', 'bob');
  await b.answer(single, '2');
  await b.answer(tf, '0');
  const c = await learner('陈晨', 'chen');
  await c.answer(single, '2');
  ann = a;
  bob = b;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function openExercises(context: BrowserContext) {
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto(`${ADMIN_PATH}#/records?view=exercises&coid=${coid}`);
  await page.getByTestId('records-page').waitFor();
  return page;
}

describe('learning records: chapter exercises', () => {
  it("shows each student's results and each question's common wrong answers, exports Excel, and the student's detail", async () => {
    const context = await h.desktop({ acceptDownloads: true });
    const page = await openExercises(context);
    const errors = pageErrors(page);
    await expect.poll(() => page.locator('[data-tab="exercises"]').getAttribute('aria-current')).toBe('page');
    const annRow = page.locator(`[data-testid="exercise-result-row"][data-sid="${ann.id}"]`);
    const bobRow = page.locator(`[data-testid="exercise-result-row"][data-sid="${bob.id}"]`);
    await annRow.waitFor();
    await expect(annRow.getByTestId('result-right').textContent()).resolves.toBe('2 / 2');
    await expect(annRow.getByTestId('result-score').textContent()).resolves.toBe('10 / 10');
    await expect(bobRow.getByTestId('result-right').textContent()).resolves.toBe('1 / 2');
    await expect(bobRow.getByTestId('result-score').textContent()).resolves.toBe('5 / 10');
    await expect(page.getByTestId('exercise-result-row').count()).resolves.toBe(3);

    const stat = page.locator(`[data-testid="question-stat-row"][data-qid="${single}"]`);
    await expect(stat.textContent()).resolves.toContain('法国的首都是？');
    await expect(stat.getByTestId('stat-right').textContent()).resolves.toBe('1');
    await expect(stat.getByTestId('wrong-choices').textContent()).resolves.toBe('B (2)');
    await screenshot(page, 'admin-records-exercises');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').first().click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^章节练习成绩-练习统计课程-\d{8}-\d{4}\.xlsx$/);
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // Bob's chapter detail shows his exercise results and his answers.
    await bobRow.getByTestId('result-detail').click();
    await page.getByTestId('record-detail-page').waitFor();
    const mine = page.getByTestId('detail-exercises');
    await expect.poll(() => mine.getByTestId('detail-exercise-score').textContent()).toBe('5 / 10');
    await expect(mine.getByTestId('wrong-choices').first().textContent()).resolves.toBe('B (1)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads on a phone', async () => {
    const context = await h.mobile();
    const page = await openExercises(context);
    const errors = pageErrors(page);
    const annRow = page.locator(`[data-testid="exercise-result-row"][data-sid="${ann.id}"]`);
    await annRow.waitFor();
    await expect(annRow.getByTestId('result-score').textContent()).resolves.toBe('10 / 10');
    await page
      .locator(`[data-testid="question-stat-row"][data-qid="${single}"]`)
      .getByTestId('wrong-choices')
      .waitFor();
    await screenshot(page, 'admin-records-exercises-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
