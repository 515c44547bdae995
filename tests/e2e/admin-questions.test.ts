/**
 * The question bank's back-office screen in Chromium: an administrator
 * creates a single-choice and a multiple-choice question through the form (options A..N, correct marks, a
 * refused save's field error), edits one (version 2), sees delete refused for a question a paper uses and deletes
 * a free one, imports a small XLSX made here (a bad file's row report first, then a good file), filters and
 * searches, exports; works the category panel (add, sub-category, rename, move, delete refused while used); and the
 * list on a phone.
 */
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPaper } from '../helpers/exam-factory';
import { adminApi, answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let api: Awaited<ReturnType<typeof adminApi>>;

beforeAll(async () => {
  h = await startHarness();
  api = await adminApi(h.app);
  await api('question/category/add', { title: '数学' });
}, 240_000);
afterAll(() => h?.close());

interface Row {
  qid: string;
  type: number;
  excerpt: string;
  version: number;
}
const list = async (query = '') =>
  (await api<{ list: Row[]; total: number }>(`question/list?num=100${query}`)).body.data;
const item = async (qid: string) =>
  (
    await api<{ answer: string; optiondata: { oid: string; content: string }[]; version: number; point: number }>(
      `question/item?qid=${qid}`,
    )
  ).body.data;

describe('question bank screen', () => {
  it('creates, edits and deletes questions; delete of a used question is refused', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/questions');
    await page.getByTestId('questions-page').waitFor();
    await page.getByText('没有找到试题').waitFor();

    // A single-choice question: four blank options A..D to start; one removed, the second marked correct.
    await page.getByTestId('add-question').click();
    const form = page.getByTestId('question-form');
    await form.getByLabel('题干').last().click();
    await page.keyboard.type('中国的首都是哪里？');
    const options = form.getByTestId('option-row');
    expect(await options.count()).toBe(4);
    await form.getByLabel('选项 A', { exact: true }).fill('上海');
    await form.getByLabel('选项 B', { exact: true }).fill('北京');
    await form.getByLabel('选项 C', { exact: true }).fill('广州');
    await form.getByLabel('删除选项 D').click();
    expect(await options.count()).toBe(3);
    // Saving without a correct option: the server's field error, in Chinese, next to the options.
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('单选题必须且只能有一个正确选项').first().waitFor();
    await form.getByLabel('正确答案 B').check();
    await form.getByTestId('question-points').fill('2');
    await form.getByTestId('question-category').selectOption({ label: '数学' });
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '已保存');
    await page.getByTestId('question-row').filter({ hasText: '中国的首都是哪里？' }).waitFor();

    // A multiple-choice question with a fifth option added (E), A, C and E correct.
    await page.getByTestId('add-question').click();
    await form.getByTestId('question-type').selectOption({ label: '多选题' });
    await form.getByLabel('题干').last().click();
    await page.keyboard.type('下列哪些是偶数？');
    for (const [letter, text] of [
      ['A', '2'],
      ['B', '3'],
      ['C', '4'],
      ['D', '5'],
    ])
      await form.getByLabel(`选项 ${letter}`, { exact: true }).fill(text);
    await form.getByTestId('add-option').click();
    await form.getByLabel('选项 E', { exact: true }).fill('6');
    for (const letter of ['A', 'C', 'E']) await form.getByLabel(`正确答案 ${letter}`).check();
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '已保存');
    await page.getByTestId('question-row').filter({ hasText: '下列哪些是偶数？' }).waitFor();
    const made = await list();
    const capital = made.list.find((row) => row.type === 0)!;
    const even = made.list.find((row) => row.type === 1)!;
    expect(await item(capital.qid)).toMatchObject({
      answer: '2',
      point: 2,
      optiondata: [
        { oid: '1', content: '上海' },
        { oid: '2', content: '北京' },
        { oid: '3', content: '广州' },
      ],
    });
    expect((await item(even.qid)).answer).toBe('1,3,5');

    // Edit the multiple-choice question: B becomes correct too, the points change; version 2.
    await page.getByTestId('question-row').filter({ hasText: '下列哪些是偶数？' }).getByTestId('edit-question').click();
    await expect.poll(() => form.getByLabel('选项 E', { exact: true }).inputValue()).toBe('6');
    expect(await form.getByLabel('正确答案 C').isChecked()).toBe(true);
    await form.getByLabel('选项 B', { exact: true }).fill('8');
    await form.getByLabel('正确答案 B').check();
    await form.getByTestId('question-points').fill('4');
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '已保存');
    await page.getByTestId('question-row').filter({ hasText: '下列哪些是偶数？' }).getByText('第 2 版').waitFor();
    expect(await item(even.qid)).toMatchObject({ answer: '1,2,3,5', point: 4, version: 2 });

    // A paper uses the single-choice question: delete is refused with the reason; the other one goes.
    await seedPaper(h.app, { schoolId: h.school.id, questionIds: [capital.qid] });
    await page
      .getByTestId('question-row')
      .filter({ hasText: '中国的首都是哪里？' })
      .getByTestId('delete-question')
      .click();
    // The confirm, then (it is followed at once by) the refusal naming the paper.
    await page
      .getByRole('alertdialog')
      .filter({ hasText: '确定删除这道试题吗？' })
      .locator('.dialog-actions .btn')
      .last()
      .click();
    const refusal = page.getByRole('alertdialog').filter({ hasText: '不能删除' });
    expect(await refusal.locator('.dialog-text').textContent()).toBe('这道试题正被 1 份试卷、0 个练习使用，不能删除');
    await refusal.locator('.dialog-actions .btn').last().click();
    await refusal.waitFor({ state: 'detached' });
    expect((await list()).total).toBe(2);
    await page
      .getByTestId('question-row')
      .filter({ hasText: '下列哪些是偶数？' })
      .getByTestId('delete-question')
      .click();
    await answerConfirm(page, true);
    await expectToast(page, '已删除');
    await page.getByTestId('question-row').filter({ hasText: '下列哪些是偶数？' }).waitFor({ state: 'detached' });
    expect((await list()).list.map((row) => row.qid)).toEqual([capital.qid]);
    await screenshot(page, 'admin-questions-list');
    expect(errors).toEqual([]);
  });

  it('imports an XLSX: a bad file shows the row report and imports nothing; a good one imports every row', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/questions');
    await page.getByTestId('questions-page').waitFor();
    const before = (await list()).total;
    const head = ['题型', '分类', '题干', '选项A', '选项B', '选项C', '答案', '分值', '难度', '标签'];
    const rows = [
      ['单选', '物理', '光速约为多少？', '3万公里/秒', '30万公里/秒', '300万公里/秒', 'B', 2, 3, '常识'],
      ['判断', '物理', '水在 100°C 沸腾（标准大气压）', null, null, null, '对', 1, 1, null],
      ['简答', null, '简述牛顿第一定律', null, null, null, '物体保持静止或匀速直线运动', 5, 4, null],
    ];
    const bad = await writeXlsxFile(
      [head, ...rows, ['多选', '物理', '坏的一行', 'a', 'b', null, 'Z', 1, 3, null]],
      {},
    ).toBuffer();
    const good = await writeXlsxFile([head, ...rows], {}).toBuffer();

    await page.getByTestId('open-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bad,
    });
    const issue = dialog.getByTestId('import-issue');
    await issue.first().waitFor();
    expect(await issue.count()).toBe(1);
    expect((await issue.first().locator('td').allTextContents()).map((text) => text.trim())).toEqual([
      '5',
      '答案',
      '答案应为选项字母，例如 A,C',
    ]);
    expect(await dialog.getByRole('button', { name: /确认导入/ }).count()).toBe(0);
    expect((await list()).total).toBe(before);

    await dialog.getByTestId('import-file').setInputFiles({
      name: 'good.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: good,
    });
    await dialog.getByTestId('import-preview').waitFor();
    expect(await dialog.getByTestId('import-row').count()).toBe(3);
    await dialog.getByText('将新建分类：物理').waitFor();
    expect((await list()).total).toBe(before);
    await dialog.getByRole('button', { name: '确认导入 3 道试题' }).click();
    await expectToast(page, '已导入 3 道试题');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('question-row').filter({ hasText: '光速约为多少？' }).waitFor();
    expect((await list()).total).toBe(before + 3);

    // The new category is in the tree: choosing it shows its two questions; search and the kind filter narrow.
    await page.getByTestId('category-row').filter({ hasText: '物理' }).getByRole('button').click();
    await expect.poll(() => page.getByTestId('question-row').count()).toBe(2);
    await page.getByTestId('category-row').filter({ hasText: '物理' }).getByText('(2)').waitFor();
    await page.getByRole('button', { name: '全部试题' }).click();
    await page.getByTestId('type-filter').selectOption({ label: '简答题' });
    await expect
      .poll(() => page.getByTestId('question-row').allTextContents())
      .toEqual([expect.stringContaining('简述牛顿第一定律')]);
    await page.getByTestId('type-filter').selectOption({ label: '全部题型' });
    await page.getByRole('searchbox', { name: '搜索题干' }).fill('光速');
    await page.getByRole('searchbox', { name: '搜索题干' }).press('Enter');
    await expect.poll(() => page.getByTestId('question-row').count()).toBe(1);

    // Export the filtered list: an XLSX with the heading row and the one question.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-questions').click()]);
    const file = await readSheet(fs.readFileSync((await download.path())!));
    expect(file.length).toBe(2);
    expect(file[1].slice(0, 3)).toEqual(['单选题', '物理', '光速约为多少？']);
    expect(errors).toEqual([]);
  });

  it('the category panel: add, add a sub-category, rename, move to the first level; delete refused while it holds a question; the tag filter', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/questions');
    const panel = page.getByTestId('category-panel');
    await panel.waitFor();
    const row = (title: string) => panel.getByTestId('category-row').filter({ hasText: title });
    const dialog = page.getByTestId('category-dialog');
    const tree = async () => (await api<{ tree: Node[] }>('question/category/list')).body.data.tree;
    interface Node {
      catid: string;
      title: string;
      parent_id: string;
      children: Node[];
    }

    // A first-level category, then a sub-category under it (the chosen one).
    await panel.getByTestId('add-category').click();
    await dialog.getByTestId('category-title').fill('语文');
    await dialog.getByRole('button', { name: '保存' }).click();
    await row('语文').waitFor();
    await row('语文').getByRole('button').click();
    await panel.getByRole('button', { name: '新建子分类' }).click();
    await dialog.getByTestId('category-title').fill('古诗');
    await dialog.getByRole('button', { name: '保存' }).click();
    await row('古诗').waitFor();
    const chinese = (await tree()).find((node) => node.title === '语文')!;
    expect(chinese.children.map((node) => node.title)).toEqual(['古诗']);

    // Rename the sub-category, then move it to the first level.
    await row('古诗').getByRole('button').click();
    await panel.getByRole('button', { name: '重命名' }).click();
    await expect.poll(() => dialog.getByTestId('category-title').inputValue()).toBe('古诗');
    await dialog.getByTestId('category-title').fill('唐诗');
    await dialog.getByRole('button', { name: '保存' }).click();
    await row('唐诗').waitFor();
    await panel.getByRole('button', { name: '移动' }).click();
    await dialog.getByLabel('上级分类').selectOption({ label: '（顶级）' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await tree()).find((node) => node.title === '唐诗')?.parent_id).toBe('0');
    expect((await tree()).find((node) => node.title === '语文')!.children).toEqual([]);

    // A question in 唐诗: its delete is refused with the count; the empty 语文 goes.
    const tang = (await tree()).find((node) => node.title === '唐诗')!;
    const added = await api('question/add', {
      type: 2,
      content: '<p>《静夜思》是李白写的。</p>',
      answer: '0',
      point: 1,
      categoryId: tang.catid,
      tags: ['李 白'],
    });
    expect(added.statusCode).toBe(200);
    await page.reload();
    await row('唐诗').filter({ hasText: '(1)' }).getByRole('button').click();
    await panel.getByTestId('delete-category').click();
    expect(await answerConfirm(page, true)).toContain('唐诗');
    await expectToast(page, '该分类下还有 1 道试题，请先移走或删除');
    expect((await tree()).some((node) => node.title === '唐诗')).toBe(true);
    await row('语文').getByRole('button').click();
    await panel.getByTestId('delete-category').click();
    await answerConfirm(page, true);
    await row('语文').waitFor({ state: 'detached' });
    expect((await tree()).some((node) => node.title === '语文')).toBe(false);

    // The tag filter, typed key by key: a tag with a space inside finds its question.
    await page.getByTestId('tag-filter').pressSequentially('李 白');
    await expect
      .poll(() => page.getByTestId('question-row').allTextContents())
      .toEqual([expect.stringContaining('《静夜思》是李白写的。')]);
    expect(errors).toEqual([]);
  });

  it('the list on a phone: the category panel above the rows, no sideways scrolling', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/questions');
    await page.getByTestId('question-row').first().waitFor();
    const panel = await page.getByTestId('category-panel').boundingBox();
    const firstRow = await page.getByTestId('question-row').first().boundingBox();
    expect(panel && firstRow && panel.y < firstRow.y).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'admin-questions-phone');
  });
});
