import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSchool } from '../../server/modules/schools/schools.service';
import { zExerciseRecords, type ExerciseRecords } from '../../shared/schemas/exercise-records';
import { buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedQuestion } from '../helpers/exam-factory';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';

/**
 * Chapter exercise results in the back office's records (issue 18 'Records a school can trust'): students
 * answer a chapter's exercises through the study calls; staff read each student's results per chapter and
 * each question's statistics (learn/exercises), and export both (learn/export view exercises, questions).
 */
describe('learn/exercises: chapter exercise results for staff', () => {
  let app: TestApp;
  let admin: string;
  let c: LearnCourse;
  let q: { single: string; multiple: string; tf: string; short: string };

  beforeEach(async () => {
    app = await makeApp();
    admin = await adminCookie(app);
    const schoolId = (await school(app)).id;
    c = await learnCourse(app, admin);
    q = {
      single: await seedQuestion(app, { schoolId, type: 0, options: ['Paris', 'Rome', 'Oslo'], answer: '1', point: 5 }),
      multiple: await seedQuestion(app, {
        schoolId,
        type: 1,
        options: ['2', '3', '4', '5'],
        answer: '1,2,4',
        point: 8,
      }),
      tf: await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 2 }),
      short: await seedQuestion(app, { schoolId, type: 3, answer: 'Water boils at 100 degrees', point: 10 }),
    };
    await okCall(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.exercise,
      title: 'Unit drill',
      questions: [q.single, q.multiple, q.tf, q.short].map((qid) => ({ qid, showanswer: true })),
    });
  });
  afterEach(() => app.close());

  const learner = async (name: string) => {
    const s = await signedInStudent(app, { name });
    await enrol(app, s.id, c.coid);
    return s;
  };
  const answer = (cookie: string, qid: string, given: string) =>
    okCall(app, 'POST', '/exer/answer', cookie, { coid: c.coid, cid: c.exercise, qid, answer: given });
  const download = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
  const records = async (query = '', cookie = admin) =>
    zExerciseRecords.parse(
      await okCall<ExerciseRecords>(app, 'GET', `/learn/exercises?coid=${c.coid}${query}`, cookie),
    );

  /** Three students: Li answers everything (single wrong first), Wang two wrong and one right, Zhao one wrong. */
  async function answered() {
    const li = await learner('李雷');
    await answer(li.cookie, q.single, '2');
    await answer(li.cookie, q.single, '1');
    await answer(li.cookie, q.multiple, '1,2,4');
    await answer(li.cookie, q.tf, '1');
    await answer(li.cookie, q.short, 'At 100 degrees');
    const wang = await learner('王芳');
    await answer(wang.cookie, q.single, '2');
    await answer(wang.cookie, q.multiple, '1,2');
    await answer(wang.cookie, q.tf, '0');
    const zhao = await learner('赵强');
    await answer(zhao.cookie, q.single, '3');
    return { li, wang, zhao };
  }

  it("shows each student's results per chapter and each question's statistics with the common wrong answers", async () => {
    expect(await records()).toEqual({
      coid: c.coid,
      title: 'Records course',
      results: { list: [], total: 0 },
      questions: expect.any(Array),
    });
    const { li, wang, zhao } = await answered();
    const reply = await records();
    expect(reply.results.total).toBe(3);
    const bySid = new Map(reply.results.list.map((row) => [row.sid, row]));
    expect(bySid.get(li.id)).toMatchObject({
      name: '李雷',
      cid: c.exercise,
      chapter: 'Exercise',
      questions: 4,
      answered: 4,
      right: 2,
      pending: 1,
      score: 13,
      max_score: 25,
      attempts: 5,
    });
    expect(bySid.get(wang.id)).toMatchObject({ answered: 3, right: 1, pending: 0, score: 2, attempts: 3 });
    expect(bySid.get(zhao.id)).toMatchObject({ answered: 1, right: 0, score: 0, attempts: 1 });
    // Latest answer first.
    expect(reply.results.list[0]!.sid).toBe(zhao.id);

    const stat = new Map(reply.questions.map((row) => [row.qid, row]));
    expect(reply.questions.map((row) => row.qid)).toEqual([q.single, q.multiple, q.tf, q.short]);
    // Li's first wrong answer (B) was replaced by the right one: the latest answers count.
    expect(stat.get(q.single)).toMatchObject({
      cid: c.exercise,
      type: 0,
      point: 5,
      answered: 3,
      right: 1,
      pending: 0,
      wrong_choices: [
        { answer: 'B', count: 1 },
        { answer: 'C', count: 1 },
      ],
    });
    expect(stat.get(q.multiple)).toMatchObject({ answered: 2, right: 1, wrong_choices: [{ answer: 'A,B', count: 1 }] });
    expect(stat.get(q.tf)).toMatchObject({ answered: 2, right: 1, wrong_choices: [{ answer: 'false', count: 1 }] });
    expect(stat.get(q.short)).toMatchObject({ answered: 1, right: 0, pending: 1, wrong_choices: [] });

    // One student: their rows and their answers only; paging of the results.
    const one = await records(`&sid=${wang.id}`);
    expect(one.results).toEqual({ total: 1, list: [expect.objectContaining({ sid: wang.id })] });
    expect(one.questions.find((row) => row.qid === q.single)).toMatchObject({ answered: 1, right: 0 });
    const page = await records('&num=2&page=2');
    expect(page.results).toMatchObject({ total: 3, list: [expect.objectContaining({ sid: li.id })] });
  });

  it('exports the results and the question statistics as XLSX and CSV', async () => {
    await answered();
    const xlsx = await download(`/learn/export?view=exercises&format=xlsx&coid=${c.coid}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const csv = await download(`/learn/export?view=exercises&coid=${c.coid}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith('李雷'))).toContain(',Exercise,4,4,2,1,13,25,5,');
    const questions = await download(`/learn/export?view=questions&coid=${c.coid}`);
    expect(questions.statusCode).toBe(200);
    expect(questions.body).toContain('B (1); C (1)');
    expect(questions.body).toContain('A,B (1)');
    const xlsxQuestions = await download(`/learn/export?view=questions&format=xlsx&coid=${c.coid}`);
    expect(xlsxQuestions.statusCode).toBe(200);
    expect((await download('/learn/export?view=questions')).statusCode).toBe(400);
  });

  it('needs the student permission; another school sees 404; bad input is a 400', async () => {
    const { li } = await answered();
    const url = `/learn/exercises?coid=${c.coid}`;
    const courseOnly = await buildSubAdmin(app, ['course']);
    const sub = (await login(app, { ...courseOnly, role: 'admin' })).cookie;
    for (const cookie of [sub, li.cookie]) {
      expect((await call(app, 'GET', url, cookie)).status).toBe(403);
      expect((await download(`/learn/export?view=exercises&coid=${c.coid}`, cookie)).statusCode).toBe(403);
    }
    expect((await call(app, 'GET', url, '')).status).toBe(401);
    const studentAdmin = await buildSubAdmin(app, ['student']);
    const allowed = (await login(app, { ...studentAdmin, role: 'admin' })).cookie;
    expect((await records('', allowed)).results.total).toBe(3);
    // A sub-admin limited to a category: a course outside it (this one has none) is 404, in the export too.
    const { catid } = await okCall<{ catid: string }>(app, 'POST', '/course/category', admin, {
      title: 'Theirs',
      parent_id: '0',
    });
    const limitedSub = await buildSubAdmin(app, ['student']);
    await okCall(app, 'POST', '/admins/setpermission', admin, {
      id: limitedSub.id,
      permissions: ['student'],
      categories: [catid],
    });
    const limited = (await login(app, { ...limitedSub, role: 'admin' })).cookie;
    expect((await call(app, 'GET', url, limited)).status).toBe(404);
    expect((await download(`/learn/export?view=exercises&coid=${c.coid}`, limited)).statusCode).toBe(404);

    await createSchool(app.ctx, { name: 'Other school', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    const foreign = (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
    expect((await call(app, 'GET', url, foreign)).status).toBe(404);
    expect((await download(`/learn/export?view=questions&coid=${c.coid}`, foreign)).statusCode).toBe(404);
    // Their own student on this school's course, or this school's student on theirs: 404 too.
    expect((await call(app, 'GET', `${url}&sid=999999`, admin)).status).toBe(404);

    for (const bad of ['?coid=', `?coid=${c.coid}&num=0`, `?coid=${c.coid}&sid=abc`, `?coid=${c.coid}&page=x`])
      expect((await call(app, 'GET', `/learn/exercises${bad}`, admin)).status, bad).toBe(400);
  });
});
