import { mapAsync, eachAsync } from '../../server/lib/sequential';
import { driverError, isUniqueViolation } from '../../server/db/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { examSittings, studyPlans } from '../../server/db/schema';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zExamList, zMySittings, zSitting, type Sitting } from '../../shared/schemas/exams';
import { login, makeApp, school, type TestApp } from '../helpers/app';
import { buildExamCategory, buildPlanAssignment } from '../helpers/factories';
import { seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { adminCookie, call, learnCourse, okCall, signedInStudent } from './records-helpers';
import { first } from '../../server/db/client';
import { sqlGet } from '../helpers/sql';

const MIN = 60_000;

/**
 * Sitting an exam: the student's calls against the real app on a fresh database, with the
 * app's clock in the test's hand (buildApp's now), and the server's deadline sweeper running on it.
 */
describe('exams: sitting an exam', () => {
  let app: TestApp;
  let clock: number;
  let schoolId: string;

  beforeEach(async () => {
    clock = new Date(2026, 10, 22, 9, 0, 0).getTime();
    app = await makeApp({ EXAM_SWEEP_MS: 100 }, { now: () => clock });
    schoolId = (await school(app)).id;
  });
  afterEach(() => app.close());

  /** A paper of a single choice (B right), a multiple choice (A and C), a true/false (true) and a short answer. */
  async function paper(passScore = 25) {
    const single = await seedQuestion(app, {
      schoolId,
      type: 0,
      options: ['red', 'blue', 'green'],
      answer: '2',
      point: 10,
      explanation: '<p>blue</p>',
    });
    const multiple = await seedQuestion(app, {
      schoolId,
      type: 1,
      options: ['a', 'b', 'c', 'd'],
      answer: '1,3',
      point: 10,
    });
    const trueFalse = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    const short = await seedQuestion(app, { schoolId, type: 3, answer: 'model answer', point: 10 });
    const paperId = await seedPaper(app, {
      schoolId,
      questionIds: [single, multiple, trueFalse],
      points: [10, 10, 10],
      passScore,
    });
    return { paperId, single, multiple, trueFalse, short };
  }

  const start = (cookie: string, payload: object) => call<Sitting>(app, 'POST', '/exam/start', cookie, payload);
  const okStart = async (cookie: string, payload: object) =>
    zSitting.parse(await okCall(app, 'POST', '/exam/start', cookie, payload));
  const save = (cookie: string, sittingId: string, qid: string, answer: string) =>
    call(app, 'POST', '/exam/answer', cookie, { sittingId, qid, answer });
  const read = async (cookie: string, sittingId: string) =>
    zSitting.parse(await okCall(app, 'GET', `/exam/sitting?sittingId=${sittingId}`, cookie));

  it('questions travel without answers; answers are saved as given and read back; submit grades and shows the result', async () => {
    const p = await paper();
    const examId = await seedExam(app, {
      schoolId,
      paperId: p.paperId,
      durationSec: 1800,
      showResults: 'answers',
      title: 'Safety exam',
    });
    const s = await signedInStudent(app);

    const res = await app.inject({
      method: 'POST',
      url: '/exam/start',
      headers: { cookie: s.cookie },
      payload: { examId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('explanation');
    expect(res.body).not.toContain('"answer"');
    const sitting = zSitting.parse(res.json().data);
    expect(sitting.questions.map((q) => q.qid)).toEqual([p.single, p.multiple, p.trueFalse]);
    expect(sitting.questions[0]).toEqual({
      qid: p.single,
      type: 0,
      content: expect.any(String),
      optiondata: [
        { oid: '1', content: 'red' },
        { oid: '2', content: 'blue' },
        { oid: '3', content: 'green' },
      ],
      point: 10,
      showAnswer: true,
    });
    expect(sitting).toMatchObject({
      status: 'open',
      deadlineAt: clock + 30 * MIN,
      now: clock,
      answers: [],
      result: null,
      attempt: 1,
    });

    expect((await save(s.cookie, sitting.sittingId, p.single, '1')).status).toBe(200);
    expect((await save(s.cookie, sitting.sittingId, p.single, '2')).status).toBe(200);
    expect((await save(s.cookie, sitting.sittingId, p.multiple, '3,1')).status).toBe(200);
    expect((await save(s.cookie, sitting.sittingId, p.short, 'x')).status).toBe(400);
    expect((await save(s.cookie, sitting.sittingId, p.trueFalse, 'x'.repeat(2001))).status).toBe(400);
    clock += 5 * MIN;
    const again = await read(s.cookie, sitting.sittingId);
    expect(again.answers).toEqual(
      expect.arrayContaining([
        { qid: p.single, answer: '2' },
        { qid: p.multiple, answer: '3,1' },
      ]),
    );
    expect(again.answers).toHaveLength(2);
    expect(again.now).toBe(clock);
    // A start of the same exam resumes the same sitting with the same questions and answers.
    const resumed = await okStart(s.cookie, { examId });
    expect(resumed.sittingId).toBe(sitting.sittingId);
    expect(resumed.answers).toHaveLength(2);

    // Someone else cannot read or write it.
    const other = await signedInStudent(app);
    expect((await call(app, 'GET', `/exam/sitting?sittingId=${sitting.sittingId}`, other.cookie)).status).toBe(404);
    expect((await save(other.cookie, sitting.sittingId, p.single, '1')).status).toBe(404);

    const done = zSitting.parse(await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId: sitting.sittingId }));
    expect(done).toMatchObject({
      status: 'submitted',
      closedBy: 'student',
      result: { score: 20, totalScore: 30, passScore: 25, passed: false, pendingMarks: 0 },
    });
    expect(done.result?.answers?.map((a) => [a.qid, a.isRight, a.getpoint, a.given, a.answer])).toEqual([
      [p.single, true, 10, '2', '2'],
      [p.multiple, true, 10, '3,1', '1,3'],
      [p.trueFalse, false, 0, '', '0'],
    ]);
    // Submitted: no more saving, no second submit; one attempt only.
    expect((await save(s.cookie, sitting.sittingId, p.trueFalse, '0')).status).toBe(409);
    expect((await call(app, 'POST', '/exam/submit', s.cookie, { sittingId: sitting.sittingId })).status).toBe(409);
    const refused = await start(s.cookie, { examId });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('noAttemptsLeft');

    const records = zMySittings.parse(await okCall(app, 'GET', '/stu/exams', s.cookie));
    expect(records.list).toEqual([
      expect.objectContaining({ examId, title: 'Safety exam', score: 20, passed: false, closedBy: 'student' }),
    ]);
    const list = zExamList.parse(await okCall(app, 'GET', '/examlist?catid=0', s.cookie));
    expect(list.list[0]).toMatchObject({
      id: examId,
      used: 1,
      left: 0,
      best: 20,
      state: 'noAttempts',
      sittingId: null,
    });
  });

  it('an exam that shows no results gives neither score nor answers', async () => {
    const p = await paper();
    const examId = await seedExam(app, { schoolId, paperId: p.paperId, showResults: 'none' });
    const s = await signedInStudent(app);
    const sitting = await okStart(s.cookie, { examId });
    await save(s.cookie, sitting.sittingId, p.single, '2');
    const done = zSitting.parse(await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId: sitting.sittingId }));
    expect(done.result).toMatchObject({ showResults: 'none', score: null, passed: null, answers: null });
    expect(JSON.stringify(done)).not.toContain('explanation');
    expect(done.answers).toEqual([{ qid: p.single, answer: '2' }]);
  });

  it('one sitting at a time: concurrent starts make one sitting; another exam is refused while one is open', async () => {
    const p = await paper();
    const first = await seedExam(app, { schoolId, paperId: p.paperId, title: 'First' });
    const second = await seedExam(app, { schoolId, paperId: p.paperId, title: 'Second' });
    const s = await signedInStudent(app);

    const same = await Promise.all([start(s.cookie, { examId: first }), start(s.cookie, { examId: first })]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    expect(same[0].body.data.sittingId).toBe(same[1].body.data.sittingId);
    expect(await app.ctx.db.select().from(examSittings).where(eq(examSittings.studentId, s.id))).toHaveLength(1);

    const busy = await start(s.cookie, { examId: second });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('examInProgress');
    expect(busy.body.data).toMatchObject({ sittingId: same[0].body.data.sittingId, examId: first });

    // Another student: two different exams at once — exactly one opens.
    const t = await signedInStudent(app);
    const both = await Promise.all([start(t.cookie, { examId: first }), start(t.cookie, { examId: second })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await app.ctx.db.select().from(examSittings).where(eq(examSittings.studentId, t.id))).toHaveLength(1);

    // The database itself refuses a second open sitting (the partial unique index): a direct insert, since the
    // product never writes such a row.
    await expect(
      app.ctx.db.insert(examSittings).values({
        id: app.ctx.ids.next(),
        examId: second,
        studentId: t.id,
        schoolId,
        attempt: 1,
        startedAt: clock,
        deadlineAt: clock + MIN,
        questions: '[]',
      }),
    ).rejects.toSatisfy((error) => isUniqueViolation(driverError(error), 'exam_sittings'));
  });

  it('the server closes a sitting at its deadline by itself: saved answers graded, later saves refused', async () => {
    const p = await paper(10);
    const examId = await seedExam(app, { schoolId, paperId: p.paperId, durationSec: 600, attempts: 2 });
    const s = await signedInStudent(app);
    const sitting = await okStart(s.cookie, { examId });
    expect(sitting.deadlineAt).toBe(clock + 10 * MIN);
    await save(s.cookie, sitting.sittingId, p.trueFalse, '0');

    clock += 10 * MIN + 1000;
    // No request touches the sitting: the sweeper (every 100 ms here) closes it.
    await expect
      .poll(
        async () =>
          first(await app.ctx.db.select().from(examSittings).where(eq(examSittings.id, sitting.sittingId)))?.status,
        {
          timeout: 3000,
          interval: 50,
        },
      )
      .toBe('submitted');
    const row = first(await app.ctx.db.select().from(examSittings).where(eq(examSittings.id, sitting.sittingId)))!;
    expect(row).toMatchObject({ closedBy: 'deadline', submittedAt: sitting.deadlineAt, score: 10, passed: true });

    const late = await save(s.cookie, sitting.sittingId, p.single, '2');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('sittingClosed');
    expect((await read(s.cookie, sitting.sittingId)).result).toMatchObject({ score: 10, passed: true });
  });

  it('a sitting read after its deadline is closed there and then (lazy closure); its deadline never passes the window', async () => {
    // An app whose sweeper waits its default 15 s: only the read can close the sitting here.
    const lazy = await makeApp({}, { now: () => clock });
    try {
      const lazySchool = (await school(lazy)).id;
      const q = await seedQuestion(lazy, { schoolId: lazySchool, type: 2, answer: '1', point: 5 });
      const examId = await seedExam(lazy, {
        schoolId: lazySchool,
        paperId: await seedPaper(lazy, { schoolId: lazySchool, questionIds: [q], points: [5], passScore: 5 }),
        durationSec: 3600,
        closesAt: clock + 20 * MIN,
      });
      const s = await signedInStudent(lazy);
      const sitting = zSitting.parse(await okCall(lazy, 'POST', '/exam/start', s.cookie, { examId }));
      expect(sitting.deadlineAt).toBe(clock + 20 * MIN);
      await okCall(lazy, 'POST', '/exam/answer', s.cookie, { sittingId: sitting.sittingId, qid: q, answer: '1' });
      clock += 21 * MIN;
      expect(
        first(await lazy.ctx.db.select().from(examSittings).where(eq(examSittings.id, sitting.sittingId)))?.status,
      ).toBe('open');
      const after = zSitting.parse(await okCall(lazy, 'GET', `/exam/sitting?sittingId=${sitting.sittingId}`, s.cookie));
      expect(after).toMatchObject({ status: 'submitted', closedBy: 'deadline', result: { score: 5, passed: true } });
      // The window has closed meanwhile: no new sitting.
      expect((await call(lazy, 'POST', '/exam/start', s.cookie, { examId })).body.error).toBe('examClosed');
    } finally {
      await lazy.close();
    }
  });

  it('attempts, window and audience are checked', async () => {
    const p = await paper();
    const s = await signedInStudent(app, { groups: ['Class 1'] });
    const notYet = await seedExam(app, { schoolId, paperId: p.paperId, opensAt: clock + MIN });
    const closed = await seedExam(app, { schoolId, paperId: p.paperId, closesAt: clock - MIN });
    const draft = await seedExam(app, { schoolId, paperId: p.paperId, status: 'draft' });
    const groupExam = await seedExam(app, {
      schoolId,
      paperId: p.paperId,
      audience: [{ targetType: 'group', targetId: s.groupIds[0]! }],
    });
    const otherGroup = await seedExam(app, {
      schoolId,
      paperId: p.paperId,
      audience: [{ targetType: 'group', targetId: app.ctx.ids.next() }],
    });

    expect((await start(s.cookie, { examId: notYet })).body.error).toBe('examNotOpen');
    expect((await start(s.cookie, { examId: closed })).body.error).toBe('examClosed');
    expect((await start(s.cookie, { examId: draft })).status).toBe(404);
    const foreign = await start(s.cookie, { examId: otherGroup });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('examNotForYou');
    const outsider = await signedInStudent(app);
    expect((await start(outsider.cookie, { examId: groupExam })).body.error).toBe('examNotForYou');

    const list = zExamList.parse(await okCall(app, 'GET', '/examlist', s.cookie));
    expect(list.list.map((e) => [e.id, e.state])).toEqual([
      [notYet, 'notOpen'],
      [closed, 'closed'],
      [groupExam, 'available'],
    ]);
    expect((await okCall<{ list: unknown[] }>(app, 'GET', '/examlist', outsider.cookie)).list).toHaveLength(2);
    expect((await start(s.cookie, { examId: groupExam })).status).toBe(200);
    expect((await call(app, 'GET', '/examlist', '')).status).toBe(401);
  });
});

describe('exams: links, categories, chapter and stage exams', () => {
  let app: TestApp;
  let clock: number;
  let schoolId: string;
  let admin: string;

  beforeEach(async () => {
    clock = new Date(2026, 10, 22, 9, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    schoolId = (await school(app)).id;
    admin = await adminCookie(app);
  });
  afterEach(() => app.close());

  const onePaper = async (passScore = 10) => {
    const q = await seedQuestion(app, { schoolId, type: 2, answer: '0', point: 10 });
    return { q, paperId: await seedPaper(app, { schoolId, questionIds: [q], points: [10], passScore }) };
  };

  it('getExamToken seals the exam URL; a tampered, foreign or expired exid is refused', async () => {
    const { paperId } = await onePaper();
    const examId = await seedExam(app, { schoolId, paperId });
    const s = await signedInStudent(app);
    const link = await okCall<{ loginKey: string; token: string; exid: string; url: string }>(
      app,
      'GET',
      `/getExamToken?examId=${examId}&returnURL=${encodeURIComponent('/u/x#/exams')}&from=exams`,
      s.cookie,
    );
    expect(link.loginKey).toBe((await school(app)).hashUID);
    const params = new URLSearchParams(link.url.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      key: link.loginKey,
      returnURL: '/u/x#/exams',
      exid: link.exid,
      from: 'exams',
      s: Buffer.from(s.id).toString('base64'),
      token: link.token,
    });
    // Not readable: neither the student id nor the exam id shows in it.
    const raw = Buffer.from(link.exid, 'base64url').toString('latin1');
    expect(raw).not.toContain(s.id);
    expect(raw).not.toContain(examId);

    const tampered = Buffer.from(link.exid, 'base64url');
    tampered[tampered.length - 1] ^= 1;
    const bad = await call(app, 'POST', '/exam/start', s.cookie, { exid: tampered.toString('base64url') });
    expect([bad.status, bad.body.error]).toEqual([403, 'examLinkInvalid']);
    const other = await signedInStudent(app);
    const foreign = await call(app, 'POST', '/exam/start', other.cookie, { exid: link.exid });
    expect([foreign.status, foreign.body.error]).toEqual([403, 'examLinkForeign']);
    const badToken = await call(app, 'POST', '/exam/start', s.cookie, {
      exid: link.exid,
      token: (await okCall<{ token: string }>(app, 'GET', `/getExamToken?examId=${examId}`, other.cookie)).token,
    });
    expect(badToken.status).toBe(403);

    const ok = zSitting.parse(
      await okCall(app, 'POST', '/exam/start', s.cookie, { exid: link.exid, token: link.token }),
    );
    expect(ok.examId).toBe(examId);
    await okCall(app, 'POST', '/exam/submit', s.cookie, { sittingId: ok.sittingId });

    clock += 25 * 3600 * 1000;
    const fresh = (await login(app, s)).cookie;
    const expired = await call(app, 'POST', '/exam/start', fresh, { exid: link.exid });
    expect([expired.status, expired.body.error]).toEqual([403, 'examLinkExpired']);
  });

  it('student/examcate lists the categories holding exams I may sit, at most 10', async () => {
    const { paperId } = await onePaper();
    const s = await signedInStudent(app);
    const cats = await mapAsync(
      Array.from({ length: 12 }, (_, i) => i),
      async (i) => await buildExamCategory(app, { schoolId, title: `Cat ${i + 1}`, position: i, createdAt: clock }),
    );
    await eachAsync(cats, async (catid) => await seedExam(app, { schoolId, paperId, categoryId: catid }));
    await seedExam(app, {
      schoolId,
      paperId,
      categoryId: cats[0],
      audience: [{ targetType: 'group', targetId: app.ctx.ids.next() }],
    });
    const emptyCat = await buildExamCategory(app, { schoolId, title: 'Empty', position: 0, createdAt: clock });

    const page0 = await okCall<{ list: { catid: string; title: string; count: number }[] }>(
      app,
      'GET',
      `/student/examcate?uid=${s.id}&page=0&num=10`,
      s.cookie,
    );
    expect(page0.list).toHaveLength(10);
    expect(page0.list[0]).toEqual({ catid: cats[0], title: 'Cat 1', count: 1 });
    expect(page0.list.some((c) => c.catid === emptyCat)).toBe(false);
    expect((await call(app, 'GET', '/student/examcate?num=11', s.cookie)).status).toBe(400);
    const list = zExamList.parse(await okCall(app, 'GET', `/examlist?catid=${cats[3]}`, s.cookie));
    expect(list.total).toBe(1);
  });

  /** A growth plan (type 3, level 0) without review: two stages of one video lesson each, published, assigned to the student. */
  async function growthPlan(studentId: string) {
    const post = <T>(url: string, payload: object) => okCall<T>(app, 'POST', url, admin, payload);
    const { coid } = await post<{ coid: string }>('/course/new', {
      title: 'Growth plan',
      catid: '0',
      type: 3,
      level: 0,
      actual: 0,
      settings: {},
    });
    const stage = (title: string) =>
      post<{ cid: string }>('/chapter/add', { coid, parent_id: '0', title, type: CHAPTER_TYPE.heading }).then(
        (r) => r.cid,
      );
    const lesson = (parent: string, title: string) =>
      post<{ cid: string }>('/chapter/add', { coid, parent_id: parent, title, type: CHAPTER_TYPE.video }).then(
        (r) => r.cid,
      );
    const stageA = await stage('Stage A');
    const a1 = await lesson(stageA, 'A1');
    const stageB = await stage('Stage B');
    const b1 = await lesson(stageB, 'B1');
    for (const cid of [a1, b1]) {
      await attachResource(
        app,
        cid,
        await seedResource(app, {
          schoolId,
          kind: 'video',
          fileName: `${cid}.mp4`,
          mime: 'video/mp4',
          source: Buffer.from('video'),
          duration: 20,
          outputs: { mp4: 'video.mp4' },
        }),
      );
    }
    await app.ctx.db
      .update(studyPlans)
      .set({ status: 'approved', updatedAt: clock })
      .where(eq(studyPlans.courseId, coid));
    await app.inject({ method: 'POST', url: '/course/pub', payload: { coid, pub: '1' }, headers: { cookie: admin } });
    await buildPlanAssignment(app, {
      courseId: coid,
      schoolId,
      targetType: 'student',
      targetId: studentId,
      createdAt: clock,
    });
    return { coid, stageA, a1, stageB, b1 };
  }

  it('a passed stage exam opens the next stage of a growth plan; a failed one does not', async () => {
    const s = await signedInStudent(app);
    const plan = await growthPlan(s.id);
    const { q, paperId } = await onePaper(10);
    const examId = await seedExam(app, {
      schoolId,
      paperId,
      courseId: plan.coid,
      chapterId: plan.stageA,
      attempts: 2,
      title: 'Stage A exam',
    });
    const ware = (cid: string) => call(app, 'GET', `/learn/ware/${plan.coid}/${cid}`, s.cookie);

    // Spec 4 'Next chapter flow': the stage exam opens once all its lessons are done.
    expect((await call(app, 'POST', '/exam/start', s.cookie, { examId })).body.error).toBe('stageLessonsFirst');
    expect(await sqlGet(app, 'select count(*) as n from exam_sittings')).toEqual({ n: 0 });
    // A1 studied: stage B still waits for the stage exam.
    await okCall(app, 'POST', '/learn/record/update', admin, { sid: s.id, coid: plan.coid, cid: plan.a1, progress: 1 });
    expect((await ware(plan.b1)).body.error).toBe('orderTip');
    // Stage B's exam (if any) is not for this student yet: the order locks it like its lessons.
    const laterExam = await seedExam(app, { schoolId, paperId, courseId: plan.coid, chapterId: plan.stageB });
    expect((await call(app, 'POST', '/exam/start', s.cookie, { examId: laterExam })).body.error).toBe('examNotForYou');

    const listed = await okCall<{ list: { id: string; cid: string; state: string }[] }>(
      app,
      'GET',
      `/learn/getyksExamlist?coid=${plan.coid}`,
      s.cookie,
    );
    expect(listed.list.map((e) => [e.id, e.cid, e.state])).toEqual([[examId, plan.stageA, 'available']]);

    // Failed first: still locked.
    const first = await okCall<Sitting>(app, 'POST', '/exam/start', s.cookie, { examId });
    await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId: first.sittingId, qid: q, answer: '1' });
    expect(
      (await okCall<Sitting>(app, 'POST', '/exam/submit', s.cookie, { sittingId: first.sittingId })).result,
    ).toMatchObject({ score: 0, passed: false });
    expect((await ware(plan.b1)).body.error).toBe('orderTip');

    // Passed: stage B opens.
    const second = await okCall<Sitting>(app, 'POST', '/exam/start', s.cookie, { examId });
    await okCall(app, 'POST', '/exam/answer', s.cookie, { sittingId: second.sittingId, qid: q, answer: '0' });
    expect(
      (await okCall<Sitting>(app, 'POST', '/exam/submit', s.cookie, { sittingId: second.sittingId })).result,
    ).toMatchObject({ score: 10, passed: true });
    expect((await ware(plan.b1)).status).toBe(200);
    // The ware reply carries the course's chapter exams for the study page's stage-exam dialog (spec 5).
    expect((await ware(plan.b1)).body.data.exams).toEqual([
      { cid: plan.stageA, examId, optional: false, passed: true },
      { cid: plan.stageB, examId: laterExam, optional: false, passed: false },
    ]);

    const data = await okCall<{ testData: string }>(
      app,
      'GET',
      `/learn/getykstestdata?sid=${s.id}&cid=${plan.stageA}`,
      s.cookie,
    );
    expect(JSON.parse(data.testData)).toMatchObject({
      id: examId,
      used: 2,
      best: 10,
      passed: true,
      state: 'noAttempts',
      sittings: [
        { attempt: 1, passed: false },
        { attempt: 2, passed: true },
      ],
    });
    const other = await signedInStudent(app);
    expect((await call(app, 'GET', `/learn/getykstestdata?sid=${s.id}&cid=${plan.stageA}`, other.cookie)).status).toBe(
      403,
    );
  });

  it('an optional stage exam may be skipped: the next stage opens once the lessons are done (spec 5 exam dialog)', async () => {
    const s = await signedInStudent(app);
    const plan = await growthPlan(s.id);
    const { paperId } = await onePaper(10);
    const examId = await seedExam(app, {
      schoolId,
      paperId,
      courseId: plan.coid,
      chapterId: plan.stageA,
      optional: true,
    });
    expect((await call(app, 'GET', `/learn/ware/${plan.coid}/${plan.b1}`, s.cookie)).body.error).toBe('orderTip');
    await okCall(app, 'POST', '/learn/record/update', admin, { sid: s.id, coid: plan.coid, cid: plan.a1, progress: 1 });
    const ware = await call(app, 'GET', `/learn/ware/${plan.coid}/${plan.b1}`, s.cookie);
    expect(ware.status).toBe(200);
    expect(ware.body.data.exams).toEqual([{ cid: plan.stageA, examId, optional: true, passed: false }]);
  });

  it("an exam chapter's exam is sat by whoever may study the chapter", async () => {
    const c = await learnCourse(app, admin, { actual: 50 }, {}, 60);
    const chapter = (
      await okCall<{ cid: string }>(app, 'POST', '/chapter/add', admin, {
        coid: c.coid,
        parent_id: '0',
        title: 'Final exam',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    const { paperId } = await onePaper();
    const examId = await seedExam(app, { schoolId, paperId, courseId: c.coid, chapterId: chapter });
    const buyer = await signedInStudent(app);
    await enrol(app, buyer.id, c.coid);
    const stranger = await signedInStudent(app);
    expect((await call(app, 'POST', '/exam/start', stranger.cookie, { examId })).body.error).toBe('examNotForYou');
    const link = await okCall<{ exid: string }>(
      app,
      'GET',
      `/getExamToken?coid=${c.coid}&cid=${chapter}`,
      buyer.cookie,
    );
    expect((await okCall<Sitting>(app, 'POST', '/exam/start', buyer.cookie, { exid: link.exid })).examId).toBe(examId);
    expect((await call(app, 'GET', `/getExamToken?coid=${c.coid}&cid=${chapter}`, stranger.cookie)).status).toBe(403);
  });
});
