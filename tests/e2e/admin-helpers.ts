/**
 * Helpers of the back-office browser tests: sign in through the admin form, call the API as an
 * administrator for test data, and wait for toasts and confirm dialogs.
 */
import type { Page } from 'playwright-core';
import { ADMIN, login, type TestApp } from '../helpers/app';
import { submitLogin } from './harness';

export const ADMIN_PATH = '/learn/admin/';

/** Signs in at /learn/admin/ with the form and waits for the back office, then opens the hash route. */
export async function signInAdmin(
  page: Page,
  account: { username: string; password: string } = ADMIN,
  route = '/',
): Promise<void> {
  await page.goto(ADMIN_PATH);
  await submitLogin(page, account.username, account.password);
  await page.getByTestId('admin-sidebar').waitFor();
  if (route !== '/') await page.goto(`${ADMIN_PATH}#${route}`);
}

/** An administrator's API caller for test data (POST with a body, GET without). */
export async function adminApi(app: TestApp, account: { username: string; password: string } = ADMIN) {
  const { cookie } = await login(app, { ...account, role: 'admin' });
  return async <T = unknown>(
    url: string,
    payload?: unknown,
  ): Promise<{ statusCode: number; body: { status: string; error: string | null; data: T } }> => {
    const res = await app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/${url}`,
      payload: payload as never,
      headers: { cookie, accept: 'application/json' },
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
}

/** Waits for a toast with the text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The text of the open confirm dialog, after which its OK (or cancel) button is pressed. */
export async function answerConfirm(page: Page, ok: boolean): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const text = (await dialog.locator('.dialog-text').textContent()) ?? '';
  await dialog
    .locator('.dialog-actions .btn')
    .nth(ok ? -1 : 0)
    .click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}
