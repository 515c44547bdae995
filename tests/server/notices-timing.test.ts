/**
 * When the system notices go (issue 16 'System notices': "an exam published", "a plan assigned"), over HTTP:
 * - an exam that sits in a course's chapter (an exam chapter, a study plan's stage) tells whoever holds the
 *   course (enrolled, granted to them, their group or a column, a membership, a free course begun; a plan's
 *   approved assignees) when it is published, or when a published exam is attached to a chapter of a published
 *   course — once per exam, nobody of a draft course, nobody who does not hold it; a standalone exam for a
 *   course tells the same holders;
 * - a study plan tells its assignees when they have it (approved and published), not when it is assigned
 *   during its review; assigning an approved, published plan tells at once; once per plan.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columnCourses,
  columns,
  courseGrants,
  courseRecords,
  memberPlans,
  notices as noticeRows,
  students,
} from '../../server/db/schema';
import { joinMembership } from '../../server/modules/access/entitle';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { enrol, makeApp, school, seedPaper, seedQuestion, type TestApp } from '../helpers/factories';
import { data, injectAs } from '../helpers/kit';
import { adminCookie, learnCourse, signedInStudent, type LearnCourse } from './records-helpers';
import { sqlAll, sqlRun } from '../helpers/sql';

type Notice = { id: string; kind: string; params: Record<string, string | number>; link: string };
type Student = Awaited<ReturnType<typeof signedInStudent>>;

describe('notices sent when the student has the thing', () => {
  let app: TestApp;
  const clock = Date.UTC(2031, 8, 1, 4, 0, 0);
  let admin: string;
  let course: LearnCourse;
  let paperId: string;
  let enrolled: Student;
  let grouped: Student;
  let loner: Student;

  const as = (who: string | null) => injectAs(app, who);
  const post = async <T = Record<string, unknown>>(url: string, body: object) =>
    data<T>(await as(admin).post(url, body));
  const notices = async (who: Student, kind: string) =>
    data<{ list: Notice[] }>(await as(who.cookie).get('/notice/list')).list.filter((n) => n.kind === kind);
  const titles = async (who: Student, kind: string) => (await notices(who, kind)).map((n) => n.params.title);
  const examChapter = async (coid: string, title: string) =>
    (await post<{ cid: string }>('/chapter/add', { coid, parent_id: '0', title, type: CHAPTER_TYPE.exam })).cid;
  const saveExam = (fields: Record<string, unknown>) =>
    post<{ id: string }>('/examadmin/exam/save', { paperId, durationMin: 20, ...fields });
  const publishExam = (id: string, publish = true) => post('/examadmin/exam/publish', { id, publish });
  const publishCourse = (coid: string, pub: '0' | '1') => post('/course/pub', { coid, pub });

  beforeAll(async () => {
    app = await makeApp({}, { now: () => clock });
    admin = await adminCookie(app);
    course = await learnCourse(app, admin, { title: 'Algebra', actual: 80 });
    const schoolId = (await school(app)).id;
    paperId = await seedPaper(app, {
      schoolId,
      questionIds: [await seedQuestion(app, { schoolId, type: 2, answer: '0' })],
    });
    enrolled = await signedInStudent(app, { name: 'Enrolled' });
    await enrol(app, enrolled.id, course.coid);
    grouped = await signedInStudent(app, { name: 'Grouped', groups: ['Class G'] });
    await post('/grant/add', { kind: 'course', id: course.coid, sids: [], gids: grouped.groupIds });
    loner = await signedInStudent(app, { name: 'Loner', groups: ['Class L'] });
  });
  afterAll(() => app.close());

  it("a chapter's exam published tells the course's holders once, with a link to the course", async () => {
    const cid = await examChapter(course.coid, 'Final exam');
    const exam = await saveExam({ title: 'Final', courseId: course.coid, chapterId: cid });
    expect(await titles(enrolled, 'exam.published')).toEqual([]);
    await publishExam(exam.id);
    await publishExam(exam.id, false);
    await publishExam(exam.id);
    for (const who of [enrolled, grouped]) {
      const told = await notices(who, 'exam.published');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        params: { title: 'Final' },
        link: `/course/${app.ctx.courseCodec.encode(course.coid)}`,
      });
    }
    expect(await titles(loner, 'exam.published')).toEqual([]);
  });

  it("a published exam attached to a chapter tells that course's holders; a draft course's tells nobody", async () => {
    const standalone = await saveExam({ title: 'Mock', groups: loner.groupIds });
    await publishExam(standalone.id);
    expect(await titles(loner, 'exam.published')).toEqual(['Mock']);

    const draft = data<{ coid: string }>(
      await as(admin).post('/course/new', { title: 'Draft course', catid: '0', type: 0, actual: 10 }),
    ).coid;
    await enrol(app, enrolled.id, draft);
    const draftChapter = await examChapter(draft, 'Draft exam chapter');
    await saveExam({ id: standalone.id, title: 'Mock', courseId: draft, chapterId: draftChapter });
    expect(await titles(enrolled, 'exam.published')).toEqual(['Final']);

    const second = await examChapter(course.coid, 'Second exam chapter');
    await saveExam({ id: standalone.id, title: 'Mock', courseId: course.coid, chapterId: second });
    for (const who of [enrolled, grouped]) expect(await titles(who, 'exam.published')).toEqual(['Mock', 'Final']);
    // Saved again on the same chapter, or moved back: nobody is told twice.
    await saveExam({ id: standalone.id, title: 'Mock', courseId: course.coid, chapterId: second });
    expect(await titles(enrolled, 'exam.published')).toEqual(['Mock', 'Final']);
    expect(await titles(loner, 'exam.published')).toEqual(['Mock']);
  });

  it('every way of holding the course counts; an ended grant, a disabled account and a trial do not', async () => {
    const schoolId = (await school(app)).id;
    const at = clock;
    const cat = data<{ catid: string }>(await as(admin).post('/course/category', { title: 'Safety' })).catid;
    const paid = await learnCourse(app, admin, { title: 'Fire safety', actual: 50, catid: cat });
    const free = await learnCourse(app, admin, { title: 'First aid', actual: 0 });
    const who = async (name: string) => signedInStudent(app, { name });
    const [member, columned, ended, disabled, trial, begun] = await Promise.all(
      ['Member', 'Columned', 'Ended', 'Disabled', 'Trial', 'Begun'].map(who),
    );
    const planId = app.ctx.ids.next();
    await app.ctx.db.insert(memberPlans).values({
      id: planId,
      schoolId,
      title: 'Gold',
      days: 30,
      categoryIds: JSON.stringify([cat]),
      createdAt: at,
      updatedAt: at,
    });
    await app.ctx.db.transaction((tx) =>
      joinMembership(tx, app.ctx.ids, { schoolId, studentId: member.id, planId, days: 30, via: 'admin', ref: '', at }),
    );
    const columnId = app.ctx.ids.next();
    await app.ctx.db
      .insert(columns)
      .values({ id: columnId, schoolId, title: 'Bundle', published: true, createdAt: at, updatedAt: at });
    await app.ctx.db.insert(columnCourses).values({ columnId, courseId: paid.coid, position: 0 });
    await post('/grant/add', { kind: 'column', id: columnId, sids: [columned.id], gids: [] });
    await app.ctx.db.insert(courseGrants).values({
      id: app.ctx.ids.next(),
      schoolId,
      courseId: paid.coid,
      studentId: ended.id,
      expiresAt: at - 1,
      createdAt: at - 9,
    });
    await enrol(app, disabled.id, paid.coid);
    await app.ctx.db.update(students).set({ disabled: true }).where(eq(students.id, disabled.id));
    const record = async (studentId: string, courseId: string) =>
      await app.ctx.db
        .insert(courseRecords)
        .values({ studentId, courseId, schoolId, lastVisitAt: at, startedAt: at, updatedAt: at });
    await record(trial.id, paid.coid);
    await record(begun.id, free.coid);

    for (const [coid, title] of [
      [paid.coid, 'Fire drill exam'],
      [free.coid, 'First aid exam'],
    ]) {
      const cid = await examChapter(coid, `${title} chapter`);
      await publishExam((await saveExam({ title, courseId: coid, chapterId: cid })).id);
    }
    expect(await titles(member, 'exam.published')).toEqual(['Fire drill exam']);
    expect(await titles(columned, 'exam.published')).toEqual(['Fire drill exam']);
    expect(await titles(begun, 'exam.published')).toEqual(['First aid exam']);
    for (const none of [ended, trial]) expect(await titles(none, 'exam.published')).toEqual([]);
    const disabledTold = await app.ctx.db.select().from(noticeRows).where(eq(noticeRows.studentId, disabled.id));
    expect(disabledTold).toEqual([]);
  });

  it("a chapter's exam tells a large course's holders in chunks, each once", async () => {
    const schoolId = (await school(app)).id;
    const insert = (...values: unknown[]) =>
      sqlRun(app, 'INSERT INTO students (id, school_id, username, name, created_at) VALUES (?, ?, ?, ?, ?)', ...values);
    const many: string[] = [];
    await app.ctx.db.transaction(async () => {
      for (let i = 0; i < 1200; i += 1) {
        const id = app.ctx.ids.next();
        await insert(id, schoolId, `bulk-${i}`, `Bulk ${i}`, clock);
        await enrol(app, id, course.coid);
        many.push(id);
      }
    });
    const cid = await examChapter(course.coid, 'Big exam chapter');
    const exam = await saveExam({ title: 'Big', courseId: course.coid, chapterId: cid });
    await publishExam(exam.id);
    await publishExam(exam.id, false);
    await publishExam(exam.id);
    const told = await sqlAll<{ id: string; n: number }>(
      app,
      'SELECT student_id AS id, count(*) AS n FROM notices WHERE dedupe_key = ? GROUP BY student_id',
      `exam.published:${exam.id}`,
    );
    expect(told).toHaveLength(many.length + 2);
    expect(told.every((row) => row.n === 1)).toBe(true);
    expect(new Set(told.map((row) => row.id))).toEqual(new Set([...many, enrolled.id, grouped.id]));
  });

  it('a study plan assigned during its review tells its assignees once it is approved and published', async () => {
    const plan = await post<{ coid: string }>('/studyplan/create', {
      title: 'Safety plan',
      kind: 'growth',
      courses: [course.coid],
    });
    const direct = await signedInStudent(app, { name: 'Direct' });
    const member = await signedInStudent(app, { name: 'Member', groups: ['Class P'] });
    await post('/studyplan/assign', { coid: plan.coid, sids: [direct.id], gids: member.groupIds });
    await post('/studyplan/commit', { coid: plan.coid });
    await post('/studyplan/verify', { coid: plan.coid, approve: true });
    // Approved but not published: the student does not have it yet.
    for (const who of [direct, member]) expect(await titles(who, 'plan.assigned')).toEqual([]);
    await publishCourse(plan.coid, '1');
    for (const who of [direct, member]) {
      const told = await notices(who, 'plan.assigned');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ params: { title: 'Safety plan' } });
      expect(told[0].link).toContain(`studyplandetailstu?coid=${plan.coid}`);
    }
    await publishCourse(plan.coid, '0');
    await publishCourse(plan.coid, '1');
    await post('/studyplan/assign', { coid: plan.coid, sids: [direct.id], gids: [] });
    for (const who of [direct, member]) expect(await notices(who, 'plan.assigned')).toHaveLength(1);
    expect(await titles(loner, 'plan.assigned')).toEqual([]);

    // The plan's stage exam tells its approved assignees, with a link to the plan.
    const chapters = await as(admin).get(`/examadmin/exam/chapters?courseId=${plan.coid}`);
    const stage = data<{ list: { cid: string; stage: boolean }[] }>(chapters).list.find((c) => c.stage)!;
    const exam = await saveExam({ title: 'Stage check', courseId: plan.coid, chapterId: stage.cid });
    await publishExam(exam.id);
    const told = await notices(direct, 'exam.published');
    expect(told.map((n) => n.params.title)).toEqual(['Stage check']);
    expect(told[0].link).toContain(`studyplandetailstu?coid=${plan.coid}`);
    expect(await titles(member, 'exam.published')).toEqual(['Stage check']);
    expect(await titles(loner, 'exam.published')).toEqual(['Mock']);
  });

  it('assigning an approved, published plan tells the student at once; a draft plan tells nobody', async () => {
    const plan = await post<{ coid: string }>('/studyplan/create', {
      title: 'Open plan',
      kind: 'growth',
      courses: [course.coid],
    });
    await post('/studyplan/commit', { coid: plan.coid });
    await post('/studyplan/verify', { coid: plan.coid, approve: true });
    await publishCourse(plan.coid, '1');
    const late = await signedInStudent(app, { name: 'Late' });
    await post('/studyplan/assign', { coid: plan.coid, sids: [late.id], gids: [] });
    expect(await titles(late, 'plan.assigned')).toEqual(['Open plan']);

    const draft = await post<{ coid: string }>('/studyplan/create', {
      title: 'Draft plan',
      kind: 'growth',
      courses: [course.coid],
    });
    await post('/studyplan/assign', { coid: draft.coid, sids: [late.id], gids: [] });
    await post('/studyplan/commit', { coid: draft.coid });
    await post('/studyplan/verify', { coid: draft.coid, approve: false, reason: 'Too long' });
    expect(await titles(late, 'plan.assigned')).toEqual(['Open plan']);
  });

  it("a standalone exam for a course tells the course's holders, a group grant's members included", async () => {
    const quiz = await saveExam({ title: 'Quiz', courses: [course.coid] });
    await publishExam(quiz.id);
    for (const who of [enrolled, grouped]) {
      const [told] = await notices(who, 'exam.published');
      expect(told).toMatchObject({ params: { title: 'Quiz' }, link: '/dashboard#/controller/myexam' });
    }
    expect(await titles(loner, 'exam.published')).toEqual(['Mock']);
  });
});
