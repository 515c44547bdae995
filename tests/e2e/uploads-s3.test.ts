/**
 * A direct-to-store upload in Chromium (issue 20 'Object storage and CDN', online release with STORAGE=s3): an
 * administrator picks a course cover in the back office; the browser asks GET token, PUTs the picture straight
 * to the object store (an S3-protocol server started here) with a progress bar moving under a slow upload,
 * reports it with upload/complete, and the cover's address becomes the store's public URL, shown in the preview.
 * Nothing goes to lan/upload. Desktop and phone.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema';
import { ADMIN } from '../helpers/app';
import { startS3, type TestStore } from '../helpers/s3';
import { adminApi } from './admin-helpers';
import { pageErrors, screenshot, startHarness, submitLogin, type Harness } from './harness';
import { first } from '../../server/db/client';

let store: TestStore;
let h: Harness;

beforeAll(async () => {
  store = await startS3();
  h = await startHarness(store.config);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await store?.close();
});

/** Noise compresses badly: a cover of a few hundred KB, long enough to watch its progress at a slow upload. */
const picture = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

async function uploadCover(open: () => Promise<BrowserContext>, shot: string) {
  const api = await adminApi(h.app);
  const coid = (await api<{ coid: string }>('course/new', { title: '云端封面', catid: '0', type: 0 })).body.data.coid;
  const context = await open();
  const page = await context.newPage();
  const errors = pageErrors(page);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/admin/');
  await submitLogin(page, ADMIN.username, ADMIN.password);
  await page
    .getByTestId('admin-sidebar')
    .or(page.getByRole('button', { name: /菜单|Menu/ }))
    .first()
    .waitFor();
  await page.goto(`/admin/#/courses/${coid}/info`);
  const field = page.locator('[data-field="img"]');
  await field.waitFor();

  const cover = await picture(900, 600);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  const chooser = page.waitForEvent('filechooser');
  await field.getByTestId('image-upload').click();
  await (await chooser).setFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
  // The bar moves while the bytes go to the store (past the 2 % it starts at, not yet 100).
  const bar = field.getByRole('progressbar');
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0), {
      timeout: 20_000,
      interval: 50,
    })
    .toBeGreaterThan(10);
  const midway = Number(await bar.getAttribute('aria-valuenow').catch(() => '100'));
  expect(midway).toBeLessThan(100);
  await screenshot(page, `${shot}-progress`);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const prefix = `${store.endpoint}/${store.bucket}/files/userupload/${h.school.id}/`;
  await expect
    .poll(() => field.locator('input[type="text"]').inputValue(), { timeout: 20_000 })
    .toMatch(new RegExp(`^${prefix.replace(/[.]/g, '\\.')}\\d+\\.JPG$`));
  await expect
    .poll(() => field.locator('.ac-image-preview img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(900);
  await screenshot(page, shot);

  const url = await field.locator('input[type="text"]').inputValue();
  const key = url.slice(`${store.endpoint}/${store.bucket}/`.length);
  expect(await store.has(key)).toBe(true);
  const row = first(await h.app.ctx.db.select().from(files).where(eq(files.key, key)));
  expect(row).toMatchObject({
    size: cover.length,
    mime: 'image/jpeg',
    visibility: 'public',
    uploadedBy: expect.stringMatching(/^admin:/),
  });
  const sent = requests.map((request) => `${request.method()} ${request.url().split('?')[0]}`);
  expect(sent).toContain(`PUT ${url}`);
  expect(sent.filter((line) => line.includes('/lan/upload'))).toEqual([]);
  expect(sent.some((line) => line.startsWith('POST ') && line.endsWith('/upload/complete'))).toBe(true);
  expect(errors).toEqual([]);
}

describe('direct upload to the object store in the back office (online release)', () => {
  it('desktop: a course cover goes straight to the store with its progress bar', async () => {
    await uploadCover(() => h.desktop(), 'uploads-s3-desktop');
  }, 60_000);

  it('phone: the same upload from a phone', async () => {
    await uploadCover(() => h.mobile(), 'uploads-s3-phone');
  }, 60_000);
});
