import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, login } from '../helpers/app';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, whoAmI, type Harness } from './harness';
import { sqlGet, sqlRun } from '../helpers/sql';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const settingsOf = async () =>
  JSON.parse(
    ((await sqlGet(h.app, 'select settings from schools where id = ?', h.school.id)) as { settings: string }).settings,
  ) as Record<string, unknown>;
const setSettings = async (patch: Record<string, unknown>) =>
  sqlRun(
    h.app,
    'update schools set settings = ? where id = ?',
    JSON.stringify({ ...(await settingsOf()), ...patch }),
    h.school.id,
  );
const addField = async (name: string, kind: string, required: boolean, options: string[] = []) => {
  const id = h.app.ctx.ids.next();
  await sqlRun(
    h.app,
    'insert into student_fields (id, school_id, name, kind, options, required, position, created_at) values (?, ?, ?, ?, ?, ?, 0, ?)',
    id,
    h.school.id,
    name,
    kind,
    JSON.stringify(options),
    required ? 1 : 0,
    Date.now(),
  );
  return id;
};

describe('the student account in the browser', () => {
  it('desktop: a student changes the password from the user menu, then the avatar, and sees it in the top bar', async () => {
    const student = await buildStudent(h.app, { name: '韩梅梅', password: 'old-pass-123' });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));

    await page.getByTestId('user-menu').click();
    // By keyboard: the focused menu item goes away with the menu.
    await page.getByRole('menuitem', { name: '修改密码' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('password-dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(460);
    await page.getByTestId('password-submit').click();
    await page.getByTestId('password-tip').getByText('* 密码不允许为空').waitFor();

    await dialog.getByLabel('原密码').fill('wrong-pass-1');
    await dialog.getByLabel('新密码', { exact: true }).fill('new-pass-456');
    await expect(page.getByTestId('password-new').getAttribute('type')).resolves.toBe('password');
    await page.getByTestId('password-eye').click();
    await expect(page.getByTestId('password-new').getAttribute('type')).resolves.toBe('text');
    await page.getByTestId('password-submit').click();
    await page.getByTestId('password-tip').getByText('* 原密码错误').waitFor();

    await dialog.getByLabel('原密码').fill('old-pass-123');
    await page.getByTestId('password-submit').click();
    await page.getByTestId('password-tip').getByText('* 密码修改成功').waitFor();
    await expect(dialog.getByLabel('原密码').inputValue()).resolves.toBe('');
    await expect(dialog.getByLabel('新密码', { exact: true }).inputValue()).resolves.toBe('');
    await screenshot(page, 'account-password-desktop');
    await dialog.getByRole('button', { name: '关闭' }).click();
    // The menu item went away with the menu: focus goes back to the menu's button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu');

    // The new password signs in; the old one no longer does.
    await expect(login(h.app, { username: student.username, password: 'old-pass-123' })).rejects.toThrow(/401/);
    const other = await (await h.desktop()).newPage();
    await other.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(other, student.username, 'new-pass-456');
    await other.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await expect(whoAmI(other)).resolves.toMatchObject({ role: 'student', userData: { sname: '韩梅梅' } });

    expect(errors).toEqual([]);

    // The avatar, on the new session (signing in there ended the first one: one session per student).
    const avatarErrors = pageErrors(other);
    await other.getByTestId('user-menu').click();
    await other.getByRole('menuitem', { name: '修改头像' }).click();
    await other.getByTestId('avatar-dialog').waitFor();
    // Checked here first: a GIF is refused with the spec's message before anything is sent.
    await other
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await other.getByText('不支持该类型上传，请重试！').waitFor();
    await other
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2_097_153) });
    await other.getByText('上传图片太大，请重试！').waitFor();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await other.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await other.getByTestId('avatar-preview').waitFor();
    await other.getByTestId('avatar-save').click();
    await other.getByText('修改成功！').waitFor();
    await expect
      .poll(() => other.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('user-menu');
    const img = other.getByTestId('user-menu').locator('img.avatar');
    await img.waitFor();
    const src = (await img.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/files\/userupload\/\d+\/\d+\.JPG$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
    await screenshot(other, 'account-avatar-desktop');
    // It stays after a reload (the page bootstrap's imageurl).
    await other.reload();
    await expect(other.getByTestId('user-menu').locator('img.avatar').getAttribute('src')).resolves.toBe(src);
    expect(avatarErrors).toEqual([]);
  });

  it('mobile: the personal centre asks for a required field; the student fills it on the information page', async () => {
    const grade = await addField('年级', 'choice', true, ['一年级', '二年级']);
    const student = await buildStudent(h.app, { name: '李雷' });
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await page.getByTestId('required-fields-notice').waitFor();
    await page.getByTestId('personal-entries').getByText('我的资料').click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/myinformation_m`));
    const form = page.getByTestId('account-form');
    await form.waitFor();
    await page.getByTestId('required-fields-notice').waitFor();
    // Save without the required field: refused here with the field's name.
    await page.getByTestId('account-save').click();
    await page.getByTestId('account-error').getByText('年级：必填').waitFor();
    await form.getByLabel('年级').selectOption('二年级');
    await form.getByLabel('手机号').fill('13800000000');
    await page.getByTestId('account-save').click();
    await page.getByText('保存成功').first().waitFor();
    await expect(page.getByTestId('required-fields-notice').count()).resolves.toBe(0);
    const row = await sqlGet(
      h.app,
      'select value from student_field_values where student_id = ? and field_id = ?',
      student.id,
      grade,
    );
    expect(row).toEqual({ value: '二年级' });
    // The information page also offers the avatar and password on a phone.
    await page.getByTestId('info-change-password').click();
    await page.getByTestId('password-dialog').waitFor();
    const width = await page.getByTestId('password-dialog').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'account-info-mobile');
    expect(errors).toEqual([]);
    await sqlRun(h.app, 'delete from student_fields where id = ?', grade);
  });

  it('a visitor signs up when registration is on and is signed in', async () => {
    await setSettings({ registration: true });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await page.getByTestId('tab-register').click();
    const form = page.getByTestId('register-form');
    await form.getByLabel('用户名').fill('visitor1');
    await form.getByLabel('姓名').fill('新同学');
    await form.getByLabel('设置密码').fill('visitor-pass-1');
    await form.getByLabel('确认密码').fill('visitor-pass-2');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-error').getByText('两次输入的密码不一致').waitFor();
    await form.getByLabel('确认密码').fill('visitor-pass-1');
    await screenshot(page, 'account-register-desktop');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'student', userData: { sname: '新同学' } });
    expect(errors).toEqual([]);

    await setSettings({ registration: false });
    const closed = await (await h.desktop()).newPage();
    await closed.goto(`/login/u/${h.school.hashUID}?register=1`);
    await closed.getByTestId('login-form').waitFor();
    await expect(closed.getByTestId('tab-register').count()).resolves.toBe(0);
  });
});
