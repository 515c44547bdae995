/**
 * The back office's analytics in Chromium (issue 18 'Back office analytics'): the overview on the landing page
 * with its charts on desktop (zh-CN) and on a phone (en-GB), and a course's funnel, with the numbers checked
 * against the records the test made through the real calls (enrolments, learn/start, learn/record/update).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../shared/constants';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { buildStudent, login } from '../helpers/app';
import { enrol } from '../helpers/learning-factory';
import { signInAdmin } from './admin-helpers';
import { asAdmin } from './catalogue-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let coid = '';
let other = '';

beforeAll(async () => {
  h = await startHarness();
  const admin = await asAdmin(h);
  ({ coid } = await admin<{ coid: string }>('POST', '/course/new', { title: '安全生产', catid: '0', type: 0 }));
  const cids: string[] = [];
  for (const title of ['第一章', '第二章', '第三章']) {
    const made = await admin<{ cid: string }>('POST', '/chapter/add', {
      coid,
      parent_id: '0',
      title,
      type: CHAPTER_TYPE.imageText,
    });
    cids.push(made.cid);
  }
  await admin('POST', '/course/pub', { coid, pub: '1' });
  ({ coid: other } = await admin<{ coid: string }>('POST', '/course/new', { title: '消防演练', catid: '0', type: 0 }));
  await admin('POST', '/course/pub', { coid: other, pub: '1' });
  // Three learners: the first finishes all three chapters, the second two, the third one.
  for (let i = 0; i < 3; i++) {
    const s = await buildStudent(h.app, { name: `学员${i + 1}` });
    await enrol(h.app, s.id, coid);
    const { cookie } = await login(h.app, s);
    const started = await h.app.inject({ method: 'POST', url: '/learn/start', payload: { coid }, headers: { cookie } });
    expect(started.statusCode, started.body).toBe(200);
    for (const cid of cids.slice(0, 3 - i))
      await admin('POST', '/learn/record/update', { sid: s.id, coid, cid, progress: 1 });
  }
  // One more learner of the other course, who has not finished it.
  const late = await buildStudent(h.app, { name: '学员4' });
  await enrol(h.app, late.id, other);
  const { cookie } = await login(h.app, late);
  await h.app.inject({ method: 'POST', url: '/learn/start', payload: { coid: other }, headers: { cookie } });
}, 180_000);
afterAll(async () => h?.close());

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

describe('back office analytics', () => {
  it('desktop: the landing page shows the overview with its charts and the courses by completion', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('analytics-overview').waitFor();
    await page.getByTestId('kpi-enrolments-value').waitFor();
    expect(await text(page, 'kpi-enrolments-value')).toBe('4');
    expect(await text(page, 'kpi-completions-value')).toBe('1');
    expect(await text(page, 'kpi-pass-value')).toBe('–');
    for (const chart of ['chart-active', 'chart-hours']) {
      const canvas = page.getByTestId(chart).locator('canvas');
      await canvas.waitFor();
      expect((await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(300);
    }
    await expect(page.getByTestId('chart-active').textContent()).resolves.toContain('上一周期');
    const top = page.getByTestId('top-course').first();
    expect(await top.getAttribute('data-id')).toBe(coid);
    await expect(top.textContent()).resolves.toContain('33%');
    expect(await page.getByTestId('bottom-course').first().getAttribute('data-id')).toBe(other);
    // Nobody studied (time) yet: all four students are listed as not studied in 7 days.
    await expect(page.getByTestId('inactive').textContent()).resolves.toContain('共 4 人');
    await screenshot(page, 'admin-analytics-desktop');
    expect(errors).toEqual([]);
  });

  it('a course: the funnel by chapter in course order, numbers as recorded', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('top-course').first().getByRole('link').click();
    await page.getByTestId('funnel-row').first().waitFor();
    const rows = page.getByTestId('funnel-row');
    expect(await rows.count()).toBe(3);
    const figures = [];
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      figures.push([
        (await row.getByTestId('funnel-started').textContent())?.trim(),
        (await row.getByTestId('funnel-finished').textContent())?.trim(),
      ]);
    }
    expect(figures).toEqual([
      ['3', '3'],
      ['2', '2'],
      ['1', '1'],
    ]);
    expect(await text(page, 'kpi-learners-value')).toBe('3');
    expect(await text(page, 'kpi-completed-value')).toBe('1');
    await page.getByTestId('chart-course').locator('canvas').waitFor();
    await screenshot(page, 'admin-analytics-funnel');
    expect(errors).toEqual([]);
  });

  it('phone, en-GB: the overview fits the screen and reads in English', async () => {
    const context = await h.mobile();
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'en-gb', url: h.baseURL }]);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);
    await page.getByTestId('analytics-overview').waitFor();
    await expect(page.getByTestId('kpi-enrolments').textContent()).resolves.toContain('New enrolments');
    const canvas = page.getByTestId('chart-hours').locator('canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width + 1).toBe(true);
    // Nothing of the overview reaches past the screen's edge (the top bar and the sidebar strip are the shell's).
    const wide = await page
      .getByTestId('analytics-overview')
      .evaluate((root) =>
        [root, ...root.querySelectorAll('.an-card, .an-kpi, canvas, .an-period')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((el) => `${el.tagName}.${el.className}`),
      );
    expect(wide).toEqual([]);
    await page.getByTestId('chart-hours').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-analytics-phone');
    expect(errors).toEqual([]);
  });
});
