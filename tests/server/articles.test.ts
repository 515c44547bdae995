import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';

/** Articles (spec 3 'Article', 4 'Article: drafted, published, moved, pinned to top', 7 'Get article list'). */
describe('articles', () => {
  let app: TestApp;
  let admin: string;
  let api: Caller;
  let guest: Caller;
  let clock: number;
  beforeEach(async () => {
    clock = Date.UTC(2026, 3, 1, 8, 0, 0);
    app = await makeApp({}, { now: () => (clock += 1000) });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    // The main admin, and a guest who may name another user for one request.
    api = injectAs(app, admin);
    guest = injectAs(app, null);
  });
  afterEach(() => app.close());

  const create = async (title: string, extra: Record<string, unknown> = {}, cookie = admin) => {
    const res = await guest.post('/article/new', { title, ...extra }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.aid as string;
  };
  const publish = (aid: string, status = 1, cookie = admin) => guest.post('/article/publish', { aid, status }, cookie);
  const titles = (data: { list: { title: string }[] }) => data.list.map((item) => item.title);
  const studentList = async (query = '') =>
    (await guest.get(`/article/list?uid=${(await school(app)).hashUID}${query}`)).json().data;

  it('a new article is a draft that students never see; publishing shows it with a summary', async () => {
    const aid = await create('News', {
      content: '<h3>Title</h3><p>Hello&nbsp;<b>world</b> &amp; friends</p><script>bad()</script>',
      img: '/files/n.png',
    });
    expect((await studentList()).list).toEqual([]);
    expect((await guest.get(`/article/info/${aid}`)).statusCode).toBe(404);
    const student = await login(app, await buildStudent(app));
    expect((await guest.get(`/article/info/${aid}`, student.cookie)).statusCode).toBe(404);
    expect((await guest.get(`/article/list?status=0`, student.cookie)).json().data.list).toEqual([]);
    expect((await api.get(`/article/info/${aid}`)).json().data).toMatchObject({
      status: 0,
      title: 'News',
    });

    expect((await publish(aid)).json().data.status).toBe(1);
    const list = await studentList();
    expect(list.total).toBe(1);
    expect(list.list[0]).toEqual({
      aid,
      title: 'News',
      img: '/files/n.png',
      // Each read of the app clock moves it on a second: how many reads come first (sign-in, session, seats) is not the point.
      created: expect.stringMatching(/^2026-04-01 \d{2}:0\d:\d{2}$/),
      pinned: false,
      summary: 'Title Hello world & friends',
    });
    const info = (await guest.get(`/article/info/${aid}`)).json().data;
    expect(info.content).toBe('<h3>Title</h3><p>Hello\u00a0<b>world</b> &amp; friends</p>');
    await publish(aid, 0);
    expect((await studentList()).total).toBe(0);
  });

  it('article/save sanitises content (script and javascript: href removed) and keeps fields left out', async () => {
    const aid = await create('Draft', { content: '<p>first</p>' });
    const res = await api.post('/article/save', {
      aid,
      content:
        '<p>x<script>alert(1)</script><a href="javascript:alert(1)" onclick="y()">link</a><a href="https://ok.example">ok</a></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Draft',
      content: '<p>x<a href="">link</a><a href="https://ok.example">ok</a></p>',
    });
    expect((await api.post('/article/save', { aid, title: '' })).json().error).toMatch(/body\.title/);
    expect((await api.post('/article/save', { aid, img: 'javascript:x' })).json().error).toMatch(/body\.img/);
    expect((await api.post('/article/save', { aid: 'abc' })).json().error).toMatch(/body\.aid/);
    expect((await api.post('/article/new', { content: 'x' })).json().error).toMatch(/body\.title/);
    expect((await api.post('/article/save', { aid: '123', title: 'x' })).statusCode).toBe(404);
  });

  it('order: pinned first, then position (new ones first, move keeps positions dense), then newest; paging with total', async () => {
    const a = await create('A');
    const b = await create('B');
    const c = await create('C');
    const d = await create('D');
    for (const aid of [a, b, c, d]) await publish(aid);
    expect(titles(await studentList('&num=10'))).toEqual(['D', 'C', 'B', 'A']);
    await api.post('/article/move', { aid: a, position: 0 });
    await api.post('/article/move', { aid: d, position: 99 });
    expect(titles(await studentList('&num=10'))).toEqual(['A', 'C', 'B', 'D']);
    const positions = (await api.get('/article/admin/list?num=10'))
      .json()
      .data.list.map((x: { title: string; position: number }) => [x.title, x.position]);
    expect(positions).toEqual([
      ['A', 0],
      ['C', 1],
      ['B', 2],
      ['D', 3],
    ]);
    expect((await api.post('/article/pin', { aid: b, pinned: 1 })).json().data.pinned).toBe(true);
    const page1 = await studentList('&page=1&num=2');
    expect(titles(page1)).toEqual(['B', 'A']);
    expect(page1.total).toBe(4);
    expect(page1.list[0].pinned).toBe(true);
    expect(titles(await studentList('&page=2&num=2'))).toEqual(['C', 'D']);
    expect((await guest.get('/article/list?num=51')).json().error).toMatch(/querystring\.num/);
    expect((await api.post('/article/move', { aid: a, position: -1 })).json().error).toMatch(/body\.position/);
  });

  it('article/delete is all-or-nothing; the admin list filters by status', async () => {
    const a = await create('A');
    const b = await create('B');
    await publish(a);
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const theirs = await create('Theirs', {}, otherAdmin);
    expect((await api.post('/article/delete', { aids: [a, theirs] })).statusCode).toBe(404);
    expect((await api.get('/article/admin/list?status=1')).json().data.list.map((x: { aid: string }) => x.aid)).toEqual(
      [a],
    );
    expect((await api.get('/article/admin/list?status=0')).json().data.list.map((x: { aid: string }) => x.aid)).toEqual(
      [b],
    );
    expect((await api.post('/article/delete', { aids: [a] })).json().data).toEqual({ deleted: 1 });
    expect((await api.get('/article/admin/list')).json().data).toMatchObject({
      total: 1,
      list: [{ aid: b, position: 0 }],
    });
    expect((await api.get(`/article/info/${a}`)).statusCode).toBe(404);
    expect(other.id).not.toBe((await school(app)).id);
  });

  it('the back office needs the userpage permission; another school gets 404 and sees nothing of ours', async () => {
    const aid = await create('Ours');
    const student = await login(app, await buildStudent(app));
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const editor = await login(app, { ...(await buildSubAdmin(app, ['userpage'])), role: 'admin' });
    const attempts: ['GET' | 'POST', string, object?][] = [
      ['POST', '/article/new', { title: 'x' }],
      ['POST', '/article/save', { aid, title: 'x' }],
      ['POST', '/article/publish', { aid, status: 1 }],
      ['POST', '/article/pin', { aid, pinned: 1 }],
      ['POST', '/article/move', { aid, position: 0 }],
      ['POST', '/article/delete', { aids: [aid] }],
      ['GET', '/article/admin/list'],
    ];
    for (const [method, url, body] of attempts) {
      expect((await guest.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await guest.inject({ method, url, payload: body }, student.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, teacher.cookie)).statusCode, url).toBe(403);
    }
    expect((await guest.post('/article/save', { aid, title: 'Edited' }, editor.cookie)).statusCode).toBe(200);
    expect((await guest.get(`/article/info/${aid}`, editor.cookie)).json().data.title).toBe('Edited');
    expect((await guest.get(`/article/info/${aid}`, teacher.cookie)).statusCode).toBe(404);

    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    for (const [method, url, body] of attempts.slice(1, 6))
      expect((await guest.inject({ method, url, payload: body }, otherAdmin)).statusCode, url).toBe(404);
    expect((await guest.get(`/article/info/${aid}`, otherAdmin)).statusCode).toBe(404);
    expect((await guest.get('/article/admin/list', otherAdmin)).json().data).toEqual({
      list: [],
      total: 0,
    });
    expect((await guest.get('/article/list?status=0', otherAdmin)).json().data).toEqual({
      list: [],
      total: 0,
    });
    expect(
      (await guest.get(`/article/list?status=0&uid=${(await school(app)).hashUID}`, otherAdmin)).json().data.total,
    ).toBe(0);
    expect((await api.get(`/article/list?status=0&uid=${(await school(app)).hashUID}`)).json().data.total).toBe(1);
  });

  it('the student list is cached: 304 on If-None-Match, a new ETag after a change', async () => {
    await publish(await create('One'));
    const url = `/article/list?uid=${(await school(app)).id}&page=1&num=5&status=1`;
    const first = await guest.get(url);
    const etag = first.headers.etag as string;
    expect((await guest.get(url, null, { 'if-none-match': etag })).statusCode).toBe(304);
    await publish(await create('Two'));
    const next = await guest.get(url, null, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(titles(next.json().data)).toEqual(['Two', 'One']);
  });
});
