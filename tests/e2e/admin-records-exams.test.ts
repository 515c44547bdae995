/**
 * Chapter exam results in the back office's records, in Chromium (issue 18 'Records a school can trust'):
 * students sit a course's chapter exam through the student calls; the administrator opens Learning records →
 * Chapter exams, sees each student's sittings, best and last score and outcome and the exam's totals,
 * downloads the results as Excel, and finds the student's exam results beside their exercise results on their
 * chapter detail. Desktop and phone.
 */
import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { enrol } from '../helpers/learning-factory';
import { adminApi, ADMIN_PATH, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let coid: string;
let finalCid: string;
let ann: string;
let bob: string;

beforeAll(async () => {
  h = await startHarness();
  const api = await adminApi(h.app);
  coid = (await api<{ coid: string }>('course/new', { title: '考试统计课程', catid: '0', type: 0, actual: 0 })).body
    .data.coid;
  finalCid = (await api<{ cid: string }>('chapter/add', { coid, title: '结业考试', type: CHAPTER_TYPE.exam })).body.data
    .cid;
  await api('course/pub', { coid, pub: '1' });
  const schoolId = h.school.id;
  // Two questions of 10 (A; true); 10 passes.
  const q = [
    await seedQuestion(h.app, { schoolId, type: 0, content: '<p>一加一等于？</p>', options: ['2', '3'], answer: '1' }),
    await seedQuestion(h.app, { schoolId, type: 2, content: '<p>地球是圆的。</p>', answer: '0' }),
  ];
  const paperId = await seedPaper(h.app, { schoolId, questionIds: q, passScore: 10 });
  const examId = await seedExam(h.app, { schoolId, paperId, courseId: coid, chapterId: finalCid, attempts: 3 });
  const learner = async (name: string, username: string) => {
    const made = await buildStudent(h.app, { name, username });
    await enrol(h.app, made.id, coid);
    const { cookie } = await login(h.app, made);
    const post = async <T>(url: string, payload: object) => {
      const res = await h.app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: T }).data;
    };
    /** A sitting with these answers, submitted. */
    const sit = async (answers: string[]) => {
      const { sittingId } = await post<{ sittingId: string }>('/exam/start', { examId });
      for (const [index, qid] of q.entries()) await post('/exam/answer', { sittingId, qid, answer: answers[index] });
      await post('/exam/submit', { sittingId });
    };
    return { id: made.id, sit };
  };
  // Ann: 20 then 10 (passed, best 20, last 10); Bob: 0 (not passed).
  const a = await learner('安妮', 'ann');
  await a.sit(['1', '0']);
  await a.sit(['1', '1']);
  const b = await learner('鲍勃', 'bob');
  await b.sit(['2', '1']);
  ann = a.id;
  bob = b.id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function openExams(context: BrowserContext) {
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto(`${ADMIN_PATH}#/records?view=exams&coid=${coid}`);
  await page.getByTestId('records-page').waitFor();
  return page;
}

describe('learning records: chapter exams', () => {
  it("shows each student's sittings and the exam's totals, exports Excel, and the student's detail", async () => {
    const context = await h.desktop({ acceptDownloads: true });
    const page = await openExams(context);
    const errors = pageErrors(page);
    await expect.poll(() => page.locator('[data-tab="exams"]').getAttribute('aria-current')).toBe('page');
    await expect(page.locator('[data-tab="exams"]').textContent()).resolves.toBe('章节考试');
    const annRow = page.locator(`[data-testid="exam-result-row"][data-sid="${ann}"]`);
    const bobRow = page.locator(`[data-testid="exam-result-row"][data-sid="${bob}"]`);
    await annRow.waitFor();
    await expect(annRow.getByTestId('exam-sittings').textContent()).resolves.toBe('2');
    await expect(annRow.getByTestId('exam-best').textContent()).resolves.toBe('20 / 20');
    await expect(annRow.getByTestId('exam-last').textContent()).resolves.toBe('10');
    await expect(annRow.getByTestId('exam-outcome').textContent()).resolves.toBe('通过');
    await expect(bobRow.getByTestId('exam-best').textContent()).resolves.toBe('0 / 20');
    await expect(bobRow.getByTestId('exam-outcome').textContent()).resolves.toBe('未通过');
    await expect(page.getByTestId('exam-result-row').count()).resolves.toBe(2);

    const total = page.getByTestId('exam-total-row');
    await expect(total.textContent()).resolves.toContain('结业考试');
    await expect(total.getByTestId('exam-passed-of').textContent()).resolves.toBe('1 / 2');
    await expect(total.getByTestId('exam-pass-rate').textContent()).resolves.toBe('50%');
    await expect(total.getByTestId('exam-average').textContent()).resolves.toBe('10');
    await screenshot(page, 'admin-records-exams');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').first().click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^章节考试成绩-考试统计课程-\d{8}-\d{4}\.xlsx$/);
    expect(
      fs
        .readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // Bob's chapter detail shows his exam results beside the chapters.
    await bobRow.getByTestId('exam-result-detail').click();
    await page.getByTestId('record-detail-page').waitFor();
    const mine = page.getByTestId('detail-exams');
    const row = mine.locator(`[data-testid="detail-exam-row"][data-cid="${finalCid}"]`);
    await expect.poll(() => row.getByTestId('detail-exam-best').textContent()).toBe('0 / 20');
    await expect(row.getByTestId('detail-exam-sittings').textContent()).resolves.toBe('1');
    await expect(row.getByTestId('exam-outcome').textContent()).resolves.toBe('未通过');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads on a phone, the student's detail too", async () => {
    const context = await h.mobile();
    const page = await openExams(context);
    const errors = pageErrors(page);
    const annRow = page.locator(`[data-testid="exam-result-row"][data-sid="${ann}"]`);
    await annRow.waitFor();
    await expect(annRow.getByTestId('exam-best').textContent()).resolves.toBe('20 / 20');
    // The phone's card layout: every cell named by its column, nothing wider than the screen.
    await expect(annRow.getByTestId('exam-best').getAttribute('data-label')).resolves.toBe('最高分');
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width).toBeLessThanOrEqual(0);
    // The five tabs wrap: the exam tab is on the screen, not scrolled out of the tab strip.
    const tab = await page.locator('[data-tab="exams"]').boundingBox();
    expect(tab!.x + tab!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByTestId('exam-total-row').getByTestId('exam-pass-rate').waitFor();
    await screenshot(page, 'admin-records-exams-phone');

    await annRow.getByTestId('exam-result-detail').click();
    const row = page.getByTestId('detail-exams').locator(`[data-testid="detail-exam-row"][data-cid="${finalCid}"]`);
    await expect.poll(() => row.getByTestId('detail-exam-best').textContent()).toBe('20 / 20');
    await expect(row.getByTestId('exam-outcome').textContent()).resolves.toBe('通过');
    await screenshot(page, 'admin-records-exams-detail-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
