import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { enrol } from '../helpers/learning-factory';
import { sqlGet, sqlRun } from '../helpers/sql';

describe('courses: back office and catalogue (spec 3 Course, 4, 7 Courses)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  let clock: number;
  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    ({ post, get } = injectAs(app, admin));
  });
  afterEach(() => app.close());

  const category = async (title: string, parent_id = '0') =>
    (await post('/course/category', { title, parent_id })).json().data.catid as string;
  const course = async (fields: Record<string, unknown> = {}, publish = true, cookie = admin) => {
    const res = await post('/course/new', { title: 'Course', catid: '0', type: 0, ...fields }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { coid, code } = res.json().data;
    if (publish) expect((await post('/course/pub', { coid, pub: '1' }, cookie)).statusCode).toBe(200);
    return { coid: coid as string, code: code as string };
  };
  const bycate = async (body: Record<string, unknown> = {}, cookie = '') =>
    (await post('/course/bycate', { uid: (await school(app)).id, num: 500, ...body }, cookie)).json().data;
  const titles = (cards: { title: string }[]) => cards.map((c) => c.title);
  const otherSchool = async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    return {
      ...other,
      cookie: (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie,
    };
  };

  it('creates, saves and shows a course; prices in yuan are stored as fen; info by coid or code', async () => {
    const cat = await category('Cat');
    const { coid, code } = await course(
      { title: '  Maths  ', catid: cat, actual: 19.9, price: 29.9, keywords: 'algebra' },
      false,
    );
    expect(code).toBe(app.ctx.courseCodec.encode(coid));
    expect(await sqlGet(app, 'select actual_fen, price_fen, published from courses where id = ?', coid)).toEqual({
      actual_fen: 1990,
      price_fen: 2990,
      published: 0,
    });
    const saved = await post('/course/save', {
      coid,
      values: { level: 2, ce_type: 1, ce_time: 30, order_rest: 1 },
      keywords: 'k1 k2',
      description: '<p>Hi</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const ref of [coid, code]) {
      const info = (await get(`/course/info/${ref}`)).json().data;
      expect(info).toMatchObject({
        coid,
        code,
        title: 'Maths',
        actual: 19.9,
        price: 29.9,
        level: 2,
        ce_type: 1,
        ce_time: '30',
        order_rest: true,
        keywords: 'k1 k2',
        description: '<p>Hi</p>',
        published: false,
        catid: cat,
      });
      expect(info.settings).toMatchObject({ leavetime: 1, notAllowSkip: false, vaildBeginTime: '' });
      expect(info.create_time).toBe('2026-06-15 12:00:00');
    }
    expect((await get('/course/info/garbage')).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const { coid } = await course();
    const cases: [string, object, string][] = [
      ['/course/new', { title: '', catid: '0', type: 0 }, 'title'],
      ['/course/new', { title: 'x'.repeat(101), catid: '0', type: 0 }, 'title'],
      ['/course/new', { title: 'x', catid: '0', type: 9 }, 'type'],
      ['/course/new', { title: 'x', catid: '0', type: 0, actual: 1.234 }, 'actual'],
      ['/course/new', { title: 'x', catid: '0', type: 0, price: -1 }, 'price'],
      ['/course/new', { title: 'x', catid: '0', type: 0, img: 'javascript:alert(1)' }, 'img'],
      ['/course/new', { title: 'x', catid: '12345678901234', type: 0 }, 'catid'],
      ['/course/save', { coid, values: { ce_type: 1, ce_time: 'soon' } }, 'values.ce_time'],
      ['/course/save', { coid, values: { ce_type: 2, ce_time: '' } }, 'values.ce_time'],
      ['/course/save', { coid, values: { authentication_gid: 'a,b' } }, 'values.authentication_gid'],
      ['/course/save', { coid, values: { authentication_gid: '12345678901234' } }, 'values.authentication_gid'],
      ['/course/updateSet', { coid, settings: { leavetime: 0 } }, 'settings.leavetime'],
      ['/course/delete', { coids: [] }, 'coids'],
      ['/getcourselist', { num: 501 }, 'num'],
      ['/course/bycate', { uid: (await school(app)).id, sort: 'best' }, 'sort'],
      ['/course/search', { uid: (await school(app)).id, keyword: '  ' }, 'keyword'],
      ['/collectcourse', { uid: (await school(app)).id, coid, collect: 2 }, 'collect'],
    ];
    const student = (await login(app, await buildStudent(app))).cookie;
    for (const [url, body, field] of cases) {
      const res = await post(url, body, url === '/collectcourse' ? student : admin);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().data.field, url).toBe(field);
      expect(res.json().error).toContain(`body.${field}`);
    }
    expect((await post('/course/pub', { coid, pub: '2' })).json().data.field).toBe('pub');
  });

  it('lists the school courses for the back office: paging, total, status, keyword and category subtree', async () => {
    const a = await category('A');
    const a1 = await category('A1', a);
    for (let i = 0; i < 5; i++)
      await course({ title: `Pub ${i}`, catid: i < 2 ? a1 : '0', keywords: i === 4 ? 'special' : '' });
    clock += 1000;
    await course({ title: 'Draft', catid: a }, false);
    const list = async (body: object) => (await post('/getcourselist', body)).json().data;
    let page = await list({ page: 1, num: 4 });
    expect(page.total).toBe(6);
    expect(page.courseData).toHaveLength(4);
    expect(page.courseData[0]).toMatchObject({ title: 'Draft', published: false });
    page = await list({ page: 2, num: 4 });
    expect(page.courseData).toHaveLength(2);
    expect((await list({ status: 'draft' })).total).toBe(1);
    expect((await list({ status: 'published' })).total).toBe(5);
    expect(titles((await list({ keyword: 'special' })).courseData)).toEqual(['Pub 4']);
    expect((await list({ catid: a })).total).toBe(3);
    expect((await list({ catid: a1 })).total).toBe(2);

    const other = await otherSchool();
    expect((await post('/getcourselist', {}, other.cookie)).json().data).toEqual({ courseData: [], total: 0 });
  });

  it('deletes in bulk, all or nothing; deleted courses vanish and say removed', async () => {
    const one = await course({ title: 'One' });
    const two = await course({ title: 'Two' });
    const other = await otherSchool();
    const theirs = await course({ title: 'Theirs' }, true, other.cookie);
    let res = await post('/course/delete', { coids: [one.coid, theirs.coid] });
    expect(res.statusCode).toBe(404);
    res = await post('/course/delete', { coids: [one.coid, '12345678901234'] });
    expect(res.statusCode).toBe(404);
    expect((await bycate()).total).toBe(2);
    res = await post('/course/delete', { coids: [one.coid, two.coid, one.coid] });
    expect(res.json().data).toEqual({ deleted: 2 });
    expect((await bycate()).total).toBe(0);
    expect((await post('/getcourselist', {})).json().data.total).toBe(0);
    const gone = await get(`/course/info/${one.code}`, '');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      error: 'course removed',
      data: { uid: (await school(app)).id, hashUID: (await school(app)).hashUID },
    });
    expect((await post('/course/delete', { coids: [one.coid] })).statusCode).toBe(404);
    expect((await post('/course/delete', { coids: [theirs.coid] }, other.cookie)).statusCode).toBe(200);
  });

  it('copies a course with its settings and chapter tree, as an unpublished draft', async () => {
    const src = await course({ title: 'T'.repeat(100), actual: 10 });
    await post('/course/updateSet', { coid: src.coid, settings: { verify: 1, leavetime: 15 } });
    const top = (await post('/chapter/add', { coid: src.coid, title: 'Top', type: 0 })).json().data;
    await post('/chapter/add', { coid: src.coid, parent_id: top.cid, title: 'Sub', type: 1 });
    await post('/chapter/add', { coid: src.coid, title: 'Exam', type: 8 });
    const res = await post('/course/copy', { coid: src.coid });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data;
    const info = (await get(`/course/info/${copy.coid}`)).json().data;
    expect(info.title).toBe(`${'T'.repeat(93)} (copy)`);
    expect(info).toMatchObject({ published: false, actual: 10, settings: { verify: true, leavetime: 15 } });
    const tree = (await get(`/course/chapter/${copy.coid}`)).json().data.chapters;
    expect(tree.map((c: { title: string }) => c.title)).toEqual(['Top', 'Exam']);
    expect(tree[0].children).toMatchObject([{ title: 'Sub', type: 1, parent_id: tree[0].cid, coid: copy.coid }]);
    expect(tree[0].cid).not.toBe(top.cid);
    expect((await get(`/course/chapter/${src.coid}`)).json().data.chapters[0].cid).toBe(top.cid);
  });

  it('publishes, describes (sanitised), sets, and pins', async () => {
    const { coid, code } = await course({ title: 'P' }, false);
    expect((await get(`/course/info/${code}`, '')).statusCode).toBe(404);
    expect((await post('/course/pub', { coid, pub: '1' })).json().data).toEqual({ coid, published: true });
    expect((await get(`/course/info/${code}`, '')).statusCode).toBe(200);

    const dirty =
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">link</a><img src="https://x/y.png"></p>';
    const descr = (await post('/course/descr', { coid, description: dirty })).json().data.description;
    for (const html of [descr, (await get(`/course/info/${code}`, '')).json().data.description]) {
      expect(html).not.toContain('script');
      expect(html).not.toContain('javascript:');
      expect(html).not.toContain('onclick');
      expect(html).toContain('<img src="https://x/y.png" />');
    }
    await post('/course/save', { coid, values: {}, description: dirty });
    expect((await get(`/course/info/${code}`, '')).json().data.description).not.toContain('javascript:');

    const set = (
      await post('/course/updateSet', { coid, settings: { signature: true, stage_year: 2026, stage_date: 3 } })
    ).json().data.settings;
    expect(set).toMatchObject({ signature: true, stage_year: 2026, stage_date: 3, leavetime: 1, exercOrder: false });
    expect((await post('/course/updateSet', { coid, settings: { exercOrder: 1 } })).json().data.settings).toMatchObject(
      { signature: true, exercOrder: true },
    );

    const second = await course({ title: 'Q' });
    expect((await post('/course/topClass', { coid, top: 1 })).json().data.top).toBe(1);
    expect((await post('/course/topClass', { coid: second.coid, top: 1 })).json().data.top).toBe(2);
    expect(titles((await bycate()).courseData)).toEqual(['Q', 'P']);
    expect((await post('/course/topClass', { coid: second.coid, top: 0 })).json().data.top).toBe(0);
    expect(titles((await bycate()).courseData)).toEqual(['P', 'Q']);
  });

  it('the catalogue: subtree, keyword, sorts, paging; never private, unpublished or deleted courses', async () => {
    const a = await category('A');
    const a1 = await category('A1', a);
    const b = await category('B');
    const counts: [string, string, number, number][] = [
      ['Alpha', a, 5, 50],
      ['Beta', a1, 9, 10],
      ['Gamma', b, 1, 90],
    ];
    for (const [title, catid, lcount, count] of counts) {
      const { coid } = await course({ title, catid, keywords: title === 'Gamma' ? 'findme' : '' });
      await sqlRun(app, 'update courses set lcount = ?, count = ? where id = ?', lcount, count, coid);
      clock += 60_000;
    }
    await course({ title: 'Private', private: 1 });
    await course({ title: 'Draft' }, false);
    const gone = await course({ title: 'Gone' });
    await post('/course/delete', { coids: [gone.coid] });

    expect(titles((await bycate()).courseData)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(titles((await bycate({ sort: 'num' })).courseData)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(titles((await bycate({ sort: 'num', asc: true })).courseData)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(titles((await bycate({ sort: 'time' })).courseData)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(titles((await bycate({ sort: 'time', asc: true })).courseData)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(titles((await bycate({ catid: a })).courseData)).toEqual(['Alpha', 'Beta']);
    expect(titles((await bycate({ keyword: 'findme' })).courseData)).toEqual(['Gamma']);
    expect(titles((await bycate({ keyword: 'ALP' })).courseData)).toEqual(['Alpha']);
    expect(titles((await bycate({ keyword: '%' })).courseData)).toEqual([]);
    const page = await bycate({ page: 2, num: 2 });
    expect(page).toMatchObject({ total: 3, courseData: [{ title: 'Beta' }] });
    expect(Object.keys(page.courseData[0]).sort()).toEqual(
      [
        'actual',
        'catid',
        'code',
        'coid',
        'count',
        'create_time',
        'duration',
        'img',
        'label',
        'lcount',
        'level',
        'price',
        'title',
        'type',
      ].sort(),
    );
    expect((await bycate({ catid: '12345678901234' })).total).toBe(0);
    const found = (await post('/course/search', { uid: (await school(app)).hashUID, keyword: 'a' }, '')).json().data
      .courses;
    expect(titles(found)).toEqual(['Gamma', 'Alpha', 'Beta']);
    const hot = (await get(`/watch/hot/${(await school(app)).hashUID}`, '')).json().data.course;
    expect(titles(hot)).toEqual(['Gamma', 'Alpha', 'Beta']);

    const other = await otherSchool();
    await course({ title: 'Theirs' }, true, other.cookie);
    expect(titles((await bycate({ uid: other.id })).courseData)).toEqual(['Theirs']);
    expect(titles((await get(`/watch/hot/${other.id}`, '')).json().data.course)).toEqual(['Theirs']);
    expect((await post('/course/bycate', { uid: 'nonsense' }, '')).statusCode).toBe(404);
  });

  it('course/info: viewer fields per request; private, unpublished and group rules', async () => {
    const student = await buildStudent(app, { groups: ['研发部'] });
    const outsider = await buildStudent(app);
    const studentCookie = (await login(app, student)).cookie;
    const outsiderCookie = (await login(app, outsider)).cookie;
    const paid = await course({ title: 'Paid', actual: 8.5, price: 10, authentication_gid: student.groupIds[0] });
    const guest = (await get(`/course/info/${paid.code}`, '')).json().data;
    expect(guest).toMatchObject({
      isbuy: false,
      isCollect: false,
      hasRecord: false,
      courseStatus: 3,
      refusal: 'noLogin',
      mainButton: { action: 'buy' },
    });
    expect(guest.discount).toMatchObject({ tenths: 8.5, label: '8.5折' });
    const en = (
      await app.inject({ method: 'GET', url: `/course/info/${paid.code}`, headers: { cookie: 'lx_locale=en-gb' } })
    ).json().data;
    expect(en.discount.label).toBe('15% off');
    expect((await get(`/course/info/${paid.code}`, studentCookie)).json().data).toMatchObject({
      refusal: null,
      courseStatus: 3,
    });
    expect((await get(`/course/info/${paid.code}`, outsiderCookie)).json().data.refusal).toBe('designatedGroup');
    expect((await get(`/course/info/${paid.code}`, admin)).json().data.refusal).toBe('studentOnly');

    await enrol(app, student.id, paid.coid, clock);
    app.ctx.catalogueCache.bump((await school(app)).id);
    const bought = (await get(`/course/info/${paid.code}`, studentCookie)).json().data;
    expect(bought).toMatchObject({
      isbuy: true,
      buyDate: '2026-06-15 12:00:00',
      courseStatus: 0,
      renew: false,
      mainButton: { action: 'start' },
      studyNum: 1,
    });
    expect((await get(`/course/info/${paid.code}`, outsiderCookie)).json().data).toMatchObject({
      isbuy: false,
      courseStatus: 3,
    });

    const window = await course({ title: 'Window', ce_type: 2, ce_time: '2026-06-30' });
    await post('/course/updateSet', { coid: window.coid, settings: { vaildBeginTime: '2026-06-20' } });
    expect((await get(`/course/info/${window.code}`, studentCookie)).json().data).toMatchObject({
      courseStatus: 1,
      mainButton: { action: 'notStarted', disabled: true },
    });
    clock = new Date(2026, 5, 30, 23, 59).getTime();
    expect((await get(`/course/info/${window.code}`, '')).json().data).toMatchObject({ courseStatus: 0 });
    clock = new Date(2026, 6, 1).getTime();
    expect((await get(`/course/info/${window.code}`, '')).json().data).toMatchObject({
      courseStatus: 2,
      mainButton: { action: 'expired' },
    });
    clock = new Date(2026, 5, 15, 13, 0).getTime();

    const secret = await course({ title: 'Private', private: true });
    expect((await get(`/course/info/${secret.code}`, '')).statusCode).toBe(401);
    expect((await get(`/course/info/${secret.code}`, studentCookie)).statusCode).toBe(200);
    const other = await otherSchool();
    const stranger = await buildStudent(app, { schoolId: other.id });
    const strangerCookie = (await login(app, { ...stranger, school: app.ctx.uidCodec.encode(other.id) })).cookie;
    expect((await get(`/course/info/${secret.code}`, strangerCookie)).statusCode).toBe(404);
    expect((await get(`/course/info/${secret.code}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/course/info/${paid.code}`, strangerCookie)).statusCode).toBe(200);

    const draft = await course({ title: 'Draft' }, false);
    expect((await get(`/course/info/${draft.code}`, studentCookie)).json()).toMatchObject({ error: 'course removed' });
    expect((await get(`/course/info/${draft.code}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/course/info/${draft.code}`, admin)).json().data).toMatchObject({
      title: 'Draft',
      published: false,
    });
  });

  it('bookmarks: students only, idempotent, only courses they can see', async () => {
    const { coid } = await course({ title: 'C' });
    const student = (await login(app, await buildStudent(app))).cookie;
    const uid = (await school(app)).id;
    expect((await post('/collectcourse', { uid, coid, collect: 1 }, '')).statusCode).toBe(401);
    expect((await post('/collectcourse', { uid, coid, collect: 1 }, admin)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await post('/collectcourse', { uid, mid: '1', coid, collect: 1 }, student)).json().data).toEqual({
        collect: 1,
      });
    expect((await get(`/collect/status?coid=${coid}`, student)).json().data).toEqual({ collect: 1 });
    expect((await get(`/collect/status?coid=${coid}`, '')).json().data).toEqual({ collect: 0 });
    expect((await get(`/course/info/${coid}`, student)).json().data.isCollect).toBe(true);
    expect((await post('/collectcourse', { uid, coid, collect: false }, student)).json().data).toEqual({ collect: 0 });
    expect((await get(`/collect/status?coid=${coid}`, student)).json().data).toEqual({ collect: 0 });

    const draft = await course({ title: 'D' }, false);
    expect((await post('/collectcourse', { uid, coid: draft.coid, collect: 1 }, student)).statusCode).toBe(404);
    const other = await otherSchool();
    const theirs = await course({ title: 'Private theirs', private: 1 }, true, other.cookie);
    expect((await post('/collectcourse', { uid: other.id, coid: theirs.coid, collect: 1 }, student)).statusCode).toBe(
      404,
    );
    expect((await post('/collectcourse', { uid: other.id, coid, collect: 1 }, student)).statusCode).toBe(404);
  });

  it('back-office calls: 401 guest, 403 student, 403 sub-admin without course, 404 for another school', async () => {
    const { coid } = await course();
    const calls: ['GET' | 'POST', string, object][] = [
      ['POST', '/getcourselist', {}],
      ['POST', '/course/new', { title: 'x', catid: '0', type: 0 }],
      ['POST', '/course/save', { coid, values: { title: 'y' } }],
      ['POST', '/course/delete', { coids: [coid] }],
      ['POST', '/course/copy', { coid }],
      ['POST', '/course/pub', { coid, pub: '0' }],
      ['POST', '/course/descr', { coid, description: 'd' }],
      ['POST', '/course/updateSet', { coid, settings: {} }],
      ['POST', '/course/topClass', { coid, top: 1 }],
    ];
    const send = (method: 'GET' | 'POST', url: string, payload: object, cookie: string) =>
      injectAs(app, cookie).inject({ method, url, ...(method === 'POST' ? { payload } : {}) });
    const student = (await login(app, await buildStudent(app))).cookie;
    const noCourse = (await login(app, { ...(await buildSubAdmin(app, ['resource'])), role: 'admin' })).cookie;
    const other = await otherSchool();
    for (const [method, url, body] of calls) {
      expect((await send(method, url, body, '')).statusCode, url).toBe(401);
      expect((await send(method, url, body, student)).statusCode, url).toBe(403);
      expect((await send(method, url, body, noCourse)).statusCode, url).toBe(403);
      if (url !== '/getcourselist' && url !== '/course/new')
        expect((await send(method, url, body, other.cookie)).statusCode, url).toBe(404);
    }
    expect((await get(`/course/info/${coid}`, admin)).json().data).toMatchObject({
      title: 'Course',
      published: true,
      top: 0,
    });
    const teacher = (await login(app, { ...(await buildSubAdmin(app, ['course'])), role: 'admin' })).cookie;
    expect((await post('/course/save', { coid, values: { title: 'By teacher' } }, teacher)).statusCode).toBe(200);
  });
});
