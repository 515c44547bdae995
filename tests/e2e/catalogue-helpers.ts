/**
 * Seeding for the catalogue browser tests: the demo catalogue (DEMO_DATA) plus a home setting, columns,
 * a tag and articles made through the real back-office calls, as an administrator would.
 */
import type { Page } from 'playwright-core';
import { ADMIN, login } from '../helpers/app';
import type { Harness } from './harness';

export interface Card {
  coid: string;
  code: string;
  title: string;
  type: number;
  actual: number;
  lcount: number;
  create_time: string;
  catid: string;
}

type Json = Record<string, unknown>;

/** Calls the app as the school's main administrator; throws unless the reply is ok. */
export async function asAdmin(h: Harness) {
  const { cookie } = await login(h.app, { username: ADMIN.username, password: ADMIN.password, role: 'admin' });
  return async <T = Json>(method: 'GET' | 'POST', url: string, payload?: Json): Promise<T> => {
    const res = await h.app.inject({ method, url, payload, headers: { cookie } });
    const body = res.json() as { status: string; error: string; data: T };
    if (body.status !== 'ok') throw new Error(`${method} ${url}: ${res.statusCode} ${body.error}`);
    return body.data;
  };
}

/** A small SVG picture as a data:image address (the URL rule keeps data:image). */
export function svgImage(width: number, height: number, from: string, to: string, text = ''): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.2)}" r="${Math.round(height * 0.45)}" fill="#fff" fill-opacity=".12"/>` +
    (text
      ? `<text x="${Math.round(width * 0.07)}" y="${Math.round(height * 0.56)}" font-family="sans-serif" font-size="${Math.round(height * 0.14)}" font-weight="700" fill="#fff">${text}</text>`
      : '') +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The school's listed courses (all categories, server order). */
export async function listCourses(h: Harness): Promise<Card[]> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/course/bycate',
    payload: { uid: h.school.hashUID, page: 1, num: 500, catid: '0' },
  });
  return res.json().data.courseData as Card[];
}

export async function courseByTitle(h: Harness, title: string): Promise<Card> {
  const found = (await listCourses(h)).find((course) => course.title === title);
  if (!found) throw new Error(`no course ${title}`);
  return found;
}

/** A full home setting: banners, ads, recommends, teachers, footer blocks, the Information entry. */
export function homeSetting(overrides: Json = {}): Json {
  return {
    banners: [
      {
        url: svgImage(1152, 360, '#3a6df0', '#6aa0ff', 'Learn anywhere'),
        urlmoblie: svgImage(750, 320, '#3a6df0', '#6aa0ff', 'Learn'),
        link: '',
      },
      {
        url: svgImage(1152, 360, '#14a085', '#48c9b0', 'New courses'),
        urlmoblie: svgImage(750, 320, '#14a085', '#48c9b0', 'New'),
        link: '#/courselist/0',
      },
    ],
    showads: true,
    ads: [
      { url: svgImage(560, 150, '#f08a5d', '#f7b267', 'Spring term'), link: '', alt: 'Spring term' },
      { url: svgImage(560, 150, '#8f7cf0', '#b8a9ff', 'Open day'), link: '', alt: 'Open day' },
    ],
    recommends: [{ url: svgImage(1152, 120, '#2b7fbf', '#4aa3df', 'Recommended'), link: '', alt: 'Recommended' }],
    showteacher: true,
    teachers: [
      { name: '王老师', url: '', link: '' },
      { name: '李老师', url: '', link: '' },
      { name: '陈老师', url: '', link: '' },
    ],
    phone: '010-12345678',
    workday1: 1,
    workday2: 5,
    worktime1: '9:00',
    worktime2: '18:00',
    aboutustitle: '关于我们',
    aboutuscontent: '<p>蓝学学校致力于<strong>终身学习</strong>。<a href="javascript:alert(1)">bad</a></p>',
    qrcode: svgImage(120, 120, '#1f2329', '#4e5969'),
    qrcodedetails: '扫码关注我们',
    showInformation: true,
    ...overrides,
  };
}

export async function saveHomeSetting(h: Harness, setting: Json): Promise<void> {
  const admin = await asAdmin(h);
  await admin('POST', '/setting/userpage', { setting });
}

/** A column category with a free column of two courses (published) and an empty free column (published). */
export async function seedColumns(h: Harness, coids: string[]) {
  const admin = await asAdmin(h);
  const cate = await admin<{ catid: string }>('POST', '/column/cate/add', { title: '精选专栏' });
  const full = await admin<{ coid: string; code: string }>('POST', '/column/new', {
    title: '前端工程师成长专栏',
    catid: cate.catid,
    description: '<p>从入门到进阶的前端课程合集。</p>',
  });
  await admin('POST', '/column/courses', { column_id: full.coid, coids });
  await admin('POST', '/column/pub', { column_id: full.coid, pub: 1 });
  const empty = await admin<{ coid: string; code: string }>('POST', '/column/new', {
    title: '即将上线的专栏',
    catid: cate.catid,
  });
  await admin('POST', '/column/pub', { column_id: empty.coid, pub: 1 });
  return { full, empty };
}

export async function seedTag(h: Harness, name: string, coids: string[]) {
  const admin = await asAdmin(h);
  const tag = await admin<{ id: string }>('POST', '/tag/add', { name });
  await admin('POST', '/tag/courses', { tag_id: tag.id, coids });
}

export async function seedArticles(h: Harness) {
  const admin = await asAdmin(h);
  const first = await admin<{ aid: string }>('POST', '/article/new', {
    title: '新学期选课指南',
    content: '<h3>选课时间</h3><p>九月一日起开放选课。</p><img src="javascript:alert(1)">',
  });
  await admin('POST', '/article/publish', { aid: first.aid, status: 1 });
  const second = await admin<{ aid: string }>('POST', '/article/new', {
    title: '图书馆开放时间调整',
    content: '<p>周末开放至晚上九点。</p>',
  });
  await admin('POST', '/article/publish', { aid: second.aid, status: 1 });
  await admin('POST', '/article/pin', { aid: second.aid, pinned: 1 });
  return { first, second };
}

/** The titles of the course cards on the page, in order. */
export function cardTitles(page: Page, scope = '[data-testid="course-grid"]'): Promise<string[]> {
  return page
    .locator(`${scope} [data-testid="course-card"]`)
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('title') ?? ''));
}
