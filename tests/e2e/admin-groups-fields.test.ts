/**
 * Student groups, admin groups, custom student fields and student settings in Chromium (spec 7 Students:
 * s/group and a/group add, list, rename, move, delete; labels; setting): an administrator builds a two-level
 * group tree, renames and moves a group, adds a choice field and a required date field, reorders them, turns
 * registration on; after a reload everything is as left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, answerConfirm, expectToast, signInAdmin, ADMIN_PATH } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);

afterAll(() => h?.close());

describe('groups, fields and settings (desktop)', () => {
  it('builds a group tree, renames and moves a group; adds and reorders fields; turns registration on; a reload shows it all', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/groups');
    const groupsPage = page.getByTestId('student-groups-page');
    await groupsPage.waitFor();
    const node = (name: string) => page.locator(`[data-testid="group-node"][data-name="${name}"]`);

    // Two top-level groups and a sub-group.
    for (const name of ['一年级', '二年级']) {
      await groupsPage.getByLabel('新分组名称').fill(name);
      await page.getByTestId('add-group').click();
      await node(name).waitFor();
    }
    await page.getByRole('button', { name: '添加子分组 一年级' }).click();
    const dialog = page.getByTestId('add-child-group');
    await dialog.getByLabel('分组名称').fill('一班');
    await dialog.getByRole('button', { name: '添加' }).click();
    await dialog.waitFor({ state: 'detached' });
    await node('一年级').locator('[data-testid="group-node"][data-name="一班"]').waitFor();
    // A sibling with the same name is refused with the reason.
    await groupsPage.getByLabel('新分组名称').fill('二年级');
    await page.getByTestId('add-group').click();
    await expectToast(page, '同一层级下已有同名分组');
    await groupsPage.getByLabel('新分组名称').fill('');

    // Rename in place, then move under the other grade with 'move to'; the parent cannot move under its child.
    await page.getByRole('button', { name: '重命名 一班' }).click();
    const input = page.getByLabel('分组名称', { exact: true });
    await input.fill('甲班');
    await input.press('Enter');
    await node('甲班').waitFor();
    await page.getByRole('button', { name: '移动到 一年级' }).click();
    const ownChild = node('一年级').getByTestId('group-move-parent').locator('option', { hasText: '甲班' });
    expect(await ownChild.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '移动到 一年级' }).click();
    await page.getByRole('button', { name: '移动到 甲班' }).click();
    await node('甲班').getByTestId('group-move-parent').selectOption({ label: '二年级' });
    await node('二年级').locator('[data-testid="group-node"][data-name="甲班"]').waitFor();
    // Order: 二年级 first.
    await page.getByRole('button', { name: '上移 二年级' }).click();
    await expect
      .poll(() =>
        page
          .locator('[data-testid="group-tree"] > li')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-name'))),
      )
      .toEqual(['二年级', '一年级']);
    // Deleting a group with sub-groups is refused.
    await page.getByRole('button', { name: '删除 二年级' }).click();
    expect(await answerConfirm(page, true)).toContain('二年级');
    await expectToast(page, '请先删除或移走它的子分组');

    // Admin groups: the same screen for the sub-admins' tree.
    await page.goto(`${ADMIN_PATH}#/admin-groups`);
    const adminGroups = page.getByTestId('admin-groups-page');
    await adminGroups.waitFor();
    await adminGroups.getByLabel('新分组名称').fill('教务组');
    await page.getByTestId('add-group').click();
    await node('教务组').waitFor();
    expect(await node('教务组').getByTestId('group-members').textContent()).toBe('0 名管理员');

    // Fields: a choice field, then a required date field, then the date first.
    await page.goto(`${ADMIN_PATH}#/student-fields`);
    await page.getByTestId('student-fields-page').waitFor();
    await page.getByTestId('add-field').click();
    let editor = page.getByTestId('field-editor');
    await editor.locator('[data-field="name"] input').fill('部门');
    await editor.locator('[data-field="kind"] select').selectOption({ label: '单选' });
    await editor.getByLabel('选项 1').fill('研发');
    await editor.getByTestId('add-option').click();
    await editor.getByLabel('选项 2').fill('市场');
    await editor.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '已添加字段');
    await editor.waitFor({ state: 'detached' });
    await page.getByTestId('add-field').click();
    editor = page.getByTestId('field-editor');
    await editor.locator('[data-field="name"] input').fill('入职日期');
    await editor.locator('[data-field="kind"] select').selectOption({ label: '日期' });
    await editor.locator('[data-field="required"] input').check();
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitFor({ state: 'detached' });
    const fieldNames = () => page.getByTestId('field-name').allTextContents();
    await expect.poll(fieldNames).toEqual(['部门', '入职日期']);
    await page.getByRole('button', { name: '上移 入职日期' }).click();
    await expect.poll(fieldNames).toEqual(['入职日期', '部门']);

    // Settings: registration on; the helper text follows the password switches.
    await page.goto(`${ADMIN_PATH}#/student-settings`);
    await page.getByTestId('student-settings-page').locator('form').waitFor();
    expect(await page.getByTestId('password-offered').textContent()).toContain('学员可以修改密码');
    await page.locator('[data-field="changePass"] input').check();
    expect(await page.getByTestId('password-offered').textContent()).toContain('学员看不到');
    await page.locator('[data-field="changePass"] input').uncheck();
    await page.locator('[data-field="registration"] input').check();
    await page.getByTestId('save-student-settings').click();
    await expectToast(page, '保存成功');
    await screenshot(page, 'admin-student-settings');

    // Reload each screen: everything is as left.
    await page.reload();
    await page.getByTestId('student-settings-page').locator('form').waitFor();
    expect(await page.locator('[data-field="registration"] input').isChecked()).toBe(true);
    expect(await page.locator('[data-field="changePass"] input').isChecked()).toBe(false);
    await page.goto(`${ADMIN_PATH}#/student-fields`);
    await page.getByTestId('student-fields-page').waitFor();
    await expect.poll(fieldNames).toEqual(['入职日期', '部门']);
    const dateRow = page.locator('[data-testid="field-row"][data-name="入职日期"]');
    expect(await dateRow.getByTestId('field-kind').textContent()).toBe('日期');
    expect(await dateRow.getByRole('checkbox').isChecked()).toBe(true);
    expect(await page.locator('[data-testid="field-row"][data-name="部门"]').textContent()).toContain('研发 / 市场');
    await page.goto(`${ADMIN_PATH}#/groups`);
    await page.reload();
    await node('甲班').waitFor();
    await expect
      .poll(() =>
        page
          .locator('[data-testid="group-tree"] > li')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-name'))),
      )
      .toEqual(['二年级', '一年级']);
    expect(
      await node('二年级')
        .locator('[data-testid="group-node"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-name'))),
    ).toEqual(['甲班']);
    expect(await node('一年级').locator('[data-testid="group-node"]').count()).toBe(0);
    await screenshot(page, 'admin-groups');

    // And the public login page offers registration.
    const login = await h.app.inject({ method: 'GET', url: `/login/u/${h.school.hashUID}` });
    expect(login.body).toContain('register=1');
    expect(errors).toEqual([]);
  });

  it('moves a group by dragging it onto another (into the middle of its row) and the tree is kept', async () => {
    const api = await adminApi(h.app);
    const a = (await api<{ gid: string }>('s/group/add', { name: '拖动甲', parent_id: '0' })).body.data.gid;
    const b = (await api<{ gid: string }>('s/group/add', { name: '拖动乙', parent_id: '0' })).body.data.gid;
    const context = await h.desktop();
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/groups');
    const row = (name: string) => page.locator(`[data-testid="group-node"][data-name="${name}"] > .ac-cat-row`);
    await row('拖动乙').waitFor();
    await row('拖动甲').dragTo(row('拖动乙'));
    await page
      .locator('[data-testid="group-node"][data-name="拖动乙"] [data-testid="group-node"][data-name="拖动甲"]')
      .waitFor();
    const stored = (await api<{ groups: { gid: string; parent_id: string }[] }>('s/group/list')).body.data.groups;
    expect(stored.find((g) => g.gid === a)?.parent_id).toBe(b);
  });
});
