import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS } from '../../shared/constants';
import { buildStudent } from '../helpers/app';
import {
  courseByTitle,
  homeSetting,
  listCourses,
  saveHomeSetting,
  seedArticles,
  seedColumns,
  seedTag,
} from './catalogue-helpers';
import { atPath, pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  const courses = await listCourses(h);
  const pick = (title: string) => courses.find((course) => course.title === title)!.coid;
  await saveHomeSetting(h, homeSetting());
  await seedColumns(h, [pick('React 入门实战'), pick('Vue 3 进阶')]);
  await seedTag(h, '新员工必修', [pick('研发规范与流程'), pick('职场礼仪'), pick('Excel 数据分析')]);
  await seedArticles(h);
});
afterAll(async () => {
  await h?.close();
});

describe('school home page on desktop', () => {
  it('shows banners, ads, category sections, columns, tags, teachers and the footer from the home setting', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}`);
    const carousel = page.getByTestId('carousel');
    await carousel.waitFor();
    await expect(carousel.locator('.carousel-dots button').count()).resolves.toBe(2);
    await expect(page.getByTestId('home-ads').locator('img').count()).resolves.toBe(2);

    const sections = page.getByTestId('home-category-section');
    await sections.first().waitFor();
    await expect(sections.locator('.home-section-title').allTextContents()).resolves.toEqual([
      '编程开发',
      '职场技能',
      '企业培训',
    ]);
    const first = sections.first();
    await expect(first.locator('.home-subcat').allTextContents()).resolves.toEqual(['前端开发', '后端开发']);
    await expect(first.getByTestId('course-card').count()).resolves.toBe(3);
    // Desktop hides a 0 price; a paid course shows ￥ with two decimals.
    const vue = first.locator('[data-testid="course-card"][title="Vue 3 进阶"]');
    await expect(vue.getByTestId('card-price').textContent()).resolves.toContain('￥199.00');
    const react = first.locator('[data-testid="course-card"][title="React 入门实战"]');
    await expect(react.getByTestId('card-price').count()).resolves.toBe(0);

    // The demo school has column categories and tags of its own: find this test's among them.
    const columnSection = page.getByTestId('home-column-section');
    await columnSection.getByRole('tab', { name: '精选专栏' }).click();
    await expect(columnSection.getByRole('tab', { name: '精选专栏' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await expect
      .poll(() => columnSection.getByTestId('column-card').allTextContents())
      .toEqual([expect.stringContaining('即将上线的专栏'), expect.stringContaining('前端工程师成长专栏')]);
    // The tag sections come with a call of their own.
    await expect
      .poll(() => page.getByTestId('home-tag-section').locator('.home-section-title').allTextContents())
      .toContain('新员工必修');
    await expect(page.getByTestId('home-teachers').locator('.teacher-name').allTextContents()).resolves.toEqual([
      '王老师',
      '李老师',
      '陈老师',
    ]);
    await expect(page.getByTestId('home-news').count()).resolves.toBe(0);

    // Footer: contact with weekday names and hours, sanitised about text, QR caption, Information in the nav.
    const contact = page.getByTestId('footer-contact');
    await contact.waitFor();
    await expect(contact.textContent()).resolves.toContain('电话：010-12345678');
    await expect(contact.textContent()).resolves.toContain('工作日：周一 至 周五');
    await expect(contact.textContent()).resolves.toContain('时间：9:00 - 18:00');
    const about = page.getByTestId('footer-about');
    await about.waitFor();
    await expect(about.locator('strong').textContent()).resolves.toBe('终身学习');
    await expect(about.locator('a').getAttribute('href')).resolves.toBe('');
    await expect(page.getByTestId('footer-qr').textContent()).resolves.toContain('扫码关注我们');
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link').allTextContents()).resolves.toEqual(
      ['首页', '课程', '资讯'],
    );
    await screenshot(page, 'catalogue-home-desktop');
    expect(errors).toEqual([]);
  });

  it('plays the banners every 3 s and pauses while hovered', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`/u/${h.school.hashUID}`);
    const carousel = page.getByTestId('carousel');
    await carousel.waitFor();
    // From here the page's clock (Playwright's) stands still: the banners turn only when the test moves it, and
    // runFor lets the page handle each timer it fires before going on, however slow the machine. (Pausing may
    // have fired one turn: start from wherever the banners are.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    const index = () => carousel.getAttribute('data-index');
    const start = await index();
    const other = start === '0' ? '1' : '0';
    // Hovering and leaving restarts the turns, so the next one is due exactly 3 s on.
    await carousel.hover();
    await page.mouse.move(0, 0);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 100);
    await expect(index()).resolves.toBe(start);
    await page.clock.runFor(100);
    await expect.poll(index).toBe(other);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect.poll(index).toBe(start);

    // Hovered, more than a turn goes by and the banner stays; once the mouse leaves, the next turn comes.
    await carousel.hover();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS + 800);
    await expect(index()).resolves.toBe(start);
    await page.mouse.move(0, 0);
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS);
    await expect.poll(index).toBe(other);
  });

  it('opens the catalogue at a category from a section and from its more link', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}`);
    const first = page.getByTestId('home-category-section').first();
    await first.getByRole('link', { name: '前端开发' }).click();
    const tree = (await h.app.inject({ url: `/course/cates?uid=${h.school.hashUID}&catid=0` })).json().data
      .allCates as { catid: string; title: string }[];
    await page.waitForURL(/#\/courselist\/\d+$/);
    await page.getByRole('heading', { name: '前端开发' }).waitFor();
    await expect(page.getByTestId('catalogue-breadcrumb').textContent()).resolves.toBe('分类导航›编程开发›前端开发');

    await page.goto(`/u/${h.school.hashUID}`);
    await page.getByTestId('home-category-section').nth(1).getByRole('link', { name: /更多/ }).click();
    await page.waitForURL((url) => url.hash === `#/courselist/${tree[1].catid}`);
    await page.getByRole('heading', { name: '职场技能' }).waitFor();
  });

  it('lists articles (pinned first) and reads one with its unsafe image address emptied', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}`);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '资讯' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}#/articlelist`));
    const titles = page.getByTestId('article-list').locator('.article-title');
    await titles.first().waitFor();
    // Pinned first (the demo school's own articles among them), the newest first within each.
    const listed = await titles.allTextContents();
    expect(listed.filter((title) => title.startsWith('置顶')).length).toBeGreaterThan(0);
    expect(listed.findIndex((title) => !title.startsWith('置顶'))).toBe(
      listed.filter((title) => title.startsWith('置顶')).length,
    );
    expect(listed).toContain('置顶图书馆开放时间调整');
    expect(listed.indexOf('新学期选课指南')).toBeGreaterThan(listed.indexOf('置顶图书馆开放时间调整'));
    await page.getByRole('link', { name: /新学期选课指南/ }).click();
    await page.getByRole('heading', { name: '新学期选课指南' }).waitFor();
    await expect(page.getByTestId('article-content').locator('h3').textContent()).resolves.toBe('选课时间');
    const src = await page
      .getByTestId('article-content')
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(src.every((value) => !value?.startsWith('javascript'))).toBe(true);
  });
});

