import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  type TestApp,
} from '../helpers/factories';
import { data, envelope, injectAs, type Caller } from '../helpers/kit';

type Json = Record<string, unknown>;
type Note = {
  nid: string;
  coid: string;
  code: string;
  courseTitle: string;
  cid: string;
  chapterTitle: string;
  learnType: string;
  body: string;
  videoTime: number | null;
  page: number | null;
};

describe('notes (issue 16; spec 7 notes GET/DELETE, with add and edit)', () => {
  let app: TestApp;
  let get: Caller['get'];
  let post: Caller['post'];
  let clock: number;
  let coid: string;
  let video: string;
  let pdf: string;
  let holder: { id: string; cookie: string };

  const student = async (name: string, schoolId?: string) => {
    const made = await buildStudent(app, { name, schoolId });
    const schoolCode = schoolId ? app.ctx.uidCodec.encode(schoolId) : undefined;
    return { id: made.id, cookie: (await login(app, { ...made, school: schoolCode })).cookie };
  };
  const add = (cookie: string, body: Json) => post('/notes/add', { coid, cid: video, body: '笔记', ...body }, cookie);
  const mine = async (cookie: string, query = '') => data<{ list: Note[] }>(await get(`/notes${query}`, cookie)).list;

  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    ({ get, post } = injectAs(app, null));
    coid = await buildCourse(app, { title: '网络基础', actualFen: 9900, priceFen: 9900 });
    video = await buildChapter(app, { courseId: coid, title: '第一章 视频', type: 1, position: 1 });
    pdf = await buildChapter(app, { courseId: coid, title: '第二章 文档', type: 3, position: 2 });
    holder = await student('张三');
    await enrol(app, holder.id, coid);
  });
  afterEach(() => app.close());

  it('adds at a video time or a page, lists all, per course and per chapter in reading order, edits and deletes', async () => {
    const atTime = data<Note>(await add(holder.cookie, { body: '  三次握手 <script>  ', videoTime: 95.6 }));
    expect(atTime).toMatchObject({
      coid,
      code: app.ctx.courseCodec.encode(coid),
      courseTitle: '网络基础',
      cid: video,
      chapterTitle: '第一章 视频',
      learnType: 'v',
      body: '三次握手 <script>',
      videoTime: 95,
      page: null,
    });
    clock += 1000;
    const onPage = data<Note>(await add(holder.cookie, { cid: pdf, body: '第 3 页的图', page: 3 }));
    expect(onPage).toMatchObject({ learnType: 'p', page: 3, videoTime: null });
    clock += 1000;
    data(await add(holder.cookie, { body: '开头', videoTime: 5 }));

    expect((await mine(holder.cookie)).map((n) => n.body)).toEqual(['开头', '三次握手 <script>', '第 3 页的图']);
    expect(
      (await mine(holder.cookie, `?coid=${app.ctx.courseCodec.encode(coid)}&cid=${pdf}`)).map((n) => n.body),
    ).toEqual(['第 3 页的图']);
    expect(await mine(holder.cookie, `?coid=${await buildCourse(app)}`)).toEqual([]);

    const edited = data<Note>(
      await post('/notes/edit', { nid: atTime.nid, body: '改过', videoTime: 100 }, holder.cookie),
    );
    expect(edited).toMatchObject({ body: '改过', videoTime: 100, page: null });
    const kept = data<Note>(await post('/notes/edit', { nid: atTime.nid, body: '再改' }, holder.cookie));
    expect(kept).toMatchObject({ body: '再改', videoTime: 100 });
    expect(data(await post('/notes/delete', { nid: onPage.nid }, holder.cookie))).toEqual({ deleted: 1 });
    expect((await mine(holder.cookie)).map((n) => n.body)).toEqual(['开头', '再改']);
    expect((await post('/notes/delete', { nid: onPage.nid }, holder.cookie)).statusCode).toBe(404);
  });

  it("only the student's own: another student or school gets not found; guests and administrators are refused", async () => {
    const note = data<Note>(await add(holder.cookie, {}));
    const classmate = await student('李四');
    await enrol(app, classmate.id, coid);
    expect(await mine(classmate.cookie)).toEqual([]);
    for (const cookie of [classmate.cookie]) {
      expect((await post('/notes/edit', { nid: note.nid, body: 'x' }, cookie)).statusCode).toBe(404);
      expect((await post('/notes/delete', { nid: note.nid }, cookie)).statusCode).toBe(404);
    }
    const other = await createSchool(app.ctx, { name: 'Other', adminUsername: 'oa', adminPassword: 'other-pass-1' });
    const outside = await student('外校', other.id);
    expect(await mine(outside.cookie)).toEqual([]);
    expect((await post('/notes/delete', { nid: note.nid }, outside.cookie)).statusCode).toBe(404);
    expect(envelope(await add(outside.cookie, {})).error).toBe('otherSchool');

    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const sub = await buildSubAdmin(app, ['course']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    for (const cookie of ['', admin, subCookie]) {
      expect((await get('/notes', cookie)).statusCode).toBe(401);
      expect((await add(cookie, {})).statusCode).toBe(401);
      expect((await post('/notes/delete', { nid: note.nid }, cookie)).statusCode).toBe(401);
      expect((await get('/notes/export?format=csv', cookie)).statusCode).toBe(401);
    }
    // A student who does not hold the course may not write notes on its chapters (the access policy).
    const stranger = await student('王五');
    expect(envelope(await add(stranger.cookie, {})).error).toBe('endOfTrial');
    expect(await mine(holder.cookie)).toHaveLength(1);
  });

  it('plain text up to 2000 characters; a time or a page, not both; throttled at 30 a minute', async () => {
    expect(envelope(await add(holder.cookie, { body: ' ' })).error).toBe('emptyText');
    expect(envelope(await add(holder.cookie, { body: '字'.repeat(2001) })).error).toBe('tooLong');
    data(await add(holder.cookie, { body: '字'.repeat(2000) }));
    const both = await add(holder.cookie, { videoTime: 3, page: 2 });
    expect(both.statusCode).toBe(400);
    expect(envelope<{ field: string }>(both).data.field).toBe('page');
    expect(envelope<{ field: string }>(await add(holder.cookie, { page: 0 })).data.field).toBe('page');
    expect(envelope<{ field: string }>(await post('/notes/delete', { nid: 'x' }, holder.cookie)).data.field).toBe(
      'nid',
    );
    for (let i = 1; i < 30; i++) data(await add(holder.cookie, { body: `n${i}` }));
    expect((await add(holder.cookie, {})).statusCode).toBe(429);
    clock += 61_000;
    data(await add(holder.cookie, {}));
  });

  it('exports as Markdown grouped by course and chapter, or CSV with a BOM, as an attachment in UTF-8', async () => {
    data(await add(holder.cookie, { body: '# 不是标题\n第二行', videoTime: 125 }));
    data(await add(holder.cookie, { cid: pdf, body: '=SUM(A1)', page: 4 }));
    const md = await get('/notes/export?format=md', holder.cookie);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toBe(
      `attachment; filename="notes-20260615.md"; filename*=UTF-8''${encodeURIComponent('我的笔记-20260615.md')}`,
    );
    expect(md.headers['cache-control']).toBe('private, no-store');
    expect(md.body).toBe(
      [
        '# 我的笔记',
        '',
        '## 网络基础',
        '',
        '### 第一章 视频',
        '',
        '- **02:05** \\# 不是标题',
        '  第二行',
        '### 第二章 文档',
        '',
        '- **第 4 页** \\=SUM(A1)',
        '',
      ].join('\n'),
    );
    const csv = await app.inject({
      method: 'GET',
      url: '/notes/export?format=csv',
      headers: { cookie: `${holder.cookie}; lx_locale=en-gb` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''My%20notes-20260615.csv");
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Course,Chapter,Where,Note,Updated');
    expect(lines[1]).toBe('网络基础,第一章 视频,02:05,"# 不是标题\n第二行",15-06-2026 12:00');
    expect(lines[2]).toBe("网络基础,第二章 文档,page 4,'=SUM(A1),15-06-2026 12:00");
    expect((await get('/notes/export?format=pdf', holder.cookie)).statusCode).toBe(400);
  });
});
