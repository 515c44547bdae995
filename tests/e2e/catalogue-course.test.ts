import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers/app';
import { asAdmin, courseByTitle, listCourses, seedColumns, type Card } from './catalogue-helpers';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, type Harness } from './harness';

let h: Harness;
let columns: Awaited<ReturnType<typeof seedColumns>>;
beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  const courses = await listCourses(h);
  const pick = (title: string) => courses.find((course) => course.title === title)!.coid;
  columns = await seedColumns(h, [pick('React 入门实战'), pick('Excel 数据分析')]);
});
afterAll(async () => {
  await h?.close();
});

/** A demo student signed in (student: 研发部; lisi: 市场部; both with the demo password). */
async function signedIn(context: BrowserContext, username: 'student' | 'lisi'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/login/u/${h.school.hashUID}`);
  await submitLogin(page, username, 'student123');
  await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
  return page;
}

const dialog = (page: Page) => page.getByRole('alertdialog');

describe('course intro page on desktop', () => {
  it('shows price, discount, validity and tabs; the chapter tab tags free chapters and locks the rest; hot courses below', async () => {
    const vue = await courseByTitle(h, 'Vue 3 进阶');
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/course/${vue.code}`);
    await page.waitForURL(atPath(`/course/${vue.code}#/introduce/info`));
    const hero = page.getByTestId('course-hero');
    await hero.getByRole('heading', { name: 'Vue 3 进阶' }).waitFor();
    await expect(hero.getByTestId('intro-price').textContent()).resolves.toBe('￥199.00');
    await expect(hero.getByTestId('discount').textContent()).resolves.toBe('6.7折');
    await expect(hero.getByTestId('validity').textContent()).resolves.toBe('有效期：永久有效');
    await expect(hero.getByTestId('main-button').textContent()).resolves.toBe('立即购买');
    await expect(page.getByTestId('intro-tabs').getByRole('link').allTextContents()).resolves.toEqual([
      '课程介绍',
      '课程目录可试听',
      '课程评论',
    ]);
    await expect(page.getByTestId('course-description').textContent()).resolves.toBe('组合式 API 与性能优化。');

    const hot = page.getByTestId('hot-courses');
    await hot.getByRole('heading', { name: '热门课程' }).waitFor();
    const hotTitles = await hot
      .getByTestId('course-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('title')));
    expect(hotTitles).not.toContain('Vue 3 进阶');
    expect(hotTitles.length).toBeGreaterThan(4);
    await screenshot(page, 'catalogue-course-desktop');

    await page
      .getByTestId('intro-tabs')
      .getByRole('link', { name: /课程目录/ })
      .click();
    await page.waitForURL(atPath(`/course/${vue.code}#/introduce/chapter`));
    const rows = page.getByTestId('chapter-row');
    await rows.first().waitFor();
    await expect(rows.first().textContent()).resolves.toBe('视频Vue 3：开篇试听');
    await expect(rows.nth(1).textContent()).resolves.toBe('视频概念讲解购买后学习');

    // The fixed bar appears once the page is scrolled past the info section, with title, tabs and the button.
    await expect(page.getByTestId('fixed-top-bar').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    const bar = page.getByTestId('fixed-top-bar');
    await bar.waitFor();
    await expect(bar.locator('.intro-fixed-title').textContent()).resolves.toBe('Vue 3 进阶');
    await bar.getByRole('link', { name: '课程介绍' }).click();
    await page.waitForURL(atPath(`/course/${vue.code}#/introduce/info`));
    // The tab content stays in view under the bars (the route change alone would scroll to the top).
    await expect
      .poll(() => page.evaluate(() => Math.round(document.querySelector('.intro-body')!.getBoundingClientRect().top)))
      .toBe(64);
    await expect(bar.isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor({ state: 'detached' });

    // Buying as a guest: sign in first, then come back here.
    await hero.getByTestId('main-button').click();
    await page.waitForURL((url) => url.pathname === `/login/u/${h.school.hashUID}`);
    expect(new URL(page.url()).searchParams.get('return')).toBe(`/course/${vue.code}#/introduce/info`);
    expect(errors).toEqual([]);
  });

  it('bookmarks a course and removes the bookmark, locked while the request is in flight, and it survives a reload', async () => {
    const react = await courseByTitle(h, 'React 入门实战');
    const context = await h.desktop();
    const page = await signedIn(context, 'student');
    await page.goto(`/course/${react.code}#/introduce/info`);
    const bookmark = page.getByTestId('course-hero').getByTestId('bookmark');
    await expect(bookmark.textContent()).resolves.toBe('收藏');
    let release: () => void = () => undefined;
    await page.route('**/collectcourse', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await bookmark.click();
    await expect.poll(() => bookmark.isDisabled()).toBe(true);
    await expect(bookmark.getAttribute('aria-busy')).resolves.toBe('true');
    release();
    await expect.poll(() => bookmark.textContent()).toBe('已收藏');
    await expect(bookmark.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.unroute('**/collectcourse');

    await page.reload();
    await expect.poll(() => page.getByTestId('course-hero').getByTestId('bookmark').textContent()).toBe('已收藏');
    await page.getByTestId('course-hero').getByTestId('bookmark').click();
    await expect.poll(() => page.getByTestId('course-hero').getByTestId('bookmark').textContent()).toBe('收藏');
    await page.reload();
    await page.getByTestId('course-hero').waitFor();
    await expect(page.getByTestId('course-hero').getByTestId('bookmark').textContent()).resolves.toBe('收藏');
  });

  it('refuses a group-restricted course to a student outside the group and lets one inside start at the first chapter', async () => {
    const restricted = await courseByTitle(h, '研发规范与流程');
    const outside = await h.desktop();
    const page = await signedIn(outside, 'lisi');
    await page.goto(`/course/${restricted.code}#/introduce/info`);
    await page.getByTestId('course-hero').getByTestId('main-button').click();
    await expect(dialog(page).textContent()).resolves.toContain('该课程仅对指定的学员组开放，请联系管理员。');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    expect(page.url()).toContain(`/course/${restricted.code}`);

    const inside = await h.desktop();
    const member = await signedIn(inside, 'student');
    await member.goto(`/course/${restricted.code}#/introduce/info`);
    const chapters = (await h.app.inject({ url: `/course/chapter/${restricted.code}` })).json().data.chapters;
    await expect(member.getByTestId('course-hero').getByTestId('main-button').textContent()).resolves.toBe('开始学习');
    await member.getByTestId('course-hero').getByTestId('main-button').click();
    await member.waitForURL(atPath(`/u/learn/${restricted.code}/${chapters[0].cid}/v`));
    // The learning page opens (no refusal) with the course's chapter list beside it.
    await member.getByTestId('learn-page').waitFor();
    await member.getByTestId('learn-chapters').waitFor();
    await expect(member.getByTestId('learn-refusal').count()).resolves.toBe(0);
  });

  it('tells an administrator to use a student account, for the main action and the bookmark', async () => {
    const excel = await courseByTitle(h, 'Excel 数据分析');
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto('/learn/admin/');
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('admin-welcome').waitFor();
    await page.goto(`/course/${excel.code}#/introduce/info`);
    await page.getByTestId('course-hero').getByTestId('main-button').click();
    await expect(dialog(page).textContent()).resolves.toContain('请使用学员账号进行操作！');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await page.getByTestId('course-hero').getByTestId('bookmark').click();
    await expect(dialog(page).textContent()).resolves.toContain('请使用学员账号进行操作！');
  });

  it('opens a graphic course at its detail tab, with no chapter tab, and obtaining goes to reading', async () => {
    const graphic = await courseByTitle(h, '高效沟通（图文）');
    const context = await h.desktop();
    const page = await signedIn(context, 'student');
    await page.goto(`/course/${graphic.code}`);
    await page.waitForURL(atPath(`/course/${graphic.code}#/introduce/detail`));
    await page.getByTestId('graphic-detail').waitFor();
    await expect(page.getByTestId('intro-tabs').getByRole('link').allTextContents()).resolves.toEqual([
      '课程介绍',
      '图文详情',
      '评论',
    ]);
    const detail = page.getByTestId('graphic-detail');
    await expect(detail.locator('.graphic-toc a').allTextContents()).resolves.toEqual(['倾听', '表达']);
    await page.goto(`/course/${graphic.code}#/introduce/chapter`);
    await page.waitForURL(atPath(`/course/${graphic.code}#/introduce/info`));
    await expect(page.getByTestId('course-hero').getByTestId('main-button').textContent()).resolves.toBe('免费获取');
    await page.getByTestId('course-hero').getByTestId('main-button').click();
    await page.waitForURL(atPath(`/course/${graphic.code}#/introduce/detail`));
  });

  it('disables the main button before a fixed window opens (未开始) and after it ends (已过期)', async () => {
    const admin = await asAdmin(h);
    const make = async (title: string, from: string, to: string) => {
      const made = await admin<{ coid: string; code: string }>('POST', '/course/new', {
        title,
        catid: '0',
        type: 0,
        ce_type: 2,
        ce_time: to,
        settings: { vaildBeginTime: from },
      });
      await admin('POST', '/course/pub', { coid: made.coid, pub: '1' });
      return made;
    };
    const later = await make('下学期的课程', '2099-03-01', '2099-07-01');
    const past = await make('上学期的课程', '2020-03-01', '2020-07-01');
    const context = await h.desktop();
    const page = await signedIn(context, 'student');
    await page.goto(`/course/${later.code}#/introduce/info`);
    const main = page.getByTestId('course-hero').getByTestId('main-button');
    await expect(main.textContent()).resolves.toBe('未开始');
    await expect(main.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('validity').textContent()).resolves.toBe('有效期：2099-03-01 至 2099-07-01');
    await page.goto(`/course/${past.code}#/introduce/info`);
    await expect(page.getByTestId('course-hero').getByTestId('main-button').textContent()).resolves.toBe('已过期');
    await expect(page.getByTestId('course-hero').getByTestId('main-button').isDisabled()).resolves.toBe(true);
  });

  it('alerts 该课程已下架 for a deleted course and returns to the school home', async () => {
    const course = await courseByTitle(h, '职场礼仪');
    const admin = await asAdmin(h);
    await admin('POST', '/course/delete', { coids: [course.coid] });
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/course/${course.code}`);
    await expect(dialog(page).textContent()).resolves.toContain('该课程已下架');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    // An address that is no course at all shows the not-found page.
    await page.goto(`/course/${h.app.ctx.courseCodec.encode('1234567')}`);
    await page.getByTestId('not-found').waitFor();
  });
});

describe('course intro page on mobile', () => {
  it('shows the bottom action bar; a guest is asked to sign in first', async () => {
    const vue: Card = await courseByTitle(h, 'Vue 3 进阶');
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/course/${vue.code}`);
    const bar = page.getByTestId('mobile-action-bar');
    await bar.waitFor();
    await expect(bar.getByTestId('main-button').textContent()).resolves.toBe('立即购买');
    await expect(page.getByTestId('course-hero').getByTestId('main-button').count()).resolves.toBe(0);
    // The lan release shows no sharing.
    await expect(bar.getByTestId('share').count()).resolves.toBe(0);
    await page.getByTestId('hot-courses').getByTestId('course-card').first().waitFor();
    await screenshot(page, 'catalogue-course-mobile');
    await page
      .getByTestId('intro-tabs')
      .getByRole('link', { name: /课程目录/ })
      .click();
    await page.getByTestId('chapter-list').waitFor();

    await bar.getByTestId('bookmark').click();
    await expect(dialog(page).textContent()).resolves.toContain('该操作需要登录，是否现在登录？');
    await dialog(page).getByRole('button', { name: '取消' }).click();
    expect(page.url()).toContain(`/course/${vue.code}`);
    await bar.getByTestId('main-button').click();
    await dialog(page).getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.pathname === `/login/u/${h.school.hashUID}`);
    expect(errors).toEqual([]);
  });
});

