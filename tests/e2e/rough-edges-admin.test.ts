/**
 * Rough edges a person found in the back office, in Chromium: a language switch once signed in, a real
 * site icon, no React Router blocker warning between screens, the chapter editor naming a resource's kind
 * and file, an empty category name explained next to the field, and English counts in the resource library.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { attachResource, seedResource } from '../helpers/learning-factory';
import { ADMIN_PATH, adminApi, answerConfirm, signInAdmin } from './admin-helpers';
import { screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let coid: string;
beforeAll(async () => {
  h = await startHarness();
  const api = await adminApi(h.app);
  coid = (await api<{ coid: string }>('course/new', { title: '同名资源', catid: '0', type: 0 })).body.data.coid;
  const add = async (title: string, type: number) =>
    (await api<{ cid: string }>('chapter/add', { coid, title, type })).body.data.cid;
  const pdfChapter = await add('讲义（PDF）', CHAPTER_TYPE.document);
  const wordChapter = await add('讲义（Word）', CHAPTER_TYPE.office);
  const schoolId = h.school.id;
  const pdf = await seedResource(h.app, {
    schoolId,
    kind: 'pdf',
    fileName: 'doc.pdf',
    mime: 'application/pdf',
    source: Buffer.from('%PDF'),
    outputs: { pages: 3 },
  });
  const word = await seedResource(h.app, {
    schoolId,
    kind: 'office',
    fileName: 'doc.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    source: Buffer.from('docx'),
    outputs: { pages: 1 },
  });
  // The same title for both, as a person who uploaded a PDF and the Word file it came from would have.
  for (const rid of [pdf, word]) expect((await api('resource/rename', { rid, title: 'doc' })).statusCode).toBe(200);
  await attachResource(h.app, pdfChapter, pdf);
  await attachResource(h.app, wordChapter, word);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** Console messages of a page, warnings and errors included (the harness's pageErrors leaves out failed loads). */
function consoleOf(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

const english = (context: BrowserContext) =>
  context.addCookies([{ name: 'lx_locale', value: 'en-gb', url: h.baseURL }]);

describe('the back office top bar and shell', () => {
  it('switches the language once signed in, and the choice stays', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await signInAdmin(page);
    const sidebar = page.getByTestId('admin-sidebar');
    await expect(sidebar.getByRole('link').first().textContent()).resolves.toBe('概览');
    const switcher = page.locator('.admin-top').getByTestId('language-switch');
    await screenshot(page, 'rough-edges-admin-top-zh-CN');
    await switcher.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => sidebar.getByRole('link').first().textContent()).toBe('Overview');
    await expect(page.getByTestId('admin-logout').textContent()).resolves.toBe('Log out');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-gb');
    expect((await context.cookies()).find((cookie) => cookie.name === 'lx_locale')?.value).toBe('en-gb');
    await screenshot(page, 'rough-edges-admin-top-en-gb');
    // Another screen, then a new page: still English; and back to Chinese.
    await page.goto(`${ADMIN_PATH}#/categories`);
    await page.getByRole('heading', { name: 'Course categories' }).waitFor();
    await page.locator('.admin-top').getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { name: '课程分类' }).waitFor();
  });

  it('serves a site icon, links it in the shell, and no page load logs a missing one', async () => {
    const ico = await h.app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const svg = await h.app.inject({ url: '/favicon.svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
    const context = await h.desktop();
    const page = await context.newPage();
    const messages = consoleOf(page);
    for (const address of [`/u/${h.school.hashUID}`, ADMIN_PATH]) {
      await page.goto(address);
      await page.locator('#root > *').first().waitFor();
      await expect(
        page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).resolves.toEqual(['/favicon.ico', '/favicon.svg']);
    }
    // The browser has asked for the icon by now (a 404 logs "Failed to load resource").
    await expect.poll(() => page.evaluate(async () => (await fetch('/favicon.ico')).status)).toBe(200);
    expect(messages).toEqual([]);
  });
});

