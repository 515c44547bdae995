/**
 * The student import screen in Chromium: an administrator previews an XLSX
 * with one bad row and sees it reported with its row number, imports row by row, follows the progress to the
 * report, and an imported student signs in with the initial password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { xlsxFile } from '../helpers/student-files';
import { signInAdmin } from './admin-helpers';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, whoAmI, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await insertGroup(h.app.ctx.db, {
    id: h.app.ctx.ids.next(),
    schoolId: h.school.id,
    parentId: null,
    name: '一班',
    position: 0,
    createdAt: Date.now(),
  });
}, 240_000);
afterAll(() => h?.close());

describe('student import screen', () => {
  it('previews a file with one bad row, imports the good rows, shows the report; an imported student signs in', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/students/import');
    await page.getByTestId('student-import-page').waitFor();
    await expect(page.getByTestId('template-xlsx').getAttribute('href')).resolves.toContain('student/import/template');

    const file = await xlsxFile([
      ['用户名', '姓名', '手机', '分组'],
      ['00101', '王小明', 13800138000, '一班'],
      ['00102', '李小红', null, '三班'],
      ['00103', '张小刚', null, null],
    ]);
    await page.getByTestId('import-file').setInputFiles({
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByLabel('初始密码').fill('welcome-1');
    await page.getByTestId('import-preview-button').click();

    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    await preview.getByText('共 3 行：2 行可导入，1 行有问题，0 个用户名已存在。').waitFor();
    await expect(page.getByTestId('import-columns').textContent()).resolves.toContain('用户名 → 用户名');
    const problem = page.getByTestId('preview-problems').getByTestId('import-problem');
    expect(await problem.count()).toBe(1);
    await expect(problem.locator('td').allTextContents()).resolves.toEqual(['3', '分组', '没有这个分组：三班']);
    await expect(page.getByTestId('preview-rows').locator('tbody tr').first().textContent()).resolves.toContain(
      '13800138000',
    );

    // All or nothing cannot start with a bad row; row by row can.
    await page.getByLabel(/全部或全不/).check();
    await page.getByText(/无法导入/).waitFor();
    expect(await page.getByTestId('import-start-button').isDisabled()).toBe(true);
    await page.getByLabel(/逐行导入/).check();
    await page.getByTestId('import-preview-button').click();
    await preview.waitFor();
    await screenshot(page, 'student-import-preview');
    await page.getByTestId('import-start-button').click();

    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 20_000 });
    await result.getByText('导入完成：新建 2，更新 0，跳过 0，失败 1。').waitFor();
    await expect(result.getByTestId('import-problem').locator('td').allTextContents()).resolves.toEqual([
      '3',
      '分组',
      '没有这个分组：三班',
    ]);
    await expect(result.getByTestId('back-to-students').getAttribute('href')).resolves.toBe('#/students');
    await screenshot(page, 'student-import-report');
    expect(errors).toEqual([]);

    // The imported student signs in with the initial password; the bad row's student does not exist.
    const student = await (await h.desktop()).newPage();
    await student.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(student, '00101', 'welcome-1');
    await student.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await expect(whoAmI(student)).resolves.toMatchObject({ role: 'student', userData: { sname: '王小明' } });
    const denied = await h.app.inject({
      method: 'POST',
      url: '/do/login',
      payload: { username: '00102', password: 'welcome-1' },
    });
    expect(denied.statusCode).not.toBe(200);
  });
});
