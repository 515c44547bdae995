import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent } from '../helpers/app';
import { atPath, pageErrors, startHarness, submitLogin, whoAmI, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Shortens the 30 s session poll for the test (read once when the app starts). */
const FAST_POLL = () => {
  window.__LANXUE_POLL_MS__ = 500;
};

describe('repeated-login poll', () => {
  it.each([
    ['desktop', 'mobile'],
    ['mobile', 'desktop'],
  ] as const)(
    'shows the repeated-login dialog to the first browser (%s) when the same student signs in elsewhere (%s)',
    async (firstKind, secondKind) => {
      const student = await buildStudent(h.app, { name: '赵同学' });
      const first = await h[firstKind]();
      const second = await h[secondKind]();
      await first.addInitScript(FAST_POLL);
      await second.addInitScript(FAST_POLL);

      const pageA = await first.newPage();
      const errors = pageErrors(pageA);
      const polls: number[] = [];
      pageA.on(
        'response',
        (response) => response.url().endsWith('/checkStudent/login') && polls.push(response.status()),
      );
      await pageA.goto(`/login/u/${h.school.hashUID}`);
      await submitLogin(pageA, student.username, student.password);
      await pageA.waitForURL(atPath(`/u/${h.school.hashUID}`));
      await pageA.getByTestId('home-greeting').getByText('你好，赵同学').waitFor();

      // The poll runs and finds the session standing: no dialog.
      await expect.poll(() => polls.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      expect(polls.every((status) => status === 200)).toBe(true);
      await expect(pageA.getByRole('alertdialog').count()).resolves.toBe(0);

      const pageB = await second.newPage();
      await pageB.goto(`/login/u/${h.school.hashUID}`);
      await submitLogin(pageB, student.username, student.password);
      await pageB.waitForURL(atPath(`/u/${h.school.hashUID}`));

      const dialog = pageA.getByRole('alertdialog');
      await dialog.waitFor({ timeout: 5000 });
      await expect(dialog.getByRole('heading').textContent()).resolves.toBe('重复登录');
      await expect(dialog.textContent()).resolves.toContain('您的账号已在其他地方登录，当前登录已失效。');
      await expect(dialog.getByRole('button').count()).resolves.toBe(1);
      await expect(pageA.evaluate(() => document.activeElement?.textContent)).resolves.toBe('重新登录');
      await expect(whoAmI(pageA)).resolves.toMatchObject({ role: 'guest' });

      await dialog.getByRole('button', { name: '重新登录' }).click();
      await pageA.waitForURL(/\/login\/u\/[^?]+\?return=/);
      expect(new URL(pageA.url()).searchParams.get('return')).toBe(`/u/${h.school.hashUID}`);
      await pageA.getByTestId('login-form').waitFor();

      // The newer session is the one that stays: two more of its own polls find it standing.
      for (let i = 0; i < 2; i++) {
        const poll = await pageB.waitForResponse((response) => response.url().endsWith('/checkStudent/login'));
        expect(poll.status()).toBe(200);
      }
      await expect(pageB.getByRole('alertdialog').count()).resolves.toBe(0);
      await expect(whoAmI(pageB)).resolves.toMatchObject({ role: 'student', userData: { sname: '赵同学' } });
      expect(errors).toEqual([]);
    },
  );

  it('reloads the page when the poll fails for another reason (session ended by logout elsewhere in the same browser)', async () => {
    const student = await buildStudent(h.app);
    const context = await h.desktop();
    await context.addInitScript(FAST_POLL);
    const page = await context.newPage();
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.getByTestId('user-menu').waitFor();

    // End the session behind the page's back (another tab logging out): the next poll gets 'no login'.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const other = await context.newPage();
    await other.goto(`/login/u/logout?courseurl=/login/u/${h.school.hashUID}`);
    await other.getByTestId('logout-status').getByText('您已退出登录').waitFor();

    await expect.poll(() => loads.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    await page.getByTestId('nav-sign-in').waitFor();
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
  });
});
