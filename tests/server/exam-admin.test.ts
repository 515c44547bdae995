import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { questions } from '../../server/db/schema';
import { createSchool } from '../../server/modules/schools/schools.service';
import { eq } from 'drizzle-orm';
import { ADMIN, buildStudent, buildSubAdmin, login, makeApp, school, type TestApp } from '../helpers/app';
import { envelope, injectAs, type Envelope } from '../helpers/kit';
import { seedQuestion } from '../helpers/exam-factory';
import { seedPendingExerciseAnswer, seedSitting } from '../helpers/sitting-factory';
import { sqlGet, sqlRun } from '../helpers/sql';

type Reply<T = any> = { status: number; body: Envelope<T> };

describe('exams in the back office: exams, results and marking', () => {
  let app: TestApp;
  let admin: string;
  let schoolId: string;
  let clock: number;
  let q: { single: string; multiple: string; trueFalse: string; short: string };

  beforeEach(async () => {
    clock = new Date(2026, 5, 15, 12, 0, 0).getTime();
    app = await makeApp({}, { now: () => clock });
    admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    schoolId = (await school(app)).id;
    q = {
      single: await seedQuestion(app, {
        schoolId,
        type: 0,
        options: ['Red', 'Green', 'Blue'],
        answer: '2',
        content: '<p>Which is green?</p>',
      }),
      multiple: await seedQuestion(app, {
        schoolId,
        type: 1,
        options: ['1', '2', '3', '4'],
        answer: '1,3',
        content: '<p>Odd numbers?</p>',
      }),
      trueFalse: await seedQuestion(app, { schoolId, type: 2, answer: '0', content: '<p>The sky is blue.</p>' }),
      short: await seedQuestion(app, {
        schoolId,
        type: 3,
        answer: 'Because of Rayleigh scattering',
        content: '<p>Why is the sky blue?</p>',
      }),
    };
  });
  afterEach(() => app.close());

  const call = async <T = any>(
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    cookie = admin,
  ): Promise<Reply<T>> => {
    const res = await injectAs(app, cookie).inject({ method, url, payload });
    return { status: res.statusCode, body: envelope<T>(res) };
  };
  const ok = async <T = any>(method: 'GET' | 'POST', url: string, payload?: object, cookie = admin): Promise<T> => {
    const reply = await call<T>(method, url, payload, cookie);
    expect(reply.status, `${url} ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body.data;
  };
  const fixedPaper = (points = [10, 10, 10, 20], passScore = 30, cookie = admin) =>
    call(
      'POST',
      '/examadmin/paper/save',
      {
        title: 'Sky paper',
        mode: 'fixed',
        questions: [q.single, q.multiple, q.trueFalse, q.short].map((qid, i) => ({ qid, point: points[i] })),
        passScore,
      },
      cookie,
    );
  const newExam = async (paperId: string, fields: Record<string, unknown> = {}) => {
    const { id: courseId } = {
      id: (await ok<{ coid: string }>('POST', '/course/new', { title: 'Audience course', catid: '0', type: 0 })).coid,
    };
    return call('POST', '/examadmin/exam/save', {
      title: 'Sky exam',
      paperId,
      durationMin: 30,
      courses: [courseId],
      ...fields,
    });
  };
  const otherSchool = async () => {
    await createSchool(app.ctx, { name: 'Other', adminUsername: 'other-admin', adminPassword: 'other-pass-1' });
    return (await login(app, { username: 'other-admin', password: 'other-pass-1', role: 'admin' })).cookie;
  };

  it("needs permission 'exam' and keeps each school's papers and exams to itself", async () => {
    const paper = (await fixedPaper()).body.data;
    const exam = (await newExam(paper.id)).body.data;
    const noExam = await buildSubAdmin(app, ['course', 'question']);
    const noExamCookie = (await login(app, { ...noExam, role: 'admin' })).cookie;
    for (const [method, url, body] of [
      ['GET', '/examadmin/paper/list'],
      ['GET', `/examadmin/exam/info?id=${exam.id}`],
      ['GET', '/examadmin/marking/list'],
      ['POST', '/examadmin/category/add', { title: 'Nope' }],
    ] as const) {
      expect((await call(method, url, body, noExamCookie)).status, url).toBe(403);
      expect((await call(method, url, body, '')).status, url).toBe(401);
    }
    const sub = await buildSubAdmin(app, ['exam']);
    const subCookie = (await login(app, { ...sub, role: 'admin' })).cookie;
    expect((await ok('GET', '/examadmin/paper/list', undefined, subCookie)).total).toBe(1);
    const student = await buildStudent(app);
    expect((await call('GET', '/examadmin/paper/list', undefined, (await login(app, student)).cookie)).status).toBe(
      403,
    );

    const other = await otherSchool();
    expect((await ok('GET', '/examadmin/paper/list', undefined, other)).total).toBe(0);
    expect((await ok('GET', '/examadmin/exam/list', undefined, other)).total).toBe(0);
    for (const url of [
      `/examadmin/paper/info?id=${paper.id}`,
      `/examadmin/exam/info?id=${exam.id}`,
      `/examadmin/exam/sittings?id=${exam.id}`,
      `/examadmin/exam/stats?id=${exam.id}`,
      `/examadmin/exam/export?id=${exam.id}`,
    ]) {
      expect((await call('GET', url, undefined, other)).status, url).toBe(404);
    }
    expect((await call('POST', '/examadmin/paper/delete', { id: paper.id }, other)).status).toBe(404);
    expect((await call('POST', '/examadmin/exam/publish', { id: exam.id, publish: true }, other)).status).toBe(404);
    // Another school's paper cannot be put under an exam, nor our questions into its paper.
    expect(
      (await call('POST', '/examadmin/exam/save', { title: 'X', paperId: paper.id, durationMin: 5, groups: [] }, other))
        .status,
    ).toBe(400);
    const stolen = await call(
      'POST',
      '/examadmin/paper/save',
      { title: 'Stolen', mode: 'fixed', questions: [{ qid: q.single, point: 5 }], passScore: 3 },
      other,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.data.field).toBe('questions.0');
    const student2 = await buildStudent(app);
    const sitting = await seedSitting(app, {
      examId: exam.id,
      studentId: student2.id,
      answers: { [q.short]: 'light' },
    });
    expect(
      (
        await call(
          'POST',
          '/examadmin/marking/mark',
          { source: 'exam', sittingId: sitting, qid: q.short, point: 5 },
          other,
        )
      ).status,
    ).toBe(404);
  });

  it('exam categories: add, rename, reorder, and delete refused while an exam is filed under one', async () => {
    await ok('POST', '/examadmin/category/add', { title: 'Mid-term' });
    const list = (await ok('POST', '/examadmin/category/add', { title: 'Final' })).list;
    expect(list.map((c: { title: string }) => c.title)).toEqual(['Mid-term', 'Final']);
    const [mid, final] = list.map((c: { id: string }) => c.id);
    await ok('POST', '/examadmin/category/rename', { id: mid, title: 'Midterm' });
    const reordered = await ok('POST', '/examadmin/category/order', { ids: [final, mid] });
    expect(reordered.list.map((c: { title: string }) => c.title)).toEqual(['Final', 'Midterm']);
    expect((await call('POST', '/examadmin/category/order', { ids: [final] })).status).toBe(400);
    expect((await call('POST', '/examadmin/category/add', { title: '  ' })).status).toBe(400);
    const paper = (await fixedPaper()).body.data;
    const exam = (await newExam(paper.id, { categoryId: final })).body.data;
    expect(exam.categoryTitle).toBe('Final');
    expect((await ok('GET', '/examadmin/category/list')).list.find((c: { id: string }) => c.id === final).exams).toBe(
      1,
    );
    const refused = await call('POST', '/examadmin/category/delete', { id: final });
    expect(refused).toMatchObject({ status: 409, body: { error: 'exam category is used by exams' } });
    await ok('POST', '/examadmin/exam/delete', { id: exam.id });
    expect(
      (await ok('POST', '/examadmin/category/delete', { id: final })).list.map((c: { id: string }) => c.id),
    ).toEqual([mid]);
  });

  it('papers: fixed with computed total, the bank checked (deleted question, random rules), pass at most the total; edit, copy, delete', async () => {
    const saved = await fixedPaper([5, 10, 5, 20], 24);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ mode: 'fixed', totalScore: 40, passScore: 24, questionCount: 4 });
    expect(saved.body.data.questions.map((row: { qid: string; point: number }) => [row.qid, row.point])).toEqual([
      [q.single, 5],
      [q.multiple, 10],
      [q.trueFalse, 5],
      [q.short, 20],
    ]);

    const tooHigh = await fixedPaper([5, 10, 5, 20], 41);
    expect(tooHigh).toMatchObject({ status: 400, body: { data: { field: 'passScore' } } });
    expect((await fixedPaper([5, 10, 5, 20], 0)).status).toBe(400);
    // Two decimals, even those a float does not hold exactly (0.29 * 100 is 28.999999999999996); three are refused.
    const cents = await fixedPaper([0.29, 1.13, 0.57, 2.01], 1.13);
    expect(cents.status, JSON.stringify(cents.body)).toBe(200);
    expect(cents.body.data).toMatchObject({ totalScore: 4, passScore: 1.13 });
    expect(cents.body.data.questions[0]).toMatchObject({ qid: q.single, point: 0.29, excerpt: 'Which is green?' });
    expect(await fixedPaper([0.291, 1, 1, 1], 1)).toMatchObject({
      status: 400,
      body: { data: { field: 'questions.0.point' } },
    });

    await app.ctx.db.update(questions).set({ deleted: true }).where(eq(questions.id, q.trueFalse));
    const deleted = await fixedPaper();
    expect(deleted).toMatchObject({ status: 400, body: { data: { field: 'questions.2' } } });
    expect(
      (
        await call('POST', '/examadmin/paper/save', {
          title: 'Twice',
          mode: 'fixed',
          questions: [
            { qid: q.single, point: 1 },
            { qid: q.single, point: 1 },
          ],
          passScore: 1,
        })
      ).status,
    ).toBe(400);

    // Random: rules counted against a category and its sub-categories, non-deleted questions of the kind.
    const parent = app.ctx.ids.next();
    const child = app.ctx.ids.next();
    await sqlRun(
      app,
      'insert into question_categories (id, school_id, parent_id, title, position, created_at) values (?, ?, ?, ?, 0, 0), (?, ?, ?, ?, 1, 0)',
      parent,
      schoolId,
      '0',
      'Physics',
      child,
      schoolId,
      parent,
      'Optics',
    );
    for (let i = 0; i < 3; i += 1)
      await seedQuestion(app, { schoolId, type: 0, options: ['a', 'b'], answer: '1', categoryId: child });
    await seedQuestion(app, { schoolId, type: 0, options: ['a', 'b'], answer: '1', categoryId: parent });
    const random = (count: number, categoryId = parent, pass = 5) =>
      call('POST', '/examadmin/paper/save', {
        title: 'Drawn',
        mode: 'random',
        rules: [
          { categoryId, type: 0, count, point: 2.5 },
          { categoryId: '', type: 3, count: 1, point: 10 },
        ],
        passScore: pass,
      });
    const drawn = await random(4);
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.data).toMatchObject({ mode: 'random', totalScore: 20, questionCount: 5, questions: [] });
    const tooMany = await random(5);
    expect(tooMany).toMatchObject({ status: 400, body: { data: { field: 'rules.0.count' } } });
    expect(tooMany.body.error).toContain('(4)');
    expect((await random(4, child)).body.data.field).toBe('rules.0.count');
    expect((await random(3, child)).status).toBe(200);
    expect((await random(1, '123456789')).body.data.field).toBe('rules.0.categoryId');
    expect(
      (await call('POST', '/examadmin/paper/save', { title: 'Mixed', mode: 'random', rules: [], passScore: 1 })).status,
    ).toBe(400);

    // Edit, copy, delete (refused while an exam uses it, then soft).
    const id = saved.body.data.id;
    const edited = await ok('POST', '/examadmin/paper/save', {
      id,
      title: 'Sky paper v2',
      mode: 'fixed',
      questions: [
        { qid: q.short, point: 50 },
        { qid: q.single, point: 50 },
      ],
      passScore: 60,
    });
    expect(edited).toMatchObject({ id, title: 'Sky paper v2', totalScore: 100, questionCount: 2 });
    const copy = await ok('POST', '/examadmin/paper/copy', { id, title: 'Sky paper copy' });
    expect(copy).toMatchObject({ title: 'Sky paper copy', totalScore: 100, passScore: 60 });
    expect(copy.questions.map((row: { qid: string }) => row.qid)).toEqual([q.short, q.single]);
    const exam = (await newExam(id)).body.data;
    expect((await call('POST', '/examadmin/paper/delete', { id })).body.error).toBe('paper is used by exams');
    await ok('POST', '/examadmin/exam/delete', { id: exam.id });
    await ok('POST', '/examadmin/paper/delete', { id });
    expect((await call('GET', `/examadmin/paper/info?id=${id}`)).status).toBe(404);
    expect(await sqlGet(app, 'select deleted from papers where id = ?', id)).toEqual({ deleted: 1 });
    expect((await ok('GET', '/examadmin/paper/list?key=copy')).list.map((row: { id: string }) => row.id)).toEqual([
      copy.id,
    ]);
  });

  it("exams: window order, audience of the school, a chapter's exam (exam chapter or plan stage, one per chapter), publish, delete refused while a sitting is open", async () => {
    const paper = (await fixedPaper()).body.data;
    const opensAt = clock + 3600_000;
    const badWindow = await newExam(paper.id, { opensAt, closesAt: opensAt });
    expect(badWindow).toMatchObject({ status: 400, body: { data: { field: 'closesAt' } } });
    expect(
      (await call('POST', '/examadmin/exam/save', { title: 'Nobody', paperId: paper.id, durationMin: 30 })).body.data
        .field,
    ).toBe('groups');
    const exam = await newExam(paper.id, {
      opensAt,
      closesAt: null,
      attempts: 0,
      showResults: 'answers',
      description: '<p onclick="x()">Read <script>alert(1)</script>carefully</p>',
    });
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    expect(exam.body.data).toMatchObject({
      status: 'draft',
      durationMin: 30,
      opensAt,
      closesAt: null,
      attempts: 0,
      showResults: 'answers',
      totalScore: 50,
      passScore: 30,
      description: '<p>Read carefully</p>',
    });
    expect(await sqlGet(app, 'select duration_sec from exams where id = ?', exam.body.data.id)).toEqual({
      duration_sec: 1800,
    });

    const other = await otherSchool();
    const otherCourse = (
      await ok<{ coid: string }>('POST', '/course/new', { title: 'Theirs', catid: '0', type: 0 }, other)
    ).coid;
    const otherChapter = (
      await ok<{ cid: string }>(
        'POST',
        '/chapter/add',
        { coid: otherCourse, parent_id: '0', title: 'Their exam', type: CHAPTER_TYPE.exam },
        other,
      )
    ).cid;
    expect(
      (
        await call('POST', '/examadmin/exam/save', {
          title: 'X',
          paperId: paper.id,
          durationMin: 5,
          courses: [otherCourse],
        })
      ).body.data.field,
    ).toBe('courses');
    expect(
      (
        await call('POST', '/examadmin/exam/save', {
          title: 'X',
          paperId: paper.id,
          durationMin: 5,
          courseId: otherCourse,
          chapterId: otherChapter,
        })
      ).body.data.field,
    ).toBe('courseId');

    const coid = (await ok<{ coid: string }>('POST', '/course/new', { title: 'Maths', catid: '0', type: 0 })).coid;
    const examChapter = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid,
        parent_id: '0',
        title: 'Final exam',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    const video = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid,
        parent_id: '0',
        title: 'Lesson',
        type: CHAPTER_TYPE.video,
      })
    ).cid;
    const chapterExam = (fields: Record<string, unknown>) =>
      call('POST', '/examadmin/exam/save', {
        title: 'Chapter exam',
        paperId: paper.id,
        durationMin: 20,
        courseId: coid,
        ...fields,
      });
    expect((await chapterExam({ chapterId: video })).body.data.field).toBe('chapterId');
    expect((await chapterExam({ chapterId: examChapter, groups: [], courses: [coid] })).body.data.field).toBe('groups');
    const made = await chapterExam({ chapterId: examChapter, optional: true });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      courseId: coid,
      chapterId: examChapter,
      chapterTitle: 'Final exam',
      optional: true,
      groups: [],
      courses: [],
    });
    expect(await chapterExam({ chapterId: examChapter })).toMatchObject({
      status: 409,
      body: { error: 'chapter already has an exam' },
    });
    // Saving the same exam again on its own chapter is fine.
    expect(
      (await chapterExam({ id: made.body.data.id, chapterId: examChapter, title: 'Renamed' })).body.data.title,
    ).toBe('Renamed');
    expect((await ok('GET', `/examadmin/exam/chapters?courseId=${coid}`)).list).toEqual([
      { cid: examChapter, title: 'Final exam', stage: false, examId: made.body.data.id },
    ]);

    // A study plan's stage (a top-level chapter of a type-3 course).
    const plan = (await ok<{ coid: string }>('POST', '/course/new', { title: 'Plan', catid: '0', type: 3 })).coid;
    const stage = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid: plan,
        parent_id: '0',
        title: 'Stage 1',
        type: CHAPTER_TYPE.heading,
      })
    ).cid;
    const lesson = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid: plan,
        parent_id: stage,
        title: 'Lesson 1',
        type: CHAPTER_TYPE.video,
      })
    ).cid;
    expect(
      (
        await call('POST', '/examadmin/exam/save', {
          title: 'Stage exam',
          paperId: paper.id,
          durationMin: 20,
          courseId: plan,
          chapterId: stage,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/examadmin/exam/save', {
          title: 'Lesson exam',
          paperId: paper.id,
          durationMin: 20,
          courseId: plan,
          chapterId: lesson,
        })
      ).body.data.field,
    ).toBe('chapterId');

    // Publish and unpublish; the list shows it.
    const id = exam.body.data.id;
    expect((await ok('POST', '/examadmin/exam/publish', { id, publish: true })).status).toBe('published');
    expect(
      (await ok('GET', '/examadmin/exam/list?status=published')).list.map((row: { id: string }) => row.id),
    ).toEqual([id]);
    expect((await ok('POST', '/examadmin/exam/publish', { id, publish: false })).status).toBe('draft');

    // Delete refused while a sitting is open, then soft.
    const student = await buildStudent(app);
    await seedSitting(app, { examId: id, studentId: student.id, answers: { [q.single]: '2' }, status: 'open' });
    expect(await call('POST', '/examadmin/exam/delete', { id })).toMatchObject({
      status: 409,
      body: { error: 'exam has a sitting in progress' },
    });
    await sqlRun(
      app,
      "update exam_sittings set status = 'submitted', closed_by = 'deadline', submitted_at = ? where exam_id = ?",
      clock,
      id,
    );
    await ok('POST', '/examadmin/exam/delete', { id });
    expect((await call('GET', `/examadmin/exam/info?id=${id}`)).status).toBe(404);
  });

  it('results: sittings with filters and paging, per-question statistics, and an XLSX export', async () => {
    const paper = (await fixedPaper()).body.data;
    const examId = (await newExam(paper.id, { attempts: 2 })).body.data.id;
    const ann = await buildStudent(app, { name: 'Ann', username: 'ann' });
    const bob = await buildStudent(app, { name: 'Bob', username: 'bob' });
    const cat = await buildStudent(app, { name: 'Cat', username: 'cat' });
    // Ann: all choices right (30) + short pending; Bob: single wrong, multiple in another order (right), true/false wrong, no short.
    await seedSitting(app, {
      examId,
      studentId: ann.id,
      answers: { [q.single]: '2', [q.multiple]: '1,3', [q.trueFalse]: '0', [q.short]: 'Scattering' },
      startedAt: clock - 3 * 3600_000,
    });
    await seedSitting(app, {
      examId,
      studentId: bob.id,
      answers: { [q.single]: '1', [q.multiple]: '3,1', [q.trueFalse]: '1' },
      startedAt: clock - 2 * 3600_000,
      closedBy: 'deadline',
    });
    await seedSitting(app, {
      examId,
      studentId: bob.id,
      attempt: 2,
      answers: { [q.single]: '2', [q.multiple]: '1,2,3', [q.trueFalse]: '0' },
      startedAt: clock - 3600_000,
    });
    await seedSitting(app, {
      examId,
      studentId: cat.id,
      answers: { [q.single]: '3' },
      status: 'open',
      startedAt: clock - 60_000,
    });

    const all = await ok('GET', `/examadmin/exam/sittings?id=${examId}`);
    expect(all.total).toBe(4);
    expect(
      all.list.map((row: any) => [row.username, row.attempt, row.status, row.score, row.passed, row.pendingMarks]),
    ).toEqual([
      ['cat', 1, 'open', 0, false, 0],
      ['bob', 2, 'submitted', 20, false, 0],
      ['bob', 1, 'submitted', 10, false, 0],
      ['ann', 1, 'submitted', 30, false, 1],
    ]);
    expect(all.list[2].closedBy).toBe('deadline');
    const only = async (query: string) =>
      (await ok('GET', `/examadmin/exam/sittings?id=${examId}&${query}`)).list.map(
        (row: any) => `${row.username}${row.attempt}`,
      );
    expect(await only('filter=open')).toEqual(['cat1']);
    expect(await only('filter=pending')).toEqual(['ann1']);
    expect(await only('filter=failed')).toEqual(['bob2', 'bob1']);
    expect(await only('filter=passed')).toEqual([]);
    expect(await only('key=bo')).toEqual(['bob2', 'bob1']);
    expect(await only('page=2&num=3')).toEqual(['ann1']);
    expect((await ok('GET', '/examadmin/exam/list')).list[0]).toMatchObject({
      id: examId,
      sittings: 4,
      pendingMarks: 1,
    });

    const stats = await ok('GET', `/examadmin/exam/stats?id=${examId}`);
    expect(stats).toMatchObject({ submitted: 3, passed: 0, averageScore: 20, highestScore: 30, lowestScore: 10 });
    const byQid = new Map(stats.questions.map((row: any) => [row.qid, row]));
    expect(stats.questions.map((row: any) => row.qid)).toEqual([q.single, q.multiple, q.trueFalse, q.short]);
    expect(byQid.get(q.single)).toMatchObject({
      type: 0,
      point: 10,
      sat: 3,
      answered: 3,
      right: 2,
      rightRate: 0.6667,
      averagePoint: 6.67,
      pending: 0,
      content: '<p>Which is green?</p>',
    });
    expect((byQid.get(q.single) as any).options.map((o: any) => [o.letter, o.chosen, o.right])).toEqual([
      ['A', 1, false],
      ['B', 2, true],
      ['C', 0, false],
    ]);
    expect((byQid.get(q.multiple) as any).options.map((o: any) => [o.letter, o.chosen, o.right])).toEqual([
      ['A', 3, true],
      ['B', 1, false],
      ['C', 3, true],
      ['D', 0, false],
    ]);
    expect(byQid.get(q.multiple)).toMatchObject({ right: 2, averagePoint: 6.67 });
    expect((byQid.get(q.trueFalse) as any).options.map((o: any) => [o.oid, o.chosen, o.right])).toEqual([
      ['0', 2, true],
      ['1', 1, false],
    ]);
    expect(byQid.get(q.short)).toMatchObject({
      sat: 3,
      answered: 1,
      right: 0,
      pending: 1,
      averagePoint: 0,
      options: [],
    });

    const res = await app.inject({
      method: 'GET',
      url: `/examadmin/exam/export?id=${examId}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="exam-results-\d+-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!)).toMatch(
      /^考试成绩-Sky exam-\d{8}-\d{4}\.xlsx$/,
    );
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const [results, statistics] = await readXlsxFile(res.rawPayload);
    expect(results.sheet).toBe('考试成绩');
    expect(results.data[0]).toEqual([
      '姓名',
      '用户名',
      '第几次',
      '状态',
      '开始时间',
      '交卷时间',
      '交卷方式',
      '得分',
      '总分',
      '及格分',
      '是否及格',
      '待阅题数',
    ]);
    expect(results.data.slice(1).map((row) => [row[1], row[2], row[3], row[6], row[7], row[10], row[11]])).toEqual([
      ['cat', 1, '答题中', null, 0, null, 0],
      ['bob', 2, '已交卷', '学员交卷', 20, '不及格', 0],
      ['bob', 1, '已交卷', '到时自动交卷', 10, '不及格', 0],
      ['ann', 1, '已交卷', '学员交卷', 30, '待阅卷', 1],
    ]);
    expect(statistics.sheet).toBe('试题统计');
    expect(statistics.data[1]).toEqual([
      1,
      'Which is green?',
      '单选题',
      10,
      3,
      3,
      2,
      '66.7%',
      6.67,
      0,
      'A: 1; B✓: 2; C: 0',
    ]);
    expect(statistics.data[3]![10]).toBe('正确✓: 2; 错误: 1');
  });

  it("marking: a pending short answer is marked, the sitting's score and pass follow (a chapter exam's learn record too); re-marking; exercise answers", async () => {
    const paper = (await fixedPaper([10, 10, 10, 20], 40)).body.data;
    const coid = (await ok<{ coid: string }>('POST', '/course/new', { title: 'Weather', catid: '0', type: 0 })).coid;
    const chapterId = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid,
        parent_id: '0',
        title: 'Weather exam',
        type: CHAPTER_TYPE.exam,
      })
    ).cid;
    const examId = (
      await call('POST', '/examadmin/exam/save', {
        title: 'Weather exam',
        paperId: paper.id,
        durationMin: 30,
        courseId: coid,
        chapterId,
      })
    ).body.data.id;
    const ann = await buildStudent(app, { name: 'Ann', username: 'ann' });
    const sittingId = await seedSitting(app, {
      examId,
      studentId: ann.id,
      answers: { [q.single]: '2', [q.multiple]: '1,3', [q.trueFalse]: '0', [q.short]: 'Light scatters' },
    });
    const learn = () =>
      sqlGet(
        app,
        'select passed, progress from learn_records where student_id = ? and chapter_id = ?',
        ann.id,
        chapterId,
      );
    expect(await learn()).toEqual({ passed: 0, progress: 1 });

    const queue = await ok('GET', '/examadmin/marking/list');
    expect(queue.total).toBe(1);
    expect(queue.list[0]).toMatchObject({
      source: 'exam',
      sittingId,
      qid: q.short,
      name: 'Ann',
      where: 'Weather exam',
      content: '<p>Why is the sky blue?</p>',
      modelAnswer: 'Because of Rayleigh scattering',
      given: 'Light scatters',
      maxPoint: 20,
      status: 'pending',
    });
    const markIt = (point: number) =>
      call('POST', '/examadmin/marking/mark', { source: 'exam', sittingId, qid: q.short, point });
    expect((await markIt(20.5)).body.data.field).toBe('point');
    expect((await markIt(8.125)).body.data.field).toBe('point');
    expect(
      (await call('POST', '/examadmin/marking/mark', { source: 'exam', sittingId, qid: q.single, point: 10 })).body
        .error,
    ).toBe('answer is not waiting for a mark');

    const partial = await markIt(8);
    expect(partial.body.data).toEqual({
      status: 'marked',
      point: 8,
      isRight: false,
      sitting: { score: 38, passed: false, pendingMarks: 0 },
    });
    expect(await learn()).toEqual({ passed: 0, progress: 1 });
    expect((await ok('GET', '/examadmin/marking/list')).total).toBe(0);
    expect((await ok('GET', '/examadmin/marking/list?status=marked')).list[0]).toMatchObject({
      qid: q.short,
      point: 8,
      isRight: false,
      status: 'marked',
    });

    expect((await markIt(8.29)).body.data).toMatchObject({ point: 8.29, sitting: { score: 38.29 } });
    const full = await markIt(20);
    expect(full.body.data).toEqual({
      status: 'marked',
      point: 20,
      isRight: true,
      sitting: { score: 50, passed: true, pendingMarks: 0 },
    });
    expect(await sqlGet(app, 'select score, passed, pending_marks from exam_sittings where id = ?', sittingId)).toEqual(
      { score: 50, passed: 1, pending_marks: 0 },
    );
    expect(
      await sqlGet(
        app,
        'select status, point, is_right, case when marked_by is not null then 1 else 0 end as by from exam_answers where sitting_id = ? and question_id = ?',
        sittingId,
        q.short,
      ),
    ).toEqual({ status: 'marked', point: 20, is_right: 1, by: 1 });
    expect(await learn()).toEqual({ passed: 1, progress: 1 });
    const sittings = await ok('GET', `/examadmin/exam/sittings?id=${examId}`);
    expect(sittings.list[0]).toMatchObject({ score: 50, passed: true, pendingMarks: 0 });

    // An open sitting's answer cannot be marked.
    const bob = await buildStudent(app);
    const open = await seedSitting(app, { examId, studentId: bob.id, answers: { [q.short]: 'draft' }, status: 'open' });
    expect(
      (await call('POST', '/examadmin/marking/mark', { source: 'exam', sittingId: open, qid: q.short, point: 1 }))
        .status,
    ).toBe(409);

    // A chapter exercise's short answer.
    const exerciseChapter = (
      await ok<{ cid: string }>('POST', '/chapter/add', {
        coid,
        parent_id: '0',
        title: 'Practice',
        type: CHAPTER_TYPE.exercise,
      })
    ).cid;
    await seedPendingExerciseAnswer(app, {
      studentId: ann.id,
      schoolId,
      courseId: coid,
      chapterId: exerciseChapter,
      questionId: q.short,
      answer: 'Dust',
    });
    const exercises = await ok('GET', '/examadmin/marking/list?source=exercise');
    expect(exercises.list).toHaveLength(1);
    expect(exercises.list[0]).toMatchObject({
      source: 'exercise',
      studentId: ann.id,
      chapterId: exerciseChapter,
      qid: q.short,
      where: 'Weather / Practice',
      given: 'Dust',
      maxPoint: 10,
      modelAnswer: 'Because of Rayleigh scattering',
    });
    const marked = await ok('POST', '/examadmin/marking/mark', {
      source: 'exercise',
      studentId: ann.id,
      chapterId: exerciseChapter,
      qid: q.short,
      point: 10,
    });
    expect(marked).toEqual({ status: 'marked', point: 10, isRight: true, sitting: null });
    expect(
      await sqlGet(
        app,
        'select status, point, is_right from exercise_answers where student_id = ? and chapter_id = ?',
        ann.id,
        exerciseChapter,
      ),
    ).toEqual({ status: 'marked', point: 10, is_right: 1 });
    expect((await ok('GET', '/examadmin/marking/list?source=exercise')).total).toBe(0);
    expect(
      (
        await call('POST', '/examadmin/marking/mark', {
          source: 'exercise',
          studentId: ann.id,
          chapterId: exerciseChapter,
          qid: q.single,
          point: 1,
        })
      ).status,
    ).toBe(404);
  });

  it('the OpenAPI document describes the calls with their tags', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/examadmin/category/list',
      '/examadmin/paper/save',
      '/examadmin/exam/save',
      '/examadmin/exam/sittings',
      '/examadmin/exam/stats',
      '/examadmin/exam/export',
      '/examadmin/marking/list',
      '/examadmin/marking/mark',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/examadmin/paper/save'].post.tags).toEqual(['exams (back office): papers']);
    expect(
      doc.paths['/examadmin/marking/mark'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('point');
  });
});
