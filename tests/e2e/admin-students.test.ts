/**
 * The back office's student list in Chromium (spec 7 Students): an
 * administrator adds a student with a custom field and a group, finds them by search and by the group filter,
 * edits them, disables them (the confirm says their records are kept) and the student can no longer sign in;
 * on a phone the list fits the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentFields } from '../../server/db/schema';
import { insertGroup } from '../../server/modules/auth/accounts.repository';
import { buildStudent } from '../helpers/app';
import { answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let groupId: string;
let fieldId: string;

beforeAll(async () => {
  h = await startHarness();
  // Groups and fields through the repositories (their screens are another area's).
  groupId = h.app.ctx.ids.next();
  await insertGroup(h.app.ctx.db, {
    id: groupId,
    schoolId: h.school.id,
    parentId: null,
    name: '销售一组',
    position: 0,
    createdAt: Date.now(),
  });
  await insertGroup(h.app.ctx.db, {
    id: h.app.ctx.ids.next(),
    schoolId: h.school.id,
    parentId: null,
    name: '研发组',
    position: 1,
    createdAt: Date.now(),
  });
  fieldId = h.app.ctx.ids.next();
  await h.app.ctx.db.insert(studentFields).values({
    id: fieldId,
    schoolId: h.school.id,
    name: '部门',
    kind: 'choice',
    options: JSON.stringify(['销售', '研发']),
    required: true,
    position: 0,
    createdAt: Date.now(),
  });
  await buildStudent(h.app, { username: 'already', name: '老学员' });
}, 120_000);

afterAll(() => h?.close());

const tryLogin = (username: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/do/login', payload: { username, password, role: 'student' } });

describe('student list (desktop)', () => {
  it('adds a student with a custom field and a group, finds, edits and disables them; they can no longer sign in', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/students');
    await page.getByTestId('students-page').waitFor();
    await page.locator('[data-testid="student-row"][data-username="already"]').waitFor();

    // Add: the required field is checked before anything is sent.
    await page.getByTestId('add-student').click();
    const form = page.getByTestId('student-form');
    await form.locator('[data-field="username"] input').fill('wang.wu');
    await form.locator('[data-field="name"] input').fill('王五');
    await form.locator('[data-field="password"] input').fill('secret-123');
    await form.locator('[data-field="phone"] input').fill('13900000000');
    await form.getByLabel('销售一组').check();
    await form.getByRole('button', { name: '保存' }).click();
    await form.locator(`[data-field="info.${fieldId}"] .ac-error`).filter({ hasText: '部门为必填项' }).waitFor();
    await form.locator(`[data-field="info.${fieldId}"] select`).selectOption('研发');
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '已添加学员');
    await form.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="student-row"][data-username="wang.wu"]');
    await expect(row.textContent()).resolves.toContain('销售一组');

    // A taken user name is refused with the message at the field.
    await page.getByTestId('add-student').click();
    await form.locator('[data-field="username"] input').fill('wang.wu');
    await form.locator('[data-field="name"] input').fill('另一个王五');
    await form.locator('[data-field="password"] input').fill('secret-123');
    await form.locator(`[data-field="info.${fieldId}"] select`).selectOption('销售');
    await form.getByRole('button', { name: '保存' }).click();
    await form.locator('[data-field="username"] .ac-error').filter({ hasText: '该用户名已被本校学员使用' }).waitFor();
    await form.getByRole('button', { name: '取消' }).click();

    // Search by phone, then by the group filter.
    await page.getByRole('search').getByRole('searchbox').fill('1390000');
    await page.getByRole('search').getByRole('button').click();
    await page.waitForURL(/keyword=1390000/);
    // The URL changes before the list reloads: wait for the other student to leave it.
    await page.locator('[data-testid="student-row"][data-username="already"]').waitFor({ state: 'detached' });
    await expect(page.getByTestId('student-row').count()).resolves.toBe(1);
    await page.getByRole('search').getByRole('searchbox').fill('');
    await page.getByRole('search').getByRole('button').click();
    await page.locator('[data-testid="student-row"][data-username="already"]').waitFor();
    await page.getByTestId('group-filter').selectOption(groupId);
    await page.waitForURL(new RegExp(`gid=${groupId}`));
    await page.locator('[data-testid="student-row"][data-username="already"]').waitFor({ state: 'detached' });
    await expect(page.getByTestId('student-row').count()).resolves.toBe(1);
    // The export links carry the filters.
    await expect(page.getByTestId('export-csv').getAttribute('href')).resolves.toContain(`gid=${groupId}`);

    // Edit the name; the user name stays as it was.
    await row.getByTestId('edit-student').click();
    await expect(form.locator('[data-field="username"] input').getAttribute('readonly')).resolves.not.toBeNull();
    await form.locator('[data-field="name"] input').fill('王五（销售）');
    await form.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '学员信息已保存');
    await row.filter({ hasText: '王五（销售）' }).waitFor();

    // Disable: the confirm says the records stay; then the student cannot sign in.
    expect((await tryLogin('wang.wu', 'secret-123')).statusCode).toBe(200);
    await row.getByTestId('disable-student').click();
    expect(await answerConfirm(page, true)).toContain('学习记录');
    await expectToast(page, /已停用 1 名学员/);
    await row.getByTestId('student-status').filter({ hasText: '已停用' }).waitFor();
    expect((await tryLogin('wang.wu', 'secret-123')).statusCode).not.toBe(200);
    await screenshot(page, 'admin-students-desktop');

    // The study activity panel shows twelve months.
    await expect(page.getByTestId('activity-row').count()).resolves.toBe(12);
    expect(errors).toEqual([]);
  });
});

describe('student list (phone)', () => {
  it('the list fits the screen and the add dialog opens', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/students');
    await page.locator('[data-testid="student-row"][data-username="already"]').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await page.getByTestId('add-student').click();
    await page.getByTestId('student-form').locator('[data-field="username"] input').waitFor();
    await screenshot(page, 'admin-students-phone');
  });
});
