/**
 * Redeem codes and enrolment keys in Chromium (issue 15 items 3 and 4): the administrator generates a batch
 * in the 兑换码 screen and exports it (CSV and XLSX); a student redeems a code on the course page and then
 * starts learning; the administrator sets an enrolment key in the course editor and a student on a phone
 * types it; a student on a phone redeems a code in the personal centre.
 */
import fs from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { attachResource, seedResource } from '../helpers/learning-factory';
import { answerConfirm, expectToast, signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { atPath, pageErrors, screenshot, startHarness, type Harness } from './harness';
import { signedInPage } from './learn-helpers';

let h: Harness;
let admin: Awaited<ReturnType<typeof asAdmin>>;
const course = { coid: '', code: '', cid: '' };
const codes: string[] = [];

const signedIn = (context: BrowserContext, cookie: string) => signedInPage(h, context, cookie);

async function newStudent(name: string) {
  const made = await buildStudent(h.app, { name });
  return (await login(h.app, made)).cookie;
}

/** The course page's main button: in the hero on a desktop, in the bottom action bar on a phone. */
const mainButton = (page: Page, phone = false) =>
  page.getByTestId(phone ? 'mobile-action-bar' : 'course-hero').getByTestId('main-button');

async function publishedCourse(title: string) {
  const { coid } = await admin<{ coid: string }>('POST', '/course/new', { title, catid: '0', type: 0, actual: 99 });
  const { cid } = await admin<{ cid: string }>('POST', '/chapter/add', {
    coid,
    title: '第一课',
    type: CHAPTER_TYPE.video,
  });
  const rid = await seedResource(h.app, {
    schoolId: h.school.id,
    kind: 'video',
    fileName: 'lesson.mp4',
    mime: 'video/mp4',
    source: Buffer.from('video'),
    duration: 60,
    outputs: { mp4: 'video.mp4' },
  });
  await attachResource(h.app, cid, rid);
  await admin('POST', '/course/pub', { coid, pub: '1' });
  return { coid, cid, code: h.app.ctx.courseCodec.encode(coid) };
}

beforeAll(async () => {
  h = await startHarness();
  admin = await asAdmin(h);
  Object.assign(course, await publishedCourse('消防安全课'));
}, 180_000);
afterAll(async () => h?.close());

describe('redeem codes and enrolment keys', () => {
  it('the administrator generates a batch of codes and exports it as CSV and XLSX', async () => {
    const page = await (await h.desktop({ acceptDownloads: true })).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/codes');
    await page.getByTestId('codes-page').getByText('还没有兑换码批次。').waitFor();
    await page.getByTestId('new-batch').click();
    const dialog = page.getByTestId('batch-dialog');
    await dialog.getByTestId('batch-item').selectOption({ label: '消防安全课' });
    await dialog.getByTestId('batch-count').fill('3');
    await dialog.getByLabel('批次名称（可选）').fill('春季班');
    await screenshot(page, 'redeem-admin-new-batch');
    await dialog.getByRole('button', { name: '生成', exact: true }).click();
    await expectToast(page, '已生成 3 个兑换码');
    const rows = page.getByTestId('code-text');
    await expect.poll(() => rows.count()).toBe(3);
    codes.push(...(await rows.allTextContents()));
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    await screenshot(page, 'redeem-admin-batch');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await csv.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0].split(',')[0]).toBe('兑换码');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(codes);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await readSheet(fs.readFileSync((await xlsx.path()) as string));
    expect(sheet.slice(1).map((row) => row[0])).toEqual(codes);

    await page.getByRole('button', { name: '返回批次列表' }).click();
    await expect.poll(() => page.getByTestId('batch-row').count()).toBe(1);
    expect(await page.getByTestId('batch-uses').textContent()).toBe('0 / 3');
    expect(errors).toEqual([]);
  });

  it('on a phone the administrator reads a batch and disables one code', async () => {
    expect(codes).toHaveLength(3);
    const phone = await (await h.mobile()).newPage();
    const errors = pageErrors(phone);
    await signInAdmin(phone, undefined, '/codes');
    await phone.getByTestId('open-batch').click();
    const rows = phone.getByTestId('code-row');
    await expect.poll(() => rows.count()).toBe(3);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await rows.nth(2).getByTestId('disable-code').click();
    expect(await answerConfirm(phone, true)).toContain(codes[2]);
    await expectToast(phone, '已停用');
    await expect.poll(() => rows.nth(2).getByTestId('disable-code').count()).toBe(0);
    await phone.getByTestId('code-trail').getByText(`停用兑换码 ${codes[2]}`).waitFor();
    await screenshot(phone, 'redeem-admin-batch-phone');
    expect(errors).toEqual([]);
  });

  it('a student redeems a code on the course page, then starts learning', async () => {
    expect(codes).toHaveLength(3);
    const page = await signedIn(await h.desktop(), await newStudent('李同学'));
    const errors = pageErrors(page);
    await page.goto(`/course/${course.code}#/introduce/info`);
    await expect.poll(() => mainButton(page).textContent()).toBe('立即购买');
    await page.getByTestId('open-redeem').click();
    const dialog = page.getByTestId('code-dialog');
    await dialog.getByTestId('code-input').fill('2222-2222-2222-2222');
    await dialog.getByTestId('code-submit').click();
    await expect.poll(() => dialog.getByTestId('code-error').textContent()).toBe('兑换码不存在');
    await dialog.getByTestId('code-input').fill(codes[0].toLowerCase().replace(/-/g, ' '));
    await screenshot(page, 'redeem-student-dialog');
    await dialog.getByTestId('code-submit').click();
    await expectToast(page, '兑换成功：消防安全课');
    await expect.poll(() => mainButton(page).textContent()).toBe('开始学习');
    await expect.poll(() => page.getByTestId('redeem-entry').count()).toBe(0);
    await mainButton(page).click();
    await page.waitForURL(atPath(`/u/learn/${course.code}/${course.cid}/v`));
    await page.getByTestId('learn-page').waitFor();
    await expect.poll(() => page.getByTestId('learn-refusal').count()).toBe(0);
    // The seeded video is a few bytes, not a playable file: the player's complaint about it is expected.
    expect(errors.filter((text) => !text.startsWith('VIDEOJS'))).toEqual([]);
  });

  it('the administrator sets an enrolment key; a student on a phone types it and may start', async () => {
    const keyed = await publishedCourse('急救知识课');
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/courses/${keyed.coid}/learners`);
    const panel = page.getByTestId('enrolment-key');
    await panel.getByText('本课程还没有选课密钥。', { exact: false }).waitFor();
    await panel.getByTestId('key-secret').fill('Aid2031');
    await panel.getByTestId('key-max-uses').fill('5');
    await panel.getByTestId('key-save').click();
    await expectToast(page, '选课密钥已保存');
    await panel.getByTestId('trail-row').first().waitFor();
    await screenshot(page, 'redeem-admin-key');

    const phone = await signedIn(await h.mobile(), await newStudent('周同学'));
    const phoneErrors = pageErrors(phone);
    await phone.goto(`/course/${keyed.code}#/introduce/info`);
    await expect.poll(() => mainButton(phone, true).textContent()).toBe('立即购买');
    await phone.getByTestId('open-key').click();
    const dialog = phone.getByTestId('key-dialog');
    await dialog.getByTestId('key-input').fill('wrong-key');
    await dialog.getByTestId('key-submit').click();
    await expect.poll(() => dialog.getByTestId('key-error').textContent()).toBe('密钥不正确');
    await dialog.getByTestId('key-input').fill('aid2031');
    await screenshot(phone, 'redeem-student-key-phone');
    await dialog.getByTestId('key-submit').click();
    await expectToast(phone, '已加入课程：急救知识课');
    await expect.poll(() => mainButton(phone, true).textContent()).toBe('开始学习');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await panel.getByTestId('key-secret').inputValue()).toBe('Aid2031');
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  });

  it('on a phone a student redeems a code in the personal centre; a used code is refused', async () => {
    expect(codes).toHaveLength(3);
    const phone = await signedIn(await h.mobile(), await newStudent('陈同学'));
    const errors = pageErrors(phone);
    await phone.goto(`/u/${h.school.hashUID}#/personalcenter`);
    await phone.getByTestId('personal-entries').getByTestId('open-redeem').click();
    const dialog = phone.getByTestId('code-dialog');
    await dialog.getByTestId('code-input').fill(codes[0]);
    await dialog.getByTestId('code-submit').click();
    await expect.poll(() => dialog.getByTestId('code-error').textContent()).toBe('兑换码已被使用');
    await dialog.getByTestId('code-input').fill(codes[1]);
    await dialog.getByTestId('code-submit').click();
    await expectToast(phone, '兑换成功：消防安全课');
    await dialog.waitFor({ state: 'detached' });
    await screenshot(phone, 'redeem-student-personal-phone');
    await phone.goto(`/course/${course.code}#/introduce/info`);
    await expect.poll(() => mainButton(phone, true).textContent()).toBe('开始学习');
    expect(errors).toEqual([]);
  });
});
