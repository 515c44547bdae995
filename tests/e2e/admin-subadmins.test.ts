/**
 * Sub-admins in Chromium (spec 6 roles and permissions, spec 7 Admins: a sub-admin sees only permitted
 * screens): the main admin creates a sub-admin with only 'exam' and one course category through the /admins
 * dialog; that sub-admin signs in and sees the overview and the exam area only, and #/students shows the
 * not-allowed screen. A second one with 'course' limited to a category sees only that category's courses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, expectToast, signInAdmin, ADMIN_PATH } from './admin-helpers';
import { pageErrors, startHarness, type Harness } from './harness';

let h: Harness;
let maths = '';
let music = '';

beforeAll(async () => {
  h = await startHarness();
  const api = await adminApi(h.app);
  maths = (await api<{ catid: string }>('course/category', { title: '数学', parent_id: '0' })).body.data.catid;
  music = (await api<{ catid: string }>('course/category', { title: '音乐', parent_id: '0' })).body.data.catid;
  await api('course/new', { title: '代数入门', catid: maths, type: 0 });
  await api('course/new', { title: '钢琴基础', catid: music, type: 0 });
  await api('a/group/add', { name: '教研组', parent_id: '0' });
}, 120_000);
afterAll(() => h?.close());

/** Fills the add dialog on /admins: user name, name, password, the ticked permissions and categories. */
async function addSubAdmin(
  page: import('playwright-core').Page,
  account: { username: string; name: string; password: string },
  permissions: string[],
  categories: string[],
) {
  await page.getByTestId('add-sub-admin').click();
  const dialog = page.getByTestId('sub-admin-dialog');
  await dialog.waitFor();
  await dialog.locator('[data-field="username"] input').fill(account.username);
  await dialog.locator('[data-field="name"] input').fill(account.name);
  await dialog.locator('[data-field="password"] input').fill(account.password);
  await dialog.locator('[data-field="groupId"] select').selectOption({ label: '教研组' });
  // 'All categories' is the default until a category is ticked.
  expect(await dialog.locator('[data-field="all-categories"] input').isChecked()).toBe(true);
  await dialog.locator('[data-testid="permission-choice"][data-key="exam"] input').waitFor();
  for (const key of permissions)
    await dialog.locator(`[data-testid="permission-choice"][data-key="${key}"] input`).check();
  for (const name of categories)
    await dialog.locator(`[data-testid="category-choice"][data-name="${name}"] > label input`).check();
  expect(await dialog.locator('[data-field="all-categories"] input').isChecked()).toBe(categories.length === 0);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '子管理员已添加');
  await dialog.waitFor({ state: 'detached' });
}

describe('sub-admins (desktop)', () => {
  it('the main admin adds an exam-only sub-admin, who sees only the overview and the exam area', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/admins');
    await page.getByTestId('admins-page').waitFor();
    await addSubAdmin(page, { username: 'exam-teacher', name: '王老师', password: 'exam-pass-1' }, ['exam'], ['数学']);
    const row = page.locator('[data-testid="sub-admin-row"][data-username="exam-teacher"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('考试管理');
    expect(await row.textContent()).toContain('数学');
    expect(await row.textContent()).toContain('教研组');
    // The main admin is not listed.
    expect(await page.locator('[data-testid="sub-admin-row"][data-username="admin"]').count()).toBe(0);
    // Search and the group filter.
    await page.getByTestId('group-filter').selectOption({ label: '教研组' });
    await row.waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const own = await h.desktop();
    const subPage = await own.newPage();
    const subErrors = pageErrors(subPage);
    await signInAdmin(subPage, { username: 'exam-teacher', password: 'exam-pass-1' });
    const menu = await subPage
      .locator('[data-testid="admin-sidebar"] li[data-menu]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-menu')));
    expect(menu).toEqual(['home', 'exam']);
    expect(await subPage.locator('[data-testid="admin-sidebar"] [data-area="exams"]').count()).toBe(1);
    for (const area of ['students', 'questions', 'ldap', 'courses', 'admins'])
      expect(await subPage.locator(`[data-area="${area}"]`).count(), area).toBe(0);
    await subPage.locator('[data-area="exams"]').click();
    await subPage.getByTestId('exams-page').waitFor();
    await subPage.goto(`${h.baseURL}${ADMIN_PATH}#/students`);
    await subPage.getByTestId('no-permission').waitFor();
    expect(await subPage.getByTestId('no-permission').textContent()).toContain('没有权限');
    expect(subErrors).toEqual([]);
    await own.close();
  });

  it("a sub-admin with 'course' limited to one category sees only that category's courses; disabling signs it out", async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/admins');
    await page.getByTestId('admins-page').waitFor();
    await addSubAdmin(
      page,
      { username: 'music-teacher', name: '李老师', password: 'music-pass-1' },
      ['course'],
      ['音乐'],
    );

    const own = await h.desktop();
    const subPage = await own.newPage();
    await signInAdmin(subPage, { username: 'music-teacher', password: 'music-pass-1' }, '/courses');
    await subPage.getByTestId('courses-page').waitFor();
    await subPage.getByTestId('course-row').first().waitFor();
    const titles = await subPage.getByTestId('course-row').allTextContents();
    expect(titles).toHaveLength(1);
    expect(titles[0]).toContain('钢琴基础');
    // Its category filter offers only its category.
    const options = await subPage.getByTestId('category-filter').locator('option').allTextContents();
    expect(options.some((text) => text.includes('数学'))).toBe(false);
    expect(options.some((text) => text.includes('音乐'))).toBe(true);

    // The main admin disables it: its next call is refused and it lands on the sign-in form.
    const row = page.locator('[data-testid="sub-admin-row"][data-username="music-teacher"]');
    await row.getByTestId('toggle-disabled').click();
    await page.getByRole('alertdialog').locator('.dialog-actions .btn').last().click();
    await expectToast(page, '已停用');
    // The list refetches after the toast: wait for the row to say so.
    await expect.poll(() => row.getByTestId('sub-admin-state').textContent()).toBe('已停用');
    await subPage.reload();
    await subPage.locator('input[type="password"]').waitFor();
    expect(await subPage.getByTestId('admin-sidebar').count()).toBe(0);
    await own.close();
    await context.close();
  });
});
