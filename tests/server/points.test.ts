/**
 * Points and credits over HTTP (issue 15 item 7): rules, earning through the real flows (heartbeats, a chapter
 * and a course completed, an exam passed, the day's first study), once per event, daily limits, the student's
 * own ledger, the back office's totals, detail and clear, for every role and another school.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderEvents } from '../../server/db/schema';
import { formatDate } from '../../shared/rules/dates';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { createSchool } from '../../server/modules/schools/schools.service';
import { buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { data, injectAs } from '../helpers/kit';
import {
  adminCookie,
  call,
  graphicCourse,
  learnCourse,
  okBeat,
  okCall,
  signedInStudent,
  type LearnCourse,
} from './records-helpers';

const S = 1000;
type Row = { delta: number; reason: string; ref: string; title: string | null; actor_name: string | null };
type Ledger = { points: number; week: number; total: number; list: Row[] };
type Rule = { rule: string; points: number; daily_limit: number; enabled: boolean };

describe('points and credits', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 4, 14, 2, 0, 0);
  let admin: string;
  let c: LearnCourse;
  let s: Awaited<ReturnType<typeof signedInStudent>>;

  const day = () => formatDate(clock, 'yyyy-MM-dd');
  /** The next day (a session lasts a day: the student signs in again). */
  const nextDay = async () => {
    clock += 86_400_000;
    s.cookie = (await login(app, s)).cookie;
  };
  const setRules = (list: Partial<Rule>[], who = admin) => call(app, 'POST', '/point/setrules', who, { list });
  const on = (rule: string, points: number, daily_limit = 0) =>
    setRules([{ rule, points, daily_limit, enabled: true }]).then((r) => expect(r.status).toBe(200));
  const mine = (cookie = s.cookie, query = '') => okCall<Ledger>(app, 'GET', `/mypoints${query}`, cookie);
  /** Plays a video chapter honestly for `seconds` from `from`, a heartbeat every 16 s. */
  const play = async (cid: string, startTs: number, from: number, seconds: number, cookie = s.cookie) => {
    let at = from;
    await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at, play_type: 'start' });
    for (let left = seconds; left > 0; left -= 16) {
      const step = Math.min(16, left);
      clock += step * S;
      at += step;
      await okBeat(app, cookie, { coid: c.coid, cid, start_ts: startTs, position: at });
    }
  };

  beforeEach(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    c = await learnCourse(app, admin);
    s = await signedInStudent(app, { username: 'earner', name: '学员甲' });
    await enrol(app, s.id, c.coid);
  });
  afterEach(() => app.close());

  it('rules: defaults off; set some, the others stay; bad input is 400 and changes nothing', async () => {
    const first = await okCall<{ list: Rule[]; slot_minutes: number }>(app, 'GET', '/point/rules', admin);
    expect(first.slot_minutes).toBe(10);
    expect(first.list.map((r) => r.rule)).toEqual([
      'studyTime',
      'chapterDone',
      'courseDone',
      'examPassed',
      'dailyFirst',
    ]);
    expect(first.list.every((r) => !r.enabled)).toBe(true);
    await on('chapterDone', 3, 6);
    const after = await okCall<{ list: Rule[] }>(app, 'GET', '/point/rules', admin);
    expect(after.list.find((r) => r.rule === 'chapterDone')).toEqual({
      rule: 'chapterDone',
      points: 3,
      daily_limit: 6,
      enabled: true,
    });
    expect(after.list.filter((r) => r.enabled)).toHaveLength(1);
    // Audited: who, when, every rule before and after.
    const events = await app.ctx.db.select().from(orderEvents).where(eq(orderEvents.action, 'points.rules'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorKind: 'admin', at: clock, orderId: (await school(app)).id });
    expect(JSON.parse(events[0].before ?? '')).toEqual(first.list);
    expect(JSON.parse(events[0].after ?? '')).toEqual(after.list);
    // And visible in the back office (point/rules/audit), to the school's administrators only.
    const trail = await okCall<{ total: number; list: { action: string; before: unknown; after: unknown }[] }>(
      app,
      'GET',
      '/point/rules/audit',
      admin,
    );
    expect(trail.total).toBe(1);
    expect(trail.list[0]).toMatchObject({ action: 'points.rules', before: first.list, after: after.list });
    const bad = [
      [
        { rule: 'studyTime', points: 1, daily_limit: 0, enabled: true },
        { rule: 'studyTime', points: 2, daily_limit: 0, enabled: true },
      ],
      [{ rule: 'studyTime', points: -1, daily_limit: 0, enabled: true }],
      [{ rule: 'studyTime', points: 1.5, daily_limit: 0, enabled: true }],
      [{ rule: 'nope', points: 1, daily_limit: 0, enabled: true }],
      [],
    ];
    for (const list of bad) expect((await setRules(list)).status, JSON.stringify(list)).toBe(400);
    expect(await app.ctx.db.select().from(orderEvents)).toHaveLength(1);
    expect(await okCall(app, 'GET', '/point/rules', admin)).toEqual(after);
  });

  it('earning through heartbeats: the day first, 10-minute slots, a chapter completed; each once', async () => {
    // Off: studying earns nothing.
    await play(c.video, 1, 0, 100);
    expect((await mine()).points).toBe(0);
    for (const [rule, points] of [
      ['dailyFirst', 2],
      ['studyTime', 1],
      ['chapterDone', 5],
    ] as const)
      await on(rule, points);
    await play(c.video, 2, 100, 500);
    const ledger = await mine();
    // dailyFirst 2 (the first heartbeat since the rules are on) and the chapter 5; 600 s were studied today but
    // study time counts from when the rule is on (500 s): no slot yet.
    expect(ledger.list.map((r) => [r.reason, r.delta])).toEqual([
      ['chapterDone', 5],
      ['dailyFirst', 2],
    ]);
    expect(ledger.list[0]).toMatchObject({ ref: c.video, title: 'Lesson video' });
    expect(ledger.list[1].ref).toBe(day());
    expect(ledger.points).toBe(7);
    // Studying on: the slot completes at 10 minutes; the completed chapter again earns nothing more.
    await play(c.video, 3, 0, 160);
    const more = await mine();
    expect(more.list.map((r) => [r.reason, r.ref, r.delta])).toEqual([
      ['studyTime', `${day()}#1`, 1],
      ['chapterDone', c.video, 5],
      ['dailyFirst', day(), 2],
    ]);
    expect(more.points).toBe(8);
    expect(more.week).toBe(8);
    // The next day: a new first study.
    await nextDay();
    await play(c.video, 4, 0, 16);
    expect((await mine()).list[0]).toMatchObject({ reason: 'dailyFirst', ref: day(), delta: 2 });
  });

  it('a daily limit caps the day per rule; the next day earns again', async () => {
    await on('studyTime', 3, 7);
    await play(c.video, 1, 0, 600);
    await play(c.free, 2, 0, 30);
    await play(c.video, 3, 0, 600);
    await play(c.video, 4, 0, 600);
    const ledger = await mine();
    // 30 minutes of study: 3 + 3 + 1 (the limit of 7), nothing more.
    expect(ledger.list.map((r) => r.delta)).toEqual([1, 3, 3]);
    expect(ledger.points).toBe(7);
    await nextDay();
    await play(c.video, 5, 0, 600);
    expect((await mine()).points).toBe(10);
  });

  it('a course completed and an exam passed earn once; a failed exam earns nothing', async () => {
    await on('courseDone', 10);
    await on('examPassed', 4);
    const coid = await graphicCourse(app, admin, {}, 200);
    const read = (played: number) =>
      okBeat(app, s.cookie, { coid, cid: '0', start_ts: 1, played_time: played, play_type: 'read' });
    await read(0.2);
    for (let i = 0; i < 3; i++) {
      clock += 10 * S;
      await read(1);
    }
    let ledger = await mine();
    expect(ledger.list.map((r) => [r.reason, r.ref, r.delta, r.title])).toEqual([
      ['courseDone', coid, 10, 'Graphic course'],
    ]);

    const schoolId = (await school(app)).id;
    const qid = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid], points: [10], passScore: 10 });
    const examId = await seedExam(app, { schoolId, paperId, title: 'Safety exam', attempts: 3 });
    const sit = async (answer: string) => {
      const { sittingId } = await okCall<{ sittingId: string }>(app, 'POST', '/exam/start', s.cookie, { examId });
      await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId, qid, answer });
      await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId });
    };
    await sit('1');
    expect((await mine()).points).toBe(10);
    await sit('0');
    await sit('0');
    ledger = await mine();
    expect(ledger.list[0]).toMatchObject({ reason: 'examPassed', ref: examId, delta: 4, title: 'Safety exam' });
    expect(ledger.points).toBe(14);
  });

  it('an exam chapter sat completes the chapter: chapterDone once, examPassed when passed', async () => {
    await on('chapterDone', 2);
    await on('examPassed', 6);
    const cid = (
      await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, {
        coid: c.coid,
        parent_id: '0',
        title: 'Final exam',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    const schoolId = (await school(app)).id;
    const qid = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid], points: [10], passScore: 10 });
    const examId = await seedExam(app, { schoolId, paperId, courseId: c.coid, chapterId: cid, attempts: 2 });
    const sit = async (answer: string) => {
      const { exid } = await okCall<{ exid: string }>(app, 'GET', `/getExamToken?coid=${c.coid}&cid=${cid}`, s.cookie);
      const { sittingId } = await okCall<{ sittingId: string }>(app, 'POST', '/exam/start', s.cookie, { exid });
      await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId, qid, answer });
      await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId });
    };
    // Failed: the chapter is done (the student sat it), the exam not passed.
    await sit('1');
    expect((await mine()).list.map((r) => [r.reason, r.ref, r.delta])).toEqual([['chapterDone', cid, 2]]);
    await sit('0');
    expect((await mine()).list.map((r) => [r.reason, r.ref, r.delta])).toEqual([
      ['examPassed', examId, 6],
      ['chapterDone', cid, 2],
    ]);
  });

  it('a course whose last chapter is an exam completes when it is sat: courseDone once', async () => {
    await on('courseDone', 7);
    const { coid } = await okCall<{ coid: string }>(app, 'POST', '/course/new', admin, {
      title: 'Video then exam',
      catid: '0',
      type: 0,
      actual: 0,
      settings: {},
    });
    const add = async (title: string, type: number) =>
      (await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, { coid, parent_id: '0', title, type })).cid;
    const video = await add('Short video', CHAPTER_TYPE.video);
    const cid = await add('The exam', CHAPTER_TYPE.exam);
    const schoolId = (await school(app)).id;
    const rid = await seedResource(app, {
      schoolId,
      kind: 'video',
      fileName: 'short.mp4',
      mime: 'video/mp4',
      source: Buffer.from('video'),
      duration: 30,
      outputs: { mp4: 'video.mp4' },
    });
    await attachResource(app, video, rid);
    await okCall(app, 'POST', '/course/pub', admin, { coid, pub: '1' });
    await enrol(app, s.id, coid);
    // The video watched to the end: its chapter done, the course not yet (the exam is left).
    await okBeat(app, s.cookie, { coid, cid: video, start_ts: 9, position: 0, play_type: 'start' });
    for (let at = 15; at <= 30; at += 15) {
      clock += 15 * S;
      await okBeat(app, s.cookie, { coid, cid: video, start_ts: 9, position: at });
    }
    expect((await mine()).points).toBe(0);
    const qid = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [qid], points: [10], passScore: 10 });
    await seedExam(app, { schoolId, paperId, courseId: coid, chapterId: cid, attempts: 2 });
    const sit = async (answer: string) => {
      const { exid } = await okCall<{ exid: string }>(app, 'GET', `/getExamToken?coid=${coid}&cid=${cid}`, s.cookie);
      const { sittingId } = await okCall<{ sittingId: string }>(app, 'POST', '/exam/start', s.cookie, { exid });
      await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId, qid, answer });
      await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId });
    };
    // Sat (failed, but sat): the last chapter is done, so is the course, once.
    await sit('1');
    expect((await mine()).list.map((r) => [r.reason, r.ref, r.delta])).toEqual([['courseDone', coid, 7]]);
    await sit('0');
    expect((await mine()).points).toBe(7);
  });

  it('back office: totals, detail and clear; the clear is a row by the administrator; roles and another school', async () => {
    await on('studyTime', 2);
    await on('dailyFirst', 1);
    const other = await signedInStudent(app, { username: 'idle', name: '学员乙' });
    await play(c.video, 1, 0, 600);
    const list = await okCall<{ total: number; list: { sid: string; points: number; week: number }[] }>(
      app,
      'GET',
      '/student/points?keyword=earn',
      admin,
    );
    expect(list).toEqual({ total: 1, list: [{ sid: s.id, username: 'earner', name: '学员甲', points: 3, week: 3 }] });
    const all = await okCall<{ total: number; list: { sid: string; points: number }[] }>(
      app,
      'GET',
      '/student/points?num=1&page=2',
      admin,
    );
    expect(all.total).toBe(2);
    expect(all.list).toEqual([expect.objectContaining({ sid: other.id, points: 0 })]);
    const detail = await okCall<Ledger & { username: string }>(app, 'GET', `/student/pointdetail?sid=${s.id}`, admin);
    expect(detail).toMatchObject({ username: 'earner', points: 3, total: 2 });

    const cleared = await okCall(app, 'POST', '/student/clearpoint', admin, { sids: [s.id, other.id] });
    expect(cleared).toEqual({ cleared: 1, points: 3 });
    const after = await mine();
    expect(after.points).toBe(0);
    expect(after.week).toBe(3);
    expect(after.list[0]).toMatchObject({ reason: 'clear', delta: -3, actor_name: expect.any(String) });
    // Clearing again changes nothing.
    expect(await okCall(app, 'POST', '/student/clearpoint', admin, { sids: [s.id] })).toEqual({
      cleared: 0,
      points: 0,
    });
    expect((await mine()).total).toBe(3);
    // Earning goes on from zero.
    await play(c.video, 2, 0, 600);
    expect((await mine()).points).toBe(2);

    // Another school: its student is 404 in detail, 400 in a clear (and nothing is cleared), absent from lists.
    const theirs = await createSchool(app.ctx, { name: 'Other', adminUsername: 'o-admin', adminPassword: 'o-pass-12' });
    const stranger = await buildStudent(app, { schoolId: theirs.id, username: 'stranger' });
    const otherAdmin = (await login(app, { username: 'o-admin', password: 'o-pass-12', role: 'admin' })).cookie;
    expect((await call(app, 'GET', `/student/pointdetail?sid=${stranger.id}`, admin)).status).toBe(404);
    expect((await call(app, 'GET', `/student/pointdetail?sid=${s.id}`, otherAdmin)).status).toBe(404);
    const refused = await call(app, 'POST', '/student/clearpoint', admin, { sids: [s.id, stranger.id] });
    expect(refused.status).toBe(400);
    expect((await mine()).points).toBe(2);
    expect((await okCall<{ total: number }>(app, 'GET', '/student/points', otherAdmin)).total).toBe(1);
    // The other school's rules are its own: still all off.
    const theirRules = await okCall<{ list: Rule[] }>(app, 'GET', '/point/rules', otherAdmin);
    expect(theirRules.list.some((r) => r.enabled)).toBe(false);
  });

  it('every call refuses guests, students and administrators without the student permission', async () => {
    const noStudent = await buildSubAdmin(app, ['course']);
    const sub = (await login(app, { ...noStudent, role: 'admin' })).cookie;
    const withStudent = await buildSubAdmin(app, ['student']);
    const allowed = (await login(app, { ...withStudent, role: 'admin' })).cookie;
    const back: [string, string, object?][] = [
      ['GET', '/point/rules'],
      ['GET', '/point/rules/audit'],
      ['POST', '/point/setrules', { list: [{ rule: 'studyTime', points: 1, daily_limit: 0, enabled: true }] }],
      ['GET', '/student/points'],
      ['GET', `/student/pointdetail?sid=${s.id}`],
      ['POST', '/student/clearpoint', { sids: [s.id] }],
    ];
    for (const [method, url, payload] of back) {
      const as = (who: string | null) => injectAs(app, who).inject({ method: method as 'GET', url, payload });
      expect((await as(null)).statusCode, url).toBe(401);
      expect((await as(s.cookie)).statusCode, url).toBe(403);
      expect((await as(sub)).statusCode, url).toBe(403);
      expect((await as(allowed)).statusCode, url).toBe(200);
    }
    expect((await injectAs(app, null).get('/mypoints')).statusCode).toBe(401);
    // An administrator is no student: the student calls answer them 401 (requireStudent).
    expect((await injectAs(app, admin).get('/mypoints')).statusCode).toBe(401);
    expect(data<Ledger>(await injectAs(app, s.cookie).get('/mypoints?num=1')).list).toEqual([]);
    expect((await injectAs(app, s.cookie).get('/mypoints?num=1000')).statusCode).toBe(400);
    const openapi = (await injectAs(app, null).get('/openapi.json')).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const [path, method] of [
      ['/point/rules', 'get'],
      ['/point/setrules', 'post'],
      ['/point/rules/audit', 'get'],
      ['/student/points', 'get'],
      ['/student/pointdetail', 'get'],
      ['/student/clearpoint', 'post'],
      ['/mypoints', 'get'],
    ])
      expect(openapi.paths[path]?.[method]?.summary, path).toBeTruthy();
  });
});
