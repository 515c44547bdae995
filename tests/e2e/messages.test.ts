/**
 * Private messages in Chromium (issue 16): on a desktop a student finds My messages in the dashboard, writes to
 * the main admin (a link in the text is a safe link, markup stays text); the administrator sees the unread
 * count, opens the conversation (the count goes down), answers; the student sees the unread mark and reads it
 * (the mark goes). On a phone the same exchange from the personal centre and the back office's /messages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateMessages } from '../../server/db/schema';
import { injectAs } from '../helpers/kit';
import { expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signIn, signedInStudent } from './learn-helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 180_000);
afterAll(async () => h?.close());

/** The student's unread messages as the server has them. */
async function unreadOf(cookie: string): Promise<number> {
  const res = await injectAs(h.app, cookie).get('/privatemessage');
  return (res.json() as { data: { noreadcount: number } }).data.noreadcount;
}

/** Sends the composer's text in an open thread. */
async function write(page: Page, text: string) {
  await page.getByTestId('pm-input').fill(text);
  await page.getByTestId('pm-send').click();
  await expect.poll(() => page.getByTestId('pm-input').inputValue()).toBe('');
}

describe('private messages', () => {
  it('desktop: a student writes to the admin, the admin reads and answers, unread counts go down', async () => {
    const s = await signedInStudent(h, '私信学员');
    const context = await h.desktop();
    await signIn(h, context, s.cookie);
    const student = await context.newPage();
    const errors = pageErrors(student);
    await student.goto('/dashboard#/controller');
    await student.getByTestId('dashboard-sidebar').getByText('我的私信').click();
    await student.getByRole('heading', { name: '我的私信' }).waitFor();
    await student.getByTestId('pm-empty').waitFor();
    await student.getByTestId('pm-new-open').click();
    await student.getByTestId('pm-contact').first().click();
    await student.getByTestId('pm-thread').waitFor();
    // Too long: the rule says so before anything is sent.
    await student.getByTestId('pm-input').fill('字'.repeat(1001));
    expect(await student.locator('.pm-counter').textContent()).toBe('1001/1000');
    await student.getByTestId('pm-send').click();
    await expectToast(student, '私信不能超过 1000 个字');
    await write(student, '老师好 <b>不是粗体</b> 资料在 https://example.com/notes 吗？');
    const mine = student.getByTestId('pm-message');
    await expect.poll(() => mine.count()).toBe(1);
    const link = mine.getByTestId('pm-link');
    expect(await link.getAttribute('href')).toBe('https://example.com/notes');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await mine.locator('b').count()).toBe(0);
    expect(await mine.getByTestId('pm-text').textContent()).toContain('<b>不是粗体</b>');
    await expect.poll(() => student.getByTestId('pm-conversation').count()).toBe(1);
    await screenshot(student, 'messages-student-desktop');

    const admin = await (await h.desktop()).newPage();
    const adminErrors = pageErrors(admin);
    await signInAdmin(admin, undefined, '/messages');
    await expect.poll(() => admin.getByTestId('admin-unread').getAttribute('data-count')).toBe('1');
    const conversation = admin.getByTestId('pm-conversation').first();
    expect(await conversation.getByTestId('pm-unread').textContent()).toBe('1 条未读');
    await conversation.click();
    await admin.getByTestId('pm-thread').waitFor();
    // Opening it reads it: the counts go down.
    await expect.poll(() => admin.getByTestId('admin-unread').getAttribute('data-count')).toBe('0');
    await expect.poll(() => conversation.getByTestId('pm-unread').count()).toBe(0);
    await write(admin, '在的，请查收。');
    await expect.poll(() => admin.getByTestId('pm-message').count()).toBe(2);
    await screenshot(admin, 'messages-admin-desktop');

    expect(await unreadOf(s.cookie)).toBe(1);
    // The dashboard's entry carries the unread count; it leads to the conversations.
    await student.goto('/dashboard#/controller');
    const entry = student.getByTestId('dashboard-sidebar').locator('.dash-entry', { hasText: '我的私信' });
    await expect.poll(() => entry.getByTestId('notice-badge').textContent()).toBe('1');
    await entry.click();
    const studentConversation = student.getByTestId('pm-conversation').first();
    await expect.poll(() => studentConversation.getByTestId('pm-unread').textContent()).toBe('1 条未读');
    expect(await student.getByTestId('pm-unread-total').textContent()).toBe('未读 1');
    await studentConversation.click();
    await expect.poll(() => student.getByTestId('pm-message').count()).toBe(2);
    await expect.poll(() => studentConversation.getByTestId('pm-unread').count()).toBe(0);
    await expect.poll(() => student.getByTestId('pm-unread-total').count()).toBe(0);
    expect(await unreadOf(s.cookie)).toBe(0);
    expect(await student.getByTestId('pm-message').last().getAttribute('data-mine')).toBe('0');

    // The administrator removes the student's message (confirmed): it is gone for both sides.
    const theirs = admin.getByTestId('pm-message').filter({ hasText: '老师好' });
    await theirs.getByTestId('pm-remove').click();
    await admin.getByRole('alertdialog').locator('.dialog-actions .btn').last().click();
    await expectToast(admin, '私信已删除');
    await expect.poll(() => admin.getByTestId('pm-message').count()).toBe(1);
    const left = (await h.app.ctx.db.select().from(privateMessages)).filter(
      (row) => row.senderId === s.id || row.recipientId === s.id,
    );
    expect(left.map((row) => row.body)).toEqual(['在的，请查收。']);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('phone: from the personal centre to a thread and back; the admin answers on a phone', async () => {
    const s = await signedInStudent(h, '手机私信学员');
    const context = await h.mobile();
    await signIn(h, context, s.cookie);
    const phone = await context.newPage();
    const errors = pageErrors(phone);
    await phone.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await phone.getByTestId('personal-entries').getByText('我的私信').click();
    await phone.waitForURL((url) => url.hash === '#/privatemessage');
    await phone.getByTestId('pm-new-open').click();
    // On a phone the list gives way to the picker and the thread.
    expect(await phone.locator('.pm-side').count()).toBe(0);
    await phone.getByTestId('pm-contact').first().click();
    await write(phone, '手机上问个问题');
    await expect.poll(() => phone.getByTestId('pm-message').count()).toBe(1);
    await screenshot(phone, 'messages-student-phone');
    await phone.getByTestId('pm-back').click();
    await expect.poll(() => phone.getByTestId('pm-conversation').count()).toBe(1);

    const admin = await (await h.mobile()).newPage();
    const adminErrors = pageErrors(admin);
    await signInAdmin(admin, undefined, '/messages');
    const conversation = admin.locator(`[data-testid="pm-conversation"][data-friendid="${s.id}"]`);
    expect(await conversation.getByTestId('pm-unread').textContent()).toBe('1 条未读');
    await conversation.click();
    await expect.poll(() => admin.getByTestId('pm-message').count()).toBe(1);
    await write(admin, '手机上回复你');
    await expect.poll(() => admin.getByTestId('pm-message').count()).toBe(2);
    await screenshot(admin, 'messages-admin-phone');
    await admin.getByTestId('pm-back').click();
    await expect.poll(() => admin.getByTestId('admin-unread').getAttribute('data-count')).toBe('0');

    await phone.reload();
    const mine = phone.getByTestId('pm-conversation').first();
    await expect.poll(() => mine.getByTestId('pm-unread').textContent()).toBe('1 条未读');
    await mine.click();
    await expect.poll(() => phone.getByTestId('pm-message').count()).toBe(2);
    await expect.poll(() => unreadOf(s.cookie)).toBe(0);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
