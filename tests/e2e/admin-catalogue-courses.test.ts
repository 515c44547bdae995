import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildStudent } from '../helpers/app';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, type Harness } from './harness';
import { adminApi, answerConfirm, expectToast, signInAdmin } from './admin-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Top-level chapter titles in screen order. */
const chapterTitles = (page: Page) =>
  page
    .locator('.ac-chapters > li > [data-testid="chapter-row"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-title')));

describe('back office: courses, categories and chapters', () => {
  it('builds a category tree, a course with chapters, publishes it, and a student then opens it', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);

    // The course area is enabled in the sidebar for the main admin.
    const sidebar = page.getByTestId('admin-sidebar');
    await expect(sidebar.locator('[data-menu="course"] a').allTextContents()).resolves.toEqual([
      '课程列表',
      // Issue 17: live teaching.
      '直播',
      '课程分类',
      '专栏',
      '标签',
      '评论管理',
      '问答管理',
      '签名与评分',
      '学习计划',
      '会员方案',
      '兑换码',
    ]);
    await sidebar.getByRole('link', { name: '课程分类' }).click();

    // A first-level category and a child.
    await page.getByPlaceholder('新的一级分类名称').fill('编程');
    await page.getByTestId('add-category').click();
    await expectToast(page, '分类已添加');
    await page.getByRole('button', { name: '添加子分类 编程' }).click();
    const childDialog = page.getByTestId('add-child-category');
    await childDialog.getByLabel('分类名称').fill('Python');
    await childDialog.getByRole('button', { name: '添加' }).click();
    const child = page.locator('[data-testid="category-node"][data-title="Python"]');
    await child.waitFor();
    const childId = await child.getAttribute('data-catid');
    const parentNode = page.locator('[data-testid="category-node"][data-title="编程"]');
    await expect(parentNode.locator('[data-testid="category-node"]').count()).resolves.toBe(1);
    const parentId = await parentNode.getAttribute('data-catid');

    // A course in the child category, from the course list.
    await sidebar.getByRole('link', { name: '课程列表' }).click();
    await page.getByTestId('new-course').click();
    const create = page.getByTestId('create-course');
    await create.getByLabel('课程名称').fill('Python 编程基础');
    await create.getByLabel('分类').selectOption(childId!);
    await create.getByLabel('课程类型').selectOption('0');
    await create.getByRole('button', { name: '创建' }).click();
    await page.getByTestId('course-editor').waitFor();
    await expect(page.getByTestId('editor-title').textContent()).resolves.toBe('Python 编程基础');
    await expect(page.getByTestId('editor-status').textContent()).resolves.toBe('草稿');
    const coid = new URL(page.url()).hash.split('/')[2];

    // Two chapters and a subchapter.
    await page.locator('[data-tab="chapters"]').click();
    const editor = page.getByTestId('chapter-editor');
    for (const title of ['第一章 环境搭建', '第二章 基础语法']) {
      await editor.getByPlaceholder('新章节名称').fill(title);
      await editor.getByTestId('add-chapter').click();
      await editor.locator(`[data-testid="chapter-row"][data-title="${title}"]`).waitFor();
    }
    await editor.getByRole('button', { name: '添加小节 第一章 环境搭建' }).click();
    await editor.getByPlaceholder('新小节名称').fill('安装 Python');
    await editor.getByRole('button', { name: '添加', exact: true }).click();
    await editor.locator('[data-testid="chapter-row"][data-title="安装 Python"]').waitFor();
    await expect(editor.locator('.ac-section-head .ac-muted').textContent()).resolves.toBe('2 章，1 个小节');

    // Reorder with the button, then back again by dragging.
    await editor.getByRole('button', { name: '下移 第一章 环境搭建' }).click();
    await expect.poll(() => chapterTitles(page)).toEqual(['第二章 基础语法', '第一章 环境搭建']);
    const first = editor.locator('[data-testid="chapter-row"][data-title="第一章 环境搭建"]');
    const second = editor.locator('[data-testid="chapter-row"][data-title="第二章 基础语法"]');
    const box = (await second.boundingBox())!;
    await first.dragTo(second, { targetPosition: { x: box.width / 2, y: 4 } });
    await expect.poll(() => chapterTitles(page)).toEqual(['第一章 环境搭建', '第二章 基础语法']);

    // Inline rename, and one chapter free.
    await editor.getByRole('button', { name: '重命名 第二章 基础语法' }).click();
    const rename = editor.getByLabel('章节名称', { exact: true });
    await rename.fill('第二章 Python 基础语法');
    await rename.press('Enter');
    await editor.locator('[data-testid="chapter-row"][data-title="第二章 Python 基础语法"]').waitFor();
    // Checkboxes follow the server: they change once the call answers.
    await editor.getByLabel('免费试看 第一章 环境搭建').click();
    await expectToast(page, '已设为免费试看');
    await expect.poll(() => editor.getByLabel('免费试看 第一章 环境搭建').isChecked()).toBe(true);

    // Publish.
    await page.getByTestId('toggle-publish').click();
    await expect.poll(() => page.getByTestId('editor-status').textContent()).toBe('已发布');

    const api = await adminApi(h.app);
    const info = await api<{ code: string; published: boolean; catid: string }>(`course/info/${coid}`);
    expect(info.body.data).toMatchObject({ published: true, catid: childId });
    const tree = await api<{ chapters: { title: string; free: boolean; children: { title: string }[] }[] }>(
      `course/chapter/${coid}`,
    );
    expect(tree.body.data.chapters.map((c) => [c.title, c.free, c.children.map((s) => s.title)])).toEqual([
      ['第一章 环境搭建', true, ['安装 Python']],
      ['第二章 Python 基础语法', false, []],
    ]);
    await screenshot(page, 'admin-catalogue-chapters');
    expect(errors).toEqual([]);

    // A student, in another browser context, opens the course page.
    const student = await buildStudent(h.app);
    const studentContext = await h.desktop();
    const studentPage = await studentContext.newPage();
    await studentPage.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(studentPage, student.username, student.password);
    await studentPage.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await studentPage.goto(`/course/${info.body.data.code}#/introduce/chapter`);
    await studentPage.getByText('Python 编程基础').first().waitFor();
    const chapterTab = studentPage.getByTestId('tab-chapter');
    await chapterTab.getByText('第一章 环境搭建').waitFor();
    await chapterTab.getByText('安装 Python').waitFor();
    await chapterTab.getByText('第二章 Python 基础语法').waitFor();

    // The student catalogue lists it under the parent category (its subtree).
    await studentPage.goto(`/u/${h.school.hashUID}#/courselist/${parentId}`);
    await studentPage.getByText('Python 编程基础').first().waitFor();
  });

  it("edits every part of a course, shows the server's field errors next to the field and warns about unsaved changes", async () => {
    const api = await adminApi(h.app);
    const category = await api<{ catid: string }>('course/category', { title: '设计', parent_id: '0' });
    const created = await api<{ coid: string }>('course/new', {
      title: '平面设计入门',
      catid: category.body.data.catid,
      type: 0,
    });
    const coid = created.body.data.coid;
    const student = await buildStudent(h.app, { groups: ['一班'] });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/courses/${coid}`);
    const editor = page.getByTestId('course-editor');
    await editor.waitFor();

    // Basic info.
    await page.getByLabel('课程名称').fill('平面设计入门（第二版）');
    await page.getByLabel('级别').selectOption('1');
    await page.getByLabel('标签值').fill('1');
    await page.locator('[data-field="img"] input').fill('/files/cover.png');
    await page.getByLabel('关键词').fill('设计 排版');
    await page.getByLabel('备注').fill('内部备注');
    await expect(page.getByText('有未保存的修改').isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-catalogue-course-editor');

    // Description: a heading, bold text, a refused and an accepted link.
    await page.locator('[data-tab="description"]').click();
    const area = page.getByRole('textbox', { name: '课程介绍' });
    await area.click();
    await page.keyboard.type('课程目标');
    await page.getByRole('button', { name: '三级标题' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('重点内容');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type(' 参考');
    await page.getByRole('button', { name: '插入链接' }).click();
    const prompt = page.getByTestId('rte-prompt');
    await prompt.getByRole('textbox').fill('javascript:alert(1)');
    await prompt.getByRole('button', { name: '确定' }).click();
    await prompt.getByText(/地址必须以 http/).waitFor();
    await prompt.getByRole('textbox').fill('https://example.com/ref');
    await prompt.getByRole('button', { name: '确定' }).click();
    await expect(area.locator('h3').textContent()).resolves.toBe('课程目标');
    await expect(area.locator('b, strong').first().textContent()).resolves.toBe('重点内容');
    await expect(area.locator('a').getAttribute('href')).resolves.toBe('https://example.com/ref');
    await screenshot(page, 'admin-catalogue-description');

    // Price and a fixed validity window.
    await page.locator('[data-tab="price"]').click();
    await page.getByLabel('现价（元）').fill('99.5');
    await page.getByLabel('原价（元）').fill('199');
    await page.getByRole('radio', { name: '固定时间段' }).check();
    await page.getByLabel('开始日期').fill('2030-01-01');
    await page.getByLabel('结束日期').fill('2030-12-31');

    // Group restriction and study settings.
    await page.locator('[data-tab="access"]').click();
    await page.getByText('未选择分组：所有学员都可学习').waitFor();
    await page.getByRole('checkbox', { name: '一班' }).check();
    await page.getByText('仅选中的 1 个分组的学员可学习').waitFor();
    await page.locator('[data-tab="study"]').click();
    await page.getByRole('checkbox', { name: /^按顺序学习/ }).check();
    await page.getByRole('checkbox', { name: /^离开提醒/ }).check();
    await page.getByLabel('无操作提醒时间（分钟）').fill('5');

    // Leaving with unsaved changes asks first; staying keeps everything.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '课程列表' }).click();
    expect(await answerConfirm(page, false)).toContain('有未保存的修改');
    await expect(editor.isVisible()).resolves.toBe(true);

    await page.getByTestId('save-course').click();
    await expectToast(page, '保存成功');
    await expect.poll(() => page.getByTestId('save-course').isDisabled()).toBe(true);
    const info = (await api<Record<string, unknown> & { settings: Record<string, unknown> }>(`course/info/${coid}`))
      .body.data;
    expect(info).toMatchObject({
      title: '平面设计入门（第二版）',
      level: 1,
      label: 1,
      img: '/files/cover.png',
      keywords: '设计 排版',
      notes: '内部备注',
      actual: 99.5,
      price: 199,
      ce_type: 2,
      ce_time: '2030-12-31',
      vaildBeginTime: '2030-01-01',
      authentication_gid: student.groupIds[0],
      order_rest: true,
    });
    expect(info.settings).toMatchObject({ leaveremind: true, leavetime: 5 });
    expect(info.description).toContain('<h3>课程目标</h3>');
    expect(info.description).toContain('href="https://example.com/ref"');

    // A value only the server refuses: its message appears next to the field, on the field's tab.
    await page.locator('[data-tab="price"]').click();
    await page.getByLabel('现价（元）').fill('1.234');
    await page.locator('[data-tab="info"]').click();
    await page.getByTestId('save-course').click();
    await expectToast(page, '保存失败，请按提示修改后再保存');
    const actual = page.locator('[data-field="actual"]');
    await actual.locator('.ac-error').getByText('must have at most two decimals').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/courses/${coid}/price`);
    await expect(page.locator('[data-tab="price"]').getAttribute('class')).resolves.toContain('has-error');
    await page.getByLabel('现价（元）').fill('1.5');
    await expect(actual.locator('.ac-error').count()).resolves.toBe(0);
    await page.getByTestId('save-course').click();
    await expectToast(page, '保存成功');
    expect(errors).toEqual([]);
  });

  it('filters the list, runs the row actions and deletes two courses at once', async () => {
    const api = await adminApi(h.app);
    for (const title of ['批量甲', '批量乙', '批量丙']) await api('course/new', { title, catid: '0', type: 0 });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/courses');
    await page.getByRole('searchbox', { name: '搜索课程名称或关键词' }).fill('批量');
    await page.getByRole('searchbox', { name: '搜索课程名称或关键词' }).press('Enter');
    const rows = page.getByTestId('course-row');
    await expect.poll(() => rows.count()).toBe(3);
    const row = (title: string) => rows.filter({ hasText: title });

    // Publish, pin, copy, and the status filter.
    await row('批量甲').getByRole('button', { name: '发布' }).click();
    await expectToast(page, '已发布');
    await expect.poll(() => row('批量甲').getByTestId('course-status').textContent()).toBe('已发布');
    await row('批量乙').getByRole('button', { name: '置顶', exact: true }).click();
    await row('批量乙').locator('.badge', { hasText: '置顶' }).waitFor();
    await expect(rows.first().textContent()).resolves.toContain('批量乙');
    await row('批量丙').getByRole('button', { name: '复制' }).click();
    await expectToast(page, '已复制为新的草稿课程');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('button', { name: '草稿', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: '全部', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(4);
    await screenshot(page, 'admin-catalogue-course-list');

    // Bulk delete: the confirm names how many.
    await expect(page.getByTestId('bulk-delete').isDisabled()).resolves.toBe(true);
    await row('批量甲').getByRole('checkbox').check();
    await row('批量乙').getByRole('checkbox').check();
    await page.getByText('已选 2 项').waitFor();
    await page.getByTestId('bulk-delete').click();
    expect(await answerConfirm(page, true)).toBe('确定删除选中的 2 门课程吗？');
    await expectToast(page, '已删除 2 门课程');
    await expect.poll(() => rows.count()).toBe(2);
    const titles = await rows.locator('.ac-course-name > a').allTextContents();
    expect(titles.sort()).toEqual(['批量丙', '批量丙 (copy)']);
    const left = await api<{ total: number }>('getcourselist', { page: 1, num: 20, keyword: '批量', status: 'all' });
    expect(left.body.data.total).toBe(2);
    expect(errors).toEqual([]);
  });

  it('deletes a category that still has courses by moving them to another category first', async () => {
    const api = await adminApi(h.app);
    await api('course/category', { title: '拖放目标', parent_id: '0' });
    await api('course/category', { title: '容器分类', parent_id: '0' });
    const old = (await api<{ catid: string }>('course/category', { title: '旧分类', parent_id: '0' })).body.data.catid;
    await api('course/category', { title: '旧分类子类', parent_id: old });
    const target = (await api<{ catid: string }>('course/category', { title: '新分类', parent_id: '0' })).body.data
      .catid;
    const course = (await api<{ coid: string }>('course/new', { title: '待迁移课程', catid: old, type: 0 })).body.data
      .coid;
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/categories');

    await page.getByRole('button', { name: '删除 旧分类', exact: true }).click();
    expect(await answerConfirm(page, true)).toBe('确定删除分类“旧分类”吗？它的子分类也会一起删除。');
    const dialog = page.getByTestId('move-courses');
    await dialog.getByText('“旧分类”及其子分类下还有 1 门课程').waitFor();
    // Its own subtree cannot receive the courses.
    await expect(
      dialog.getByLabel('把课程移到').locator('option', { hasText: '旧分类子类' }).isDisabled(),
    ).resolves.toBe(true);
    await dialog.getByLabel('把课程移到').selectOption(target);
    await dialog.getByRole('button', { name: '移动课程并删除' }).click();
    await expectToast(page, '已移动 1 门课程并删除分类');
    await page.locator('[data-testid="category-node"][data-title="旧分类"]').waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid="category-node"][data-title="旧分类子类"]').count()).resolves.toBe(0);
    const info = await api<{ catid: string }>(`course/info/${course}`);
    expect(info.body.data.catid).toBe(target);

    // Reorder and move with the buttons and the 'move to' picker.
    const titles = () =>
      page
        .locator('[data-testid="category-tree"] > li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-title')));
    const before = await titles();
    await page.getByRole('button', { name: '上移 新分类' }).click();
    await expect.poll(titles).toEqual(moveUp(before, '新分类'));
    await page.getByRole('button', { name: '移动到 新分类' }).click();
    await page.getByLabel('移动到以下分类之下：').selectOption({ label: '容器分类' });
    await page
      .locator(
        '[data-testid="category-node"][data-title="容器分类"] [data-testid="category-node"][data-title="新分类"]',
      )
      .waitFor();

    // Drag '容器分类' (with its child) onto the middle of '拖放目标': it becomes a child there.
    const source = page.locator('[data-testid="category-node"][data-title="容器分类"] > .ac-cat-row');
    const dropTarget = page.locator('[data-testid="category-node"][data-title="拖放目标"] > .ac-cat-row');
    const box = (await dropTarget.boundingBox())!;
    await source.dragTo(dropTarget, { targetPosition: { x: box.width / 3, y: box.height / 2 } });
    await page
      .locator(
        '[data-testid="category-node"][data-title="拖放目标"] [data-testid="category-node"][data-title="容器分类"] [data-testid="category-node"][data-title="新分类"]',
      )
      .waitFor();
    const tree = (
      await api<{ cates: { title: string; children: { title: string; children: { title: string }[] }[] }[] }>(
        'course/catelist',
      )
    ).body.data.cates;
    const dropped = tree.find((node) => node.title === '拖放目标')!;
    expect(dropped.children.map((node) => [node.title, node.children.map((leaf) => leaf.title)])).toEqual([
      ['容器分类', ['新分类']],
    ]);
    await screenshot(page, 'admin-catalogue-categories');
    expect(errors).toEqual([]);
  });
});

/** The list with one title moved up one place. */
function moveUp(list: (string | null)[], title: string): (string | null)[] {
  const next = [...list];
  const index = next.indexOf(title);
  [next[index - 1], next[index]] = [next[index], next[index - 1]];
  return next;
}
