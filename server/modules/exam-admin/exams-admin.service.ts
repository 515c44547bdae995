/**
 * Exams in the back office ("a paper, a time limit, an opening window, attempts allowed, who
 * may sit it (groups or a course's students), show results or not, exam categories for the student side";
 * 'Stage exams in staged study plans'; spec 5 'Exam dialog': skipping only where the exam is optional).
 * Permission 'exam', the administrator's school.
 *
 * Choices where the spec is silent:
 * - The time limit is set in minutes (stored as seconds). Either end of the opening window may be empty; when
 *   both are set the exam closes after it opens. Attempts 0 means unlimited.
 * - A standalone exam names its audience (at least one group or course of the school). A chapter's exam has no
 *   audience rows: whoever may study the chapter may sit it. Its chapter must belong to a course of the
 *   school and be an exam chapter (CHAPTER_TYPE.exam) or a stage (top-level chapter) of a study plan (course
 *   type 3); a chapter carries at most one exam (409 otherwise).
 * - Editing an exam is allowed at any time; sittings keep the questions they were given. Unpublishing hides it
 *   from students but an open sitting may still be finished (the student side decides).
 * - Deleting is soft and refused while a sitting is open (409); submitted sittings stay for the records.
 * - The description is sanitised rich text, on save and again on display.
 * - Issue 16 'an exam published' goes once per exam, when it is published or when a published exam is attached to
 *   a chapter of a published course (tellPublished below); publishing a course later announces none of its exams.
 */
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import { EXAM_ADMIN_ERRORS, type ExamInfo, type ExamRow, type SaveExam } from '../../../shared/schemas/exam-admin';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { findChapter } from '../chapters/chapters.repository';
import { findCourse } from '../courses/courses.repository';
import { schoolGroupIds } from '../groups/groups.repository';
import { badField } from '../courses/courses.service';
import { courseHolders, PLAN_COURSE_TYPE } from '../access/policy';
import * as repo from './exams-admin.repository';
import { examPublished } from '../notices/events';
import { groupMemberIds } from '../notices/audience.repository';
import { findCategory, findPaper } from './papers.repository';
import { schoolPaper } from './papers.service';
import { mapAsync } from '../../lib/sequential';

function toExamRow(row: repo.ExamListRow): ExamRow {
  const { exam } = row;
  return {
    id: exam.id,
    title: exam.title,
    status: exam.status,
    categoryId: exam.categoryId,
    categoryTitle: row.categoryTitle,
    paperId: exam.paperId,
    paperTitle: row.paperTitle,
    durationMin: Math.round(exam.durationSec / 60),
    opensAt: exam.opensAt,
    closesAt: exam.closesAt,
    attempts: exam.attempts,
    courseId: exam.courseId,
    chapterId: exam.chapterId,
    chapterTitle: row.chapterTitle,
    sittings: row.sittings,
    pendingMarks: row.pendingMarks,
    updatedAt: exam.updatedAt,
  };
}

