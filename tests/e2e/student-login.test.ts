import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent } from '../helpers/app';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, whoAmI, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('student sign-in (desktop)', () => {
  it('checks empty fields locally, shows the wrong-password error, then lands on the school home with the name', async () => {
    const student = await buildStudent(h.app, { name: '王小明' });
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    const loginCalls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/do/login') && loginCalls.push(request.method()));

    await page.goto(`/login/u/${h.school.hashUID}`);
    await page.getByRole('heading', { name: '学员登录' }).waitFor();
    await screenshot(page, 'login-desktop');

    // Nothing typed: the form says so without calling the server.
    await page.getByTestId('login-submit').click();
    await page.getByText('请输入用户名和密码').waitFor();
    expect(loginCalls).toEqual([]);

    await submitLogin(page, student.username, 'not-the-password');
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    expect(loginCalls).toEqual(['POST']);
    expect(page.url()).toContain(`/login/u/${h.school.hashUID}`);

    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.getByTestId('home-greeting').getByText('你好，王小明').waitFor();
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain('王小明');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`欢迎来到${h.school.name}`);
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'student', userData: { sname: '王小明' } });

    // Already signed in: the sign-in page says who and links home.
    await page.goto(`/login/u/${h.school.hashUID}`);
    await page.getByTestId('logged-in').getByText('已登录：王小明').waitFor();
    await expect(page.getByRole('link', { name: '进入学校首页' }).getAttribute('href')).resolves.toBe(
      `/u/${h.school.hashUID}`,
    );
    expect(errors).toEqual([]);
  });

  it('Sign in from a page comes back to that page after signing in', async () => {
    const student = await buildStudent(h.app);
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    await page.getByTestId('nav-sign-in').click();
    await page.waitForURL(/\/login\/u\/[^?]+\?return=/);
    const returnTo = new URL(page.url()).searchParams.get('return');
    expect(returnTo).toBe(`/u/${h.school.hashUID}#/courselist/0`);

    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/courselist/0`));
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    await page.getByTestId('user-menu').waitFor();
  });

  it('logs out through the user menu after a confirmation (cancel keeps the session)', async () => {
    const student = await buildStudent(h.app, { name: '李雷' });
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.getByRole('heading').textContent()).resolves.toBe('提示');
    await expect(dialog.textContent()).resolves.toContain('确定要退出登录吗？');
    // The OK button has the focus; cancel exists in confirm mode.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('确定');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'student' });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/login\/u\/logout\?courseurl=/);
    await page.getByTestId('logout-status').getByText('您已退出登录').waitFor();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.getByTestId('nav-sign-in').waitFor();
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'guest' });
  });
});

describe('student sign-in (mobile)', () => {
  it('signs in full width, shows the avatar and the personal centre under Mine', async () => {
    const student = await buildStudent(h.app, { name: '韩梅梅' });
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}`);

    // Logged out, Mine goes to sign-in with a return path.
    await page.getByTestId('mobile-tabs').getByRole('link', { name: '我的' }).click();
    await page.waitForURL(/\/login\/u\//);
    expect(new URL(page.url()).searchParams.get('return')).toBe(`/u/${h.school.hashUID}#/personalcenter`);
    const card = await page.locator('.auth-card').boundingBox();
    expect(card?.width).toBe(390);
    await screenshot(page, 'login-mobile');

    await submitLogin(page, student.username, 'wrong-password');
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/personalcenter`));
    await page.getByRole('heading', { name: '韩梅梅' }).waitFor();
    await expect(page.getByText(student.username, { exact: true }).isVisible()).resolves.toBe(true);

    await page.getByTestId('mobile-tabs').getByRole('link', { name: '首页' }).click();
    await page.getByTestId('home-greeting').getByText('你好，韩梅梅').waitFor();
    await expect(
      page.getByTestId('mobile-top-bar').getByRole('button', { name: '个人中心' }).isVisible(),
    ).resolves.toBe(true);

    // Log out from Mine on the phone.
    await page.getByTestId('mobile-tabs').getByRole('link', { name: '我的' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('logout-status').getByText('您已退出登录').waitFor();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await expect(whoAmI(page)).resolves.toMatchObject({ role: 'guest' });
    await expect(page.getByTestId('mobile-top-bar').getByText('登录').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('tells how long to wait after too many failed attempts', async () => {
    const student = await buildStudent(h.app);
    const context = await h.mobile();
    const page = await context.newPage();
    await page.goto(`/login/u/${h.school.hashUID}`);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitLogin(page, student.username, `wrong-${attempt}`);
      await page.getByTestId('login-submit').and(page.locator(':not([disabled])')).waitFor();
    }
    await submitLogin(page, student.username, student.password);
    await page
      .getByTestId('login-error')
      .getByText(/登录失败次数过多，请 \d+ 分钟后再试/)
      .waitFor();
    expect(page.url()).toContain('/login/u/');
  });
});
