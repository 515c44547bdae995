/**
 * Announcements and system notices in Chromium (issue 16): an administrator writes a pinned announcement for a
 * group in the back office and publishes it; a member of the group sees it once in the announcement modal on
 * entering the site (desktop and phone; not again after a reload) and a student outside the group never does;
 * the back office counts who viewed it. A granted course shows on the systemnotice page, and the top bar's
 * badge drops when the notice is read (desktop: opened; phone: mark all read).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, login } from '../helpers/app';
import { expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInPage } from './learn-helpers';
import { sqlRun } from '../helpers/sql';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let home = '';
let coid = '';
const students: Record<'member' | 'phoneMember' | 'outsider', { id: string; cookie: string }> = {
  member: { id: '', cookie: '' },
  phoneMember: { id: '', cookie: '' },
  outsider: { id: '', cookie: '' },
};

const signedIn = (context: BrowserContext, cookie: string) => signedInPage(h, context, cookie);

/**
 * Opens the school home page and waits for the badges' counts; when they say an announcement is not viewed, for
 * the announcements too (the modal asks for them only then).
 */
async function enter(page: Page): Promise<void> {
  const counted = page.waitForResponse((res) => res.url().includes('/notice/unread') && res.ok());
  const listed = page.waitForResponse((res) => res.url().includes('/systemAnnouncement/list') && res.ok());
  listed.catch(() => undefined);
  await page.goto(home);
  // The counts are asked again from the page: Chromium may drop a response's body before the test reads it.
  const url = (await counted).url();
  const counts = (await page.evaluate(
    async (at) => (await (await fetch(at, { headers: { accept: 'application/json' } })).json()).data,
    url,
  )) as { announcements: number };
  if (counts.announcements > 0) await listed;
  await page.getByTestId('home-page').or(page.locator('main')).first().waitFor();
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  home = `/u/${h.school.hashUID}`;
  const member = await buildStudent(h.app, { name: '一班同学', groups: ['一班'] });
  const phoneMember = await buildStudent(h.app, { name: '一班手机' });
  const outsider = await buildStudent(h.app, { name: '二班同学', groups: ['二班'] });
  // The phone member joins 一班 too.
  await sqlRun(
    h.app,
    'insert into student_group_members (student_id, group_id) values (?, ?) on conflict do nothing',
    phoneMember.id,
    member.groupIds[0],
  );
  for (const [key, made] of Object.entries({ member, phoneMember, outsider }))
    students[key as keyof typeof students] = { id: made.id, cookie: (await login(h.app, made)).cookie };
  ({ coid } = await admin<{ coid: string }>('POST', '/course/new', { title: '消防安全', catid: '0', type: 0 }));
  await admin('POST', '/course/pub', { coid, pub: '1' });
}, 180_000);
afterAll(async () => h?.close());

