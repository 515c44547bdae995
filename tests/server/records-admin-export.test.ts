import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSchool } from '../../server/modules/schools/schools.service';
import type * as z from 'zod';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import type { zReviewList } from '../../shared/schemas/records';
import { buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { injectAs, type Caller } from '../helpers/kit';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { adminCookie, call, okBeat, okCall, signedInStudent } from './records-helpers';
import { sqlAll } from '../helpers/sql';

const S = 1000;

type ReviewList = z.infer<typeof zReviewList>;

/** A staged course: stage 1 (a heading with two 30 s videos), stage 2 (a heading with one), stage 3 (a 30 s video chapter on its own). */
interface StagedCourse {
  coid: string;
  stage1: string;
  lesson1a: string;
  lesson1b: string;
  stage2: string;
  lesson2a: string;
  stage3: string;
}

/** A small RFC 4180 reader (independent of the server's writer): fields, quotes doubled inside quotes, CRLF or LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('back office staged review and records export (spec 4 Growth plan order, Next chapter flow; spec 6)', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;
  let api: Caller;

  beforeEach(async () => {
    clock = Date.now();
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    api = injectAs(app, admin);
  });
  afterEach(() => app.close());

  const post = <T>(url: string, payload: object) => okCall<T>(app, 'POST', url, admin, payload);

  async function stagedCourse(title: string, verify: boolean): Promise<StagedCourse> {
    const schoolId = (await school(app)).id;
    const { coid } = await post<{ coid: string }>('/course/new', {
      title,
      catid: '0',
      type: 0,
      actual: 0,
      settings: { verify: verify ? 1 : 0 },
    });
    const add = (parent_id: string, name: string, type: number) =>
      post<{ cid: string }>('/chapter/add', { coid, parent_id, title: name, type }).then((c) => c.cid);
    const video = async (cid: string) =>
      await attachResource(
        app,
        cid,
        await seedResource(app, {
          schoolId,
          kind: 'video',
          fileName: 'v.mp4',
          mime: 'video/mp4',
          source: Buffer.from('video'),
          duration: 30,
          outputs: { mp4: 'video.mp4' },
        }),
      );
    const stage1 = await add('0', '第一阶段：入门', CHAPTER_TYPE.heading);
    const lesson1a = await add(stage1, '1.1 认识工具', CHAPTER_TYPE.video);
    const lesson1b = await add(stage1, '1.2 第一个程序', CHAPTER_TYPE.video);
    const stage2 = await add('0', '第二阶段：进阶', CHAPTER_TYPE.heading);
    const lesson2a = await add(stage2, '2.1 函数', CHAPTER_TYPE.video);
    const stage3 = await add('0', '第三阶段：总结视频', CHAPTER_TYPE.video);
    for (const cid of [lesson1a, lesson1b, lesson2a, stage3]) await video(cid);
    await api.post('/course/pub', { coid, pub: '1' });
    return { coid, stage1, lesson1a, lesson1b, stage2, lesson2a, stage3 };
  }

  /** Watches a 30 s video chapter to its end, heartbeats every 16 s of the app's clock. */
  async function watchAll(cookie: string, coid: string, cid: string) {
    await okBeat(app, cookie, { coid, cid, start_ts: clock, position: 0, play_type: 'start' });
    clock += 16 * S;
    await okBeat(app, cookie, { coid, cid, start_ts: clock - 16 * S, position: 16 });
    clock += 14 * S;
    const end = await okBeat(app, cookie, { coid, cid, start_ts: clock - 30 * S, position: 30, play_type: 'ended' });
    expect(end.completed, `chapter ${cid} complete`).toBe(true);
    clock += 2 * S;
  }

  const queue = (query = '', cookie = admin) =>
    okCall<ReviewList>(app, 'GET', `/learn/review/list${query ? `?${query}` : ''}`, cookie);

  it('the queue lists each learner’s studied stages of verify courses; approve and reject move them, and learn/record/update writes the same row', async () => {
    const c = await stagedCourse('Python 阶段课', true);
    const plain = await stagedCourse('没有审核的课', false);
    const s = await signedInStudent(app, { name: '张三' });
    const idle = await signedInStudent(app, { name: '李四' });
    for (const course of [c, plain]) await enrol(app, s.id, course.coid);
    await enrol(app, idle.id, c.coid);

    // Nothing is studied yet: nothing to review.
    expect(await queue()).toEqual({ list: [], total: 0 });
    // The idle student began the course (a learner) but finished no stage.
    await okCall(app, 'POST', '/learn/start', idle.cookie, { coid: c.coid });
    // One lesson and half of the other are not enough.
    await watchAll(s.cookie, c.coid, c.lesson1a);
    await okBeat(app, s.cookie, { coid: c.coid, cid: c.lesson1b, start_ts: 7, position: 0, play_type: 'start' });
    clock += 16 * S;
    expect(
      (await okBeat(app, s.cookie, { coid: c.coid, cid: c.lesson1b, start_ts: 7, position: 16 })).progress,
    ).toBeGreaterThan(0);
    expect((await queue()).total).toBe(0);
    await watchAll(s.cookie, c.coid, c.lesson1b);
    // Stage 3 has no subchapters: it is studied itself.
    await watchAll(s.cookie, c.coid, c.stage3);
    // The same study of a course without verify is not reviewed.
    await watchAll(s.cookie, plain.coid, plain.lesson1a);
    await watchAll(s.cookie, plain.coid, plain.lesson1b);

    const pending = await queue();
    expect(pending.total).toBe(2);
    expect(pending.list.map((row) => [row.sid, row.coid, row.cid])).toEqual([
      [s.id, c.coid, c.stage1],
      [s.id, c.coid, c.stage3],
    ]);
    expect(pending.list[0]).toMatchObject({
      name: '张三',
      course_title: 'Python 阶段课',
      stage_title: '第一阶段：入门',
      chapters: 2,
      verify_status: 0,
      reviewed_at: null,
      passed: false,
    });
    expect(pending.list[0]!.studied_at).toBeGreaterThan(0);
    expect(pending.list[1]).toMatchObject({ stage_title: '第三阶段：总结视频', chapters: 1 });
    // Filters: by course, by student name, paging.
    expect((await queue(`coid=${plain.coid}`)).total).toBe(0);
    expect((await queue(`coid=${c.coid}&key=张`)).total).toBe(2);
    expect((await queue('key=李')).total).toBe(0);
    const paged = await queue('num=1&page=2');
    expect(paged).toMatchObject({ total: 2, list: [expect.objectContaining({ cid: c.stage3 })] });
    expect((await queue('status=approved')).total).toBe(0);
    expect((await call(app, 'GET', '/learn/review/list?status=maybe', admin)).status).toBe(400);

    // Approve stage 1: it leaves the pending queue, and the stage's own record says approved.
    clock += 60 * S;
    const approved = await post<{ verify_status: number; cid: string; action: string; reason: string }>(
      '/learn/review',
      { coid: c.coid, cid: c.stage1, sid: s.id, action: 'approve' },
    );
    expect(approved).toMatchObject({ cid: c.stage1, verify_status: 1, action: 'approve', reason: '' });
    expect((await queue()).list.map((row) => row.cid)).toEqual([c.stage3]);
    const done = await queue('status=approved');
    expect(done.list).toEqual([expect.objectContaining({ cid: c.stage1, verify_status: 1, reviewed_at: clock })]);
    const detail = await okCall<{ chapters: { cid: string; verify_status: number }[] }>(
      app,
      'GET',
      `/learn/detailbystudent?sid=${s.id}&coid=${c.coid}`,
      admin,
    );
    expect(detail.chapters.find((row) => row.cid === c.stage1)?.verify_status).toBe(1);
    // The student's own records (what the study page's growth-plan order reads) see the same row.
    const info = await okCall<{ chapters: { cid: string; verify_status: number }[]; complete_chapter: number }>(
      app,
      'GET',
      `/learn/info?coid=${c.coid}`,
      s.cookie,
    );
    expect(info.chapters.find((row) => row.cid === c.stage1)?.verify_status).toBe(1);
    // An approval is not a study: the stage row does not count as a completed chapter.
    expect(info.complete_chapter).toBe(3);

    // Reject stage 3 with a reason.
    const rejected = await post<{ verify_status: number; reason: string }>('/learn/review', {
      coid: c.coid,
      cid: c.stage3,
      sid: s.id,
      action: 'reject',
      reason: '请重新观看总结视频',
    });
    expect(rejected).toMatchObject({ verify_status: 2, reason: '请重新观看总结视频' });
    // Issue 16: each decision is a system notice to the student, worded by its outcome.
    const notices = await okCall<{ list: { kind: string; params: { outcome: string; title: string } }[] }>(
      app,
      'GET',
      '/notice/list',
      s.cookie,
    );
    expect(notices.list.filter((n) => n.kind === 'review.decided').map((n) => n.params.outcome)).toEqual([
      'rejected',
      'approved',
    ]);
    expect(notices.list[0].params.title).toContain('第三阶段：总结视频');
    expect(await queue()).toEqual({ list: [], total: 0 });
    expect((await queue('status=rejected')).list).toEqual([
      expect.objectContaining({ cid: c.stage3, verify_status: 2, reason: '请重新观看总结视频' }),
    ]);
    // Every decision is kept with its reviewer, time and reason (stage_reviews), never rewritten.
    const decisions = await sqlAll<{ action: string }>(
      app,
      'select chapter_id, action, reason, reviewer_id from stage_reviews order by created_at, id',
    );
    expect(decisions.filter((row) => row.action === 'approve').length).toBeGreaterThan(0);
    expect(decisions.at(-1)).toEqual({
      chapter_id: c.stage3,
      action: 'reject',
      reason: '请重新观看总结视频',
      reviewer_id: expect.stringMatching(/^\d+$/),
    });
    // learn/record/update is the same write: setting verify_status back to 0 puts stage 1 back in the queue.
    await post('/learn/record/update', { sid: s.id, coid: c.coid, cid: c.stage1, verify_status: 0 });
    expect((await queue()).list.map((row) => row.cid)).toEqual([c.stage1]);

    // Refusals: a stage not studied (409), a lesson that is not a stage (400), bad input, another course's chapter (404).
    const notStudied = await call(app, 'POST', '/learn/review', admin, {
      coid: c.coid,
      cid: c.stage2,
      sid: s.id,
      action: 'approve',
    });
    expect(notStudied.status).toBe(409);
    expect(notStudied.body.error).toBe('stage not studied');
    const notStage = await call(app, 'POST', '/learn/review', admin, {
      coid: c.coid,
      cid: c.lesson1a,
      sid: s.id,
      action: 'approve',
    });
    expect(notStage.status).toBe(400);
    expect(notStage.body.error).toBe('not a stage');
    expect(
      (await call(app, 'POST', '/learn/review', admin, { coid: c.coid, cid: c.stage1, sid: s.id, action: 'accept' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(app, 'POST', '/learn/review', admin, {
          coid: c.coid,
          cid: c.stage1,
          sid: s.id,
          action: 'reject',
          reason: 'x'.repeat(201),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(app, 'POST', '/learn/review', admin, {
          coid: c.coid,
          cid: plain.stage1,
          sid: s.id,
          action: 'approve',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', '/learn/review', admin, {
          coid: c.coid,
          cid: c.stage2,
          sid: idle.id,
          action: 'approve',
        })
      ).status,
    ).toBe(409);
  });

  it('review and export need the student permission and stay within the school', async () => {
    const c = await stagedCourse('Python 阶段课', true);
    const s = await signedInStudent(app, { name: '张三' });
    await enrol(app, s.id, c.coid);
    await watchAll(s.cookie, c.coid, c.stage3);
    expect((await queue()).total).toBe(1);

    const courseOnly = await buildSubAdmin(app, ['course']);
    const sub = (await login(app, { ...courseOnly, role: 'admin' })).cookie;
    const studentAdmin = await buildSubAdmin(app, ['student']);
    const allowed = (await login(app, { ...studentAdmin, role: 'admin' })).cookie;
    const decision = { coid: c.coid, cid: c.stage3, sid: s.id, action: 'approve' };
    for (const cookie of [sub, s.cookie]) {
      expect((await call(app, 'GET', '/learn/review/list', cookie)).status).toBe(403);
      expect((await call(app, 'POST', '/learn/review', cookie, decision)).status).toBe(403);
      expect((await call(app, 'GET', `/learn/export?view=course&coid=${c.coid}`, cookie)).status).toBe(403);
      expect((await call(app, 'GET', '/learn/students', cookie)).status).toBe(403);
    }
    expect((await call(app, 'GET', '/learn/review/list', '')).status).toBe(401);
    expect((await queue('', allowed)).total).toBe(1);
    // Limited to a category that does not hold the course: its stages are not in the queue.
    const { catid } = await post<{ catid: string }>('/course/category', { title: 'Elsewhere', parent_id: '0' });
    const scoped = await buildSubAdmin(app, ['student']);
    await post('/admins/setpermission', { id: scoped.id, permissions: ['student'], categories: [catid] });
    const elsewhere = (await login(app, { ...scoped, role: 'admin' })).cookie;
    expect(await queue('', elsewhere)).toEqual({ list: [], total: 0 });

    // Another school's administrator: an empty queue, 404 for this school's course, student and stage.
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect(await queue('', foreign)).toEqual({ list: [], total: 0 });
    expect((await call(app, 'GET', `/learn/review/list?coid=${c.coid}`, foreign)).status).toBe(404);
    expect((await call(app, 'POST', '/learn/review', foreign, decision)).status).toBe(404);
    expect((await call(app, 'GET', `/learn/export?view=course&coid=${c.coid}`, foreign)).status).toBe(404);
    expect((await call(app, 'GET', `/learn/export?view=student&sid=${s.id}`, foreign)).status).toBe(404);
    expect(await okCall(app, 'GET', '/learn/students', foreign)).toEqual({ list: [], total: 0 });
    // Nothing changed by the refused calls.
    expect((await queue()).list).toEqual([expect.objectContaining({ cid: c.stage3, verify_status: 0 })]);
    // A sub-admin with the student permission may decide.
    expect(
      (await okCall<{ verify_status: number }>(app, 'POST', '/learn/review', allowed, decision)).verify_status,
    ).toBe(1);
  });

  it('the new calls are in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['/learn/review/list', '/learn/review', '/learn/export', '/learn/students'])
      expect(paths, path).toContain(path);
  });

  it('learn/students finds the school’s students with their study in sum', async () => {
    const c = await stagedCourse('Python 阶段课', true);
    const s = await signedInStudent(app, { name: '张三' });
    await signedInStudent(app, { name: '王五' });
    await enrol(app, s.id, c.coid);
    await watchAll(s.cookie, c.coid, c.lesson1a);
    const all = await okCall<{
      total: number;
      list: { sid: string; name: string; courses: number; eff: number; last_visit: number | null }[];
    }>(app, 'GET', '/learn/students', admin);
    expect(all.total).toBe(2);
    // Latest visit first; a student who never studied comes last.
    expect(all.list[0]).toMatchObject({ sid: s.id, name: '张三', courses: 1, eff: 30 });
    expect(all.list[1]).toMatchObject({ name: '王五', courses: 0, eff: 0, last_visit: null });
    expect((await okCall<{ total: number }>(app, 'GET', '/learn/students?key=王', admin)).total).toBe(1);
  });

  it('CSV export: a download with a UTF-8 BOM, a Chinese file name in filename*, RFC 4180 quoting and formulas neutralised; capped with a note', async () => {
    const c = await stagedCourse('Python 入门, "基础"', true);
    const names = [
      'Smith, "Jr"',
      '=HYPERLINK("http://evil.example","点我")',
      '王\n五',
      '+86 手机',
      '-负数',
      '@SUM(A1)',
      '普通 学员',
    ];
    for (const name of names) {
      const s = await signedInStudent(app, { name });
      await enrol(app, s.id, c.coid);
      await watchAll(s.cookie, c.coid, c.lesson1a);
    }
    const res = await api.get(`/learn/export?view=course&format=csv&coid=${c.coid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="records-course-\d+-\d{8}-\d{4}\.csv"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(encoded).not.toMatch(/[^A-Za-z0-9%._~-]/);
    expect(decodeURIComponent(encoded)).toMatch(/^课程学习记录-Python 入门, 基础-\d{8}-\d{4}\.csv$/);
    expect(res.headers['x-export-capped']).toBeUndefined();

    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      '姓名',
      '账号',
      '学习进度（%）',
      '已完成章节数',
      '章节总数',
      '学习时长',
      '学习时长（秒）',
      '最近学习章节',
      '最近访问',
      '开始学习',
    ]);
    expect(rows).toHaveLength(1 + names.length);
    const byName = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect([...byName.keys()].sort()).toEqual(
      [
        '\'=HYPERLINK("http://evil.example","点我")',
        "'+86 手机",
        "'-负数",
        "'@SUM(A1)",
        'Smith, "Jr"',
        '王\n五',
        '普通 学员',
      ].sort(),
    );
    const plain = byName.get('普通 学员')!;
    // 1 of 4 study chapters (3 lessons and the stage without subchapters): 25 %; 30 s of study.
    expect(plain.slice(2, 8)).toEqual(['25', '1', '4', '00:30', '30', '1.1 认识工具']);
    expect(plain[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The raw text quotes exactly the values that need it.
    expect(text).toContain('"Smith, ""Jr"""');
    expect(text).toContain('"王\n五"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""点我"")"`);

    // The name filter of the screen applies; max caps the rows, and the file and a header say so.
    const filtered = parseCsv(
      (await api.get(`/learn/export?view=course&coid=${c.coid}&key=${encodeURIComponent('普通')}`)).body.slice(1),
    );
    expect(filtered.slice(1).map((row) => row[0])).toEqual(['普通 学员']);
    const capped = await api.get(`/learn/export?view=course&coid=${c.coid}&max=3`);
    expect(capped.headers['x-export-capped']).toBe('3');
    const cappedRows = parseCsv(capped.body.slice(1));
    expect(cappedRows).toHaveLength(1 + 3 + 1);
    expect(cappedRows.at(-1)![0]).toBe('记录超过 3 行，本文件只含前 3 行；请缩小范围后再导出。');

    // English headings with the locale cookie.
    const english = await api.get(`/learn/export?view=course&coid=${c.coid}`, `${admin}; lx_locale=en-gb`);
    expect(parseCsv(english.body.slice(1))[0]!.slice(0, 3)).toEqual(['Name', 'Login', 'Progress (%)']);
    expect(decodeURIComponent(String(english.headers['content-disposition']).split("''")[1]!)).toMatch(
      /^Course learning records-/,
    );

    // Bad input: a view without what it needs, an unknown view or format, a cap out of range.
    for (const query of [
      'view=course',
      'view=student',
      `view=detail&coid=${c.coid}`,
      'view=everything',
      `view=course&coid=${c.coid}&format=pdf`,
      `view=course&coid=${c.coid}&max=0`,
      `view=course&coid=${c.coid}&max=50001`,
    ]) {
      const bad = await call(app, 'GET', `/learn/export?${query}`, admin);
      expect(bad.status, query).toBe(400);
      expect(bad.body.status).toBe('error');
    }
  });

  it('the student, chapter and detail views export what their screens show', async () => {
    const c = await stagedCourse('Python 阶段课', true);
    const s = await signedInStudent(app, { name: '张三' });
    const t = await signedInStudent(app, { name: '李四' });
    for (const student of [s, t]) await enrol(app, student.id, c.coid);
    await watchAll(s.cookie, c.coid, c.lesson1a);
    await watchAll(t.cookie, c.coid, c.lesson1a);
    await watchAll(s.cookie, c.coid, c.lesson1b);
    const csv = async (query: string) => {
      const res = await api.get(`/learn/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        rows: parseCsv(res.rawPayload.subarray(3).toString('utf8')),
        name: decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!),
      };
    };

    const student = await csv(`view=student&sid=${s.id}`);
    expect(student.name).toMatch(/^学员学习记录-张三-/);
    expect(student.rows).toHaveLength(2);
    expect(student.rows[1]!.slice(0, 6)).toEqual(['Python 阶段课', '50', '2', '4', '01:00', '60']);

    const chapters = await csv(`view=chapter&coid=${c.coid}`);
    expect(chapters.name).toMatch(/^章节学习统计-Python 阶段课-/);
    const times = new Map(chapters.rows.slice(1).map((row) => [row[0], row]));
    expect(times.get('1.1 认识工具')).toEqual([
      '1.1 认识工具',
      '第一阶段：入门',
      '视频',
      '2',
      '2',
      '01:00',
      '60',
      '00:30',
      '30',
    ]);
    expect(times.get('2.1 函数')!.slice(3, 5)).toEqual(['0', '0']);
    expect(times.get('第一阶段：入门')!.slice(1, 3)).toEqual(['', '章（仅分组）']);

    const detail = await csv(`view=detail&sid=${s.id}&coid=${c.coid}`);
    expect(detail.name).toMatch(/^章节学习明细-张三-Python 阶段课-/);
    expect(detail.rows.slice(1).map((row) => row[0])).toEqual([
      '第一阶段：入门',
      '1.1 认识工具',
      '1.2 第一个程序',
      '第二阶段：进阶',
      '2.1 函数',
      '第三阶段：总结视频',
    ]);
    expect(detail.rows[2]!.slice(3, 9)).toEqual(['100', '00:30', '30', '30', '未通过', '未审核']);
  });

  it('XLSX export: a real workbook (a zip with the sheet, its header frozen) with the same rows', async () => {
    const c = await stagedCourse('Python 阶段课', true);
    const s = await signedInStudent(app, { name: '=张三' });
    await enrol(app, s.id, c.coid);
    await watchAll(s.cookie, c.coid, c.lesson1a);
    const res = await api.get(`/learn/export?view=course&format=xlsx&coid=${c.coid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toMatch(
      /^课程学习记录-Python 阶段课-\d{8}-\d{4}\.xlsx$/,
    );
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    );
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="课程学习记录"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = files['xl/sharedStrings.xml'] ? strFromU8(files['xl/sharedStrings.xml']) : '';
    const allText = sheet + strings;
    for (const text of ['姓名', '学习时长（秒）', '=张三', '1.1 认识工具', '00:30'])
      expect(allText, text).toContain(text);
    // Numbers are numbers (progress 25, 30 s), and no cell is a formula.
    expect(sheet).toMatch(/<c r="C2"[^>]*><v>25<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="G2"[^>]*><v>30<\/v><\/c>/);
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('state="frozen"');
  });
});
