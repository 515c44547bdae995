import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortCourses } from '../../shared/rules/catalogue-state';
import { cardTitles, courseByTitle, listCourses, saveHomeSetting, type Card } from './catalogue-helpers';
import { atPath, pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
let courses: Card[];
beforeAll(async () => {
  h = await startHarness({ DEMO_DATA: true });
  courses = await listCourses(h);
});
afterAll(async () => {
  await h?.close();
});

const titles = (list: Card[]) => list.map((course) => course.title);
const row = (n: number) => `[data-testid="cat-row-${n}"] .cat-chip`;

describe('catalogue on desktop', () => {
  it('goes down three category levels and back, with the breadcrumb and the rows', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    await expect(page.locator(row(1)).allTextContents()).resolves.toEqual([
      '全部课程',
      '编程开发',
      '职场技能',
      '企业培训',
    ]);
    // The heading comes with the category tree; the courses come with a call of their own.
    await expect.poll(() => cardTitles(page)).toEqual(titles(courses));
    await expect(page.locator('[data-testid="cat-row-2"]').count()).resolves.toBe(0);

    await page.locator(row(1), { hasText: '编程开发' }).click();
    await expect(page.locator(row(2)).allTextContents()).resolves.toEqual(['前端开发', '后端开发']);
    await expect(page.getByTestId('catalogue-breadcrumb').textContent()).resolves.toBe('分类导航›编程开发');
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战', 'Vue 3 进阶', 'Node.js 服务端开发']);

    await page.locator(row(2), { hasText: '前端开发' }).click();
    await expect(page.locator(row(3)).allTextContents()).resolves.toEqual(['React', 'Vue']);
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战', 'Vue 3 进阶']);

    await page.locator(row(3), { hasText: 'Vue' }).click();
    await expect(page.getByTestId('catalogue-breadcrumb').textContent()).resolves.toBe(
      '分类导航›编程开发›前端开发›Vue',
    );
    await expect.poll(() => cardTitles(page)).toEqual(['Vue 3 进阶']);
    await page.getByRole('heading', { name: 'Vue', exact: true }).waitFor();
    await screenshot(page, 'catalogue-desktop');

    // Back up through the breadcrumb, then to all courses.
    await page.getByTestId('catalogue-breadcrumb').getByRole('button', { name: '编程开发' }).click();
    await expect(page.locator('[data-testid="cat-row-3"]').count()).resolves.toBe(0);
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战', 'Vue 3 进阶', 'Node.js 服务端开发']);
    await page.locator(row(1), { hasText: '全部课程' }).click();
    await expect(page.locator('[data-testid="cat-row-2"]').count()).resolves.toBe(0);
    await expect.poll(() => cardTitles(page)).toEqual(titles(courses));
    expect(errors).toEqual([]);
  });

  it('sorts by default, learners and newest, toggling the direction when chosen again', async () => {
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByTestId('course-grid').waitFor();
    await expect(page.getByTestId('sort-def').getAttribute('aria-pressed')).resolves.toBe('true');

    await page.getByTestId('sort-num').click();
    await expect(cardTitles(page)).resolves.toEqual(titles(sortCourses(courses, 'num', false, false)));
    await page.getByTestId('sort-num').click();
    await expect(page.getByTestId('sort-num').getAttribute('data-asc')).resolves.toBe('true');
    await expect(cardTitles(page)).resolves.toEqual(titles(sortCourses(courses, 'num', true, false)));
    expect((await cardTitles(page))[0]).toBe('研发规范与流程');

    await page.getByTestId('sort-time').click();
    const newest = titles(sortCourses(courses, 'time', true, false));
    await expect(cardTitles(page)).resolves.toEqual(newest);
    expect(newest[0]).toBe('职场礼仪');
    await page.getByTestId('sort-time').click();
    await expect(cardTitles(page)).resolves.toEqual(titles(sortCourses(courses, 'time', true, true)));

    await page.getByTestId('sort-def').click();
    await expect(cardTitles(page)).resolves.toEqual(titles(courses));
  });

  it('opens the address category with its rows; a non-numeric id is 0 and an unknown catalogue route falls back', async () => {
    const tree = (await h.app.inject({ url: `/course/catelist?uid=${h.school.hashUID}` })).json().data.cates;
    const node = tree[0].children[0].children[0]; // 编程开发 › 前端开发 › React
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/${node.catid}`);
    await page.getByRole('heading', { name: 'React', exact: true }).waitFor();
    await expect(page.getByTestId('catalogue-breadcrumb').textContent()).resolves.toBe(
      '分类导航›编程开发›前端开发›React',
    );
    await expect(page.locator(`${row(3)}.is-active`).textContent()).resolves.toBe('React');
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战']);

    await page.goto(`/u/${h.school.hashUID}#/courselist/abc`);
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual(titles(courses));

    await page.goto(`/u/${h.school.hashUID}#/courselist/1/nothing`);
    await page.waitForURL((url) => url.hash === '#/courselist/0');
    await page.getByRole('heading', { name: '全部课程' }).waitFor();
    // Elsewhere an unknown route keeps the not-found page.
    await page.goto(`/u/${h.school.hashUID}#/no-such-screen`);
    await page.getByTestId('not-found').waitFor();
  });

  it('searches from the search box in a new window, and clearing it goes back to the first category', async () => {
    const context = await h.desktop();
    // Playwright's clock in every page of the context: the test moves it past the search's one-second lock.
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}`);
    const search = page.getByRole('searchbox', { name: '搜索课程' });
    await search.fill('   ');
    await search.press('Enter');
    await page.getByTestId('toast').getByText('请输入搜索内容').waitFor();

    await search.fill('Excel');
    const [results] = await Promise.all([context.waitForEvent('page'), search.press('Enter')]);
    await results.waitForLoadState();
    expect(decodeURIComponent(new URL(results.url()).hash)).toBe('#/courselist/0?key=Excel');
    expect(page.url()).toContain(`/u/${h.school.hashUID}`);
    await results.getByRole('heading', { name: '搜索：Excel' }).waitFor();
    await expect.poll(() => cardTitles(results)).toEqual(['Excel 数据分析']);

    // Clearing the box emits the empty-search event: the first category (all courses) again, without the key.
    const box = results.getByRole('searchbox', { name: '搜索课程' });
    await expect(box.inputValue()).resolves.toBe('Excel');
    await box.fill('');
    await results.waitForURL((url) => url.hash === '#/courselist/0');
    await results.getByRole('heading', { name: '全部课程' }).waitFor();
    await expect.poll(() => cardTitles(results)).toEqual(titles(courses));

    await box.fill('没有这门课');
    const [none] = await Promise.all([context.waitForEvent('page'), box.press('Enter')]);
    await none.getByTestId('courses-empty').getByText('没有找到课程').waitFor();

    // One search at a time: a second Enter while the first is running opens nothing more. The last search's
    // lock has run out on the page's clock; the page's window.open is counted, and each Enter's search has run
    // by the time press() returns (the form submits in the key's own event).
    await context.clock.runFor(1_000);
    let opened = 0;
    context.on('page', () => opened++);
    await results.evaluate(() => {
      const open = window.open.bind(window);
      const counted = window as unknown as { searchesOpened: number };
      counted.searchesOpened = 0;
      window.open = (...args) => {
        counted.searchesOpened += 1;
        return open(...args);
      };
    });
    await box.fill('React');
    await box.press('Enter');
    await box.press('Enter');
    expect(await results.evaluate(() => (window as unknown as { searchesOpened: number }).searchesOpened)).toBe(1);
    await expect.poll(() => opened).toBe(1);
  });

  it('opens a course card in a new tab: the course page, or the live page for a live course', async () => {
    const vue = await courseByTitle(h, 'Vue 3 进阶');
    const live = await courseByTitle(h, '信息安全公开课（直播）');
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    const card = page.locator(`[data-testid="course-card"][title="Vue 3 进阶"]`);
    await expect(card.getByTestId('card-price').textContent()).resolves.toBe('￥199.00￥299.00');
    await expect(
      page.locator(`[data-testid="course-card"][title="React 入门实战"] [data-testid="card-price"]`).count(),
    ).resolves.toBe(0);
    const [tab] = await Promise.all([context.waitForEvent('page'), card.click()]);
    await tab.waitForURL(atPath(`/course/${vue.code}#/introduce/info`));
    await tab.getByRole('heading', { name: 'Vue 3 进阶' }).waitFor();
    await expect(page.locator(`[data-testid="course-card"][title="${live.title}"]`).getAttribute('href')).resolves.toBe(
      `/live/${h.school.hashUID}/${live.coid}.html`,
    );
    await expect(
      page.locator(`[data-testid="course-card"][title="${live.title}"]`).getAttribute('target'),
    ).resolves.toBe('_blank');
  });
});