export async function listExams(
  ctx: AppContext,
  schoolId: string,
  query: { key: string; categoryId: string; status?: 'draft' | 'published'; page: number; num: number },
) {
  const { rows, total } = await repo.listExams(ctx.db, {
    schoolId,
    key: query.key,
    categoryId: query.categoryId,
    status: query.status,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map(toExamRow), total };
}

/** An exam of the school (404 for another school's or a deleted one). */
export async function schoolExam(ctx: AppContext, schoolId: string, id: string): Promise<repo.ExamListRow> {
  const row = await repo.findExamRow(ctx.db, schoolId, id);
  if (!row) throw notFound();
  return row;
}

export async function examInfo(ctx: AppContext, schoolId: string, id: string): Promise<ExamInfo> {
  const row = await schoolExam(ctx, schoolId, id);
  const { exam } = row;
  // A paper deleted since (publishing then refuses) shows no scores.
  const paper = await findPaper(ctx.db, schoolId, exam.paperId);
  const course = exam.courseId ? await findCourse(ctx.db, exam.courseId) : undefined;
  return {
    ...toExamRow(row),
    description: sanitizeRichText(exam.description),
    showResults: exam.showResults,
    optional: exam.optional,
    courseTitle: course?.title ?? '',
    ...(await repo.audienceOf(ctx.db, exam.id)),
    totalScore: paper?.totalScore ?? 0,
    passScore: paper?.passScore ?? 0,
  };
}

/** A study plan's stage: a top-level chapter of a plan course. */
const isStage = (courseType: number, chapter: { parentId: string }) =>
  courseType === PLAN_COURSE_TYPE && chapter.parentId === '0';
/** Whether a chapter may carry an exam: an exam chapter, or a study plan's stage. */
const carriesExam = (courseType: number, chapter: { type: number; parentId: string }) =>
  chapter.type === CHAPTER_TYPE.exam || isStage(courseType, chapter);

/** The chapter a chapter's exam may sit on (see the choices above), else a 400 naming the field. */
async function examChapter(ctx: AppContext, schoolId: string, courseId: string, chapterId: string, examId: string) {
  const course = await findCourse(ctx.db, courseId);
  if (!course || course.schoolId !== schoolId || course.deleted)
    throw badField('courseId', 'is not a course of this school');
  const chapter = await findChapter(ctx.db, chapterId);
  if (!chapter || chapter.courseId !== course.id) throw badField('chapterId', 'is not a chapter of this course');
  if (!carriesExam(course.type, chapter))
    throw badField('chapterId', "must be an exam chapter or a study plan's stage");
  if (await repo.examOnChapter(ctx.db, chapter.id, examId)) throw conflict(EXAM_ADMIN_ERRORS.chapterTaken);
}

export async function saveExam(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
  input: SaveExam,
): Promise<ExamInfo> {
  const { schoolId } = admin;
  const existing = input.id ? (await schoolExam(ctx, schoolId, input.id)).exam : undefined;
  const id = existing?.id ?? ctx.ids.next();
  const paper = await schoolPaper(ctx, schoolId, input.paperId);
  if (input.categoryId && !(await findCategory(ctx.db, schoolId, input.categoryId)))
    throw badField('categoryId', 'is not an exam category of this school');
  if (input.chapterId) await examChapter(ctx, schoolId, input.courseId, input.chapterId, id);
  const groups = [...new Set(input.groups)];
  const courseIds = [...new Set(input.courses)];
  if ((await schoolGroupIds(ctx.db, schoolId, groups)).length !== groups.length)
    throw badField('groups', 'must name groups of this school');
  if ((await repo.schoolCourseIds(ctx.db, schoolId, courseIds)).length !== courseIds.length)
    throw badField('courses', 'must name courses of this school');
  const now = ctx.now();
  const values = {
    paperId: paper.id,
    categoryId: input.categoryId,
    title: input.title,
    description: sanitizeRichText(input.description),
    durationSec: input.durationMin * 60,
    opensAt: input.opensAt,
    closesAt: input.closesAt,
    attempts: input.attempts,
    showResults: input.showResults,
    courseId: input.courseId,
    chapterId: input.chapterId,
    optional: input.chapterId ? input.optional : false,
    updatedAt: now,
  };
  // A published exam attached to a chapter (first, or another one) is news to that course's holders.
  const attached =
    existing?.status === 'published' &&
    input.chapterId !== '' &&
    (input.chapterId !== existing.chapterId || input.courseId !== existing.courseId);
  await ctx.db.transaction(async (tx) => {
    if (existing) await repo.updateExam(tx, id, values);
    else
      await repo.insertExam(tx, { id, schoolId, status: 'draft', createdBy: admin.userId, createdAt: now, ...values });
    await repo.replaceAudience(tx, id, [
      ...groups.map((targetId) => ({ targetType: 'group' as const, targetId })),
      ...courseIds.map((targetId) => ({ targetType: 'course' as const, targetId })),
    ]);
    if (attached) await tellPublished(ctx, tx, now, { ...existing, ...values });
  });
  return await examInfo(ctx, schoolId, id);
}

/**
 * Issue 16 'an exam published': who is told, once per exam (the dedupe key), inside the event's transaction.
 * A course's students are those who hold it (access policy courseHolders: enrolments, grants to them, their
 * groups or a column, memberships, a plan's approved assignees, a free course begun), once it is published — a
 * draft course's students see nothing of it yet. A standalone exam: its groups' members and its courses' holders.
 * A chapter's exam: its course's holders. Ids only, batched writes (notifyMany).
 */
async function tellPublished(ctx: AppContext, tx: Db, at: number, exam: repo.ExamRow): Promise<void> {
  const holders = async (courseId: string) => {
    const course = await findCourse(tx, courseId);
    if (!course || course.schoolId !== exam.schoolId || !course.published || course.deleted) return null;
    return { course, ids: await courseHolders(ctx, course, tx) };
  };
  const to = (studentIds: readonly string[]) => ({ schoolId: exam.schoolId, studentIds });
  if (exam.chapterId === '') {
    const audience = await repo.audienceOf(tx, exam.id);
    const members = await groupMemberIds(
      tx,
      exam.schoolId,
      audience.groups.map((g) => g.id),
    );
    const held = (await mapAsync(audience.courses, async (c) => (await holders(c.id))?.ids ?? [])).flat();
    await examPublished({ tx, ctx, at }, to([...members, ...held]), exam);
    return;
  }
  const found = await holders(exam.courseId);
  if (!found) return;
  const course = { id: found.course.id, plan: found.course.type === PLAN_COURSE_TYPE };
  await examPublished({ tx, ctx, at }, to(found.ids), { ...exam, course });
}

/** Publishes (its paper must still be there) or unpublishes an exam. */
export async function publishExam(ctx: AppContext, schoolId: string, id: string, publish: boolean): Promise<ExamInfo> {
  const { exam } = await schoolExam(ctx, schoolId, id);
  if (publish) await schoolPaper(ctx, schoolId, exam.paperId);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.updateExam(tx, exam.id, { status: publish ? 'published' : 'draft', updatedAt: at });
    if (publish) await tellPublished(ctx, tx, at, exam);
  });
  return await examInfo(ctx, schoolId, id);
}

export async function deleteExam(ctx: AppContext, schoolId: string, id: string): Promise<{ id: string }> {
  const { exam } = await schoolExam(ctx, schoolId, id);
  if ((await repo.openSittings(ctx.db, exam.id)) > 0) throw conflict(EXAM_ADMIN_ERRORS.sittingOpen);
  await repo.updateExam(ctx.db, exam.id, { deleted: true, status: 'draft', updatedAt: ctx.now() });
  return { id: exam.id };
}

/** The chapters of a school's course that may carry an exam: exam chapters, and a study plan's stages. */
export async function examChapters(ctx: AppContext, schoolId: string, courseId: string) {
  const course = await findCourse(ctx.db, courseId);
  if (!course || course.schoolId !== schoolId || course.deleted) throw notFound();
  const rows = (await repo.examChapters(ctx.db, course.id)).filter((row) => carriesExam(course.type, row));
  return {
    list: rows.map((row) => ({ cid: row.cid, title: row.title, stage: isStage(course.type, row), examId: row.examId })),
  };
}
