import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admins, notices } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import {
  ADMIN,
  buildChapter,
  buildCourse,
  buildStudent,
  buildSubAdmin,
  enrol,
  login,
  makeApp,
  school,
  type TestApp,
} from '../helpers/factories';
import { data, envelope, injectAs, type Caller } from '../helpers/kit';

type Json = Record<string, unknown>;
type Question = {
  qid: string;
  body: string;
  videoTime: number | null;
  name: string;
  mine: boolean;
  hidden: boolean;
  answered: boolean;
  canAnswer: boolean;
  canDelete: boolean;
  chapterTitle: string;
  answers: { role: string; name: string; body: string; mine: boolean }[];
};
type List = { list: Question[]; total: number; canAsk: boolean; courseAdmin: boolean };

describe('chapter Q&A (issue 16; spec 7 learn/question/*, spec 5 owner rule)', () => {
  let app: TestApp;
  let get: Caller['get'];
  let post: Caller['post'];
  let clock: number;
  let admin: string;
  let coid: string;
  let cid: string;
  let cid2: string;
  let holder: { id: string; cookie: string };
  let classmate: { id: string; cookie: string };
  let outsider: { id: string; cookie: string };

  const student = async (name: string, schoolId?: string) => {
    const made = await buildStudent(app, { name, schoolId });
    const schoolCode = schoolId ? app.ctx.uidCodec.encode(schoolId) : undefined;
    return { id: made.id, cookie: (await login(app, { ...made, school: schoolCode })).cookie };
  };
  const subAdmin = async (permissions: string[]) => {
    const made = await buildSubAdmin(app, permissions);
    return (await login(app, { ...made, role: 'admin' })).cookie;
  };
  const ask = (cookie: string, body: Json) =>
    post('/learn/question/add', { coid, cid, body: '为什么？', ...body }, cookie);
  const list = async (cookie: string, query = `coid=${coid}&cid=${cid}`) =>
    data<List>(await get(`/learn/question/list?${query}`, cookie));

  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    ({ get, post } = injectAs(app, null));
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    coid = await buildCourse(app, { title: '网络基础', actualFen: 9900, priceFen: 9900 });
    cid = await buildChapter(app, { courseId: coid, title: '第一章 视频', type: 1, position: 1 });
    cid2 = await buildChapter(app, { courseId: coid, title: '第二章 文档', type: 3, position: 2 });
    holder = await student('张三');
    classmate = await student('李四');
    outsider = await student('王五');
    await enrol(app, holder.id, coid);
    await enrol(app, classmate.id, coid);
  });
  afterEach(() => app.close());

  it('a holder asks at a video time; classmates read it, per chapter and per course; the course code works too', async () => {
    const asked = data<Question>(await ask(holder.cookie, { videoTime: 83.7, body: '  这里的 <b>TCP</b> 握手？  ' }));
    expect(asked).toMatchObject({
      body: '这里的 <b>TCP</b> 握手？',
      videoTime: 83,
      name: '张三',
      mine: true,
      hidden: false,
      answered: false,
      canAnswer: true,
      canDelete: true,
      chapterTitle: '第一章 视频',
      answers: [],
    });
    clock += 1000;
    data(await ask(classmate.cookie, { cid: cid2, body: '第二章的问题' }));

    const mine = await list(holder.cookie);
    expect(mine).toMatchObject({ total: 1, canAsk: true, courseAdmin: false });
    const seen = await list(classmate.cookie);
    expect(seen.list[0]).toMatchObject({ qid: asked.qid, mine: false, canAnswer: false, canDelete: false });
    const course = await list(holder.cookie, `coid=${app.ctx.courseCodec.encode(coid)}`);
    expect(course.list.map((q) => q.body)).toEqual(['第二章的问题', '这里的 <b>TCP</b> 握手？']);
  });

  it('each role: guest 401, not holding 403 endOfTrial, administrators are not students (403 studentOnly with the spec message), another school 403/404', async () => {
    expect((await get(`/learn/question/list?coid=${coid}`, '')).statusCode).toBe(401);
    expect((await ask('', {})).statusCode).toBe(401);

    expect(envelope(await get(`/learn/question/list?coid=${coid}`, outsider.cookie)).error).toBe('endOfTrial');
    expect((await ask(outsider.cookie, {})).statusCode).toBe(403);

    // The owner (main admin) manages the course: reads every question, may not ask.
    const owner = await list(admin);
    expect(owner).toMatchObject({ canAsk: false, courseAdmin: true });
    const byOwner = await ask(admin, {});
    expect(byOwner.statusCode).toBe(403);
    expect(envelope(byOwner)).toMatchObject({ error: 'studentOnly', data: { message: '请使用学员账号进行操作！' } });

    const withCourse = await subAdmin(['course']);
    expect((await list(withCourse)).courseAdmin).toBe(true);
    const withoutCourse = await subAdmin(['student']);
    const refused = await get(`/learn/question/list?coid=${coid}`, withoutCourse);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).error).toBe('studentOnly');
    expect((await get('/learn/question/manage', withoutCourse)).statusCode).toBe(403);
    expect((await get('/learn/question/manage', holder.cookie)).statusCode).toBe(403);

    const other = await createSchool(app.ctx, { name: 'Other', adminUsername: 'oa', adminPassword: 'other-pass-1' });
    const otherStudent = await student('外校', other.id);
    const otherAdmin = (await login(app, { username: 'oa', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(envelope(await get(`/learn/question/list?coid=${coid}`, otherStudent.cookie)).error).toBe('otherSchool');
    const { qid } = data<Question>(await ask(holder.cookie, {}));
    for (const cookie of [otherStudent.cookie, otherAdmin]) {
      expect((await post('/learn/question/answer', { qid, body: 'x' }, cookie)).statusCode).toBe(404);
      expect((await post('/learn/question/delete', { qid }, cookie)).statusCode).toBe(404);
    }
    expect((await post('/learn/question/hide', { qids: [qid], hidden: 1 }, otherAdmin)).statusCode).toBe(404);
    expect(data<{ total: number }>(await get('/learn/question/manage', otherAdmin)).total).toBe(0);
  });

  it('a teacher answers: the asker is notified in the same transaction with a link to the chapter; the asker follows up; a classmate may not answer', async () => {
    const { qid } = data<Question>(await ask(holder.cookie, { videoTime: 12 }));
    expect((await post('/learn/question/answer', { qid, body: '我也想问' }, classmate.cookie)).statusCode).toBe(403);
    const teacher = await subAdmin(['course']);
    const answered = data<Question>(await post('/learn/question/answer', { qid, body: '三次握手见 RFC 793' }, teacher));
    expect(answered).toMatchObject({
      answered: true,
      answers: [{ role: 'admin', body: '三次握手见 RFC 793', mine: true }],
    });

    const rows = await app.ctx.db.select().from(notices);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      studentId: holder.id,
      schoolId: (await school(app)).id,
      kind: 'question.answered',
      link: `/u/learn/${app.ctx.courseCodec.encode(coid)}/${cid}/v`,
      readAt: null,
    });
    expect(JSON.parse(rows[0].params)).toMatchObject({ course: '网络基础', chapter: '第一章 视频' });

    clock += 1000;
    const followed = data<Question>(await post('/learn/question/answer', { qid, body: '明白了，谢谢' }, holder.cookie));
    expect(followed.answers.map((a) => [a.role, a.name, a.mine])).toEqual([
      ['admin', expect.any(String), false],
      ['student', '张三', true],
    ]);
    // A follow-up is no teacher's answer: no second notice.
    expect(await app.ctx.db.select().from(notices)).toHaveLength(1);
    expect((await list(classmate.cookie)).list[0].answers).toHaveLength(2);
  });

  it('hide and show by the course administrators: a hidden question is shown to them only; the back office filters by state and course', async () => {
    data(await ask(holder.cookie, { body: '问题一' }));
    clock += 1000;
    const second = data<Question>(await ask(classmate.cookie, { body: '问题二' }));
    clock += 1000;
    const third = data<Question>(await ask(classmate.cookie, { body: '问题三' }));
    data(await post('/learn/question/answer', { qid: second.qid, body: '答' }, admin));
    expect(data(await post('/learn/question/hide', { qids: [third.qid], hidden: 1 }, admin))).toEqual({ changed: 1 });
    expect((await post('/learn/question/hide', { qids: [third.qid], hidden: 1 }, holder.cookie)).statusCode).toBe(403);

    expect((await list(holder.cookie)).list.map((q) => q.body)).toEqual(['问题二', '问题一']);
    expect((await list(classmate.cookie)).list.map((q) => q.body)).toEqual(['问题二', '问题一']);
    const teacherView = await list(admin);
    expect(teacherView.list.map((q) => [q.body, q.hidden])).toEqual([
      ['问题三', true],
      ['问题二', false],
      ['问题一', false],
    ]);
    // The asker of a hidden question may neither follow it up nor see it.
    expect((await post('/learn/question/answer', { qid: third.qid, body: '?' }, classmate.cookie)).statusCode).toBe(
      404,
    );

    const state = async (filter: string) =>
      data<{ list: (Question & { courseTitle: string; code: string; learnType: string })[]; total: number }>(
        await get(`/learn/question/manage?${filter}`, admin),
      );
    expect((await state('state=unanswered')).list.map((q) => q.body)).toEqual(['问题一']);
    expect((await state('state=answered')).list.map((q) => q.body)).toEqual(['问题二']);
    expect((await state('state=hidden')).list.map((q) => q.body)).toEqual(['问题三']);
    const all = await state(`coid=${coid}`);
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({
      courseTitle: '网络基础',
      learnType: 'v',
      code: app.ctx.courseCodec.encode(coid),
    });
    expect((await get('/learn/question/manage?coid=123456789012345', admin)).statusCode).toBe(404);
  });

  it('delete: the asker while unanswered (409 after), never a classmate (404); the course administrators always', async () => {
    const mine = data<Question>(await ask(holder.cookie, {}));
    expect((await post('/learn/question/delete', { qid: mine.qid }, classmate.cookie)).statusCode).toBe(404);
    expect(data(await post('/learn/question/delete', { qid: mine.qid }, holder.cookie))).toEqual({ deleted: 1 });
    expect((await post('/learn/question/delete', { qid: mine.qid }, holder.cookie)).statusCode).toBe(404);

    clock += 60_000;
    const answered = data<Question>(await ask(holder.cookie, {}));
    data(await post('/learn/question/answer', { qid: answered.qid, body: '答' }, admin));
    const late = await post('/learn/question/delete', { qid: answered.qid }, holder.cookie);
    expect(late.statusCode).toBe(409);
    expect(envelope(late).error).toBe('questionAnswered');
    expect((await list(holder.cookie)).list[0]).toMatchObject({ canDelete: false });
    const withoutCourse = await subAdmin(['student']);
    expect((await post('/learn/question/delete', { qid: answered.qid }, withoutCourse)).statusCode).toBe(403);
    expect(data(await post('/learn/question/delete', { qid: answered.qid }, admin))).toEqual({ deleted: 1 });
    expect((await list(holder.cookie)).total).toBe(0);
  });

  it('plain text limited to 500 characters, naming the field; bad input 400; a chapter of another course 404', async () => {
    const empty = await ask(holder.cookie, { body: ' \n\u200b ' });
    expect(empty.statusCode).toBe(400);
    expect(envelope(empty)).toMatchObject({ error: 'emptyText', data: { field: 'body', message: '内容不能为空！' } });
    expect(data<Question>(await ask(holder.cookie, { body: '😀'.repeat(500) })).body).toBe('😀'.repeat(500));
    const long = await ask(holder.cookie, { body: '字'.repeat(501) });
    expect(envelope(long)).toMatchObject({ error: 'tooLong', data: { field: 'body' } });
    for (const [body, field] of [
      [{ videoTime: -1 }, 'videoTime'],
      [{ videoTime: 86_401 }, 'videoTime'],
      [{ cid: 'x' }, 'cid'],
      [{ body: 'x'.repeat(2001) }, 'body'],
    ] as const) {
      const res = await ask(holder.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(envelope<{ field: string }>(res).data.field).toBe(field);
    }
    const elsewhere = await buildChapter(app, { courseId: await buildCourse(app), type: 1 });
    expect(envelope(await ask(holder.cookie, { cid: elsewhere })).error).toBe('noChapterAlert');
    expect((await post('/learn/question/hide', { qids: [], hidden: 1 }, admin)).statusCode).toBe(400);
  });

  it("a sub-admin scoped to other categories manages none of this course's questions (list 403, manage empty, hide and answer refused)", async () => {
    const other = data<{ catid: string }>(await post('/course/category', { title: '其他分类' }, admin)).catid;
    const scoped = await buildSubAdmin(app, ['course']);
    await app.ctx.db
      .update(admins)
      .set({ categories: JSON.stringify([other]) })
      .where(eq(admins.id, scoped.id));
    const cookie = (await login(app, { ...scoped, role: 'admin' })).cookie;
    const { qid } = data<Question>(await ask(holder.cookie, {}));
    expect(envelope(await get(`/learn/question/list?coid=${coid}`, cookie)).error).toBe('studentOnly');
    expect(data<{ total: number }>(await get('/learn/question/manage', cookie)).total).toBe(0);
    expect((await get(`/learn/question/manage?coid=${coid}`, cookie)).statusCode).toBe(404);
    expect((await post('/learn/question/hide', { qids: [qid], hidden: 1 }, cookie)).statusCode).toBe(404);
    expect((await post('/learn/question/answer', { qid, body: '答' }, cookie)).statusCode).toBe(403);
    expect((await post('/learn/question/delete', { qid }, cookie)).statusCode).toBe(403);
    expect(await app.ctx.db.select().from(notices)).toHaveLength(0);
  });

  it('throttled: at most 5 questions and answers a minute per author (429), then free again', async () => {
    for (let i = 0; i < 5; i++) data(await ask(holder.cookie, { body: `问题 ${i}` }));
    const flood = await ask(holder.cookie, {});
    expect(flood.statusCode).toBe(429);
    expect(flood.headers['retry-after']).toBe('60');
    // A classmate is not held back by another's flood.
    data(await ask(classmate.cookie, {}));
    clock += 61_000;
    data(await ask(holder.cookie, {}));
  });
});
