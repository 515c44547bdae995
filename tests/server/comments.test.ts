import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrol } from '../helpers/learning-factory';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { createSchool } from '../../server/modules/schools/schools.service';
import { sqlGet, sqlRun } from '../helpers/sql';

type Json = Record<string, unknown>;

describe('comments (spec 3 Comment, 5 Course comment, 7 comment/*)', () => {
  let app: TestApp;
  let post: Caller['post'];
  let get: Caller['get'];
  let admin: string;
  let clock: number;
  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    ({ post, get } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  });
  afterEach(() => app.close());

  const course = async (fields: Json = {}, publish = true, cookie = admin) => {
    const res = await post('/course/new', { title: 'Course', catid: '0', type: 0, ...fields }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { coid, code } = res.json().data as { coid: string; code: string };
    if (publish) expect((await post('/course/pub', { coid, pub: '1' }, cookie)).statusCode).toBe(200);
    return { coid, code };
  };
  const enrolAt = (studentId: string, coid: string) => enrol(app, studentId, coid, clock);
  const student = async (overrides: Parameters<typeof buildStudent>[1] = {}) => {
    const made = await buildStudent(app, overrides);
    return { ...made, cookie: (await login(app, made)).cookie };
  };
  const add = (cookie: string, coid: string, text: string, extra: Json = {}) =>
    post('/comment/add', { coid, text, ...extra }, cookie);
  const list = async (coid: string, cookie = '', query = '') => {
    const res = await get(`/comment/list?coid=${coid}${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      list: Json[];
      total: number;
      noAllowComment: boolean;
      bought: boolean;
      canComment: boolean;
    };
  };
  const otherSchool = async () => {
    const other = await createSchool(app.ctx, {
      name: 'Other',
      adminUsername: 'other-admin',
      adminPassword: 'other-pass-1',
    });
    const cookie = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    const made = await buildStudent(app, { schoolId: other.id });
    const studentCookie = (await login(app, { ...made, school: app.ctx.uidCodec.encode(other.id) })).cookie;
    return { ...other, cookie, studentCookie };
  };

  it('a buyer comments; the list is newest first with the spec fields, 10 a page by default, and the legacy fields are ignored', async () => {
    const paid = await course({ title: 'Paid', actual: 99, price: 99 });
    const buyer = await student({ name: '张三' });
    await enrolAt(buyer.id, paid.coid);
    const first = await add(buyer.cookie, paid.code, '  第一条评论  ', {
      pid: 'x',
      title: 'forged',
      name: 'forged',
      count: 99,
      time: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      cmid: expect.stringMatching(/^\d+$/),
      cid: '0',
      pid: (await school(app)).id,
      coid: paid.coid,
      title: 'Paid',
      text: '第一条评论',
      name: '张三',
      count: 0,
      time: Math.floor(clock / 1000),
      role: 'student',
      liked: false,
      mine: true,
      reply: [],
    });
    for (let i = 2; i <= 12; i++) {
      clock += 20_000;
      const res = await add(buyer.cookie, paid.coid, `评论 ${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const page1 = await list(paid.coid, buyer.cookie);
    expect(page1.total).toBe(12);
    expect(page1.list.map((c) => c.text)).toEqual([
      '评论 12',
      '评论 11',
      '评论 10',
      '评论 9',
      '评论 8',
      '评论 7',
      '评论 6',
      '评论 5',
      '评论 4',
      '评论 3',
    ]);
    expect(page1).toMatchObject({ page: 1, num: 10, noAllowComment: false, bought: true, canComment: true });
    const page2 = await list(paid.coid, '', '&page=2');
    expect(page2.list.map((c) => c.text)).toEqual(['评论 2', '第一条评论']);
    // A guest sees the same comments, none of them theirs.
    expect(page2.list.every((c) => c.mine === false)).toBe(true);
    expect(page2).toMatchObject({ bought: false, canComment: false });
    expect((await list(paid.code, '', '&page=3&num=5')).list.map((c) => c.text)).toEqual(['评论 2', '第一条评论']);
  });

  it('refuses bad input naming the field (400)', async () => {
    const { coid } = await course();
    const buyer = await student();
    const cases: [string, 'GET' | 'POST', Json | null, string, string][] = [
      ['/comment/list', 'GET', null, 'coid', buyer.cookie],
      [`/comment/list?coid=${coid}&num=51`, 'GET', null, 'num', buyer.cookie],
      [`/comment/list?coid=${coid}&page=0`, 'GET', null, 'page', buyer.cookie],
      ['/comment/list?coid=bad%20id', 'GET', null, 'coid', buyer.cookie],
      ['/comment/add', 'POST', { coid }, 'text', buyer.cookie],
      ['/comment/add', 'POST', { coid, text: 5 }, 'text', buyer.cookie],
      ['/comment/add', 'POST', { coid, text: 'x'.repeat(1025) }, 'text', buyer.cookie],
      ['/comment/add', 'POST', { coid, text: 'hi', cid: 'chapter' }, 'cid', buyer.cookie],
      ['/comment/prise', 'POST', { cmid: 'x' }, 'cmid', buyer.cookie],
      ['/comment/delete', 'POST', {}, 'cmid', buyer.cookie],
      ['/a/comment/list?num=101', 'GET', null, 'num', admin],
      ['/a/comment/list?hidden=2', 'GET', null, 'hidden', admin],
      ['/a/comment/reply', 'POST', { cmid: '123456789012345' }, 'text', admin],
      ['/a/comment/hide', 'POST', { cmids: [], hidden: 1 }, 'cmids', admin],
      ['/a/comment/delete', 'POST', { cmids: ['abc'] }, 'cmids.0', admin],
      ['/a/comment/setting', 'POST', { noAllowComment: 'yes' }, 'noAllowComment', admin],
    ];
    for (const [url, method, body, field, cookie] of cases) {
      const res = method === 'GET' ? await get(url, cookie) : await post(url, body ?? {}, cookie);
      expect(res.statusCode, `${url} ${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().data.field, url).toBe(field);
    }
  });

  it('the rule on the server: guest 401, owner and administrators 403 with the student-account message, not bought 403, empty and too long 400', async () => {
    const paid = await course({ title: 'Paid', actual: 9.9, price: 9.9 });
    const free = await course({ title: 'Free' });
    const someone = await student();

    expect((await add('', free.coid, 'hi')).statusCode).toBe(401);
    expect((await add('', free.coid, 'hi')).json().error).toBe('no login');

    const byAdmin = await add(admin, free.coid, 'hi');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ error: 'addCommentAlert', data: { message: '请使用学员账号进行操作！' } });
    const sub = await buildSubAdmin(app, ['course']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    expect((await add(subCookie, free.coid, 'hi')).json()).toMatchObject({
      error: 'addCommentAlert',
      data: { message: '请使用学员账号进行操作！' },
    });

    const notBought = await add(someone.cookie, paid.coid, 'hi');
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json()).toMatchObject({ error: 'graCommentTip', data: { message: '购买或获取课程后才能评论！' } });
    expect(await list(paid.coid, someone.cookie)).toMatchObject({ bought: false, canComment: false });

    // A free course is the student's without buying it.
    expect((await add(someone.cookie, free.coid, 'hi')).statusCode).toBe(200);
    expect(await list(free.coid, someone.cookie)).toMatchObject({ bought: true, canComment: true });

    const empty = await add(someone.cookie, free.coid, ' \n\t \u200b ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'emptyComment',
      data: { field: 'text', message: '评论内容不能为空！' },
    });

    // 256 characters as the user sees them (emoji are two UTF-16 units each) pass; 257 do not.
    clock += 60_000;
    const emoji = '😀'.repeat(256);
    const ok256 = await add(someone.cookie, free.coid, `  ${emoji}  `);
    expect(ok256.statusCode, ok256.body).toBe(200);
    expect(ok256.json().data.text).toBe(emoji);
    const long = await add(someone.cookie, free.coid, '字'.repeat(257));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'moreWordAlert', data: { field: 'text' } });

    // en-gb reads the message in English.
    const english = await app.inject({
      method: 'POST',
      url: '/comment/add',
      payload: { coid: free.coid, text: '' },
      headers: { cookie: `${someone.cookie}; lx_locale=en-gb` },
    });
    expect(english.json().data.message).toBe('Please write something first.');
  });

  it('plain text: control characters go, HTML stays text, CR LF becomes LF', async () => {
    const free = await course();
    const someone = await student();
    const res = await add(someone.cookie, free.coid, '\u0007<b>bold</b>\r\nnext line\u202e');
    expect(res.json().data.text).toBe('<b>bold</b>\nnext line');
  });

  it('group-restricted free course: only students of the allowed groups own it; another school student never does', async () => {
    const inside = await student({ groups: ['研发部'] });
    const outside = await student({ groups: ['市场部'] });
    const restricted = await course({ title: 'R&D only', authentication_gid: inside.groupIds[0] });
    expect((await add(outside.cookie, restricted.coid, 'hi')).json().error).toBe('graCommentTip');
    expect((await add(inside.cookie, restricted.coid, 'hi')).statusCode).toBe(200);
    // Bought (enrolled) counts even outside the groups.
    await enrolAt(outside.id, restricted.coid);
    expect((await add(outside.cookie, restricted.coid, 'now mine')).statusCode).toBe(200);

    const other = await otherSchool();
    const open = await course({ title: 'Open' });
    expect(await list(open.coid, other.studentCookie)).toMatchObject({ bought: false, canComment: false });
    expect((await add(other.studentCookie, open.coid, 'hi')).json().error).toBe('graCommentTip');
  });

  it('graphic course: the same rule; a chapter comment names a chapter of the course', async () => {
    const graphic = await course({ title: 'Graphic', type: 4 });
    const plain = await course({ title: 'Plain' });
    const chapter = (
      await post('/chapter/add', { coid: plain.coid, title: 'Ch', parent_id: '0', type: 1 }, admin)
    ).json().data;
    const someone = await student();
    expect((await add('', graphic.coid, '')).statusCode).toBe(401);
    expect((await add(someone.cookie, graphic.coid, '')).json().error).toBe('emptyComment');
    expect((await add(someone.cookie, graphic.coid, 'great read')).statusCode).toBe(200);
    const cid = chapter.cid as string;
    expect((await add(someone.cookie, graphic.coid, 'wrong chapter', { cid })).statusCode).toBe(404);
    const onChapter = await add(someone.cookie, plain.coid, 'on a chapter', { cid });
    expect(onChapter.json().data.cid).toBe(cid);
    expect((await add(someone.cookie, plain.coid, 'unknown chapter', { cid: '123456789012345' })).statusCode).toBe(404);
  });

  it('noAllowComment: the page is told, comment/add answers 403, the other school settings stay', async () => {
    const free = await course();
    const someone = await student();
    await sqlRun(
      app,
      `update schools set settings = ? where id = ?`,
      JSON.stringify({ changePass: true }),
      (await school(app)).id,
    );
    expect((await get('/a/comment/setting', admin)).json().data).toEqual({ noAllowComment: false });
    const saved = await post('/a/comment/setting', { noAllowComment: 1 }, admin);
    expect(saved.json().data).toEqual({ noAllowComment: true });
    expect(
      JSON.parse(
        (
          (await sqlGet(app, 'select settings from schools where id = ?', (await school(app)).id)) as {
            settings: string;
          }
        ).settings,
      ),
    ).toEqual({
      changePass: true,
      noAllowComment: true,
    });
    expect(await list(free.coid, someone.cookie)).toMatchObject({
      noAllowComment: true,
      bought: true,
      canComment: false,
    });
    const refused = await add(someone.cookie, free.coid, 'hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'noAllowComment', data: { message: '评论功能已关闭' } });
    await post('/a/comment/setting', { noAllowComment: false }, admin);
    expect((await add(someone.cookie, free.coid, 'hi')).statusCode).toBe(200);
  });

  it('hidden comments and replies never reach students; the back office lists them with a filter', async () => {
    const free = await course({ title: 'Free' });
    const a = await student({ name: 'Ann' });
    const shown = (await add(a.cookie, free.coid, 'shown')).json().data.cmid as string;
    clock += 1000;
    const hidden = (await add(a.cookie, free.coid, 'to hide')).json().data.cmid as string;
    const reply = await post('/a/comment/reply', { cmid: shown, text: '  谢谢反馈  ' }, admin);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.reply).toEqual([
      expect.objectContaining({ text: '谢谢反馈', role: 'admin', name: expect.any(String), hidden: false }),
    ]);
    const replyId = reply.json().data.reply[0].cmid as string;
    await post('/a/comment/reply', { cmid: hidden, text: 'under a hidden one' }, admin);

    expect((await post('/a/comment/hide', { cmids: [hidden], hidden: 1 }, admin)).json().data).toEqual({ changed: 1 });
    let page = await list(free.coid, a.cookie);
    expect(page.total).toBe(1);
    expect(page.list.map((c) => c.text)).toEqual(['shown']);
    expect(page.list[0].reply).toEqual([
      expect.objectContaining({ cmid: replyId, cid: shown, text: '谢谢反馈', role: 'admin', mine: false }),
    ]);
    let replies = (await get(`/comment/reply?coid=${free.coid}`)).json().data.reply as Json[];
    expect(replies.map((r) => r.text)).toEqual(['谢谢反馈']);
    expect(replies[0].cid).toBe(shown);
    expect((await post('/comment/prise', { cmid: hidden }, a.cookie)).statusCode).toBe(404);

    // A hidden reply goes too.
    await post('/a/comment/hide', { cmids: [replyId], hidden: 1 }, admin);
    page = await list(free.coid, a.cookie);
    expect(page.list[0].reply).toEqual([]);
    replies = (await get(`/comment/reply?coid=${free.coid}`)).json().data.reply as Json[];
    expect(replies).toEqual([]);

    const adminList = async (query = '') =>
      (await get(`/a/comment/list?page=1${query}`, admin)).json().data as { list: Json[]; total: number };
    expect((await adminList()).list.map((c) => [c.text, c.hidden, c.title])).toEqual([
      ['to hide', true, 'Free'],
      ['shown', false, 'Free'],
    ]);
    expect((await adminList('&hidden=1')).list.map((c) => c.text)).toEqual(['to hide']);
    expect((await adminList('&hidden=0')).list.map((c) => c.text)).toEqual(['shown']);
    expect((await adminList()).list[1].reply).toEqual([expect.objectContaining({ text: '谢谢反馈', hidden: true })]);
    expect((await adminList('&keyword=hide')).total).toBe(1);
    expect((await adminList('&keyword=Ann')).total).toBe(2);
    expect((await adminList('&keyword=%25')).total).toBe(0);

    await post('/a/comment/hide', { cmids: [hidden, replyId], hidden: 0 }, admin);
    expect((await list(free.coid)).total).toBe(2);
  });

  it('likes toggle per student; counts and liked flags follow', async () => {
    const free = await course();
    const a = await student();
    const b = await student();
    const cmid = (await add(a.cookie, free.coid, 'like me')).json().data.cmid as string;
    expect((await post('/comment/prise', { cmid }, a.cookie)).json().data).toEqual({ cmid, count: 1, liked: true });
    expect((await post('/comment/prise', { cmid }, b.cookie)).json().data).toEqual({ cmid, count: 2, liked: true });
    expect((await list(free.coid, a.cookie)).list[0]).toMatchObject({ count: 2, liked: true });
    expect((await post('/comment/prise', { cmid }, a.cookie)).json().data).toEqual({ cmid, count: 1, liked: false });
    expect((await list(free.coid, a.cookie)).list[0]).toMatchObject({ count: 1, liked: false });
    expect((await list(free.coid, b.cookie)).list[0]).toMatchObject({ count: 1, liked: true });
    expect((await post('/comment/prise', { cmid }, '')).statusCode).toBe(401);
    const byAdmin = await post('/comment/prise', { cmid }, admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().data.message).toBe('请使用学员账号进行操作！');
    expect((await post('/comment/prise', { cmid: '123456789012345' }, a.cookie)).statusCode).toBe(404);
  });

  it('a student deletes their own comment (its replies go with it), never someone else’s', async () => {
    const free = await course();
    const a = await student();
    const b = await student();
    const cmid = (await add(a.cookie, free.coid, 'mine')).json().data.cmid as string;
    await post('/a/comment/reply', { cmid, text: 'answer' }, admin);
    await post('/comment/prise', { cmid }, b.cookie);
    expect((await post('/comment/delete', { cmid }, b.cookie)).statusCode).toBe(403);
    expect((await post('/comment/delete', { cmid }, '')).statusCode).toBe(401);
    expect((await post('/comment/delete', { cmid }, a.cookie)).json().data).toEqual({ deleted: 2 });
    expect((await list(free.coid)).total).toBe(0);
    expect(await sqlGet(app, 'select count(*) as n from comments')).toEqual({ n: 0 });
    expect(await sqlGet(app, 'select count(*) as n from comment_likes')).toEqual({ n: 0 });
    expect((await post('/comment/delete', { cmid }, a.cookie)).statusCode).toBe(404);
  });

  it('follows course visibility: unpublished and deleted courses are removed, a private one asks a guest to sign in', async () => {
    const draft = await course({ title: 'Draft' }, false);
    const priv = await course({ title: 'Private', private: 1 });
    const gone = await course({ title: 'Gone' });
    const someone = await student();
    await post('/course/delete', { coids: [gone.coid] }, admin);
    expect((await get(`/comment/list?coid=${draft.coid}`, someone.cookie)).json()).toMatchObject({
      error: 'course removed',
    });
    expect((await get(`/comment/list?coid=${gone.coid}`, someone.cookie)).statusCode).toBe(404);
    expect((await add(someone.cookie, draft.coid, 'hi')).statusCode).toBe(404);
    expect((await get(`/comment/list?coid=${priv.coid}`)).statusCode).toBe(401);
    expect((await get(`/comment/list?coid=${priv.coid}`, someone.cookie)).statusCode).toBe(200);
    expect((await get('/comment/list?coid=123456789012345')).statusCode).toBe(404);
    const other = await otherSchool();
    expect((await get(`/comment/list?coid=${priv.coid}`, other.studentCookie)).statusCode).toBe(404);
  });

  it('another school: its administrator gets 404 for our ids and never sees our comments', async () => {
    const free = await course({ title: 'Ours' });
    const a = await student();
    const cmid = (await add(a.cookie, free.coid, 'ours')).json().data.cmid as string;
    const other = await otherSchool();
    const theirs = await course({ title: 'Theirs' }, true, other.cookie);
    const theirStudentComment = await add(other.studentCookie, theirs.coid, 'theirs');
    expect(theirStudentComment.statusCode, theirStudentComment.body).toBe(200);

    expect((await get('/a/comment/list', other.cookie)).json().data.list.map((c: Json) => c.text)).toEqual(['theirs']);
    expect((await get(`/a/comment/list?coid=${free.coid}`, other.cookie)).statusCode).toBe(404);
    expect((await post('/a/comment/reply', { cmid, text: 'x' }, other.cookie)).statusCode).toBe(404);
    expect((await post('/a/comment/hide', { cmids: [cmid], hidden: 1 }, other.cookie)).statusCode).toBe(404);
    expect((await post('/a/comment/delete', { cmids: [cmid] }, other.cookie)).statusCode).toBe(404);
    // All or nothing: one foreign id among ours changes nothing.
    const theirId = theirStudentComment.json().data.cmid as string;
    expect((await post('/a/comment/hide', { cmids: [cmid, theirId], hidden: 1 }, admin)).statusCode).toBe(404);
    expect((await list(free.coid)).total).toBe(1);
    expect((await list(theirs.coid)).total).toBe(1);
    // Their switch is theirs.
    await post('/a/comment/setting', { noAllowComment: true }, other.cookie);
    expect((await list(free.coid)).noAllowComment).toBe(false);
  });

  it('back office needs the course permission: guest 401, student 403, sub-admin without course 403', async () => {
    const free = await course();
    const a = await student();
    const cmid = (await add(a.cookie, free.coid, 'x')).json().data.cmid as string;
    const noCourse = await buildSubAdmin(app, ['userpage']);
    const noCourseCookie = (await login(app, { ...noCourse, role: 'admin' })).cookie;
    const withCourse = await buildSubAdmin(app, ['course']);
    const withCourseCookie = (await login(app, { ...withCourse, role: 'admin' })).cookie;
    const calls: [string, 'GET' | 'POST', Json | null][] = [
      ['/a/comment/list', 'GET', null],
      ['/a/comment/reply', 'POST', { cmid, text: 'x' }],
      ['/a/comment/hide', 'POST', { cmids: [cmid], hidden: 0 }],
      ['/a/comment/setting', 'GET', null],
      ['/a/comment/setting', 'POST', { noAllowComment: false }],
      ['/a/comment/delete', 'POST', { cmids: [cmid] }],
    ];
    for (const [url, method, body] of calls) {
      const call = (cookie: string) => (method === 'GET' ? get(url, cookie) : post(url, body ?? {}, cookie));
      expect((await call('')).statusCode, url).toBe(401);
      expect((await call(a.cookie)).statusCode, url).toBe(403);
      expect((await call(noCourseCookie)).statusCode, url).toBe(403);
      expect((await call(withCourseCookie)).statusCode, url).toBe(200);
    }
    // The sub-admin's reply carries their name.
    const c2 = (await add(a.cookie, free.coid, 'y')).json().data.cmid as string;
    const replied = (await post('/a/comment/reply', { cmid: c2, text: 'from sub' }, withCourseCookie)).json().data;
    expect(replied.reply[0]).toMatchObject({ name: withCourse.username, role: 'admin' });
  });

  it('a flood is refused: at most 5 comments a minute per student (429)', async () => {
    const free = await course();
    const a = await student();
    for (let i = 0; i < 5; i++) expect((await add(a.cookie, free.coid, `c${i}`)).statusCode).toBe(200);
    const sixth = await add(a.cookie, free.coid, 'c5');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('60');
    clock += 61_000;
    expect((await add(a.cookie, free.coid, 'c6')).statusCode).toBe(200);
  });

  it('admin reply refuses empty and over-long text; a reply to a reply goes under its comment', async () => {
    const free = await course();
    const a = await student();
    const cmid = (await add(a.cookie, free.coid, 'q')).json().data.cmid as string;
    expect((await post('/a/comment/reply', { cmid, text: '   ' }, admin)).json()).toMatchObject({
      error: 'emptyComment',
      data: { field: 'text' },
    });
    expect((await post('/a/comment/reply', { cmid, text: 'x'.repeat(257) }, admin)).json()).toMatchObject({
      error: 'moreWordAlert',
      data: { field: 'text' },
    });
    const first = (await post('/a/comment/reply', { cmid, text: 'one' }, admin)).json().data;
    const second = (await post('/a/comment/reply', { cmid: first.reply[0].cmid, text: 'two' }, admin)).json().data;
    expect(second.cmid).toBe(cmid);
    expect(second.reply.map((r: Json) => r.text)).toEqual(['one', 'two']);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json();
    for (const path of [
      '/comment/list',
      '/comment/reply',
      '/comment/add',
      '/comment/prise',
      '/comment/delete',
      '/a/comment/list',
      '/a/comment/reply',
      '/a/comment/hide',
      '/a/comment/delete',
      '/a/comment/setting',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/comment/list'].get.summary).toContain('JSON array');
  });
});