describe('moving between back-office screens', () => {
  it('logs no blocker warning for addresses the router did not make; unsaved changes still ask', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const messages = consoleOf(page);
    await signInAdmin(page);
    const sidebar = page.getByTestId('admin-sidebar');
    // Screens with a form that warns about unsaved changes, left by a typed address and by the back button.
    for (const screen of ['homepage', 'tags', 'student-settings', 'resources']) {
      await sidebar.locator(`a[href="#/${screen}"]`).click();
      await page.locator('.admin-main [data-testid]').first().waitFor();
      await page.goto(`${ADMIN_PATH}#/courses`);
      await page.getByTestId('courses-page').waitFor();
      await sidebar.locator(`a[href="#/${screen}"]`).click();
      await page.goBack();
      await page.getByTestId('courses-page').waitFor();
    }
    expect(messages).toEqual([]);

    // An unsaved form still asks before leaving; staying keeps it, leaving goes.
    await sidebar.locator('a[href="#/student-settings"]').click();
    const settings = page.getByTestId('student-settings-page');
    await settings.locator('[data-field="registerWay"] input').fill('请联系教务处');
    await sidebar.locator('a[href="#/tags"]').click();
    expect(await answerConfirm(page, false)).toContain('有未保存的修改');
    await expect(settings.isVisible()).resolves.toBe(true);
    await sidebar.locator('a[href="#/tags"]').click();
    await answerConfirm(page, true);
    await page.getByTestId('tags-page').waitFor();
    expect(messages).toEqual([]);
  });
});

describe('the chapter editor and the category form', () => {
  it.each([
    ['zh-CN', ['PDF · doc.pdf', 'Office 文档 · doc.docx'], '资源：doc'],
    ['en-gb', ['PDF · doc.pdf', 'Office document · doc.docx'], 'Resource: doc'],
  ])('%s: two resources titled "doc" show their kind and file name', async (locale, files, title) => {
    const context = await h.desktop();
    if (locale === 'en-gb') await english(context);
    const page = await context.newPage();
    await signInAdmin(page, undefined, `/courses/${coid}/chapters`);
    const wares = page.getByTestId('chapter-editor').getByTestId('chapter-ware');
    await expect.poll(() => wares.getByTestId('chapter-ware-file').allTextContents()).toEqual(files);
    await expect(wares.first().textContent()).resolves.toContain(title);
    await screenshot(page, `rough-edges-chapter-wares-${locale}`);
  });

  it.each([
    ['zh-CN', '添加一级分类', '请输入分类名称', '新的一级分类名称', '添加子分类', '添加'],
    [
      'en-gb',
      'Add first-level category',
      'Enter a category name',
      'New first-level category',
      'Add subcategory',
      'Add',
    ],
  ])(
    '%s: an empty category name says why nothing was added, next to the field',
    async (locale, addFirst, required, placeholder, addChild, add) => {
      const context = await h.desktop();
      if (locale === 'en-gb') await english(context);
      const page = await context.newPage();
      await signInAdmin(page, undefined, '/categories');
      await page.getByRole('button', { name: addFirst, exact: true }).click();
      const error = page.getByTestId('category-title-error');
      await expect(error.textContent()).resolves.toBe(required);
      await expect(page.getByLabel(placeholder).getAttribute('aria-invalid')).resolves.toBe('true');
      await screenshot(page, `rough-edges-category-empty-${locale}`);
      // Typing clears it; a real name is added.
      const name = `${locale} 分类`;
      await page.getByLabel(placeholder).fill(name);
      await expect(error.count()).resolves.toBe(0);
      await page.getByTestId('add-category').click();
      await page.getByTestId('category-tree').getByText(name).waitFor();
      // The subcategory dialog says it too.
      await page.getByRole('button', { name: `${addChild} ${name}` }).click();
      const dialog = page.getByTestId('add-child-category');
      await dialog.getByRole('button', { name: add, exact: true }).click();
      await expect(dialog.getByRole('alert').textContent()).resolves.toBe(required);
      await screenshot(page, `rough-edges-subcategory-empty-${locale}`);
    },
  );

  it('the resource library counts pages and chapters in English', async () => {
    const context = await h.desktop();
    await english(context);
    const page = await context.newPage();
    await signInAdmin(page, undefined, '/resources');
    const row = (name: string) => page.locator('[data-testid="resource-row"]').filter({ hasText: name });
    await expect.poll(() => row('doc.pdf').locator('.rs-file').first().textContent()).toContain('3 pages');
    await expect(row('doc.docx').locator('.rs-file').first().textContent()).resolves.toContain('1 page ·');
    await expect(row('doc.pdf').getByTestId('resource-used').textContent()).resolves.toBe('1 chapter');
    await screenshot(page, 'rough-edges-resources-en-gb');
    const zh = await h.desktop();
    const zhPage = await zh.newPage();
    await signInAdmin(zhPage, undefined, '/resources');
    await expect
      .poll(() =>
        zhPage
          .locator('[data-testid="resource-row"]')
          .filter({ hasText: 'doc.pdf' })
          .locator('.rs-file')
          .first()
          .textContent(),
      )
      .toContain('3 页');
  });
});