describe('column page', () => {
  it('shows the column with its course list and recommendations, subscribes, and toasts for a column without courses', async () => {
    const context = await h.desktop();
    const page = await signedIn(context, 'student');
    let visits = 0;
    page.on('request', (request) => request.url().endsWith('/column/visit') && visits++);
    await page.goto(`/u/column/${columns.full.code}`);
    await page.waitForURL(atPath(`/u/column/${columns.full.code}#/introduce/info`));
    await page.getByRole('heading', { name: '前端工程师成长专栏' }).waitFor();
    await expect(page.getByTestId('intro-tabs').getByRole('link').allTextContents()).resolves.toEqual([
      '专栏介绍',
      '课程列表（2）',
    ]);
    // Recommendations: the school's other columns (the demo school has some of its own), never this one.
    const recommended = await page
      .getByTestId('recommended')
      .getByTestId('column-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('title')));
    expect(recommended).toContain('即将上线的专栏');
    expect(recommended).not.toContain('前端工程师成长专栏');
    await expect.poll(() => visits).toBe(1);

    await page
      .getByTestId('intro-tabs')
      .getByRole('link', { name: /课程列表/ })
      .click();
    // The tab renders its cards after the click: wait for them before reading them all.
    await page.getByTestId('tab-chapter').getByTestId('course-card').first().waitFor();
    await expect(
      page
        .getByTestId('tab-chapter')
        .getByTestId('course-card')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('title'))),
    ).resolves.toEqual(['React 入门实战', 'Excel 数据分析']);

    const main = page.locator('.intro-hero').getByTestId('main-button');
    await expect(main.textContent()).resolves.toBe('订阅专栏');
    await expect(page.getByTestId('book-count').textContent()).resolves.toBe('0 人订阅');
    await main.click();
    await page.getByTestId('toast').getByText('订阅成功').waitFor();
    await expect(main.textContent()).resolves.toBe('开始学习');
    await expect(page.getByTestId('book-count').textContent()).resolves.toBe('1 人订阅');

    const bookmark = page.locator('.intro-hero').getByTestId('bookmark');
    await bookmark.click();
    await expect.poll(() => bookmark.textContent()).toBe('已收藏');
    await page.reload();
    await expect.poll(() => page.locator('.intro-hero').getByTestId('bookmark').textContent()).toBe('已收藏');
    await expect(page.locator('.intro-hero').getByTestId('main-button').textContent()).resolves.toBe('开始学习');

    await page.goto(`/u/column/${columns.empty.code}`);
    await page.locator('.intro-hero').getByTestId('main-button').click();
    const toast = page.getByTestId('toast');
    await toast.getByText('当前专栏没有任何课程！').waitFor();
    const shown = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - shown).toBeGreaterThan(2000);
  });
});

