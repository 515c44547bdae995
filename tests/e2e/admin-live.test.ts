/**
 * Live teaching's back office in Chromium (issue 17 'Back office'), on a desktop and a phone: the 直播 entry of
 * the sidebar, scheduling a session of a live course, the OBS server address and stream key with their copy
 * buttons, rotating the key (it changes), the attendance table with rows and its XLSX export, the month's
 * bill, and the 'live not available' banner when the live server does not answer its health check.
 * The live server is a stand-in that only answers /health (the streaming itself is the hooks part's test).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveAttendance } from '../../server/db/schema';
import { forgetLiveServerHealth } from '../../server/modules/live/live-server';
import { buildStudent } from '../helpers/app';
import { answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

const RTMP = 'rtmp://live.school.test:1935/live';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
let health: http.Server;
let healthy = true;
let coid = '';

beforeAll(async () => {
  // The live server's stand-in: /health answers 200 while `healthy`, 503 otherwise.
  health = http.createServer((req, res) => {
    res.statusCode = req.url === '/health' && healthy ? 200 : 503;
    res.end();
  });
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  const { port } = health.address() as AddressInfo;
  forgetLiveServerHealth();
  h = await startHarness({ LIVE_SERVER_URL: `http://127.0.0.1:${port}`, LIVE_RTMP_URL: RTMP, LIVE_SECRET: 'e2e' });
  admin = await asAdmin(h);
  ({ coid } = await admin<{ coid: string }>('POST', '/course/new', { title: '直播英语', catid: '0', type: 1 }));
}, 180_000);
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => health?.close(resolve));
});

/** Schedules a session from the list screen and waits for its panel; answers the stream key shown. */
async function schedule(page: Page, title: string): Promise<string> {
  await page.getByTestId('live-page').waitFor();
  await page.getByTestId('live-new').click();
  const form = page.getByTestId('live-session-form');
  await form.waitFor();
  await expect(form.getByTestId('live-course').inputValue()).resolves.toBe(coid);
  await form.getByTestId('live-title').fill(title);
  // The end before the start: the server's complaint shows next to the end.
  const start = await form.getByTestId('live-start').inputValue();
  const end = await form.getByTestId('live-end').inputValue();
  await form.getByTestId('live-end').fill(start);
  await form.getByRole('button', { name: '保存' }).click();
  await form.locator('[data-field="endAt"] .ac-error').waitFor();
  await form.getByTestId('live-end').fill(end);
  await form.getByRole('button', { name: '保存' }).click();
  await page.getByTestId('live-session-page').waitFor();
  await page.getByRole('heading', { name: title }).waitFor();
  const key = page.getByTestId('live-key');
  await expect.poll(() => key.textContent()).toMatch(/\?key=[\w-]{43}$/);
  return (await key.textContent()) ?? '';
}

/** The session's id from the panel's address (#/live/:id). */
const sessionId = (page: Page) => new URL(page.url()).hash.replace('#/live/', '');

describe('live back office', () => {
  it('schedules a session, shows OBS settings with copy, rotates the key, lists attendance and exports it', async () => {
    const context = await h.desktop();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '直播' }).click();
    const streamName = await schedule(page, '第一课：问候');
    await expect(page.getByTestId('live-rtmp').textContent()).resolves.toBe(RTMP);
    await expect(page.getByTestId('live-unavailable').count()).resolves.toBe(0);
    await expect(page.getByTestId('live-status').getAttribute('data-status')).resolves.toBe('scheduled');

    // Copy: the clipboard holds what OBS needs.
    await page.getByTestId('live-rtmp-copy').click();
    await expectToast(page, '已复制');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(RTMP);
    await page.getByTestId('live-key-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(streamName);

    // Rotate: asks first, then the key changes.
    await page.getByTestId('live-rotate').click();
    expect(await answerConfirm(page, true)).toContain('旧密钥立即失效');
    await expectToast(page, '已更换密钥');
    await expect.poll(() => page.getByTestId('live-key').textContent()).not.toBe(streamName);
    await expect(page.getByTestId('live-key').textContent()).resolves.toMatch(/\?key=[\w-]{43}$/);
    await screenshot(page, 'admin-live-session-desktop');

    // Attendance: two students watched (the live page's beats are another part's; rows go in directly).
    const id = sessionId(page);
    const ann = await buildStudent(h.app, { name: '安安', username: 'ann-live', groups: ['一班'] });
    const bob = await buildStudent(h.app, { name: '博博', username: 'bob-live' });
    const at = Date.now();
    await h.app.ctx.db.insert(liveAttendance).values([
      { sessionId: id, studentId: ann.id, seconds: 1500, firstAt: at - 1_600_000, lastAt: at - 5000 },
      { sessionId: id, studentId: bob.id, seconds: 240, firstAt: at - 600_000, lastAt: at - 300_000 },
    ]);
    await page.reload();
    const rows = page.getByTestId('live-attendance-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.first().textContent()).resolves.toContain('安安');
    await expect(rows.first().textContent()).resolves.toContain('一班');
    await expect(rows.first().textContent()).resolves.toContain('25 分钟');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('live-attendance-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    const sheet = await readSheet(fs.readFileSync(file));
    expect(sheet.map((row) => row[0])).toEqual(['学员', '安安', '博博']);
    expect(sheet[1][4]).toBe(1500);

    // The list shows it; the bill tab counts the month's sessions.
    await page.getByRole('link', { name: '返回列表' }).click();
    await page.getByTestId('live-row').filter({ hasText: '第一课：问候' }).waitFor();
    await page.getByRole('button', { name: '月度用量' }).click();
    await page.getByTestId('live-bill-row').filter({ hasText: '第一课：问候' }).waitFor();
    await expect(page.getByTestId('live-bill-total').textContent()).resolves.toContain('合计');
    await screenshot(page, 'admin-live-desktop');
    expect(errors).toEqual([]);
  });

  it('on a phone: schedules, shows the key, ends the session, and says when live is not available', async () => {
    const page = await (await h.mobile()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/live');
    await schedule(page, '手机安排的直播');
    await expect(page.getByTestId('live-rtmp').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('live-key-copy').isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-live-session-phone');

    await page.getByTestId('live-end').click();
    expect(await answerConfirm(page, true)).toContain('结束这场直播');
    await expectToast(page, '直播已结束');
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status')).toBe('ended');
    await expect(page.getByTestId('live-end').count()).resolves.toBe(0);

    // The live server stops answering: the banner shows on the panel and the list.
    healthy = false;
    forgetLiveServerHealth();
    await page.reload();
    await page.getByTestId('live-unavailable').waitFor();
    await expect(page.getByTestId('live-unavailable').textContent()).resolves.toContain('直播暂不可用');
    await page.getByRole('link', { name: '返回列表' }).click();
    await page.getByTestId('live-page').getByTestId('live-unavailable').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-live-phone');
    healthy = true;
    forgetLiveServerHealth();
    expect(errors).toEqual([]);
  });
});
