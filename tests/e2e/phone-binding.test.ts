/**
 * The messaging-app browser, phone binding and the mini-program in Chromium (issue 19). A guest opening the
 * school in the messaging app's browser (user agent override, phone viewport) while the school has a registerWay
 * is sent to the bind flow's sign-in with a return path, comes back signed in, and binds a phone with the code
 * an administrator reads in the back office (no SMS gateway). The bind overlay checks every 4 s (the page's clock
 * is driven; each step waits for the server's answer) and shows the QR-expired state after more than 20 checks;
 * a binding made elsewhere closes it. isMiniprogram=1 hides the phone's top bar for the web view's tab.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIND_POLL } from '../../shared/rules/phone-codes';
import { buildStudent, login } from '../helpers/app';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { atPath, pageErrors, startHarness, submitLogin, type Harness } from './harness';
import { signedInPage, viewportShot } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let home = '';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  home = `/u/${h.school.hashUID}`;
}, 180_000);
afterAll(async () => h?.close());

/** The code the administrator reads out for a number, from the back office's list (student settings page). */
async function codeFromBackOffice(phone: string): Promise<string> {
  const page = await (await h.desktop()).newPage();
  await signInAdmin(page, undefined, '/student-settings');
  const row = page.locator(`[data-testid="pending-code"][data-phone="${phone}"]`);
  await row.waitFor();
  const code = (await row.getByTestId('pending-code-value').textContent()) ?? '';
  await page.context().close();
  return code;
}

/** One check of the overlay: the page's clock runs 4 s and the server answers; the count shows on the overlay. */
async function nextPoll(page: Page, count: number): Promise<void> {
  const answered = page.waitForResponse((res) => res.url().includes('/stu/wechat/bind'));
  await page.clock.runFor(BIND_POLL.intervalMs);
  await answered;
  await page.locator(`[data-testid="bind-overlay"][data-polls="${count}"]`).waitFor();
}