describe('announcements', () => {
  it('the administrator publishes a pinned announcement to a group from the back office', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/announcements');
    await page.getByTestId('announcements-page').waitFor();
    await page.getByTestId('new-announcement').click();
    await page.getByTestId('announcement-title-input').fill('期末考试安排');
    await page.getByTestId('create-announcement').getByRole('button', { name: '保存' }).click();
    const editor = page.getByTestId('announcement-editor');
    await editor.waitFor();
    await editor.getByTestId('audience-groups').check();
    await editor.getByTestId('announcement-groups').getByLabel('一班').check();
    await editor.getByLabel('置顶').check();
    await editor.locator('[contenteditable]').click();
    await page.keyboard.type('请一班同学周五上午九点到三楼考场。');
    await page.getByTestId('save-announcement').click();
    await expectToast(page, '公告已保存');
    await page.getByTestId('toggle-publish').click();
    await expectToast(page, '公告已发布');
    await expect.poll(() => editor.getByTestId('announcement-state').getAttribute('data-state')).toBe('showing');
    await expect.poll(() => editor.getByTestId('announcement-viewed').textContent()).toBe('0 / 2');
    await screenshot(page, 'announcements-admin-editor');
    expect(errors).toEqual([]);
  });

  it('a member sees it once in the modal (480 wide on a desktop); not again after a reload', async () => {
    const page = await signedIn(await h.desktop(), students.member.cookie);
    const errors = pageErrors(page);
    await enter(page);
    const modal = page.getByTestId('announcement-modal');
    await modal.waitFor();
    await expect.poll(() => modal.getByRole('heading').textContent()).toBe('期末考试安排');
    expect(await modal.getByTestId('announcement-modal-text').textContent()).toContain('三楼考场');
    const box = await modal.boundingBox();
    expect(box?.width).toBe(480);
    expect(box?.height).toBeLessThanOrEqual(700);
    await screenshot(page, 'announcements-modal-desktop');
    const viewed = page.waitForResponse((res) => res.url().includes('/systemAnnouncement/viewed') && res.ok());
    await modal.getByTestId('announcement-close').click();
    await viewed;
    await modal.waitFor({ state: 'detached' });
    await enter(page);
    expect(await page.getByTestId('announcement-modal').count()).toBe(0);
    // The personal centre lists it, viewed.
    await page.goto(`${home}#/personalcenter`);
    const item = page.getByTestId('announcement-list').getByTestId('announcement-item').first();
    await expect.poll(() => item.textContent()).toContain('期末考试安排');
    expect(await item.getAttribute('class')).not.toContain('is-unread');
    expect(errors).toEqual([]);
  });

  it('a member on a phone sees it full width once; a student outside the group never does', async () => {
    const page = await signedIn(await h.mobile(), students.phoneMember.cookie);
    await enter(page);
    const modal = page.getByTestId('announcement-modal');
    await modal.waitFor();
    const box = await modal.boundingBox();
    expect(box?.width).toBe(390);
    await screenshot(page, 'announcements-modal-phone');
    const viewed = page.waitForResponse((res) => res.url().includes('/systemAnnouncement/viewed') && res.ok());
    await modal.getByTestId('announcement-close').click();
    await viewed;
    await modal.waitFor({ state: 'detached' });
    await enter(page);
    expect(await page.getByTestId('announcement-modal').count()).toBe(0);

    for (const open of [() => h.desktop(), () => h.mobile()]) {
      const outsider = await signedIn(await open(), students.outsider.cookie);
      await enter(outsider);
      expect(await outsider.getByTestId('announcement-modal').count()).toBe(0);
    }
  });

  it('the back office counts the two members who viewed it', async () => {
    const page = await (await h.desktop()).newPage();
    await signInAdmin(page, undefined, '/announcements');
    const row = page.getByTestId('announcement-row').filter({ hasText: '期末考试安排' });
    await expect.poll(() => row.getByTestId('announcement-viewed').textContent()).toBe('2 / 2');
  });
});

describe('system notices', () => {
  it('desktop: a granted course shows on the systemnotice page; opening it clears the top bar badge', async () => {
    await admin('POST', '/grant/add', { kind: 'course', id: coid, sids: [students.member.id], gids: [] });
    const page = await signedIn(await h.desktop(), students.member.cookie);
    const errors = pageErrors(page);
    await page.goto(`${home}#/personalcenter`);
    const badge = page.locator('.d-nav').getByTestId('notice-badge');
    await expect.poll(() => badge.textContent()).toBe('1');
    await page.locator('.d-nav .notice-bell').click();
    const row = page.getByTestId('notice-row').first();
    await expect.poll(() => row.textContent()).toContain('你已获得「消防安全」');
    expect(await row.getAttribute('data-read')).toBe('false');
    await screenshot(page, 'notices-desktop');
    await row.click();
    await page.waitForURL((url) => url.pathname.startsWith('/course/'));
    await page.locator('.d-nav').waitFor();
    await expect.poll(() => page.locator('.d-nav').getByTestId('notice-badge').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('phone: the badge counts the notices and Mark all as read clears it', async () => {
    await admin('POST', '/grant/add', { kind: 'course', id: coid, sids: [students.outsider.id], gids: [] });
    const page = await signedIn(await h.mobile(), students.outsider.cookie);
    await page.goto(`${home}#/systemnotice`);
    const badge = page.getByTestId('mobile-top-bar').getByTestId('notice-badge');
    await expect.poll(() => badge.textContent()).toBe('1');
    await page.getByTestId('notice-row').first().waitFor();
    await screenshot(page, 'notices-phone');
    await page.getByTestId('notice-read-all').click();
    await expectToast(page, '已全部标为已读');
    await expect.poll(() => badge.count()).toBe(0);
    expect(await page.getByTestId('notice-row').first().getAttribute('data-read')).toBe('true');
  });
});
