/**
 * Single sign-on with OpenID Connect in Chromium (issue 19): an administrator sets the school's provider up in
 * the back office (Test discovery, save); a student clicks 'Sign in with Campus ID' on the sign-in page, goes
 * through the provider's own login and consent pages (oidc-provider, started on another loopback port) and
 * comes back signed in, in the mapped group; logging out ends the session and passes by the provider's end
 * session page back to the sign-in page. On a phone, with SSO required for students, the page shows only the
 * SSO button; staff sign in through the provider into their existing administrator.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStudentByUsername, insertGroup, studentGroupIds } from '../../server/modules/auth/accounts.repository';
import { startProvider } from '../helpers/oidc-provider';
import { ADMIN_PATH, adminApi, expectToast, signInAdmin } from './admin-helpers';
import { atPath, pageErrors, screenshot, startHarness, whoAmI, type Harness } from './harness';

let h: Harness;
let idp: Awaited<ReturnType<typeof startProvider>>;
let maths = '';
let loginPath = '';

/** The provider's own pages: its login form (any password) and its consent page. */
async function atProvider(page: Page, sub: string): Promise<void> {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

beforeAll(async () => {
  h = await startHarness();
  loginPath = `/login/u/${h.school.hashUID}`;
  idp = await startProvider({
    redirectUris: [`${h.baseURL}/sso/oidc/callback`],
    logoutUris: [`${h.baseURL}${loginPath}`, `${h.baseURL}${ADMIN_PATH}`],
    people: [
      { sub: 'sub-ana', claims: { preferred_username: 'ana', name: '安娜', groups: ['maths-101'] } },
      { sub: 'sub-bo', claims: { preferred_username: 'bo', name: '波波', groups: [] } },
      { sub: 'sub-head', claims: { preferred_username: 'admin', name: 'Head' } },
    ],
  });
  maths = h.app.ctx.ids.next();
  await insertGroup(h.app.ctx.db, {
    id: maths,
    schoolId: h.school.id,
    parentId: null,
    name: '数学组',
    position: 0,
    createdAt: Date.now(),
  });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await idp?.close();
});

describe('single sign-on in the browser', () => {
  it('the administrator sets the provider up: Test discovery, then save', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/oidc');
    await page.getByTestId('oidc-form').waitFor();
    await expect.poll(() => page.getByTestId('oidc-redirectUri').inputValue()).toBe(`${h.baseURL}/sso/oidc/callback`);
    await page.getByTestId('oidc-enabled').check();
    await page.getByTestId('oidc-name').fill('Campus ID');
    await page.getByTestId('oidc-issuer').fill(idp.issuer);
    await page.getByTestId('oidc-clientId').fill('lanxue');
    await page.getByTestId('oidc-clientSecret').fill('lanxue-secret');
    await page.getByRole('button', { name: /添加映射/ }).click();
    await page.getByLabel('分组声明的值').fill('maths-101');
    await page.getByLabel('学员分组').selectOption(maths);
    await page.getByTestId('oidc-test').click();
    await expect.poll(() => page.getByTestId('oidc-test-result').getAttribute('data-ok')).toBe('true');
    await page.getByTestId('oidc-save').click();
    await expectToast(page, '已保存');
    await screenshot(page, 'oidc-settings');
    expect(errors).toEqual([]);
  });

  it('a student signs in through the provider on a desktop, lands in the mapped group, and logs out', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await page.goto(loginPath);
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('sso-button').click();
    await atProvider(page, 'sub-ana');
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    expect(await whoAmI(page)).toMatchObject({ role: 'student', userData: { sname: '安娜' } });
    const ana = (await findStudentByUsername(h.app.ctx.db, h.school.id, 'ana'))!;
    expect(await studentGroupIds(h.app.ctx.db, ana.id)).toEqual([maths]);
    await screenshot(page, 'oidc-signed-in');
    // Logout: the session ends, the provider's end-session page, then back to the sign-in page.
    await page.goto('/login/u/logout');
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('button[name="logout"][value="yes"]').click();
    await page.waitForURL(atPath(loginPath));
    expect((await whoAmI(page)).role).toBe('guest');
    expect(errors).toEqual([]);
  });

  it('on a phone, with SSO required for students, the page shows only the SSO button', async () => {
    const api = await adminApi(h.app);
    const saved = (await api('oidc/settings')).body.data as Record<string, unknown>;
    const { clientSecretSet: _s, redirectUri: _r, ...config } = saved;
    expect((await api('oidc/settings', { ...config, studentsRequired: true, staffAllowed: true })).statusCode).toBe(
      200,
    );
    const page = await (await h.mobile()).newPage();
    const errors = pageErrors(page);
    await page.goto(loginPath);
    await page.getByTestId('sso-required').waitFor();
    expect(await page.getByTestId('login-form').count()).toBe(0);
    await screenshot(page, 'oidc-required-phone');
    await page.getByTestId('sso-button').click();
    await atProvider(page, 'sub-bo');
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    expect(await whoAmI(page)).toMatchObject({ role: 'student', userData: { sname: '波波' } });
    expect(errors).toEqual([]);
  });

  it('staff sign in through the provider into their existing administrator', async () => {
    const page = await (await h.desktop()).newPage();
    await page.goto(ADMIN_PATH);
    await page.getByTestId('sso-button').click();
    await atProvider(page, 'sub-head');
    await page.getByTestId('admin-sidebar').waitFor();
    expect((await whoAmI(page)).role).toBe('admin');
  });
});
