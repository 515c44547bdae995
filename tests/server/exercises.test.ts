import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exerciseAnswers, questions } from '../../server/db/schema';
import { insertSchool } from '../../server/modules/schools/schools.repository';
import {
  zExeList,
  zExerciseList,
  zExerSubmitResult,
  zSubmitResult,
  type ExerciseList,
} from '../../shared/schemas/exercises';
import { zWare } from '../../shared/schemas/learning';
import { buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { seedChapterExercises, seedQuestion } from '../helpers/exam-factory';
import { enrol } from '../helpers/learning-factory';
import { adminCookie, beat, call, learnCourse, okCall, signedInStudent, type LearnCourse } from './records-helpers';

/**
 * Chapter exercises over HTTP (graded on the server; spec 7 course/exelist,
 * course/updateExec, exer/submit, check/exercise, get question detail, submit answer; spec 5 'Quiz' and the
 * question-window refusal; spec 4 'Ordered study' exercOrder).
 */
describe('chapter exercises', () => {
  let app: TestApp;
  let admin: string;
  let schoolId: string;
  let c: LearnCourse;
  let q: { single: string; multiple: string; tf: string; short: string; hidden: string };

  beforeEach(async () => {
    app = await makeApp();
    admin = await adminCookie(app);
    schoolId = (await school(app)).id;
    c = await learnCourse(app, admin);
    q = {
      single: await seedQuestion(app, {
        schoolId,
        type: 0,
        options: ['Paris', 'Rome', 'Oslo'],
        answer: '1',
        explanation: '<p>Paris is the capital</p>',
        point: 5,
      }),
      multiple: await seedQuestion(app, {
        schoolId,
        type: 1,
        options: ['2', '3', '4', '5'],
        answer: '1,2,4',
        explanation: '<p>primes</p>',
        point: 8,
      }),
      tf: await seedQuestion(app, { schoolId, type: 2, answer: '0', explanation: '<p>it is true</p>' }),
      short: await seedQuestion(app, {
        schoolId,
        type: 3,
        answer: 'Water boils at 100 degrees',
        explanation: '<p>at sea level</p>',
      }),
      hidden: await seedQuestion(app, {
        schoolId,
        type: 0,
        options: ['yes', 'no'],
        answer: '2',
        explanation: '<p>secret reason</p>',
        showAnswer: false,
      }),
    };
  });
  afterEach(() => app.close());

  const answers = async () => await app.ctx.db.select().from(exerciseAnswers);
  const student = async () => {
    const s = await signedInStudent(app);
    await enrol(app, s.id, c.coid);
    return s;
  };
  const list = (cookie: string, cid: string) =>
    okCall<ExerciseList>(app, 'POST', '/exer/list', cookie, { coid: c.coid, cid }).then((data) =>
      zExerciseList.parse(data),
    );
  const submit = (cookie: string, cid: string, qid: string, answer: string) =>
    call(app, 'POST', '/exer/answer', cookie, { coid: c.coid, cid, qid, answer });
  const okSubmit = async (cookie: string, cid: string, qid: string, answer: string) => {
    const { status, body } = await submit(cookie, cid, qid, answer);
    expect(status, JSON.stringify(body)).toBe(200);
    return zSubmitResult.parse(body.data);
  };

  it('back office: course/updateExec makes, replaces and detaches a set; course/exelist lists exer, exerc_count and questions', async () => {
    const made = await okCall<Record<string, unknown>>(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.exercise,
      title: 'Unit 1 drill',
      questions: [
        { qid: q.single, showanswer: true },
        { qid: q.tf, showanswer: false },
      ],
    });
    expect(made).toMatchObject({ cid: c.exercise, exerc_count: 2, exer: { title: 'Unit 1 drill' } });
    const exer = made.exer as { eid: string; esid: string; path: string };
    expect(exer.path).toBe(`/u/learn/${app.ctx.courseCodec.encode(c.coid)}/${c.exercise}/o`);

    // Replaced in place: same eid and esid, new order and flags; the title defaults to the chapter's.
    const replaced = await okCall<Record<string, unknown>>(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.exercise,
      questions: [
        { qid: q.multiple, showanswer: 0 },
        { qid: q.single, showanswer: 1 },
      ],
    });
    expect(replaced.exer).toMatchObject({ eid: exer.eid, esid: exer.esid, title: 'Exercise' });
    await okCall(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.video,
      title: 'After the video',
      questions: [{ qid: q.tf, showanswer: true }],
    });

    const listed = zExeList.parse(await okCall(app, 'POST', '/course/exelist', admin, { coid: c.coid }));
    expect(listed.chapters.map((ch) => [ch.cid, ch.exerc_count])).toEqual([
      [c.free, 0],
      [c.video, 1],
      [c.pdf, 0],
      [c.graphic, 0],
      [c.exercise, 2],
    ]);
    expect(listed.chapters.find((ch) => ch.cid === c.exercise)?.questions).toEqual([
      { qid: q.multiple, type: 1, excerpt: `Question ${q.multiple}`, point: 8, showanswer: false },
      { qid: q.single, type: 0, excerpt: `Question ${q.single}`, point: 5, showanswer: true },
    ]);

    // Refusals write nothing: a deleted question, an unknown one, another school's, a chapter of another course.
    await app.ctx.db.update(questions).set({ deleted: true }).where(eq(questions.id, q.hidden));
    const otherSchool = app.ctx.ids.next();
    await insertSchool(app.ctx.db, { id: otherSchool, name: 'Other school', createdAt: app.ctx.now() });
    const foreign = await seedQuestion(app, { schoolId: otherSchool, type: 2, answer: '1' });
    const refused = await call(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.exercise,
      questions: [{ qid: q.single }, { qid: q.hidden }, { qid: foreign }, { qid: '999' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'unknown question', data: { qids: [q.hidden, foreign, '999'] } });
    const other = await learnCourse(app, admin);
    expect(
      (
        await call(app, 'POST', '/course/updateExec', admin, {
          coid: c.coid,
          cid: other.exercise,
          questions: [{ qid: q.single }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', '/course/updateExec', admin, {
          coid: c.coid,
          cid: c.exercise,
          questions: [{ qid: q.single }, { qid: q.single }],
        })
      ).status,
    ).toBe(400);
    const again = zExeList.parse(await okCall(app, 'POST', '/course/exelist', admin, { coid: c.coid }));
    expect(again.chapters.find((ch) => ch.cid === c.exercise)?.questions.map((x) => x.qid)).toEqual([
      q.multiple,
      q.single,
    ]);

    // An empty list detaches the set.
    const detached = await okCall<Record<string, unknown>>(app, 'POST', '/course/updateExec', admin, {
      coid: c.coid,
      cid: c.video,
      questions: [],
    });
    expect(detached).toMatchObject({ exer: null, exerc_count: 0, questions: [] });

    // Permission 'course' on the server; students are not administrators.
    const sub = await buildSubAdmin(app, ['student']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    expect((await call(app, 'POST', '/course/exelist', subCookie, { coid: c.coid })).status).toBe(403);
    const s = await student();
    expect(
      (await call(app, 'POST', '/course/updateExec', s.cookie, { coid: c.coid, cid: c.exercise, questions: [] }))
        .status,
    ).toBe(403);
    expect((await call(app, 'POST', '/course/exelist', '', { coid: c.coid })).status).toBe(401);
  });

  it('the answer never reaches the browser before submit; the server grades each kind; the answer follows only with show-answer', async () => {
    await seedChapterExercises(app, {
      schoolId,
      courseId: c.coid,
      chapterId: c.exercise,
      questionIds: [q.single, q.multiple, q.tf, q.short, q.hidden],
    });
    const s = await student();

    const before = await call(app, 'POST', '/exer/list', s.cookie, { coid: c.coid, cid: c.exercise });
    expect(before.status).toBe(200);
    const text = JSON.stringify(before.body);
    for (const secret of [
      'Paris is the capital',
      'primes',
      'it is true',
      'Water boils',
      'secret reason',
      '"answer"',
      '"explanation"',
    ])
      expect(text).not.toContain(secret);
    const parsed = zExerciseList.parse(before.body.data);
    expect(parsed.questions.map((x) => [x.qid, x.state, x.showAnswer])).toEqual([
      [q.single, 'unanswered', true],
      [q.multiple, 'unanswered', true],
      [q.tf, 'unanswered', true],
      [q.short, 'unanswered', true],
      [q.hidden, 'unanswered', false],
    ]);
    expect(parsed.questions[0]?.optiondata).toEqual([
      { oid: '1', content: 'Paris' },
      { oid: '2', content: 'Rome' },
      { oid: '3', content: 'Oslo' },
    ]);
    expect(parsed).toMatchObject({ total: 5, done: false, pending: [q.single, q.multiple, q.tf, q.short, q.hidden] });

    const detail = await call(app, 'POST', '/exer/question', s.cookie, {
      coid: c.coid,
      cid: c.exercise,
      qid: q.multiple,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data).not.toHaveProperty('answer');
    expect(detail.body.data).not.toHaveProperty('explanation');
    expect(JSON.stringify(detail.body)).not.toContain('primes');

    // Single: wrong, then right. Multiple in any order. True/false: '0' means true. Short: pending.
    expect(await okSubmit(s.cookie, c.exercise, q.single, '2')).toMatchObject({
      isRight: false,
      getpoint: 0,
      answer: '1',
      explanation: '<p>Paris is the capital</p>',
    });
    expect(await okSubmit(s.cookie, c.exercise, q.single, '1')).toMatchObject({ isRight: true, getpoint: 5 });
    expect(await okSubmit(s.cookie, c.exercise, q.multiple, '4, 2,1')).toMatchObject({
      isRight: true,
      getpoint: 8,
      given: '1,2,4',
      answer: '1,2,4',
    });
    expect(await okSubmit(s.cookie, c.exercise, q.tf, '1')).toMatchObject({ isRight: false, getpoint: 0, answer: '0' });
    expect(await okSubmit(s.cookie, c.exercise, q.tf, '0')).toMatchObject({ isRight: true, getpoint: 10 });
    const shortResult = await okSubmit(s.cookie, c.exercise, q.short, '  It boils at 100 °C ');
    expect(shortResult).toMatchObject({
      status: 'pending',
      isRight: false,
      getpoint: 0,
      answer: 'Water boils at 100 degrees',
    });
    // The question's own show-answer off: graded, no answer, no explanation.
    const hidden = await okSubmit(s.cookie, c.exercise, q.hidden, '1');
    expect(hidden).toMatchObject({ isRight: false, getpoint: 0 });
    expect(hidden).not.toHaveProperty('answer');
    expect(hidden).not.toHaveProperty('explanation');
    expect(hidden.pending).toEqual([q.hidden]);

    const rows = new Map((await answers()).map((row) => [row.questionId, row]));
    expect(rows.get(q.single)).toMatchObject({
      isRight: true,
      point: 5,
      attempts: 2,
      status: 'graded',
      courseId: c.coid,
      chapterId: c.exercise,
    });
    expect(rows.get(q.short)).toMatchObject({ status: 'pending', isRight: false, attempts: 1 });
    expect((await list(s.cookie, c.exercise)).questions.map((x) => x.state)).toEqual([
      'right',
      'right',
      'right',
      'pending',
      'wrong',
    ]);

    // A right answer stays right: a later wrong submit is answered honestly but leaves it out of the pending list.
    expect(await okSubmit(s.cookie, c.exercise, q.single, '3')).toMatchObject({ isRight: false, pending: [q.hidden] });
    expect((await answers()).find((row) => row.questionId === q.single)).toMatchObject({
      isRight: true,
      attempts: 3,
      answer: '1',
    });

    // Nothing chosen, or a short answer past 500 characters: refused, nothing written.
    const count = (await answers()).length;
    expect((await submit(s.cookie, c.exercise, q.multiple, ' , ')).body.error).toBe('answer required');
    expect((await submit(s.cookie, c.exercise, q.short, '答'.repeat(501))).body.error).toBe('answer too long');
    expect(await answers()).toHaveLength(count);
  });

  it('the set show-answer flag off hides the answer after submit', async () => {
    await seedChapterExercises(app, {
      schoolId,
      courseId: c.coid,
      chapterId: c.exercise,
      questionIds: [q.single],
      showAnswer: false,
    });
    const s = await student();
    expect((await list(s.cookie, c.exercise)).questions[0]?.showAnswer).toBe(false);
    const result = await okSubmit(s.cookie, c.exercise, q.single, '1');
    expect(result).toMatchObject({ isRight: true, getpoint: 5, done: true });
    expect(result).not.toHaveProperty('answer');
  });

  it('refusals: a question outside the chapter, a chapter of another course, guests, unenrolled students, and the previewing administrator', async () => {
    await seedChapterExercises(app, { schoolId, courseId: c.coid, chapterId: c.exercise, questionIds: [q.single] });
    await seedChapterExercises(app, { schoolId, courseId: c.coid, chapterId: c.video, questionIds: [q.tf] });
    const other = await learnCourse(app, admin);
    await seedChapterExercises(app, {
      schoolId,
      courseId: other.coid,
      chapterId: other.exercise,
      questionIds: [q.multiple],
    });
    const s = await student();

    // A question of another chapter's set, and one in no set.
    const outside = await submit(s.cookie, c.exercise, q.tf, '0');
    expect(outside.status).toBe(400);
    expect(outside.body.error).toBe('question not in exercises');
    expect((await submit(s.cookie, c.exercise, q.short, 'text')).status).toBe(400);
    expect(
      (await call(app, 'POST', '/exer/question', s.cookie, { coid: c.coid, cid: c.exercise, qid: q.tf })).status,
    ).toBe(400);
    // A chapter of another course named under this course; the other course itself is not the student's.
    const crossed = await submit(s.cookie, other.exercise, q.multiple, '1,2,4');
    expect(crossed.status).toBe(404);
    expect(crossed.body.error).toBe('noChapterAlert');
    const notMine = await call(app, 'POST', '/exer/answer', s.cookie, {
      coid: other.coid,
      cid: other.exercise,
      qid: q.multiple,
      answer: '1,2,4',
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe('endOfTrial');
    // A chapter without exercises.
    expect((await call(app, 'POST', '/exer/list', s.cookie, { coid: c.coid, cid: c.pdf })).body.error).toBe(
      'no exercises',
    );

    // Guests, unenrolled students, and the administrator previewing (spec 5: switch to view mode).
    expect((await submit('', c.exercise, q.single, '1')).status).toBe(401);
    const outsider = await signedInStudent(app);
    const unenrolled = await submit(outsider.cookie, c.exercise, q.single, '1');
    expect(unenrolled.status).toBe(403);
    expect(unenrolled.body.error).toBe('endOfTrial');
    const preview = await call(app, 'POST', '/exer/list', admin, { coid: c.coid, cid: c.exercise });
    expect(preview.status).toBe(403);
    expect(preview.body.error).toBe('switchToViewMode');
    expect((await submit(admin, c.exercise, q.single, '1')).body.error).toBe('switchToViewMode');
    expect(await answers()).toEqual([]);
  });

  it('exer/submit answers several at once in one transaction; check/exercise answers the pending ids and done; the exercise chapter completes', async () => {
    await seedChapterExercises(app, {
      schoolId,
      courseId: c.coid,
      chapterId: c.exercise,
      questionIds: [q.single, q.multiple, q.tf, q.short],
    });
    const s = await student();
    const check = () => okCall(app, 'POST', '/check/exercise', s.cookie, { coid: c.coid, cid: c.exercise });
    expect(await check()).toEqual({ pending: [q.single, q.multiple, q.tf, q.short], done: false, total: 4 });

    // One answer outside the set refuses them all.
    const bad = await call(app, 'POST', '/exer/submit', s.cookie, {
      coid: c.coid,
      cid: c.exercise,
      answers: [
        { qid: q.single, answer: '1' },
        { qid: q.hidden, answer: '1' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await answers()).toEqual([]);
    // The same question twice in one submit is refused before anything is graded.
    const twice = await call(app, 'POST', '/exer/submit', s.cookie, {
      coid: c.coid,
      cid: c.exercise,
      answers: [
        { qid: q.single, answer: '1' },
        { qid: q.single, answer: '2' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('a question is answered twice');
    expect(await answers()).toEqual([]);

    const first = zExerSubmitResult.parse(
      await okCall(app, 'POST', '/exer/submit', s.cookie, {
        coid: c.coid,
        cid: c.exercise,
        answers: [
          { qid: q.single, answer: '1', type: 0 },
          { qid: q.multiple, answer: '2,4', type: 1 },
          { qid: q.short, answer: 'About 100', type: 3 },
        ],
      }),
    );
    expect(first.results.map((r) => [r.qid, r.status, r.isRight, r.getpoint])).toEqual([
      [q.single, 'graded', true, 5],
      [q.multiple, 'graded', false, 0],
      [q.short, 'pending', false, 0],
    ]);
    expect(first).toMatchObject({ pending: [q.multiple, q.tf], done: false });
    const ware = async () => zWare.parse(await okCall(app, 'GET', `/learn/ware/${c.coid}/${c.free}`, s.cookie));
    expect((await ware()).study.chapters.find((ch) => ch.cid === c.exercise)?.progress).toBe(0);

    const second = zExerSubmitResult.parse(
      await okCall(app, 'POST', '/exer/submit', s.cookie, {
        coid: c.coid,
        cid: c.exercise,
        answers: [
          { qid: q.multiple, answer: '4,1,2' },
          { qid: q.tf, answer: '0' },
        ],
      }),
    );
    expect(second).toMatchObject({ pending: [], done: true, total: 4 });
    expect(await check()).toEqual({ pending: [], done: true, total: 4 });
    // Nothing pending (the short answer waits for its mark): the exercise chapter is complete.
    const after = await ware();
    expect(after.study.chapters.find((ch) => ch.cid === c.exercise)?.progress).toBe(1);
    expect(after.exercises).toEqual([
      { cid: c.exercise, exer: expect.objectContaining({ title: 'Exercises' }), exerc_count: 4, exerc_pending: 0 },
    ]);
    expect((await answers()).find((row) => row.questionId === q.short)?.status).toBe('pending');
  });

  it('exercOrder: the next chapter (ware and heartbeat) is refused with orderTip2 while exercises are pending, and opens after the right answers', async () => {
    c = await learnCourse(app, admin, {}, { exercOrder: 1 });
    await seedChapterExercises(app, { schoolId, courseId: c.coid, chapterId: c.video, questionIds: [q.single, q.tf] });
    const s = await student();

    const first = zWare.parse(await okCall(app, 'GET', `/learn/ware/${c.coid}/${c.video}`, s.cookie));
    expect(first.exercises).toEqual([
      {
        cid: c.video,
        exer: expect.objectContaining({ path: `/u/learn/${app.ctx.courseCodec.encode(c.coid)}/${c.video}/v` }),
        exerc_count: 2,
        exerc_pending: 2,
      },
    ]);
    expect(first.study.chapters.find((ch) => ch.cid === c.pdf)?.lock).toEqual({
      message: 'orderTip2',
      blockedBy: c.video,
    });
    const locked = await call(app, 'GET', `/learn/ware/${c.coid}/${c.pdf}`, s.cookie);
    expect(locked.status).toBe(403);
    expect(locked.body.error).toBe('orderTip2');
    expect(
      (await beat(app, s.cookie, { coid: c.coid, cid: c.pdf, start_ts: app.ctx.now(), position: 0 })).body.error,
    ).toBe('orderTip2');

    // One right and one wrong: still locked. Both right: open.
    await okSubmit(s.cookie, c.video, q.single, '1');
    await okSubmit(s.cookie, c.video, q.tf, '1');
    expect((await call(app, 'GET', `/learn/ware/${c.coid}/${c.pdf}`, s.cookie)).body.error).toBe('orderTip2');
    expect(await okSubmit(s.cookie, c.video, q.tf, '0')).toMatchObject({ isRight: true, pending: [], done: true });
    const opened = zWare.parse(await okCall(app, 'GET', `/learn/ware/${c.coid}/${c.pdf}`, s.cookie));
    expect(opened.study.chapters.find((ch) => ch.cid === c.pdf)?.lock).toBeNull();
    expect(opened.exercises[0]?.exerc_pending).toBe(0);
    expect((await beat(app, s.cookie, { coid: c.coid, cid: c.pdf, start_ts: app.ctx.now(), position: 0 })).status).toBe(
      200,
    );
    // A video chapter is not completed by its exercises (only an exercise chapter is).
    expect(opened.study.chapters.find((ch) => ch.cid === c.video)?.progress).toBe(0);
  });
});
