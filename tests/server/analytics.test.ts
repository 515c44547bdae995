/**
 * The back office's analytics (issue 18 'Back office analytics'; spec 7 'analysis and dashboard statistics'):
 * every call with each role, a sub-admin limited to categories, another school; the figures checked against
 * study the test made through the heartbeat calls, ratings and questions the students gave, exports read back.
 */
import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import type { CourseAnalytics, Overview } from '../../shared/schemas/analytics';
import { formatDate } from '../../shared/rules/dates';
import { addDays } from '../../shared/rules/analytics';
import { createSchool } from '../../server/modules/schools/schools.service';
import { ADMIN, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { call, okBeat, okCall, signedInStudent } from './records-helpers';

const S = 1000;
const DAY = 86_400_000;

describe('analysis/*: the overview, a course funnel, groups and students', () => {
  let app: TestApp;
  let clock: number;
  let admin: string;

  beforeEach(async () => {
    clock = Date.now();
    app = await makeApp({}, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
  });
  afterEach(() => app.close());

  const post = <T>(url: string, payload: object, cookie = admin) => okCall<T>(app, 'POST', url, cookie, payload);
  const get = <T>(url: string, cookie = admin) => okCall<T>(app, 'GET', url, cookie);
  const category = (title: string) => post<{ catid: string }>('/course/category', { title, parent_id: '0' });

  /** A published course of two 30-second video chapters, in the category. */
  async function course(title: string, catid = '0') {
    const { coid } = await post<{ coid: string }>('/course/new', { title, catid, type: 0, actual: 0 });
    const cids: string[] = [];
    for (const name of ['One', 'Two']) {
      const { cid } = await post<{ cid: string }>('/chapter/add', {
        coid,
        parent_id: '0',
        title: name,
        type: CHAPTER_TYPE.video,
      });
      const rid = await seedResource(app, {
        schoolId: (await school(app)).id,
        kind: 'video',
        fileName: `${name}.mp4`,
        mime: 'video/mp4',
        source: Buffer.from('video'),
        duration: 30,
        outputs: { mp4: 'video.mp4' },
      });
      await attachResource(app, cid, rid);
      cids.push(cid);
    }
    await post('/course/pub', { coid, pub: '1' });
    return { coid, cids };
  }

  /** Watches a 30-second chapter through: heartbeats every 16 s of the app's clock; answers the credited ms. */
  async function watch(cookie: string, coid: string, cid: string) {
    const startTs = clock;
    await okBeat(app, cookie, { coid, cid, start_ts: startTs, position: 0, play_type: 'start' });
    let eff = 0;
    for (const at of [16, 30]) {
      clock += (at === 16 ? 16 : 14) * S;
      eff += (await okBeat(app, cookie, { coid, cid, start_ts: startTs, position: at })).eff_time * S;
    }
    return eff;
  }

  const today = () => formatDate(clock, 'yyyy-MM-dd');

  /** An exam of one single-choice question (B right, pass 6 of 10), sat through exam/start, answer, submit. */
  async function sitExam(cookies: { cookie: string; answer: string }[]) {
    const schoolId = (await school(app)).id;
    const qid = await seedQuestion(app, { schoolId, type: 0, options: ['a', 'b'], answer: '2', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid], points: [10], passScore: 6 });
    const examId = await seedExam(app, { schoolId, paperId, title: 'Quiz' });
    for (const { cookie, answer } of cookies) {
      const { sittingId } = await post<{ sittingId: string }>('/exam/start', { examId }, cookie);
      await post('/exam/answer', { sittingId, qid, answer }, cookie);
      await post('/exam/submit', { sittingId }, cookie);
    }
  }
  /** The rows of a downloaded XLSX's first sheet. */
  const sheetRows = async (url: string, cookie = admin) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [first] = await readXlsxFile(res.rawPayload);
    return first?.data ?? [];
  };
  const statusOf = async (url: string, cookie: string) =>
    (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;

  it('guests 401, students 403, sub-admins without student 403, with it 200; another school sees none of this school', async () => {
    const c = await course('Alpha');
    const s = await signedInStudent(app);
    const sub = await buildSubAdmin(app, ['course']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'oth', adminPassword: 'other-pass-1' });
    const otherCookie = (await login(app, { username: 'oth', password: 'other-pass-1', role: 'admin' })).cookie;
    const urls = [
      '/analysis/overview',
      '/analysis/inactive',
      '/analysis/courses',
      `/analysis/course?coid=${c.coid}`,
      `/analysis/student?sid=${s.id}`,
      '/analysis/inactive/export',
      `/analysis/student/export?sid=${s.id}`,
    ];
    const holder = await buildSubAdmin(app, ['student']);
    const holderCookie = (await login(app, { ...holder, role: 'admin' })).cookie;
    for (const url of urls) {
      expect(await statusOf(url, ''), url).toBe(401);
      expect(await statusOf(url, s.cookie), url).toBe(403);
      expect(await statusOf(url, subCookie), url).toBe(403);
      expect(await statusOf(url, admin), url).toBe(200);
      expect(await statusOf(url, holderCookie), url).toBe(200);
    }
    expect((await call(app, 'GET', `/analysis/course?coid=${c.coid}`, otherCookie)).status).toBe(404);
    expect((await call(app, 'GET', `/analysis/student?sid=${s.id}`, otherCookie)).status).toBe(404);
    expect(await statusOf(`/analysis/student/export?sid=${s.id}`, otherCookie)).toBe(404);
    // A sub-admin holding 'student' without categories sees every course, as the main admin does.
    const seen = await get<{ courses: { coid: string }[] }>('/analysis/courses', holderCookie);
    expect(seen.courses.map((x) => x.coid)).toEqual([c.coid]);
    expect((await get<Overview>('/analysis/overview', holderCookie)).scoped).toBe(false);
    const theirs = await get<{ courses: unknown[] }>('/analysis/courses', otherCookie);
    expect(theirs.courses).toEqual([]);
    // A client's mistakes are 400s.
    expect((await call(app, 'GET', '/analysis/overview?days=0', admin)).status).toBe(400);
    expect((await call(app, 'GET', '/analysis/overview?from=2026-05-02&to=2026-05-01', admin)).status).toBe(400);
    expect((await call(app, 'GET', '/analysis/course?coid=abc', admin)).status).toBe(400);
    expect((await call(app, 'GET', '/analysis/course?coid=123', admin)).status).toBe(404);
  });

  it('overview: study per day beside the previous period, enrolments, completions, ranking, groups, inactive', async () => {
    const a = await course('Alpha');
    const b = await course('Beta');
    const ann = await signedInStudent(app, { name: 'Ann', groups: ['Morning'] });
    const bob = await signedInStudent(app, { name: 'Bob' });
    const idle = await signedInStudent(app, { name: 'Idle' });
    // Ten days ago (the previous period of a 7-day overview) Ann watches one chapter of Alpha.
    const now = clock;
    clock = now - 10 * DAY;
    const prevDay = today();
    await enrol(app, ann.id, a.coid, clock, 'buy');
    const annCookie = (await login(app, ann)).cookie;
    const earlier = await watch(annCookie, a.coid, a.cids[0] as string);
    // Today Ann finishes Alpha; Bob starts Beta.
    clock = now;
    const ann2 = (await login(app, ann)).cookie;
    const bob2 = (await login(app, bob)).cookie;
    await enrol(app, bob.id, b.coid, clock, 'buy');
    const annToday = await watch(ann2, a.coid, a.cids[1] as string);
    const bobToday = await watch(bob2, b.coid, b.cids[0] as string);
    expect(earlier).toBeGreaterThan(0);
    await sitExam([
      { cookie: ann2, answer: '2' },
      { cookie: bob2, answer: '1' },
    ]);

    const o = await get<Overview>('/analysis/overview?days=7&idle=3');
    expect(o.period).toMatchObject({ to: today(), from: addDays(today(), -6), length: 7 });
    expect(o.scoped).toBe(false);
    const day = o.days.find((d) => d.day === today());
    expect(day).toMatchObject({ active: 2, ms: annToday + bobToday });
    expect(o.days.find((d) => d.prevDay === prevDay)).toMatchObject({ prevActive: 1, prevMs: earlier });
    expect(o.current).toMatchObject({
      ms: annToday + bobToday,
      enrolments: 1,
      completions: 1,
      sittings: 2,
      passed: 1,
      passRate: 0.5,
    });
    expect(o.previous).toMatchObject({ ms: earlier, enrolments: 1, completions: 0, sittings: 0, passRate: null });
    expect(o.courses.top[0]).toMatchObject({ coid: a.coid, learners: 1, completed: 1, rate: 1 });
    expect(o.courses.bottom[0]).toMatchObject({ coid: b.coid, learners: 1, completed: 0, rate: 0 });
    expect(o.groups).toEqual([expect.objectContaining({ name: 'Morning', ms: annToday, members: 1 })]);
    expect(o.inactive.students.map((x) => x.name)).toEqual(['Idle']);
    expect(o.inactive.students[0]?.lastDay).toBeNull();
    // A from–to period covering only the earlier day.
    const back = await get<Overview>(`/analysis/overview?from=${prevDay}&to=${prevDay}`);
    expect(back.current).toMatchObject({ ms: earlier, enrolments: 1 });
    expect(back.days).toEqual([expect.objectContaining({ day: prevDay, active: 1, ms: earlier })]);
    // The inactive list with export: 20 days counts nobody who studied in the last 20 days.
    const list = await get<{ total: number; students: { name: string }[] }>('/analysis/inactive?idle=20');
    expect(list.students.map((x) => x.name)).toEqual(['Idle']);
    const rows = await sheetRows('/analysis/inactive/export?idle=3');
    expect(rows.length).toBe(2);
    expect(rows[1]?.[0]).toBe('Idle');
    expect(idle.id).toBeTruthy();
  });

  it('a course: the funnel by chapter, average time against length, ratings and questions', async () => {
    const c = await course('Funnel');
    const students = [];
    for (const name of ['S1', 'S2', 'S3']) {
      const st = await signedInStudent(app, { name });
      await enrol(app, st.id, c.coid, clock, 'buy');
      students.push(st);
    }
    // All three finish chapter one; one goes on through chapter two.
    let first = 0;
    for (const st of students) first += await watch(st.cookie, c.coid, c.cids[0] as string);
    const second = await watch(students[0]?.cookie as string, c.coid, c.cids[1] as string);
    await post('/chapter/update', { cid: c.cids[0], showgrade: 1 });
    await post('/grade/add', { coid: c.coid, cid: c.cids[0], score: 4, content: 'good' }, students[1]?.cookie);
    await post('/grade/add', { coid: c.coid, cid: c.cids[0], score: 2, content: 'hmm' }, students[2]?.cookie);
    await post('/learn/question/add', { coid: c.coid, cid: c.cids[1], body: 'why?' }, students[0]?.cookie);

    const f = await get<CourseAnalytics>(`/analysis/course?coid=${c.coid}&days=7`);
    expect(f.course).toMatchObject({ learners: 3, completed: 1 });
    expect(f.funnel.map((ch) => [ch.title, ch.started, ch.finished, ch.questions])).toEqual([
      ['One', 3, 3, 0],
      ['Two', 1, 1, 1],
    ]);
    expect(f.funnel[0]?.avgMs).toBe(Math.round(first / 3));
    expect(f.funnel[1]?.avgMs).toBe(second);
    expect(f.funnel[0]?.durationSec).toBe(30);
    expect(f.ratings).toEqual({ count: 2, average: 3, stars: [0, 0, 1, 0, 1, 0] });
    expect(f.questions).toBe(1);
    expect(f.days.find((d) => d.day === today())).toMatchObject({ active: 3, ms: first + second });
  });

  it('a sub-admin limited to categories sees only their courses, and their figures only', async () => {
    const mine = await category('Mine');
    const theirs = await category('Theirs');
    const a = await course('In scope', mine.catid);
    const b = await course('Out of scope', theirs.catid);
    const sub = await buildSubAdmin(app, ['student']);
    await post('/admins/setpermission', { id: sub.id, permissions: ['student'], categories: [mine.catid] });
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    const st = await signedInStudent(app);
    await enrol(app, st.id, a.coid, clock, 'buy');
    await enrol(app, st.id, b.coid, clock, 'buy');
    const inA = await watch(st.cookie, a.coid, a.cids[0] as string);
    await watch(st.cookie, b.coid, b.cids[0] as string);

    const list = await get<{ courses: { coid: string }[] }>('/analysis/courses', subCookie);
    expect(list.courses.map((x) => x.coid)).toEqual([a.coid]);
    expect((await call(app, 'GET', `/analysis/course?coid=${b.coid}`, subCookie)).status).toBe(404);
    const o = await get<Overview>('/analysis/overview?days=7', subCookie);
    expect(o.scoped).toBe(true);
    expect(o.current).toMatchObject({ ms: inA, enrolments: 1 });
    expect(o.days.find((d) => d.day === today())).toMatchObject({ active: 1, ms: inA });
    const all = await get<Overview>('/analysis/overview?days=7');
    expect(all.current.enrolments).toBe(2);
    const student = await get<{ courses: { coid: string }[] }>(`/analysis/student?sid=${st.id}`, subCookie);
    expect(student.courses.map((x) => x.coid)).toEqual([a.coid]);
  });

  it('a group and a student: study time and completion, exported as XLSX', async () => {
    const c = await course('Group course');
    const st = await signedInStudent(app, { name: 'Gina', groups: ['Evening'] });
    await enrol(app, st.id, c.coid, clock, 'buy');
    const ms =
      (await watch(st.cookie, c.coid, c.cids[0] as string)) + (await watch(st.cookie, c.coid, c.cids[1] as string));
    const gid = st.groupIds[0] as string;
    const g = await get<{ members: Record<string, unknown>[] }>(`/analysis/group?gid=${gid}&days=7`);
    expect(g.members).toEqual([
      expect.objectContaining({ name: 'Gina', periodMs: ms, totalMs: ms, courses: 1, completed: 1, lastDay: today() }),
    ]);
    const rows = await sheetRows(`/analysis/group/export?gid=${gid}`);
    expect(rows[1]?.slice(0, 2)).toEqual(['Gina', st.username]);
    expect(rows[1]?.[2]).toBeCloseTo(ms / 3_600_000, 2);
    const s = await get<{ courses: Record<string, unknown>[]; days: { day: string; ms: number }[] }>(
      `/analysis/student?sid=${st.id}&days=7`,
    );
    expect(s.days).toEqual([{ day: today(), ms }]);
    expect(s.courses).toEqual([expect.objectContaining({ coid: c.coid, process: 100, effMs: ms })]);
    const sheet = await sheetRows(`/analysis/student/export?sid=${st.id}`);
    expect(sheet[1]?.slice(0, 2)).toEqual(['Group course', 100]);
    expect((await call(app, 'GET', '/analysis/group?gid=999', admin)).status).toBe(404);
  });
});