describe('school home page on mobile', () => {
  it('shows the mobile banner, the news block, two-column sections and only the about block in the footer', async () => {
    const student = await buildStudent(h.app, { name: '周同学' });
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await page.getByLabel(/用户名/).fill(student.username);
    await page.getByLabel(/^密码$/).fill(student.password);
    await page.getByLabel(/^密码$/).press('Enter');
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.getByTestId('carousel').waitFor();
    const image = await page.getByTestId('carousel').locator('.carousel-slide img').nth(1).getAttribute('src');
    expect(decodeURIComponent(image ?? '')).toContain('750');
    const news = page.getByTestId('home-news');
    await news.waitFor();
    const newsTitles = await news.locator('.news-title').allTextContents();
    expect(newsTitles).toEqual(expect.arrayContaining(['图书馆开放时间调整', '新学期选课指南']));
    expect(newsTitles.indexOf('新学期选课指南')).toBeGreaterThan(newsTitles.indexOf('图书馆开放时间调整'));
    const section = page.getByTestId('home-category-section').first();
    await expect(section.getByTestId('card-price').first().textContent()).resolves.toBe('免费');
    await page.getByTestId('footer-about-title').waitFor();
    await expect(page.getByTestId('footer-contact').count()).resolves.toBe(0);
    await screenshot(page, 'catalogue-home-mobile');
    // Back to top after scrolling.
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('button', { name: '返回顶部' }).waitFor();
    expect(errors).toEqual([]);
  });
});