describe('sharing in the online release', () => {
  it('shows share links on desktop and a copy-link panel on mobile', async () => {
    const online = await startHarness({ DEMO_DATA: true, VER: 'online' });
    try {
      const excel = (await listCourses(online)).find((course) => course.title === 'Excel 数据分析')!;
      const desktop = await (await online.desktop()).newPage();
      await desktop.goto(`/course/${excel.code}#/introduce/info`);
      await desktop.getByTestId('share-links').waitFor();
      await expect(desktop.getByTestId('share-links').getByRole('link').allTextContents()).resolves.toEqual([
        '微博',
        'QQ',
      ]);
      // The messaging-app QR image, made by this server, loads as a picture.
      const qr = desktop.getByTestId('share-links').getByRole('img', { name: '微信扫一扫分享' });
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      const page = await (await online.mobile()).newPage();
      await page.goto(`/course/${excel.code}#/introduce/info`);
      await page.getByTestId('mobile-action-bar').getByTestId('share').click();
      const panel = page.getByTestId('share-panel');
      await expect(panel.getByRole('textbox').inputValue()).resolves.toBe(`${online.baseURL}/course/${excel.code}`);
      await panel.getByRole('button', { name: '复制链接' }).click();
      await panel.getByText('复制成功，快去分享吧').waitFor();
      await panel.getByRole('button', { name: '关闭' }).click();
      await panel.waitFor({ state: 'detached' });
    } finally {
      await online.close();
    }
  });
});
