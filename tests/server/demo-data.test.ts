import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { sanitizeRichText } from '../../server/lib/sanitize';

/**
 * The demo school (DEMO_DATA) as a visitor and a student see it through the public calls: columns, tag
 * sections, articles and the home setting are filled, published things only, the draft article hidden.
 */
describe('the demo school: columns, tags, articles and home setting', () => {
  let app: TestApp;
  let get: Caller['get'];
  let post: Caller['post'];
  let uid: string;
  let student: string;
  const data = async (res: Promise<{ statusCode: number; body: string; json: () => { data: unknown } }>) => {
    const reply = await res;
    expect(reply.statusCode, reply.body).toBe(200);
    // The replies are checked field by field below; any keeps the assertions short.
    return reply.json().data as Record<string, any>;
  };
  /** The published course titles by id, as the catalogue lists them. */
  let titles: Map<string, string>;

  beforeAll(async () => {
    app = await makeApp({ DEMO_DATA: true });
    ({ get, post } = injectAs(app, null));
    uid = (await school(app)).hashUID;
    student = (await login(app, { username: 'student', password: 'student123' })).cookie;
    const cards = (await data(post('/course/bycate', { uid, num: 500 }))).courseData as {
      coid: string;
      title: string;
    }[];
    titles = new Map(cards.map((card) => [card.coid, card.title]));
  });
  afterAll(() => app.close());

  it('lists two column categories and three published columns: pinned paid with a discount, free, and a validity window', async () => {
    const { cates } = await data(get(`/column/cates?uid=${uid}`));
    expect(cates.map((c: { title: string; column_count: number }) => [c.title, c.column_count])).toEqual([
      ['技术专栏', 1],
      ['职场成长', 2],
    ]);
    const list = await data(post('/column/list', { uid, pageSize: 20 }));
    expect(list.total).toBe(3);
    const [pinned, ...rest] = list.list as {
      title: string;
      top: number;
      actual: number;
      price: number;
      ce_type: number;
      ce_time: string;
      course_count: number;
      img: string;
    }[];
    expect(pinned).toMatchObject({ title: '全栈开发进阶专栏', actual: 249, price: 398, ce_type: 0, course_count: 3 });
    expect(pinned.top).toBeGreaterThan(0);
    const free = rest.find((c) => c.title === '职场新人必修')!;
    expect(free).toMatchObject({ actual: 0, price: 0, ce_type: 0, course_count: 3 });
    const window = rest.find((c) => c.title === '办公技能特训营')!;
    expect(window).toMatchObject({ actual: 49, ce_type: 2, course_count: 2 });
    expect(window.ce_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(window.ce_time).getTime()).toBeGreaterThan(Date.now());
    // The demo courses have no cover, so neither do the columns (the page draws its placeholder).
    expect(list.list.every((c: { img: string }) => c.img === '')).toBe(true);
    // The second category's tab lists its two columns.
    const second = await data(post('/column/list', { uid, cates: cates[1].catid }));
    expect(second.list.map((c: { title: string }) => c.title).sort()).toEqual(
      ['办公技能特训营', '职场新人必修'].sort(),
    );
  });

  it('opens each column page with its published demo courses in order, for a guest and a student', async () => {
    const list = (await data(post('/column/list', { uid, pageSize: 20 }))).list as { code: string; title: string }[];
    const expected: Record<string, string[]> = {
      全栈开发进阶专栏: ['React 入门实战', 'Vue 3 进阶', 'Node.js 服务端开发'],
      职场新人必修: ['职场礼仪', '高效沟通（图文）', 'Excel 数据分析'],
      办公技能特训营: ['Excel 数据分析', '高效沟通（图文）'],
    };
    expect(list.map((c) => c.title).sort()).toEqual(Object.keys(expected).sort());
    for (const column of list) {
      const guest = await data(get(`/column/info/${column.code}`));
      expect(
        guest.courses.map((c: { title: string }) => c.title),
        column.title,
      ).toEqual(expected[column.title]);
      expect(guest.column.description).toBe(sanitizeRichText(guest.column.description));
      expect(guest.column.description).toMatch(/^<(p|h3)>/);
      const mine = await data(get(`/column/info/${column.code}`, student));
      expect(mine.buy).toEqual({ isBook: false, infinite: false });
      expect(mine.button.action).toBe('subscribe');
    }
  });

  it('shows three tag sections with published courses only', async () => {
    const { tags } = await data(get(`/tags/${uid}`));
    expect(tags.map((t: { name: string }) => t.name)).toEqual(['热门推荐', '技术进阶', '入职必修']);
    for (const tag of tags as { name: string; courses: { coid: string; title: string }[] }[]) {
      expect(tag.courses.length, tag.name).toBeGreaterThanOrEqual(3);
      for (const course of tag.courses)
        expect(titles.get(course.coid), `${tag.name}: ${course.title}`).toBe(course.title);
    }
    expect(tags[0].courses.map((c: { title: string }) => c.title)).toEqual([
      'React 入门实战',
      'Excel 数据分析',
      'Vue 3 进阶',
      '高效沟通（图文）',
    ]);
  });

  it('lists three published articles, the pinned one first; the draft is neither listed nor readable', async () => {
    for (const cookie of [undefined, student]) {
      const list = await data(get(`/article/list?uid=${uid}&status=0&num=10`, cookie));
      expect(list.total).toBe(3);
      expect(list.list.map((a: { title: string; pinned: boolean }) => [a.title, a.pinned])).toEqual([
        ['平台使用指南', true],
        ['2025 年度培训计划发布', false],
        ['新课上线：Vue 3 进阶', false],
      ]);
      expect(list.list[0].summary).toMatch(/^欢迎来到蓝学 这里汇集了/);
    }
    const first = (await data(get(`/article/list?uid=${uid}`))).list[0] as { aid: string };
    const article = await data(get(`/article/info/${first.aid}`));
    expect(article.content).toBe(sanitizeRichText(article.content));
    expect(article.content).toContain('<h3>欢迎来到蓝学</h3>');
    expect(article.content).toContain('<h4>三步开始学习</h4>');
    expect(article.content).toMatch(/<(ol|ul)><li>/);

    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const all = (await data(get('/article/admin/list', admin))).list as {
      aid: string;
      title: string;
      status: number;
    }[];
    const draft = all.find((a) => a.status === 0);
    expect(all).toHaveLength(4);
    expect(draft?.title).toBe('下季度课程预告（草稿）');
    expect((await get(`/article/info/${draft!.aid}`)).statusCode).toBe(404);
    expect((await get(`/article/info/${draft!.aid}`, student)).statusCode).toBe(404);
  });

  it('serves a home setting with banners to demo course pages, ads, teachers, the default catalogue entry and the footer', async () => {
    const page = await data(get(`/userpage/${uid}`));
    const { setting } = page;
    expect(setting.banners).toHaveLength(2);
    for (const banner of setting.banners as { url: string; urlmoblie: string; link: string }[]) {
      expect(banner.url).toMatch(/^data:image\/svg\+xml,/);
      expect(banner.urlmoblie).toMatch(/^data:image\/svg\+xml,/);
      const code = /^\/course\/([0-9A-Za-z_-]+)$/.exec(banner.link)?.[1];
      expect(code, banner.link).toBeTruthy();
      expect(titles.has(app.ctx.courseCodec.decode(code!) ?? '')).toBe(true);
      expect((await get(`/course/info/${code}`)).statusCode).toBe(200);
    }
    expect(setting.showads).toBe(true);
    expect(
      setting.ads.map((ad: { alt: string; url: string }) => [ad.alt, ad.url.startsWith('data:image/svg+xml,')]),
    ).toEqual([
      ['全栈开发进阶', true],
      ['新员工入职', true],
    ]);
    expect(setting.showteacher).toBe(true);
    expect(setting.teachers.map((t: { name: string }) => t.name)).toEqual(['王老师', '李老师', '陈老师']);
    // No catesetting of its own: the catalogue then shows its single default entry 'all courses' (spec 3).
    expect(page.catesetting).toEqual([]);
    expect(setting).toMatchObject({
      phone: '400-800-1234',
      workday1: 1,
      workday2: 5,
      worktime1: '9:00',
      worktime2: '18:00',
      aboutustitle: '关于我们',
      showInformation: true,
      showPrice: true,
    });
    expect(setting.aboutuscontent).toBe(sanitizeRichText(setting.aboutuscontent));
    expect(setting.aboutuscontent).toContain('<strong>');
    // Nothing points at the internet: every address is a data: picture or a path of this site.
    const addresses = JSON.stringify(setting).match(/https?:\/\/(?!www\.w3\.org)[^"\\]*/g) ?? [];
    expect(addresses).toEqual([]);
  });

  it('leaves the extras out when the demo is off', async () => {
    const plain = await makeApp();
    try {
      const id = (await school(plain)).hashUID;
      expect((await plain.inject({ method: 'GET', url: `/tags/${id}` })).json().data.tags).toEqual([]);
      expect(
        (await plain.inject({ method: 'POST', url: '/column/list', payload: { uid: id } })).json().data.total,
      ).toBe(0);
      expect((await plain.inject({ method: 'GET', url: `/userpage/${id}` })).json().data.setting.banners).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