describe('catalogue on mobile', () => {
  it('walks the drawer down three levels with its back stack, chooses, and steps back one level at a time', async () => {
    const context = await h.mobile();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByTestId('course-grid').waitFor();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('全部课程');
    await expect(
      page.locator('[data-testid="course-card"][title="React 入门实战"] [data-testid="card-price"]').textContent(),
    ).resolves.toBe('免费');

    await page.getByTestId('open-drawer').click();
    const drawer = page.getByTestId('drawer');
    const left = drawer.getByTestId('drawer-left').getByRole('button');
    const right = drawer.getByTestId('drawer-right').getByRole('button');
    await expect(left.allTextContents()).resolves.toEqual(['全部课程']);
    await expect(right.allTextContents()).resolves.toEqual(['编程开发', '职场技能', '企业培训']);

    await right.filter({ hasText: '编程开发' }).click();
    await expect(left.allTextContents()).resolves.toEqual(['编程开发', '职场技能', '企业培训']);
    await expect(drawer.locator('.cat-drawer-left .is-active').textContent()).resolves.toBe('编程开发');
    await expect(right.allTextContents()).resolves.toEqual(['前端开发', '后端开发']);
    await right.filter({ hasText: '前端开发' }).click();
    await expect(right.allTextContents()).resolves.toEqual(['React', 'Vue']);
    // Spec 4: a third-level category closes the drawer on its courses.
    await right.filter({ hasText: 'Vue' }).click();
    await expect(page.getByTestId('drawer').count()).resolves.toBe(0);
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('Vue');
    await page.getByTestId('open-drawer').click();
    await expect(left.allTextContents()).resolves.toEqual(['React', 'Vue']);
    await drawer.getByTestId('drawer-right').getByText('暂无分类数据，请点击底部的选择按钮').waitFor();
    // Picking on the left changes the selection at the same level.
    await left.filter({ hasText: 'React' }).click();
    await expect(drawer.getByTestId('drawer-choose').textContent()).resolves.toBe('选择：React');
    await screenshot(page, 'catalogue-mobile-drawer');
    // The drawer's back goes one level up (the back stack), then down again.
    await drawer.getByTestId('drawer-back').click();
    await expect(left.allTextContents()).resolves.toEqual(['前端开发', '后端开发']);
    await expect(right.allTextContents()).resolves.toEqual(['React', 'Vue']);
    await right.filter({ hasText: 'React' }).click();
    await expect(page.getByTestId('drawer').count()).resolves.toBe(0);
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('React');
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战']);

    const back = page.getByTestId('back-level');
    await back.click();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('前端开发');
    await expect.poll(() => cardTitles(page)).toEqual(['React 入门实战', 'Vue 3 进阶']);
    await back.click();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('编程开发');
    await back.click();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('全部课程');
    await expect.poll(() => cardTitles(page)).toEqual(titles(courses));
    await back.click();
    await expect(page.getByTestId('current-name').textContent()).resolves.toBe('全部课程');
    expect(errors).toEqual([]);
  });

  it('opens the drawer at the address category with the levels a user would have walked', async () => {
    const tree = (await h.app.inject({ url: `/course/catelist?uid=${h.school.hashUID}` })).json().data.cates;
    const context = await h.mobile();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/${tree[1].children[0].catid}`);
    await expect.poll(() => page.getByTestId('current-name').textContent()).toBe('办公软件');
    await page.getByTestId('open-drawer').click();
    await expect(page.getByTestId('drawer-left').getByRole('button').allTextContents()).resolves.toEqual([
      '办公软件',
      '沟通表达',
    ]);
    await expect(page.getByTestId('drawer-right').getByRole('button').allTextContents()).resolves.toEqual(['Excel']);
    await page.getByTestId('drawer-back').click();
    await expect(page.getByTestId('drawer-left').getByRole('button').allTextContents()).resolves.toEqual([
      '编程开发',
      '职场技能',
      '企业培训',
    ]);
  });
});

describe('catalogue with a configured entry list (catesetting)', () => {
  it("shows the configured entries in the first row and on the drawer's left", async () => {
    const tree = (await h.app.inject({ url: `/course/catelist?uid=${h.school.hashUID}` })).json().data.cates;
    await saveHomeSetting(h, {
      catesetting: [
        { catid: tree[0].catid, title: '编程' },
        { catid: tree[1].catid, title: '职场' },
      ],
      userpagetitle: '蓝学在线课堂',
    });
    const context = await h.desktop();
    const page = await context.newPage();
    await page.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await page.getByTestId('catalogue').getByText('蓝学在线课堂').waitFor();
    await expect(page.locator(row(1)).allTextContents()).resolves.toEqual(['编程', '职场']);
    await page.locator(row(1), { hasText: '职场' }).click();
    await expect(page.locator(row(2)).allTextContents()).resolves.toEqual(['办公软件', '沟通表达']);

    const phone = await h.mobile();
    const mobile = await phone.newPage();
    await mobile.goto(`/u/${h.school.hashUID}#/courselist/0`);
    await mobile.getByTestId('open-drawer').click();
    await expect(mobile.getByTestId('drawer-left').getByRole('button').allTextContents()).resolves.toEqual([
      '编程',
      '职场',
    ]);
    await mobile.getByTestId('drawer-right').getByText('暂无分类数据，请点击底部的选择按钮').waitFor();
    await mobile.getByTestId('drawer-left').getByRole('button', { name: '编程' }).click();
    await expect(mobile.getByTestId('drawer-right').getByRole('button').allTextContents()).resolves.toEqual([
      '前端开发',
      '后端开发',
    ]);
    await mobile.getByTestId('drawer-choose').click();
    await expect(mobile.getByTestId('current-name').textContent()).resolves.toBe('编程');
    await expect.poll(() => cardTitles(mobile)).toEqual(['React 入门实战', 'Vue 3 进阶', 'Node.js 服务端开发']);
  });
});
