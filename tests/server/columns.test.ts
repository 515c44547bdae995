import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { buildCourse } from '../helpers/factories';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { sqlGet } from '../helpers/sql';

/** Columns (spec 3 'Column', 4 'Column main button', 7 column calls) over HTTP against the real app. */
describe('columns', () => {
  let app: TestApp;
  let admin: string;
  let api: Caller;
  let guest: Caller;
  let student: { cookie: string; id: string };
  let otherSchool: string;
  let otherAdmin: string;
  let otherStudent: string;

  /** A course of this school made on 2 January 2026 (the column's create_time is asserted). */
  const addCourse = async (over: Parameters<typeof buildCourse>[1] = {}) =>
    await buildCourse(app, { createdAt: Date.UTC(2026, 0, 2, 3, 4, 5), ...over });
  const newColumn = async (body: Record<string, unknown> = {}) => {
    const res = await api.post('/column/new', { title: 'Bundle', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.coid as string;
  };
  const publish = (id: string, pub = 1) => api.post('/column/pub', { column_id: id, pub });

  beforeAll(async () => {
    app = await makeApp();
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    // The main admin, and a guest who may name another user for one request.
    api = injectAs(app, admin);
    guest = injectAs(app, null);
    const s = await buildStudent(app);
    student = { cookie: (await login(app, s)).cookie, id: s.id };
    otherSchool = (
      await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' })
    ).id;
    otherAdmin = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const os = await buildStudent(app, { schoolId: otherSchool });
    otherStudent = (await login(app, { ...os, school: app.ctx.uidCodec.encode(otherSchool) })).cookie;
  });
  afterAll(() => app.close());

  it('column/new makes an unpublished column that students cannot see; the admin can', async () => {
    const id = await newColumn({ title: 'Draft bundle', actual: 19.9, price: 29.9 });
    const card = (await api.get(`/column/admin/info/${id}`)).json().data;
    expect(card).toMatchObject({
      coid: id,
      title: 'Draft bundle',
      actual: 19.9,
      price: 29.9,
      pub: 0,
      coids: [],
      book_count: 0,
      catid: '0',
      ce_type: 0,
    });
    expect(app.ctx.courseCodec.decode(card.code)).toBe(id);
    expect(card.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await guest.get(`/column/info/${id}`)).statusCode).toBe(404);
    expect((await guest.get(`/column/info/${card.code}`, student.cookie)).statusCode).toBe(404);
    expect((await api.get(`/column/info/${id}`)).json().data.column.title).toBe('Draft bundle');
    const list = (await guest.post('/column/list', { uid: (await school(app)).hashUID })).json().data;
    expect(list.list.map((c: { coid: string }) => c.coid)).not.toContain(id);
  });

  it('column/save replaces the given fields, sanitises the description and checks validity and prices', async () => {
    const id = await newColumn();
    const res = await api.post('/column/save', {
      column_id: id,
      description:
        '<p>ok<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/i.png" onerror="x()"></p>',
      actual: 0.1,
      ce_type: 1,
      ce_time: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Bundle',
      actual: 0.1,
      ce_type: 1,
      ce_time: '30',
      description: '<p>ok<a href="">x</a><img src="/i.png" /></p>',
    });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ce_type: 2, ce_time: 'soon' }, /^bad input: body\.ce_time /],
      [{ ce_type: 1, ce_time: 0 }, /body\.ce_time/],
      [{ price: 1.234 }, /body\.price/],
      [{ actual: -1 }, /body\.actual/],
      [{ title: '   ' }, /body\.title/],
      [{ img: 'javascript:alert(1)' }, /body\.img/],
    ];
    for (const [body, field] of bad) {
      const r = await api.post('/column/save', { column_id: id, ...body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error).toMatch(field);
    }
    expect((await api.post('/column/new', { title: 'x', ce_type: 2 })).json().error).toMatch(/body\.ce_time/);
    expect((await api.post('/column/save', { column_id: id, catid: '123' })).statusCode).toBe(404);
    expect((await api.post('/column/save', { column_id: '1', title: 'x' })).statusCode).toBe(404);
    const saved = (await api.post('/column/save', { column_id: id, ce_type: 2, ce_time: '2030-12-31' })).json().data;
    expect(saved).toMatchObject({ ce_type: 2, ce_time: '2030-12-31', actual: 0.1 });
  });

  it('column/courses sets the ordered list; column/info shows only visible courses as cards, in order', async () => {
    const id = await newColumn({ actual: 0 });
    const live = await addCourse({
      type: 1,
      title: 'Live one',
      actualFen: 990,
      priceFen: 1990,
      duration: 60,
      lcount: 3,
    });
    const plain = await addCourse({ type: 0, duration: 40 });
    const graphic = await addCourse({ type: 4 });
    const hidden = await addCourse({ published: false });
    const secret = await addCourse({ isPrivate: true });
    const set = await api.post('/column/courses', { column_id: id, coids: [plain, live, hidden, secret, graphic] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.coids).toEqual([plain, live, hidden, secret, graphic]);
    await publish(id);
    const info = (await guest.get(`/column/info/${id}`)).json().data;
    expect(info.courses.map((c: { coid: string }) => c.coid)).toEqual([plain, live, graphic]);
    expect(info.courses.map((c: { type: number }) => c.type)).toEqual([0, 1, 4]);
    expect(info.courses[1]).toEqual({
      coid: live,
      code: app.ctx.courseCodec.encode(live),
      title: 'Live one',
      img: '',
      type: 1,
      level: 0,
      label: 0,
      actual: 9.9,
      price: 19.9,
      lcount: 3,
      count: 0,
      duration: 60,
      catid: '0',
      create_time: expect.stringMatching(/^2026-01-0[23] \d{2}:04:05$/),
    });
    expect(info.column).toMatchObject({ course_count: 3, duration: 100 });
    expect(info.buy).toEqual({ isBook: false, infinite: false });
    expect(info.button).toEqual({ action: 'subscribe', disabled: false });

    const foreign = app.ctx.ids.next();
    await buildCourse(app, { id: foreign, schoolId: otherSchool, title: 'theirs' });
    const refused = await api.post('/column/courses', { column_id: id, coids: [plain, foreign] });
    expect(refused.statusCode).toBe(404);
    expect((await api.get(`/column/admin/info/${id}`)).json().data.coids).toEqual([
      plain,
      live,
      hidden,
      secret,
      graphic,
    ]);
    expect((await api.post('/column/courses', { column_id: id, coids: [plain, plain] })).json().error).toMatch(
      /body\.coids/,
    );
  });

  it('column/list pages published columns of a category, pinned first, with total; cached with ETag and 304', async () => {
    const cat = (await api.post('/column/cate/add', { title: 'Cat L' })).json().data.catid;
    const a = await newColumn({ title: 'A', catid: cat });
    const b = await newColumn({ title: 'B', catid: cat });
    const c = await newColumn({ title: 'C', catid: cat });
    for (const id of [a, b, c]) await publish(id);
    const url = '/column/list';
    const body = { pageNum: 1, pageSize: 2, cates: cat, uid: (await school(app)).hashUID };
    const first = await guest.post(url, body);
    expect(first.json().data.total).toBe(3);
    expect(first.json().data.list.map((x: { title: string }) => x.title)).toEqual(['C', 'B']);
    const etag = first.headers.etag as string;
    expect((await guest.post(url, body, null, { 'if-none-match': etag })).statusCode).toBe(304);
    await api.post('/column/top', { column_id: a, top: 1 });
    const after = await guest.post(url, body, null, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.list.map((x: { title: string }) => x.title)).toEqual(['A', 'C']);
    expect(
      (await guest.post(url, { ...body, pageNum: 2 })).json().data.list.map((x: { title: string }) => x.title),
    ).toEqual(['B']);
    await publish(c, 0);
    expect((await guest.post(url, body)).json().data.total).toBe(2);
    expect((await guest.post(url, { ...body, pageSize: 51 })).json().error).toMatch(/body\.pageSize/);
    expect((await guest.post(url, { uid: 'garbage' })).statusCode).toBe(404);
  });

  it('column/delete is soft and all-or-nothing; deleted columns vanish for everyone', async () => {
    const a = await newColumn();
    const b = await newColumn();
    await publish(a);
    const theirs = (await guest.post('/column/new', { title: 'Theirs' }, otherAdmin)).json().data.coid;
    expect((await api.post('/column/delete', { ids: [a, theirs] })).statusCode).toBe(404);
    expect((await guest.get(`/column/info/${a}`)).statusCode).toBe(200);
    expect((await api.post('/column/delete', { ids: [a, b] })).json().data).toEqual({ deleted: 2 });
    expect((await guest.get(`/column/info/${a}`)).statusCode).toBe(404);
    expect((await api.get(`/column/admin/info/${a}`)).statusCode).toBe(404);
    expect((await api.post('/column/delete', { ids: [a] })).statusCode).toBe(404);
    expect((await api.post('/column/delete', { ids: [] })).json().error).toMatch(/body\.ids/);
    expect(await sqlGet(app, 'select deleted from columns where id = ?', a)).toEqual({ deleted: 1 });
  });

  it('column categories: add, rename, move (flat nested set) and delete (columns move to 0); public counts published ones', async () => {
    const fresh = await makeApp();
    const own = injectAs(fresh, await login(fresh, { ...ADMIN, role: 'admin' }));
    const one = (await own.post('/column/cate/add', { title: 'One' })).json().data.catid;
    const two = (await own.post('/column/cate/add', { title: 'Two' })).json().data.catid;
    const three = (await own.post('/column/cate/add', { title: 'Three' })).json().data.catid;
    let cates = (await own.post('/column/cate/update', { catid: three, position: 0, title: 'Third' })).json().data
      .cates;
    expect(
      cates.map(
        (c: { catid: string; title: string; lft: number; rgt: number; position: number; parent_id: string }) => [
          c.catid,
          c.title,
          c.position,
          c.lft,
          c.rgt,
          c.parent_id,
        ],
      ),
    ).toEqual([
      [three, 'Third', 0, 1, 2, '0'],
      [one, 'One', 1, 3, 4, '0'],
      [two, 'Two', 2, 5, 6, '0'],
    ]);
    const col = (await own.post('/column/new', { title: 'In two', catid: two })).json().data.coid;
    await own.post('/column/pub', { column_id: col, pub: 1 });
    await own.post('/column/new', { title: 'Draft in two', catid: two });
    const pub = (await own.get(`/column/cates?uid=${(await school(fresh)).hashUID}`, null)).json().data.cates;
    expect(pub.find((c: { catid: string }) => c.catid === two)).toMatchObject({ column_count: 1, isColumn: 1 });
    expect((await own.get('/column/cate/list')).json().data.cates[2].column_count).toBe(2);
    cates = (await own.post('/column/cate/delete', { catid: two })).json().data.cates;
    expect(cates.map((c: { catid: string; lft: number }) => [c.catid, c.lft])).toEqual([
      [three, 1],
      [one, 3],
    ]);
    expect((await own.get(`/column/admin/info/${col}`)).json().data.catid).toBe('0');
    expect((await own.post('/column/cate/delete', { catid: two })).statusCode).toBe(404);
    expect((await own.post('/column/cate/add', { title: '' })).json().error).toMatch(/body\.title/);
    await fresh.close();
  });

  it('column/book: a free column is subscribed once (isBook, book_count + 1) with its courses enrolled', async () => {
    const id = await newColumn({ actual: 0 });
    const course = await addCourse({ actualFen: 5000 });
    await api.post('/column/courses', { column_id: id, coids: [course] });
    await publish(id);
    const code = app.ctx.courseCodec.encode(id);
    const first = await guest.post('/column/book', { uid: (await school(app)).id, column_id: code }, student.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      isBook: true,
      infinite: false,
      book_count: 1,
      button: { action: 'start', disabled: false },
    });
    const again = await guest.post('/column/book', { column_id: id }, student.cookie);
    expect(again.json().data.book_count).toBe(1);
    const info = (await guest.get(`/column/info/${code}`, student.cookie)).json().data;
    expect(info).toMatchObject({
      buy: { isBook: true, infinite: false },
      button: { action: 'start' },
      column: { book_count: 1, lcount: 1 },
    });
    expect(
      await sqlGet(app, 'select source from enrolments where student_id = ? and course_id = ?', student.id, course),
    ).toEqual({ source: 'column' });
    const later = await addCourse();
    await api.post('/column/courses', { column_id: id, coids: [course, later] });
    expect(
      await sqlGet(app, 'select source from enrolments where student_id = ? and course_id = ?', student.id, later),
    ).toEqual({ source: 'column' });
  });

  it('column/book refusals: paid not bought 403, no courses 409, owner and non-students studentOnly, guests 401, other schools 404', async () => {
    const paid = await newColumn({ actual: 9.9, price: 19.9 });
    await api.post('/column/courses', { column_id: paid, coids: [await addCourse()] });
    await publish(paid);
    const empty = await newColumn({ actual: 0 });
    await publish(empty);
    const book = (column_id: string, cookie?: string) => guest.post('/column/book', { column_id }, cookie);
    expect((await book(paid, student.cookie)).json()).toEqual({
      status: 'error',
      error: 'column not bought',
      data: null,
    });
    expect((await book(paid, student.cookie)).statusCode).toBe(403);
    expect((await guest.get(`/column/info/${paid}`, student.cookie)).json().data.button.action).toBe('subscribe');
    const none = await book(empty, student.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('column has no courses');
    const owner = await book(paid, admin);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error).toBe('studentOnly');
    const teacher = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    expect((await book(paid, teacher.cookie)).json().error).toBe('studentOnly');
    expect((await book(paid)).statusCode).toBe(401);
    expect((await book(paid, otherStudent)).statusCode).toBe(404);
    expect((await book('nonsense!', student.cookie)).json().error).toMatch(/body\.column_id/);
    expect(await sqlGet(app, 'select book_count from columns where id = ?', paid)).toEqual({ book_count: 0 });
  });

  it('collect status, collect and visit', async () => {
    const id = await newColumn();
    await publish(id);
    const status = (cookie?: string) => guest.get(`/column/collect/status?coid=${id}`, cookie);
    expect((await status()).json().data).toEqual({ collect: 0 });
    expect(
      (
        await guest.post('/column/collect', { uid: (await school(app)).id, coid: id, collect: 1 }, student.cookie)
      ).json().data,
    ).toEqual({ collect: 1 });
    expect((await status(student.cookie)).json().data).toEqual({ collect: 1 });
    expect((await status(admin)).json().data).toEqual({ collect: 0 });
    await guest.post('/column/collect', { coid: id, collect: 0 }, student.cookie);
    expect((await status(student.cookie)).json().data).toEqual({ collect: 0 });
    expect((await guest.post('/column/collect', { coid: id, collect: 1 })).statusCode).toBe(401);
    expect((await api.post('/column/collect', { coid: id, collect: 1 })).json().error).toBe('studentOnly');
    expect((await guest.post('/column/collect', { coid: id, collect: 2 }, student.cookie)).json().error).toMatch(
      /body\.collect/,
    );
    expect((await guest.post('/column/visit', { coid: id })).json()).toEqual({
      status: 'ok',
      error: null,
      data: null,
    });
    expect((await guest.post('/column/visit', { coid: '1' })).statusCode).toBe(404);
  });

  it('the back office needs the course permission; another school gets 404 and sees nothing of ours', async () => {
    const id = await newColumn({ title: 'Ours only' });
    const userpageOnly = await login(app, { ...(await buildSubAdmin(app, ['userpage'])), role: 'admin' });
    const courseAdmin = await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' });
    const attempts: ['GET' | 'POST', string, object?][] = [
      ['POST', '/column/new', { title: 'x' }],
      ['POST', '/column/save', { column_id: id, title: 'x' }],
      ['POST', '/column/delete', { ids: [id] }],
      ['POST', '/column/pub', { column_id: id, pub: 1 }],
      ['POST', '/column/courses', { column_id: id, coids: [] }],
      ['POST', '/column/top', { column_id: id, top: 1 }],
      ['GET', '/column/admin/list'],
      ['POST', '/column/cate/add', { title: 'x' }],
    ];
    for (const [method, url, body] of attempts) {
      expect((await guest.inject({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await guest.inject({ method, url, payload: body }, student.cookie)).statusCode, url).toBe(403);
      expect((await guest.inject({ method, url, payload: body }, userpageOnly.cookie)).statusCode, url).toBe(403);
    }
    expect(
      (await guest.post('/column/save', { column_id: id, title: 'By teacher' }, courseAdmin.cookie)).statusCode,
    ).toBe(200);
    for (const [method, url, body] of attempts.slice(1, 6))
      expect((await guest.inject({ method, url, payload: body }, otherAdmin)).statusCode, url).toBe(404);
    expect((await guest.get(`/column/admin/info/${id}`, otherAdmin)).statusCode).toBe(404);
    expect((await guest.get(`/column/info/${id}`, otherAdmin)).statusCode).toBe(404);
    const theirList = (await guest.get('/column/admin/list', otherAdmin)).json().data;
    expect(theirList.list.map((c: { title: string }) => c.title)).toEqual(['Theirs']);
    expect((await api.get(`/column/admin/info/${id}`)).json().data.title).toBe('By teacher');
  });

  it('the OpenAPI document describes the column, article, tag and home setting calls', async () => {
    const doc = (await guest.get('/openapi.json')).json();
    for (const path of [
      '/column/list',
      '/column/book',
      '/column/info/{id}',
      '/article/list',
      '/tags/{uid}',
      '/userpage/{uid}',
      '/setting/userpage',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/column/book'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'column_id',
    );
  });
});