type Heard = Window & { nextMessage?: Promise<string> };

/** From now on the page notes the next window message's origin. */
async function listenForMessage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Heard).nextMessage = new Promise<string>((resolve) =>
      window.addEventListener('message', (event) => resolve(event.origin), { once: true }),
    );
  });
}

/**
 * The origin of the message listenForMessage waited for, once the page has handled it: every listener of the
 * message runs in its dispatch, and React commits what the page's handler changed before the next frame.
 */
const messageHandled = (page: Page) =>
  page.evaluate(async () => {
    const origin = await (window as Heard).nextMessage;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return origin;
  });

describe('live home setting', () => {
  it('updates the footer when a same-origin homesetting message arrives, in both message forms', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}`);
    await page.getByTestId('footer-contact').waitFor();
    await page.evaluate(() =>
      window.postMessage(
        {
          type: 'homesetting',
          setting: JSON.stringify({
            phone: '400-800-1234',
            workday1: 2,
            workday2: 6,
            aboutustitle: '学校简介',
            aboutuscontent: '<p>新的介绍</p>',
          }),
        },
        window.location.origin,
      ),
    );
    await expect.poll(() => page.getByTestId('footer-contact').textContent()).toContain('400-800-1234');
    await expect(page.getByTestId('footer-contact').textContent()).resolves.toContain('工作日：周二 至 周六');
    await expect(page.getByTestId('footer-about-title').textContent()).resolves.toBe('学校简介');
    // The banners follow the setting too: none now, so the welcome block is back.
    await page.getByRole('heading', { name: `欢迎来到${h.school.name}` }).waitFor();

    await page.evaluate(() =>
      window.postMessage(
        JSON.stringify({ homesetting: JSON.stringify({ phone: '021-555', showAdminEntry: false }) }),
        window.location.origin,
      ),
    );
    await expect.poll(() => page.getByTestId('footer-contact').textContent()).toContain('021-555');
    await expect(page.getByTestId('admin-entry').count()).resolves.toBe(0);

    // A setting the schema refuses (an unsafe address) changes nothing. The page has handled the message once the
    // test's listener has heard it and the next frame has come (messageHandled).
    await listenForMessage(page);
    await page.evaluate(() =>
      window.postMessage(
        { type: 'homesetting', setting: JSON.stringify({ phone: '999', qrcode: 'javascript:alert(1)' }) },
        window.location.origin,
      ),
    );
    await expect(messageHandled(page)).resolves.toBe(new URL(h.baseURL).origin);
    await expect(page.getByTestId('footer-contact').textContent()).resolves.toContain('021-555');

    // A message from another origin (localhost is not 127.0.0.1: a window this page opened) is ignored.
    const other = h.baseURL.replace('127.0.0.1', 'localhost');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((url) => void window.open(url, 'other-origin'), `${other}/u/${h.school.hashUID}`),
    ]);
    await popup.waitForLoadState();
    await listenForMessage(page);
    await popup.evaluate(() =>
      window.opener.postMessage({ type: 'homesetting', setting: JSON.stringify({ phone: '666-other' }) }, '*'),
    );
    await expect(messageHandled(page)).resolves.toBe(other);
    await expect(page.getByTestId('footer-contact').textContent()).resolves.toContain('021-555');
  });
});

describe('an empty school', () => {
  it('says honestly that courses are being prepared', async () => {
    const empty = await startHarness();
    try {
      const context = await empty.desktop();
      const page = await context.newPage();
      await page.goto(`/u/${empty.school.hashUID}`);
      await page.getByText('课程正在准备中。').waitFor();
      await expect(page.getByTestId('home-category-section').count()).resolves.toBe(0);
      await page.goto(`/u/${empty.school.hashUID}#/courselist/0`);
      await page.getByTestId('courses-empty').getByText('没有找到课程').waitFor();
    } finally {
      await empty.close();
    }
  });
});

void courseByTitle;