describe('messaging-app browser', () => {
  it('the administrator names the bind flow and the QR image on the student settings screen', async () => {
    const page = await (await h.desktop()).newPage();
    await signInAdmin(page, undefined, '/student-settings');
    await page.getByTestId('student-settings-page').locator('form').waitFor();
    await page.locator('[data-field="registerWay"] input').fill('phone');
    await page.locator('[data-field="path"] input').fill('/favicon.svg');
    expect(await page.locator('[data-field="bindWechat"] input').isChecked()).toBe(false);
    await page.getByTestId('save-student-settings').click();
    await expectToast(page, '保存成功');
    expect(await admin('GET', '/student/setting')).toMatchObject({
      registerWay: 'phone',
      path: '/favicon.svg',
      bindWechat: false,
    });
    await page.getByTestId('pending-codes').waitFor();
    await page.context().close();
  });

  it('a guest goes through the bind flow, signs in, comes back and binds a phone with the code', async () => {
    const made = await buildStudent(h.app, { name: '微信同学' });
    const context = await h.mobile({ userAgent: WECHAT_UA });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${home}#/courselist/0`);
    await page.waitForURL((url) => url.pathname === `/login/u/${h.school.hashUID}`);
    const url = new URL(page.url());
    expect(url.searchParams.get('bind')).toBe('1');
    expect(url.searchParams.get('return')).toBe(`${home}#/courselist/0`);
    await page.getByTestId('bind-flow-hint').waitFor();
    await submitLogin(page, made.username, made.password);
    await page.waitForURL(atPath(`${home}#/courselist/0`));

    // Back on the page, signed in: the overlay asks for the phone.
    const overlay = page.getByTestId('bind-overlay');
    await overlay.waitFor();
    await page.getByTestId('bind-phone').fill('13900001111');
    await page.getByTestId('bind-send').click();
    await page.getByTestId('bind-note').waitFor();
    expect(await page.getByTestId('bind-note').textContent()).toContain('管理员');
    expect(await page.getByTestId('bind-send').isDisabled()).toBe(true);
    const code = await codeFromBackOffice('13900001111');
    expect(code).toMatch(/^\d{6}$/);

    await page.getByTestId('bind-code').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('bind-error').waitFor();
    expect(await page.getByTestId('bind-error').textContent()).toBe('验证码不正确');
    await viewportShot(page, 'bind-overlay-phone');
    await page.getByTestId('bind-code').fill(code);
    await page.getByTestId('bind-submit').click();
    await overlay.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('mobile-top-bar').waitFor();
    expect(await overlay.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the overlay checks every 4 s, shows the QR expired after more than 20 checks, and closes once bound', async () => {
    await admin('POST', '/student/setting', { registerWay: '', bindWechat: true, path: '/favicon.svg' });
    const made = await buildStudent(h.app, { name: '扫码同学' });
    const { cookie } = await login(h.app, made);
    const context = await h.mobile();
    const page = await signedInPage(h, context, cookie);
    await page.clock.install();
    await page.goto(home);
    const overlay = page.locator('[data-testid="bind-overlay"][data-polls="0"]');
    await overlay.waitFor();
    await page.getByTestId('bind-qr').waitFor();
    for (let n = 1; n <= BIND_POLL.maxPolls; n++) await nextPoll(page, n);
    expect(await page.getByTestId('bind-expired').count()).toBe(0);
    await nextPoll(page, BIND_POLL.maxPolls + 1);
    await page.getByTestId('bind-expired').waitFor();
    expect(await page.getByTestId('bind-qr').count()).toBe(0);
    await viewportShot(page, 'bind-overlay-expired');
    // No more checks once expired: the clock runs on and nothing is asked.
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/stu/wechat/bind')) asked++;
    });
    await page.clock.runFor(BIND_POLL.intervalMs * 3);
    expect(asked).toBe(0);

    // Refresh starts again; a binding made elsewhere (here through the calls) closes the overlay at the next check.
    await page.getByTestId('bind-refresh').click();
    await page.locator('[data-testid="bind-overlay"][data-polls="0"]').waitFor();
    await page.getByTestId('bind-qr').waitFor();
    const student = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await h.app.inject({ method, url, payload, headers: { cookie } })).json();
    expect((await student('POST', '/stu/bindPhoneNum', { phone: '13900002222' })).status).toBe('ok');
    const { list } = (await admin<{ list: { phone: string; code: string }[] }>('GET', '/student/phoneCodes')) ?? {};
    const code = list.find((c) => c.phone === '13900002222')?.code ?? '';
    expect((await student('POST', '/stu/checkVerification', { phone: '13900002222', code })).data).toEqual({
      bind: true,
      phone: '13900002222',
    });
    const answered = page.waitForResponse((res) => res.url().includes('/stu/wechat/bind'));
    await page.clock.runFor(BIND_POLL.intervalMs);
    await answered;
    await page.getByTestId('bind-overlay').waitFor({ state: 'detached' });
  });
});

describe('mini-program web view', () => {
  it('isMiniprogram=1 hides the phone top bar, on this page and the next pages of the tab', async () => {
    await admin('POST', '/student/setting', { registerWay: '', bindWechat: false, path: '' });
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${home}?isMiniprogram=1`);
    await page.getByTestId('mobile-tabbar').or(page.locator('.m-main')).first().waitFor();
    expect(await page.getByTestId('mobile-top-bar').count()).toBe(0);
    // The page starts at the top of the web view (no room kept for the bar).
    const top = await page.locator('.m-main').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
    // A page reached without the parameter in the same web view keeps it hidden.
    await page.goto(`${home}#/courselist/0`);
    await page.locator('.m-main').waitFor();
    expect(await page.getByTestId('mobile-top-bar').count()).toBe(0);
    await viewportShot(page, 'miniprogram-courselist');
    // isMiniprogram=0 forgets it.
    await page.goto(`${home}?isMiniprogram=0`);
    await page.getByTestId('mobile-top-bar').waitFor();
    // Another browser (a new context) shows the bar.
    const other = await (await h.mobile()).newPage();
    await other.goto(home);
    await other.getByTestId('mobile-top-bar').waitFor();
    expect(errors).toEqual([]);
  });
});
