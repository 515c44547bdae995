import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSchool } from '../../server/modules/schools/schools.service';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zExamRecords, type ExamRecords } from '../../shared/schemas/exam-records';
import type { Sitting } from '../../shared/schemas/exams';
import { buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';

/**
 * Chapter exam results in the back office's records, beside the exercise results (issue 18 'Records a school
 * can trust'): students sit a course's chapter exam through the student calls (exam/start, exam/answer,
 * exam/submit); staff read each student's sittings in sum and the exam's totals (learn/exams) and export both
 * (learn/export view exams, examtotals). Each role, a sub-admin limited to categories, another school.
 */
describe('learn/exams: chapter exam results for staff', () => {
  let app: TestApp;
  let admin: string;
  let c: LearnCourse;
  let mine: string;
  let exam: { chapter: string; examId: string; q: string[] };

  beforeEach(async () => {
    app = await makeApp();
    admin = await adminCookie(app);
    const schoolId = (await school(app)).id;
    mine = (await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'Mine', parent_id: '0' }))
      .catid;
    c = await learnCourse(app, admin, { catid: mine });
    const chapter = (
      await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, {
        coid: c.coid,
        parent_id: '0',
        title: 'Final exam',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    // Three questions of 10: B, A+C, true. 20 passes.
    const q = [
      await seedQuestion(app, { schoolId, type: 0, options: ['red', 'blue', 'green'], answer: '2' }),
      await seedQuestion(app, { schoolId, type: 1, options: ['a', 'b', 'c'], answer: '1,3' }),
      await seedQuestion(app, { schoolId, type: 2, answer: '0' }),
    ];
    const paperId = await seedPaper(app, { schoolId, questionIds: q, passScore: 20 });
    const examId = await seedExam(app, {
      schoolId,
      paperId,
      courseId: c.coid,
      chapterId: chapter,
      attempts: 3,
      title: 'Final',
    });
    exam = { chapter, examId, q };
  });
  afterEach(() => app.close());

  const RIGHT = ['2', '1,3', '0'];
  const WRONG = ['1', '1', '1'];
  /** A sitting through the student's calls: answers right for the first `right` questions, then submit. */
  async function sit(cookie: string, right: number, submit = true) {
    const sitting = await okCall<Sitting>(app, 'POST', '/exam/start', cookie, { examId: exam.examId });
    for (const [index, qid] of exam.q.entries()) {
      const answer = index < right ? RIGHT[index] : WRONG[index];
      await okCall(app, 'POST', '/exam/answer', cookie, { sittingId: sitting.sittingId, qid, answer });
    }
    if (submit) await okCall(app, 'POST', '/exam/submit', cookie, { sittingId: sitting.sittingId });
  }
  const learner = async (name: string) => {
    const s = await signedInStudent(app, { name });
    await enrol(app, s.id, c.coid);
    return s;
  };
  /** Li: 30 then 10 (passed, best 30, last 10); Wang: 20 (passed); Zhao: 0; Qian still answering. */
  async function sat() {
    const li = await learner('李雷');
    await sit(li.cookie, 3);
    await sit(li.cookie, 1);
    const wang = await learner('王芳');
    await sit(wang.cookie, 2);
    const zhao = await learner('赵强');
    await sit(zhao.cookie, 0);
    const qian = await learner('钱多');
    await sit(qian.cookie, 3, false);
    return { li, wang, zhao, qian };
  }
  const records = async (query = '', cookie = admin) =>
    zExamRecords.parse(await okCall<ExamRecords>(app, 'GET', `/learn/exams?coid=${c.coid}${query}`, cookie));
  const download = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });

  it("shows each student's sittings in sum and the exam's totals, from the sittings they made", async () => {
    const before = await records();
    expect(before.results).toEqual({ list: [], total: 0 });
    expect(before.exams).toEqual([
      {
        exam_id: exam.examId,
        exam_title: 'Final',
        cid: exam.chapter,
        chapter: 'Final exam',
        total_score: 30,
        pass_score: 20,
        sat: 0,
        passed: 0,
        pass_rate: 0,
        average_score: 0,
      },
    ]);
    // A stage's exam is a chapter exam too: listed in study order (the stage comes after the final exam here).
    const stage = (
      await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, {
        coid: c.coid,
        parent_id: '0',
        title: 'Stage two',
        type: CHAPTER_TYPE.heading,
      })
    ).cid;
    const schoolId = (await school(app)).id;
    const stagePaper = await seedPaper(app, { schoolId, questionIds: exam.q.slice(0, 1), passScore: 5 });
    const stageExam = await seedExam(app, { schoolId, paperId: stagePaper, courseId: c.coid, chapterId: stage });
    expect((await records()).exams.map((row) => [row.exam_id, row.chapter, row.total_score, row.pass_score])).toEqual([
      [exam.examId, 'Final exam', 30, 20],
      [stageExam, 'Stage two', 10, 5],
    ]);
    const { li, wang, zhao, qian } = await sat();
    const reply = await records();
    expect(reply.exams[0]).toMatchObject({ sat: 3, passed: 2, pass_rate: 0.6667, average_score: 16.67 });
    expect(reply.exams[1]).toMatchObject({ exam_id: stageExam, sat: 0, passed: 0, pass_rate: 0, average_score: 0 });
    expect(reply.results.total).toBe(3);
    const bySid = new Map(reply.results.list.map((row) => [row.sid, row]));
    expect(bySid.has(qian.id)).toBe(false);
    expect(bySid.get(li.id)).toMatchObject({
      name: '李雷',
      exam_id: exam.examId,
      cid: exam.chapter,
      chapter: 'Final exam',
      sittings: 2,
      best_score: 30,
      last_score: 10,
      passed: true,
      pending: false,
      total_score: 30,
      pass_score: 20,
    });
    expect(bySid.get(wang.id)).toMatchObject({ sittings: 1, best_score: 20, last_score: 20, passed: true });
    expect(bySid.get(zhao.id)).toMatchObject({ sittings: 1, best_score: 0, last_score: 0, passed: false });
    expect(bySid.get(li.id)!.last_sat_at).toBeGreaterThan(0);

    // One student: their rows and totals only; one chapter; paging.
    const one = await records(`&sid=${wang.id}`);
    expect(one.results).toEqual({ total: 1, list: [expect.objectContaining({ sid: wang.id })] });
    expect(one.exams[0]).toMatchObject({ sat: 1, passed: 1, pass_rate: 1, average_score: 20 });
    expect((await records(`&cid=${exam.chapter}`)).results.total).toBe(3);
    const other = await records(`&cid=${c.video}`);
    expect(other).toMatchObject({ exams: [], results: { total: 0, list: [] } });
    expect((await records(`&cid=${stage}`)).exams.map((row) => row.exam_id)).toEqual([stageExam]);
    const page = await records('&num=2&page=2');
    expect(page.results.total).toBe(3);
    expect(page.results.list).toHaveLength(1);
  });

  it("a short answer awaiting a mark: not passed yet; the teacher's mark settles it and the records follow", async () => {
    const schoolId = (await school(app)).id;
    const quiz = (
      await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, {
        coid: c.coid,
        parent_id: '0',
        title: 'Essay',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    const short = await seedQuestion(app, { schoolId, type: 3, answer: 'model answer', point: 10 });
    const paperId = await seedPaper(app, { schoolId, questionIds: [short], passScore: 6 });
    const examId = await seedExam(app, { schoolId, paperId, courseId: c.coid, chapterId: quiz });
    const s = await learner('孙悟');
    const { sittingId } = await okCall<Sitting>(app, 'POST', '/exam/start', s.cookie, { examId });
    await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId, qid: short, answer: 'my essay' });
    await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId });
    const waiting = await records(`&cid=${quiz}`);
    expect(waiting.results.list).toEqual([
      expect.objectContaining({ sid: s.id, best_score: 0, passed: false, pending: true, pass_score: 6 }),
    ]);
    expect(waiting.exams[0]).toMatchObject({ sat: 1, passed: 0 });
    await okCall(app, 'POST', '/examadmin/marking/mark', admin, { source: 'exam', sittingId, qid: short, point: 8 });
    const marked = await records(`&cid=${quiz}`);
    expect(marked.results.list).toEqual([
      expect.objectContaining({ sid: s.id, sittings: 1, best_score: 8, last_score: 8, passed: true, pending: false }),
    ]);
    expect(marked.exams[0]).toMatchObject({ sat: 1, passed: 1, pass_rate: 1, average_score: 8 });
  });

  it('exports the results and the totals as CSV and XLSX', async () => {
    await sat();
    const csv = await download(`/learn/export?view=exams&coid=${c.coid}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    // Headings in the school's language (zh-CN here).
    expect(lines[0]).toBe('姓名,账号,章节,考试,考试次数,最高分,最近得分,结果,及格分,满分,最近交卷');
    expect(lines.find((line) => line.startsWith('李雷'))).toContain(',Final exam,Final,2,30,10,通过,20,30,');
    expect(lines.find((line) => line.startsWith('赵强'))).toContain(',Final exam,Final,1,0,0,未通过,20,30,');
    // In English with the administrator's language cookie.
    const english = await download(`/learn/export?view=exams&coid=${c.coid}`, `${admin}; lx_locale=en-gb`);
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Name,Login,Chapter,Exam,Sittings,Best score,Last score,Result,Pass mark,Full score,Last handed in',
    );
    expect(english.body).toContain(',Final exam,Final,1,0,0,Not passed,20,30,');
    const totals = await download(`/learn/export?view=examtotals&coid=${c.coid}`);
    expect(totals.statusCode).toBe(200);
    expect(totals.body).toContain('Final exam,Final,30,20,3,2,67,16.67');
    for (const view of ['exams', 'examtotals']) {
      const xlsx = await download(`/learn/export?view=${view}&format=xlsx&coid=${c.coid}`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await download('/learn/export?view=exams')).statusCode).toBe(400);
  });

  it('each role: permission student, categories, another school; bad input is a 400', async () => {
    const { li } = await sat();
    const url = `/learn/exams?coid=${c.coid}`;
    const exportUrl = `/learn/export?view=exams&coid=${c.coid}`;
    const as = async (sub: { username: string; password: string }) =>
      (await login(app, { ...sub, role: 'admin' })).cookie;

    // The main administrator, and a sub-admin with permission student (all categories).
    expect((await records()).results.total).toBe(3);
    expect((await records('', await as(await buildSubAdmin(app, ['student'])))).results.total).toBe(3);
    // A sub-admin without it, a student: 403; a guest: 401.
    const courseOnly = await as(await buildSubAdmin(app, ['course']));
    for (const cookie of [courseOnly, li.cookie]) {
      expect((await call(app, 'GET', url, cookie)).status).toBe(403);
      expect((await download(exportUrl, cookie)).statusCode).toBe(403);
    }
    expect((await call(app, 'GET', url, '')).status).toBe(401);

    // Limited to categories: their course's results; another category's course is 404, in the export too.
    const limited = async (catid: string) => {
      const sub = await buildSubAdmin(app, ['student']);
      await okCall(app, 'POST', '/admins/setpermission', admin, {
        id: sub.id,
        permissions: ['student'],
        categories: [catid],
      });
      return as(sub);
    };
    expect((await records('', await limited(mine))).results.total).toBe(3);
    const theirs = (
      await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, { title: 'Theirs', parent_id: '0' })
    ).catid;
    const outside = await limited(theirs);
    expect((await call(app, 'GET', url, outside)).status).toBe(404);
    expect((await download(exportUrl, outside)).statusCode).toBe(404);

    // Another school's administrator: 404; an unknown student or a chapter of no exam course: 404.
    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await call(app, 'GET', url, foreign)).status).toBe(404);
    expect((await download(`/learn/export?view=examtotals&coid=${c.coid}`, foreign)).statusCode).toBe(404);
    expect((await call(app, 'GET', `${url}&sid=999999`, admin)).status).toBe(404);
    expect((await call(app, 'GET', `${url}&cid=999999`, admin)).status).toBe(404);

    const openapi = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(Object.keys((openapi.json() as { paths: object }).paths)).toContain('/learn/exams');

    for (const bad of ['?coid=', `?coid=${c.coid}&num=0`, `?coid=${c.coid}&sid=abc`, `?coid=${c.coid}&cid=x`])
      expect((await call(app, 'GET', `/learn/exams${bad}`, admin)).status, bad).toBe(400);
  });
});
