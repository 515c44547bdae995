/**
 * The back office's chapter exercises in the browser (spec 7 course/exelist,
 * course/updateExec): in the course editor's chapter list an administrator adds exercises to a chapter —
 * title, questions picked from the bank, one question's show-answer turned off — saves, sees 'Exercises (n)',
 * reopens the editor with the set as saved, and removes it again. What was saved is read back over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import type { ExeList } from '../../shared/schemas/exercises';
import { seedQuestion } from '../helpers/exam-factory';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { viewportShot } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let coid = '';
let cid = '';
const qids: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  coid = (
    await admin<{ coid: string }>('POST', '/course/new', { title: '练习编辑课程', catid: '0', type: 0, actual: 0 })
  ).coid;
  cid = (
    await admin<{ cid: string }>('POST', '/chapter/add', {
      coid,
      parent_id: '0',
      title: '第一章练习',
      type: CHAPTER_TYPE.exercise,
    })
  ).cid;
  qids.push(
    await seedQuestion(h.app, {
      schoolId: h.school.id,
      type: 0,
      content: '<p>一加一等于几？</p>',
      options: ['1', '2'],
      answer: '2',
      point: 4,
    }),
  );
  qids.push(
    await seedQuestion(h.app, {
      schoolId: h.school.id,
      type: 2,
      content: '<p>地球是圆的。</p>',
      answer: '0',
      point: 6,
    }),
  );
}, 300_000);

afterAll(() => h?.close());

const setOf = async () =>
  (await admin<ExeList>('POST', '/course/exelist', { coid })).chapters.find((chapter) => chapter.cid === cid)!;

describe('chapter exercises editor', () => {
  it('adds a set from the bank with a show-answer flag, shows Exercises (n), reopens it as saved and removes it', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/courses/${coid}/chapters`);
    const row = page.locator(`[data-testid="chapter-row"][data-cid="${cid}"]`);
    const open = row.getByTestId('chapter-exercises');
    await open.waitFor();
    expect(await open.textContent()).toBe('添加练习');
    await open.click();

    const editor = page.getByTestId('exercises-editor');
    await editor.waitFor();
    await editor.getByTestId('exercises-title').fill('第一章小测');
    await editor.getByRole('checkbox', { name: /一加一等于几/ }).check();
    await editor.getByRole('checkbox', { name: /地球是圆的/ }).check();
    const flags = editor.getByTestId('exercises-showanswer');
    await expect(flags.count()).resolves.toBe(2);
    await flags.filter({ hasText: '地球是圆的' }).locator('input').uncheck();
    await viewportShot(page, 'exercises-admin-editor');
    await editor.getByTestId('exercises-save').click();
    await expectToast(page, '练习已保存');
    await editor.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="chapter-row"][data-cid="${id}"] [data-testid="chapter-exercises"]`)
          ?.textContent === '练习（2）',
      cid,
    );

    const saved = await setOf();
    expect(saved.exer?.title).toBe('第一章小测');
    expect(saved.questions.map((q) => [q.qid, q.showanswer])).toEqual([
      [qids[0], true],
      [qids[1], false],
    ]);

    // Reopened as saved; removed.
    await open.click();
    await editor.waitFor();
    expect(await editor.getByTestId('exercises-title').inputValue()).toBe('第一章小测');
    expect(await flags.filter({ hasText: '地球是圆的' }).locator('input').isChecked()).toBe(false);
    await editor.getByTestId('exercises-remove').click();
    await expectToast(page, '练习已移除');
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="chapter-row"][data-cid="${id}"] [data-testid="chapter-exercises"]`)
          ?.textContent === '添加练习',
      cid,
    );
    expect(await setOf()).toMatchObject({ exer: null, exerc_count: 0 });
    expect(errors).toEqual([]);
  });
});
