import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atPath, pageErrors, screenshot, startHarness, type Harness } from './harness';

/**
 * The demo school's home page as a visitor and a student see it on a development start (DEMO_DATA):
 * nothing seeded by the test, every section comes from server/demo/extras.ts.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
});
afterAll(async () => {
  await h?.close();
});

describe('the demo school home page', () => {
  it('on desktop shows banners, ads, columns in two category tabs, three tag sections, teachers, the footer and the Information entry', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}`);

    const carousel = page.getByTestId('carousel');
    await carousel.waitFor();
    await expect(carousel.locator('.carousel-dots button').count()).resolves.toBe(2);
    await expect(carousel.locator('.carousel-slide a').first().getAttribute('href')).resolves.toMatch(
      /^\/course\/[0-9A-Za-z_-]+$/,
    );
    await expect(page.getByTestId('home-ads').locator('img').count()).resolves.toBe(2);

    const columns = page.getByTestId('home-column-section');
    await columns.getByTestId('column-card').first().waitFor();
    await expect(columns.getByRole('tab').allTextContents()).resolves.toEqual(['技术专栏', '职场成长']);
    await expect(columns.getByTestId('column-card').getAttribute('title')).resolves.toBe('全栈开发进阶专栏');
    await columns.getByRole('tab', { name: '职场成长' }).click();
    await expect.poll(() => columns.getByTestId('column-card').count()).toBe(2);

    const tags = page.getByTestId('home-tag-section');
    await tags.first().waitFor();
    await expect(tags.locator('.home-section-title').allTextContents()).resolves.toEqual([
      '热门推荐',
      '技术进阶',
      '入职必修',
    ]);
    await expect(tags.first().getByTestId('course-card').count()).resolves.toBe(4);
    await expect(page.getByTestId('home-teachers').locator('.teacher-name').allTextContents()).resolves.toEqual([
      '王老师',
      '李老师',
      '陈老师',
    ]);

    const contact = page.getByTestId('footer-contact');
    await contact.waitFor();
    await expect(contact.textContent()).resolves.toContain('400-800-1234');
    await expect(contact.textContent()).resolves.toContain('时间：9:00 - 18:00');
    await expect(page.getByTestId('footer-about-title').textContent()).resolves.toBe('关于我们');
    // The about text is sanitised rich text that loads its own chunk: wait for it before the picture.
    await expect(page.getByTestId('footer-about').locator('strong').textContent()).resolves.toBe(
      '所有内容均为演示数据',
    );
    await screenshot(page, 'demo-home-desktop');

    // The configured catalogue entries keep 'all courses' first, as the default entry list has it.
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    await expect(page.locator('[data-testid="cat-row-1"] .cat-chip').allTextContents()).resolves.toEqual([
      '全部课程',
      '编程开发',
      '职场技能',
      '企业培训',
    ]);
    await page.goto(`/u/${h.school.hashUID}`);

    // The news live behind the Information entry on desktop: three published, the pinned one first, no draft.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '资讯' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/articlelist`));
    const titles = page.getByTestId('article-list').locator('.article-title');
    await titles.first().waitFor();
    await expect(titles.allTextContents()).resolves.toEqual([
      '置顶平台使用指南',
      '2025 年度培训计划发布',
      '新课上线：Vue 3 进阶',
    ]);
    await titles.first().click();
    await page.getByTestId('article-content').locator('h4').first().waitFor();
    await expect(page.getByTestId('article-content').locator('li').count()).resolves.toBe(3);
    await screenshot(page, 'demo-article-desktop');
    expect(errors).toEqual([]);
  });

  it('on mobile shows the news block, the column section and a tag section to the demo student', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await page.getByLabel(/用户名/).fill('student');
    await page.getByLabel(/^密码$/).fill('student123');
    await page.getByLabel(/^密码$/).press('Enter');
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));

    const news = page.getByTestId('home-news');
    await news.waitFor();
    await expect(news.locator('.news-title').allTextContents()).resolves.toEqual([
      '平台使用指南',
      '2025 年度培训计划发布',
      '新课上线：Vue 3 进阶',
    ]);
    await page.getByTestId('home-column-section').getByTestId('column-card').first().waitFor();
    await expect(page.getByTestId('home-tag-section').count()).resolves.toBe(3);
    await expect(page.getByTestId('home-tag-section').first().getByTestId('course-card').count()).resolves.toBe(4);
    await screenshot(page, 'demo-home-mobile');

    // The column page of the pinned column lists its three courses.
    await page.getByTestId('home-column-section').getByTestId('column-card').first().click();
    await page.waitForURL(/\/u\/column\/[0-9A-Za-z_-]+/);
    await page.getByText('全栈开发进阶专栏').first().waitFor();
    await screenshot(page, 'demo-column-mobile');
    expect(errors).toEqual([]);
  });
});
