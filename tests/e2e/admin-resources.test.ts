import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { isExecutable } from '../../server/modules/media/media-tools';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';
import { ADMIN_PATH, adminApi, expectToast, signInAdmin } from './admin-helpers';

let h: Harness;
let scratch: string;
beforeAll(async () => {
  h = await startHarness();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-res-e2e-'));
});
afterAll(async () => {
  await h?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Deadlines for checks that wait on the server (expect.poll's default is 1 s, too short on a busy machine). */
const ROUND_TRIP = { timeout: 15_000 };
/** A back-office screen opened by address: its code and its data load first. */
const SCREEN = { timeout: 30_000 };

const row = (page: Page, title: string) => page.locator(`[data-testid="resource-row"][data-title="${title}"]`);

/** Records every value the upload progress bars show (aria-valuenow), from now on. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const note = () =>
      document.querySelectorAll('.rs-upload [role="progressbar"]').forEach((bar) => {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen[seen.length - 1] !== value) seen.push(value);
      });
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

/** Chooses files for the library's hidden file input. */
const upload = (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
  page.getByTestId('upload-input').setInputFiles(files);

describe('back office: the resource library', () => {
  it('uploads, renames, files into a folder, attaches to a chapter, and the delete names the chapter', async () => {
    const api = await adminApi(h.app);
    const coid = (await api<{ coid: string }>('course/new', { title: 'Python 入门', catid: '0', type: 0 })).body.data
      .coid;
    await api('chapter/add', { coid, parent_id: '0', title: '图文：安装步骤', type: CHAPTER_TYPE.imageText });
    await api('chapter/add', { coid, parent_id: '0', title: '第一章（标题）', type: CHAPTER_TYPE.heading });

    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('admin-sidebar').getByRole('link', { name: '资源库' }).click();
    await page.getByTestId('resources-page').waitFor();
    await page.getByText('这里还没有资源').waitFor();

    // A small PNG through the real upload: progress starts at 2 or more, never goes back, ends at 100.
    const progress = await recordProgress(page);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await upload(page, [{ name: 'diagram.png', mimeType: 'image/png', buffer: png }]);
    const uploadRow = page.locator('[data-testid="upload-row"][data-name="diagram.png"]');
    await uploadRow.and(page.locator('[data-state="done"]')).waitFor();
    await expect(uploadRow.getByTestId('upload-percent').textContent()).resolves.toBe('100%');
    await expectToast(page, 'diagram 已加入资源库');
    const values = await progress();
    expect(values[0]).toBeGreaterThanOrEqual(2);
    expect(values.at(-1)).toBe(100);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await row(page, 'diagram').waitFor();
    await expect
      .poll(() => row(page, 'diagram').getByTestId('resource-status').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('ready');
    await expect
      .poll(
        () =>
          row(page, 'diagram')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    // Rename.
    await page.getByRole('button', { name: '重命名 diagram' }).click();
    const dialog = page.getByTestId('resource-dialog');
    await dialog.getByLabel('资源名称').fill('安装示意图');
    await dialog.getByRole('button', { name: '保存' }).click();
    await row(page, '安装示意图').waitFor();

    // A folder, then move the resource into it.
    await page.getByPlaceholder('新文件夹名称').fill('课件');
    await page.getByTestId('add-folder').click();
    await expectToast(page, '文件夹已创建');
    const folder = page.locator('[data-testid="folder-item"][data-title="课件"]');
    await expect.poll(() => folder.getAttribute('aria-selected'), ROUND_TRIP).toBe('true');
    // The new folder's list is fetched after it is selected: wait for its empty text.
    await page.getByText('这里还没有资源').waitFor();
    await page.locator('[data-testid="folder-item"][data-id="0"]').click();
    await page.getByRole('button', { name: '移动 安装示意图' }).click();
    await page.getByTestId('resource-dialog').getByLabel('移动到').selectOption({ label: '课件' });
    await page.getByTestId('resource-dialog').getByRole('button', { name: '移动' }).click();
    await expectToast(page, '已移动到 课件');
    await expect
      .poll(() => row(page, '安装示意图').getByTestId('resource-folder').textContent(), ROUND_TRIP)
      .toBe('课件');
    await folder.click();
    await row(page, '安装示意图').waitFor();
    await expect(folder.textContent()).resolves.toContain('1');

    // Preview shows the image through its signed URL.
    await row(page, '安装示意图').getByRole('button', { name: '预览', exact: true }).click();
    const preview = page.getByTestId('preview-dialog');
    await expect
      .poll(
        () => preview.getByTestId('preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
        ROUND_TRIP,
      )
      .toBe(320);
    expect(await preview.getByTestId('preview-image').getAttribute('src')).toMatch(/^\/media\//);
    await screenshot(page, 'admin-resources-preview-image');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await screenshot(page, 'admin-resources-list');

    // Attach it to the image-text chapter in the chapter editor; the heading takes none.
    await page.goto(`${ADMIN_PATH}#/courses/${coid}/chapters`);
    const editor = page.getByTestId('chapter-editor');
    await editor.waitFor(SCREEN);
    await expect(editor.getByRole('button', { name: '关联资源 第一章（标题）' }).count()).resolves.toBe(0);
    await editor.getByRole('button', { name: '关联资源 图文：安装步骤' }).click();
    const picker = page.getByTestId('resource-picker');
    await picker.getByText('此章节可使用：图片').waitFor();
    await screenshot(page, 'admin-resources-picker');
    await picker.getByRole('button', { name: '选择 安装示意图' }).click();
    await expectToast(page, '已关联资源“安装示意图”');
    await editor.getByText('资源：安装示意图').waitFor();
    await screenshot(page, 'admin-resources-chapter-attached');

    // Back in the library: used by one chapter; the delete names it, and cancelling keeps everything.
    await page.goto(`${ADMIN_PATH}#/resources`);
    await expect
      .poll(() => row(page, '安装示意图').getByTestId('resource-used').textContent(), ROUND_TRIP)
      .toBe('1 个章节');
    // The first confirm asks; the server refuses (409) and the second, clear confirm names the chapter.
    const askFirst = page.getByRole('alertdialog').filter({ hasText: '确定删除资源“安装示意图”吗' });
    const askInUse = page.getByRole('alertdialog').filter({ hasText: '正被以下章节使用' });
    await page.getByRole('button', { name: '删除 安装示意图' }).click();
    await askFirst.locator('.dialog-actions .btn').last().click();
    await askInUse.waitFor();
    await expect(askInUse.locator('.dialog-text').textContent()).resolves.toContain('· Python 入门 / 图文：安装步骤');
    await screenshot(page, 'admin-resources-delete-in-use');
    await askInUse.locator('.dialog-actions .btn').first().click();
    await askInUse.waitFor({ state: 'detached' });
    await row(page, '安装示意图').waitFor();
    const wares = await api<{ wares: { title: string }[] }>(`chapter/wares?coid=${coid}`);
    expect(wares.body.data.wares.map((ware) => ware.title)).toEqual(['安装示意图']);

    // Deleting for real detaches it.
    await page.getByRole('button', { name: '删除 安装示意图' }).click();
    await askFirst.locator('.dialog-actions .btn').last().click();
    await askInUse.locator('.dialog-actions .btn').last().click();
    await expectToast(page, '已从 1 个章节移除');
    await row(page, '安装示意图').waitFor({ state: 'detached' });
    expect((await api<{ wares: unknown[] }>(`chapter/wares?coid=${coid}`)).body.data.wares).toEqual([]);
    expect(errors).toEqual([]);

    // On a phone the screen stacks and the page itself does not scroll sideways.
    const phone = await (await h.mobile()).newPage();
    await signInAdmin(phone, undefined, '/resources');
    await phone.getByTestId('folder-panel').waitFor();
    await expect(
      phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).resolves.toBeLessThanOrEqual(1);
    await screenshot(phone, 'admin-resources-mobile');
  });

  it('a video converts while the list shows its status; a large file goes up resumably and can be paused and resumed', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/resources');
    await page.getByTestId('resources-page').waitFor();

    if (isExecutable('ffmpeg')) {
      const mp4 = path.join(scratch, 'lesson.mp4');
      execFileSync('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x180:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=2',
        '-shortest',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        mp4,
      ]);
      await upload(page, [{ name: 'lesson.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(mp4) }]);
      await page.locator('[data-testid="upload-row"][data-name="lesson.mp4"][data-state="done"]').waitFor();
      const status = row(page, 'lesson').getByTestId('resource-status');
      // The badge follows the conversion without a reload (the list refreshes only while one runs).
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 45_000, interval: 500 }).toBe('ready');
      await row(page, 'lesson').getByText('00:02').waitFor();
      await row(page, 'lesson').getByRole('button', { name: '预览', exact: true }).click();
      const video = page.getByTestId('preview-video');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
      // A SubRip subtitle through the dialog: converted on the server, then a track of the player.
      const previewDialog = page.getByTestId('preview-dialog');
      await previewDialog.getByLabel('字幕名称').fill('中文字幕');
      await previewDialog.locator('input[type="file"][accept*=".srt"]').setInputFiles({
        name: 'lesson.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:00,500 --> 00:00:01,500\n你好\n'),
      });
      await expectToast(page, '字幕已添加');
      await previewDialog.getByTestId('subtitle-item').filter({ hasText: '中文字幕' }).waitFor();
      await expect.poll(() => video.locator('track').getAttribute('label'), ROUND_TRIP).toBe('中文字幕');
      await previewDialog.getByTestId('subtitle-item').scrollIntoViewIfNeeded();
      await previewDialog.screenshot({ path: path.join('/tmp/lanxue-shots', 'admin-resources-preview-video.png') });
      await page.keyboard.press('Escape');
    } else {
      console.warn(
        '[admin-resources] video part SKIPPED: ffmpeg is not installed (scripts/ensure-media-tools.sh installs it).',
      );
    }

    // 24 MB through tus (8 MB chunks) on a throttled connection, so there is time to pause.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 5,
      downloadThroughput: -1,
      uploadThroughput: 6 * 1024 * 1024,
    });
    const big = crypto.randomBytes(24 * 1024 * 1024);
    const bigFile = path.join(scratch, 'dataset.zip');
    fs.writeFileSync(bigFile, big);
    // The upload's tus requests (lan/tus/): those in flight, and any that starts while the upload is paused.
    const isTus = (request: Request) => new URL(request.url()).pathname.includes('/lan/tus');
    let tusInFlight = 0;
    let tusSent = 0;
    let startedWhilePaused = 0;
    let isPaused = false;
    const tusStarted = (request: Request) => {
      if (!isTus(request)) return;
      tusInFlight += 1;
      tusSent += 1;
      if (isPaused) startedWhilePaused += 1;
    };
    const tusSettled = (request: Request) => {
      if (isTus(request)) tusInFlight -= 1;
    };
    page.on('request', tusStarted);
    page.on('requestfinished', tusSettled);
    page.on('requestfailed', tusSettled);
    await page.getByTestId('upload-input').setInputFiles(bigFile);
    const bigRow = page.locator('[data-testid="upload-row"][data-name="dataset.zip"]');
    const percentOf = async () => Number((await bigRow.getByTestId('upload-percent').textContent())!.replace('%', ''));
    await bigRow.getByRole('button', { name: '暂停' }).click();
    await bigRow.and(page.locator('[data-state="paused"]')).waitFor();
    isPaused = true;
    expect(tusSent).toBeGreaterThan(0);
    // Paused: the chunk that was being sent is aborted; once it has settled nothing more is sent and the
    // percentage stays where it stopped.
    await expect.poll(() => tusInFlight, ROUND_TRIP).toBe(0);
    const pausedAt = await percentOf();
    expect(pausedAt).toBeLessThan(100);
    await screenshot(page, 'admin-resources-upload-paused');
    // Up to the resume: still paused, no request sent, the percentage unchanged.
    await expect(bigRow.getAttribute('data-state')).resolves.toBe('paused');
    await expect(percentOf()).resolves.toBe(pausedAt);
    expect(startedWhilePaused).toBe(0);
    isPaused = false;
    await bigRow.getByRole('button', { name: '继续' }).click();
    await bigRow.and(page.locator('[data-state="done"]')).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await row(page, 'dataset').waitFor();
    const api = await adminApi(h.app);
    const listed = await api<{ list: { rid: string; size: number; key: string }[] }>('resource/list?searchStr=dataset');
    expect(listed.body.data.list[0].size).toBe(big.length);
    const stored = fs.readFileSync(path.join(h.app.ctx.config.dataDir, listed.body.data.list[0].key));
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(
      crypto.createHash('sha256').update(big).digest('hex'),
    );

    // A refused type shows the spec's failure text.
    await upload(page, [{ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await page
      .locator('[data-testid="upload-row"][data-name="tool.exe"][data-state="error"]')
      .getByText('上传失败！不支持该类型的文件')
      .waitFor();
    await screenshot(page, 'admin-resources-uploads');
    expect(errors).toEqual([]);
  });

  it('image fields upload a picture with progress and keep the typed address as a fallback', async () => {
    const api = await adminApi(h.app);
    const coid = (await api<{ coid: string }>('course/new', { title: '封面测试', catid: '0', type: 0 })).body.data.coid;
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, `/courses/${coid}/info`);
    const field = page.locator('[data-field="img"]');
    await field.waitFor();
    const cover = await sharp({ create: { width: 274, height: 154, channels: 3, background: '#f0a020' } })
      .jpeg()
      .toBuffer();
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await field.getByRole('button', { name: '上传图片' }).click();
      await (await chooser).setFiles(file);
    };
    await choose({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await expect
      .poll(() => field.locator('input[type="text"]').inputValue())
      .toMatch(/^\/files\/userupload\/\d+\/\d+\.JPG$/);
    await expect
      .poll(() => field.locator('.ac-image-preview img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(274);
    await screenshot(page, 'admin-resources-image-field');
    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await field.getByText('请选择图片文件').waitFor();
    // The address input is still the field's one input.
    await expect(field.locator('input').count()).resolves.toBe(1);
    await field.locator('input').fill('/files/typed.png');
    await expect(field.locator('input').inputValue()).resolves.toBe('/files/typed.png');
    expect(errors).toEqual([]);
  });
});
