/**
 * Orders in the online release (ver online) in Chromium: a student subscribes to a paid column through an order,
 * finds it under My orders (the dashboard entry, hidden in lan), asks an invoice, deletes and restores the entry;
 * the administrator on a phone filters the order list, issues the invoice, saves the payment settings and
 * lets a sub-administrator confirm payments.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login } from '../helpers/app';
import { expectToast } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, submitLogin, type Harness } from './harness';
import { signedInPage } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let column = { coid: '', code: '' };

const signedIn = (context: BrowserContext, cookie: string) => signedInPage(h, context, cookie);

beforeAll(async () => {
  h = await startHarness({ VER: 'online' });
  admin = await asAdmin(h);
  const instructions = '<p>财务室 302 缴费</p>';
  await admin('POST', '/paysetting/save', { enabled: true, instructions, timeout_hours: 24 });
  const coids: string[] = [];
  for (const title of ['专栏课一', '专栏课二']) {
    const { coid } = await admin<{ coid: string }>('POST', '/course/new', { title, catid: '0', type: 0, actual: 20 });
    await admin('POST', '/course/pub', { coid, pub: '1' });
    coids.push(coid);
  }
  column = await admin<{ coid: string; code: string }>('POST', '/column/new', { title: '安全专栏', actual: 30 });
  await admin('POST', '/column/courses', { column_id: column.coid, coids });
  await admin('POST', '/column/pub', { column_id: column.coid, pub: 1 });
}, 180_000);
afterAll(async () => h?.close());

describe('orders in the online release', () => {
  it('a student orders a paid column, sees it under My orders, asks an invoice, deletes and restores it', async () => {
    const made = await buildStudent(h.app, { name: '专栏同学' });
    const page = await signedIn(await h.desktop(), (await login(h.app, made)).cookie);
    const errors = pageErrors(page);
    await page.goto(`/u/column/${column.code}`);
    // columndiscount: ￥30 against its two courses at ￥20 each.
    await expect.poll(() => page.getByTestId('column-saving').textContent()).toBe('比单独购买 2 门课程节省 ￥10.00');
    await page.getByTestId('main-button').first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('订阅专栏');
    expect(await dialog.textContent()).toContain('￥30.00');
    await dialog.getByRole('button', { name: '提交订单' }).click();
    await page.getByTestId('pay-page').waitFor();
    const orderid = (await page.getByTestId('pay-number').textContent()) ?? '';
    expect(await page.getByTestId('pay-instructions').textContent()).toContain('财务室 302');
    await admin('POST', '/order/confirm', { orderid, amount_fen: 3000, way: 'cash' });
    await page.getByTestId('pay-paid').waitFor({ timeout: 15_000 });

    await page.goto('/dashboard#/controller/course');
    await page.getByTestId('dashboard-sidebar').getByText('我的订单').click();
    const mine = page.getByTestId('my-orders');
    const entry = mine.getByTestId('my-order').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('paid');
    expect(await entry.textContent()).toContain('安全专栏');
    await entry.getByRole('button', { name: '申请发票' }).click();
    const invoice = page.getByTestId('invoice-dialog');
    await invoice.getByLabel('发票抬头').fill('专栏同学');
    await invoice.getByLabel('接收邮箱').fill('student@example.cn');
    await invoice.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => entry.textContent()).toContain('发票：待处理');
    await screenshot(page, 'orders-mine-desktop');

    await entry.getByRole('button', { name: '删除' }).click();
    await expect.poll(() => mine.getByTestId('my-order').count()).toBe(0);
    await page.getByTestId('orders-toggle-deleted').click();
    await mine.getByTestId('my-order').first().getByRole('button', { name: '恢复' }).click();
    await expect.poll(() => mine.getByTestId('my-order').count()).toBe(0);
    await page.getByTestId('orders-toggle-deleted').click();
    await expect.poll(() => mine.getByTestId('my-order').count()).toBe(1);
    // Bought, the column page no longer offers the saving.
    await page.goto(`/u/column/${column.code}`);
    await expect.poll(() => page.locator('.intro-hero').getByTestId('main-button').textContent()).toBe('开始学习');
    expect(await page.getByTestId('column-saving').count()).toBe(0);

    // On a phone, My orders is an entry of the personal centre (online release).
    const phone = await signedIn(
      await h.mobile(),
      (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).find((c) => c.startsWith('y_main='))!,
    );
    await phone.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await phone.getByTestId('personal-entries').getByRole('link', { name: '我的订单' }).click();
    await expect.poll(() => phone.getByTestId('my-order').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the administrator on a phone filters, issues the invoice, saves settings, names a pay admin', async () => {
    const sub = await buildSubAdmin(h.app, ['setting'], { username: 'finance', password: 'finance-pass-1' });
    const page = await (await h.mobile()).newPage();
    const errors = pageErrors(page);
    // The online release serves the back office at /admin/ (lan: /learn/admin/).
    await page.goto('/admin/');
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-sidebar').waitFor();
    await page.goto('/admin/#/orders');
    await page.getByTestId('filter-status').selectOption('paid');
    await page.getByTestId('filter-search').click();
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('order-totals').textContent()).toContain('￥30.00');
    expect(await page.getByTestId('export-csv').getAttribute('href')).toContain('status=paid');
    await screenshot(page, 'orders-admin-list-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);

    await page.getByRole('button', { name: '发票申请' }).click();
    const invoice = page.getByTestId('invoice-row').first();
    await invoice.getByRole('button', { name: '标记已开具' }).click();
    await page.getByLabel('备注').fill('已发送电子发票');
    await page.getByRole('dialog').getByRole('button', { name: '标记已开具' }).click();
    await expect.poll(() => invoice.textContent()).toContain('已开具');

    await page.getByRole('button', { name: '支付设置' }).click();
    const form = page.getByTestId('pay-settings');
    await form.getByLabel('订单支付期限（小时）').fill('48');
    await form.getByTestId('pay-settings-save').click();
    await expectToast(page, '已保存');
    expect((await admin<{ timeout_hours: number }>('GET', '/paysetting/get')).timeout_hours).toBe(48);

    await page.getByRole('button', { name: '支付管理员' }).click();
    const finance = page.locator(`[data-testid="pay-admin-row"][data-id="${sub.id}"]`);
    // The box turns at once: the request is held until the box is checked, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admins/payadmins/add', async (route) => {
      await held;
      await route.continue();
    });
    await finance.getByRole('checkbox').check();
    release();
    await expect
      .poll(async () => {
        const list = await admin<{ list: { id: string; pay_admin: boolean }[] }>('GET', '/admins/payadminslist');
        return list.list.find((row) => row.id === sub.id)?.pay_admin;
      })
      .toBe(true);
    await screenshot(page, 'orders-admin-payadmins-phone');

    // Both changes are in the change history, newest first, with who made them.
    await page.getByRole('button', { name: '变更记录' }).click();
    const trail = page.getByTestId('settings-trail-row');
    await expect.poll(() => trail.count()).toBeGreaterThanOrEqual(2);
    expect(await trail.nth(0).getAttribute('data-action')).toBe('payadmin.add');
    expect(await trail.nth(0).textContent()).toContain('设为支付管理员');
    expect(await trail.nth(1).getAttribute('data-action')).toBe('paysetting.save');
    expect(await trail.nth(1).textContent()).toMatch(/付款时限（小时）：\d+ → 48/);
    await screenshot(page, 'orders-admin-trail-phone');
    expect(errors).toEqual([]);
  });
});
