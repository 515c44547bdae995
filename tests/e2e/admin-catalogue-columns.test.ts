import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { adminApi, answerConfirm, expectToast, signInAdmin } from './admin-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('back office: columns, tags and a phone-sized screen', () => {
  it('creates a column with a category, prices, validity and ordered courses, then publishes it', async () => {
    const api = await adminApi(h.app);
    for (const title of ['专栏课一', '专栏课二', '专栏课三']) await api('course/new', { title, catid: '0', type: 0 });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/columns');

    // A column category.
    const cates = page.getByTestId('column-cates');
    await cates.getByPlaceholder('新的专栏分类').fill('职业技能');
    await cates.getByRole('button', { name: '添加' }).click();
    await expectToast(page, '专栏分类已添加');
    await cates.getByText('职业技能').waitFor();

    await page.getByRole('button', { name: '新建专栏' }).click();
    await page.getByTestId('create-column').getByLabel('专栏名称').fill('全栈开发专栏');
    await page.getByTestId('create-column').getByRole('button', { name: '创建' }).click();
    await page.getByTestId('column-editor').waitFor();
    const id = new URL(page.url()).hash.split('/')[2];

    await page.getByLabel('专栏分类').selectOption({ label: '职业技能' });
    await page.getByLabel('现价（元）').fill('49');
    await page.getByLabel('原价（元）').fill('99');
    await page.getByRole('radio', { name: '购买后有效天数' }).check();
    await page.getByLabel('有效天数', { exact: true }).fill('365');
    const picker = page.getByTestId('course-picker');
    for (const title of ['专栏课一', '专栏课二', '专栏课三'])
      await picker.getByRole('button', { name: `添加 ${title}` }).click();
    await picker.getByRole('button', { name: '上移 专栏课三' }).click();
    const chosen = () => picker.locator('.ac-picker-chosen .ac-sortable-title').allTextContents();
    await expect(chosen()).resolves.toEqual(['专栏课一', '专栏课三', '专栏课二']);
    await picker.getByRole('button', { name: '移除 专栏课一' }).click();
    await expect(chosen()).resolves.toEqual(['专栏课三', '专栏课二']);
    await screenshot(page, 'admin-catalogue-column-editor');
    await page.getByTestId('save-column').click();
    await expectToast(page, '保存成功');
    await page.getByTestId('toggle-publish').click();
    await page.getByTestId('column-editor').getByText('已发布', { exact: true }).waitFor();

    const column = (await api<Record<string, unknown> & { coids: string[] }>(`column/admin/info/${id}`)).body.data;
    expect(column).toMatchObject({ title: '全栈开发专栏', actual: 49, price: 99, ce_type: 1, ce_time: '365', pub: 1 });
    const titles = (
      await api<{ courseData: { coid: string; title: string }[] }>('getcourselist', {
        page: 1,
        num: 50,
        keyword: '专栏课',
        status: 'all',
      })
    ).body.data.courseData;
    expect(column.coids.map((coid) => titles.find((row) => row.coid === coid)?.title)).toEqual([
      '专栏课三',
      '专栏课二',
    ]);

    // The list shows it; deleting asks first.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '专栏' }).click();
    const row = page.getByTestId('column-row').filter({ hasText: '全栈开发专栏' });
    await expect.poll(() => row.textContent()).toContain('职业技能');
    await row.getByRole('button', { name: '删除' }).click();
    expect(await answerConfirm(page, true)).toBe('确定删除专栏“全栈开发专栏”吗？');
    await expectToast(page, '专栏已删除');
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('adds, renames and fills a tag with ordered courses', async () => {
    const api = await adminApi(h.app);
    for (const title of ['标签课一', '标签课二']) await api('course/new', { title, catid: '0', type: 0 });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/tags');
    await page.getByPlaceholder('新标签名称').fill('热门');
    await page.getByPlaceholder('新标签名称').press('Enter');
    await expectToast(page, '标签已添加');
    await page.getByRole('heading', { name: '“热门”的课程' }).waitFor();
    const picker = page.getByTestId('course-picker');
    await picker.getByRole('button', { name: '添加 标签课二' }).click();
    await picker.getByRole('button', { name: '添加 标签课一' }).click();
    await expect(picker.locator('.ac-picker-chosen .ac-sortable-title').allTextContents()).resolves.toEqual([
      '标签课二',
      '标签课一',
    ]);
    await page.getByTestId('save-tag').click();
    await expectToast(page, '保存成功');
    const tag = page.locator('[data-testid="tag-item"][data-name="热门"]');
    await expect(tag.textContent()).resolves.toContain('(2)');
    await tag.getByRole('button', { name: '重命名' }).click();
    await tag.getByRole('textbox').fill('精选');
    await tag.getByRole('button', { name: '保存' }).click();
    await page.locator('[data-testid="tag-item"][data-name="精选"]').waitFor();
    const tags = (await api<{ tags: { name: string; coids: string[] }[] }>('tag/admin/list')).body.data.tags;
    expect(tags.map((item) => [item.name, item.coids.length])).toEqual([['精选', 2]]);
    const titles = (
      await api<{ courseData: { coid: string; title: string }[] }>('getcourselist', {
        page: 1,
        num: 50,
        keyword: '标签课',
        status: 'all',
      })
    ).body.data.courseData;
    expect(tags[0].coids.map((coid) => titles.find((row) => row.coid === coid)?.title)).toEqual([
      '标签课二',
      '标签课一',
    ]);
    expect(errors).toEqual([]);
  });

  it('works on a phone-sized screen: the list, the editor and the chapters fit the width', async () => {
    const api = await adminApi(h.app);
    const { coid } = (await api<{ coid: string }>('course/new', { title: '手机上编辑的课程', catid: '0', type: 0 }))
      .body.data;
    await api('chapter/add', { coid, parent_id: '0', title: '第一章', type: 0 });
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/courses');
    await page.getByTestId('course-row').first().waitFor();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(width()).resolves.toBe(390);
    await screenshot(page, 'admin-catalogue-mobile-list');
    await page.getByRole('link', { name: '手机上编辑的课程' }).click();
    await page.getByTestId('course-editor').waitFor();
    await expect(width()).resolves.toBe(390);
    await page.locator('[data-tab="chapters"]').click();
    await page.locator('[data-testid="chapter-row"][data-title="第一章"]').waitFor();
    await expect(width()).resolves.toBe(390);
    await screenshot(page, 'admin-catalogue-mobile-chapters');
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '首页装修' }).click();
    await page.getByTestId('home-setting-page').waitFor();
    await expect(width()).resolves.toBe(390);
    expect(errors.filter((text) => !text.includes('preview'))).toEqual([]);
  });
});
