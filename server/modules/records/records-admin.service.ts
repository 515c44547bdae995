/**
 * The back office's learning records (by course, by student and by chapter,
 * and the staged review of verify_status). Permission 'student' (the records are about students; a
 * sub-admin who only edits courses does not see them); moving a chapter's records is course structure,
 * permission 'course'. Everything is of the administrator's school: another school's course, chapter or
 * student answers 404. Reads go through the records store (which writes what the engine holds first);
 * writes go through its writeThrough, which makes the engine forget what they touched.
 */
import { reviewDecided } from '../notices/events';
import type * as z from 'zod';
import type * as s from '../../../shared/schemas/records';
import { courseProcess } from '../../../shared/rules/progress';
import { RECORD_ERRORS, REVIEW_STATUS_VALUE, VERIFY_STATUS, type LearnRecord } from '../../../shared/schemas/records';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { findChapter, listChapters } from '../chapters/chapters.repository';
import { readSettings } from '../courses/courses.presenter';
import { addInterval, coveredLength, parseIntervals } from './intervals';
import { COURSE_TEXT, scopedCourse, totalChapters, type Staff } from './record-access';
import { courseGate, scopeFilter } from '../courses/course-access';
import { displayOrder, isStudyChapter, seconds, toChapterRecordRow, toLearnRecord } from './records.presenter';
import * as repo from './records.repository';
import { recordsStore, writeThrough } from './records.store';
import { earnForChapter, earnForCourse } from '../points/earn';
import { mapAsync } from '../../lib/sequential';

const offsetOf = (query: { page: number; num: number }) => (query.page - 1) * query.num;

async function schoolStudent(ctx: AppContext, schoolId: string, sid: string) {
  const student = await findStudent(ctx.db, sid);
  if (!student || student.schoolId !== schoolId) throw notFound();
  return { sid: student.id, name: student.name, username: student.username };
}

/** A graphic course's own text as the one chapter of its rows. */
const courseText = (course: { title: string }) => ({ id: COURSE_TEXT, title: course.title, type: 4, parentId: '0' });

/** A chapter of the course (or a graphic course's text '0'), else 404. */
async function courseChapter(ctx: AppContext, course: { id: string; type: number }, cid: string) {
  if (cid === COURSE_TEXT) {
    if (course.type !== 4) throw notFound();
    return null;
  }
  const chapter = await findChapter(ctx.db, cid);
  if (!chapter || chapter.courseId !== course.id) throw notFound();
  return chapter;
}

/** GET learn/getlist: the learners of a course with their progress, latest visit first. */
export async function courseLearners(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zCourseLearnersQuery>,
): Promise<z.infer<typeof s.zCourseLearners>> {
  const course = await scopedCourse(ctx, admin, query.coid);
  const { rows, total } = await recordsStore(ctx).courseLearners(
    course.id,
    query.key || undefined,
    query.num,
    offsetOf(query),
  );
  const totalChapter = await totalChapters(ctx, course);
  return {
    total,
    list: rows.map(({ record, name, username, lastTitle }) => ({
      sid: record.studentId,
      name,
      username,
      process: courseProcess(totalChapter, record.completeChapter),
      complete_chapter: record.completeChapter,
      total_chapter: totalChapter,
      eff: seconds(record.effMs),
      last_chapter: record.lastChapterId,
      last_chapter_title: lastTitle ?? '',
      last_visit: record.lastVisitAt,
      started_at: record.startedAt,
    })),
  };
}

/** GET learn/getlistbystudent: the courses a student studies. */
export async function studentCourses(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zStudentCoursesQuery>,
): Promise<z.infer<typeof s.zStudentCourses>> {
  const student = await schoolStudent(ctx, admin.schoolId, query.sid);
  const scope = await scopeFilter(ctx, admin.userId);
  const { rows, total } = await recordsStore(ctx).studentCourseRecords(student.sid, query.num, offsetOf(query), scope);
  return {
    student,
    total,
    list: rows.map(({ record, title }) => ({
      coid: record.courseId,
      title,
      process: record.process,
      complete_chapter: record.completeChapter,
      total_chapter: record.totalChapter,
      eff: seconds(record.effMs),
      last_visit: record.lastVisitAt,
      started_at: record.startedAt,
      completed_at: record.completedAt,
    })),
  };
}

/** GET learn/detailbystudent: a student's record of every chapter of a course. */
export async function studentDetail(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zStudentDetailQuery>,
): Promise<z.infer<typeof s.zStudentDetail>> {
  const student = await schoolStudent(ctx, admin.schoolId, query.sid);
  const course = await scopedCourse(ctx, admin, query.coid);
  const records = new Map(
    (await recordsStore(ctx).learnRecordsOf(student.sid, course.id)).map((row) => [row.chapterId, row]),
  );
  const chapters = displayOrder(await listChapters(ctx.db, course.id));
  const rows =
    course.type === 4
      ? [toChapterRecordRow(courseText(course), records.get(COURSE_TEXT))]
      : chapters.map((chapter) => toChapterRecordRow(chapter, records.get(chapter.id)));
  const study =
    course.type === 4
      ? [COURSE_TEXT]
      : chapters.filter((chapter) => isStudyChapter(chapter, chapters)).map((chapter) => chapter.id);
  const complete = study.filter((cid) => records.get(cid)?.completedAt != null).length;
  return {
    student,
    coid: course.id,
    title: course.title,
    process: courseProcess(await totalChapters(ctx, course), complete),
    chapters: rows,
  };
}

/** GET learn/allrecord: every chapter record of the school, filtered, newest first. */
export async function allRecords(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zAllRecordsQuery>,
): Promise<z.infer<typeof s.zAllRecords>> {
  const courseId = query.coid ? (await scopedCourse(ctx, admin, query.coid)).id : undefined;
  if (query.sid) await schoolStudent(ctx, admin.schoolId, query.sid);
  const filter = {
    courseId,
    studentId: query.sid,
    from: query.from,
    to: query.to,
    scope: await scopeFilter(ctx, admin.userId),
  };
  const { rows, total } = await recordsStore(ctx).schoolRecords(admin.schoolId, filter, query.num, offsetOf(query));
  return {
    total,
    list: rows.map(({ record, name, courseTitle, chapterTitle }) => {
      const {
        title: _title,
        type: _type,
        parent_id: _parent,
        ...row
      } = toChapterRecordRow({ id: record.chapterId, title: '', type: 0, parentId: '0' }, record);
      return {
        ...row,
        sid: record.studentId,
        name,
        coid: record.courseId,
        course_title: courseTitle,
        chapter_title: chapterTitle ?? (record.chapterId === COURSE_TEXT ? courseTitle : ''),
      };
    }),
  };
}

/** GET learn/studentrecord: a student's study in sum. */
export async function studentRecord(
  ctx: AppContext,
  admin: Staff,
  sid: string,
): Promise<z.infer<typeof s.zStudentRecord>> {
  const student = await schoolStudent(ctx, admin.schoolId, sid);
  const totals = await recordsStore(ctx).studentTotals(student.sid, await scopeFilter(ctx, admin.userId));
  return {
    ...student,
    courses: totals.courses,
    completed_courses: totals.completedCourses,
    completed_chapters: totals.completedChapters,
    eff: seconds(totals.effMs),
    last_visit: totals.lastVisit,
  };
}

/** GET learn/getchapterstudytime: per chapter of a course, its learners, completions and time. */
export async function chapterStudyTimes(
  ctx: AppContext,
  admin: Staff,
  coid: string,
): Promise<z.infer<typeof s.zChapterStudyTimes>> {
  const course = await scopedCourse(ctx, admin, coid);
  const sums = new Map((await recordsStore(ctx).chapterSums(course.id)).map((row) => [row.chapterId, row]));
  const chapters = course.type === 4 ? [courseText(course)] : displayOrder(await listChapters(ctx.db, course.id));
  return {
    coid: course.id,
    chapters: chapters.map((chapter) => {
      const sum = sums.get(chapter.id);
      return {
        cid: chapter.id,
        title: chapter.title,
        type: chapter.type,
        parent_id: chapter.parentId,
        learners: sum?.learners ?? 0,
        completed: sum?.completed ?? 0,
        eff: seconds(sum?.effMs ?? 0),
        avg_eff: sum && sum.learners > 0 ? seconds(sum.effMs / sum.learners) : 0,
      };
    }),
  };
}

/** Recounts a student's course record after its chapter records changed directly. */
/** Recounts the student's course record from its chapters; true when this made the course complete. */
async function recount(
  ctx: AppContext,
  studentId: string,
  course: { id: string; type: number; schoolId: string },
): Promise<boolean> {
  const record = await repo.findCourseRecord(ctx.db, studentId, course.id);
  if (!record) return false;
  const complete = await repo.countCompleted(ctx.db, studentId, course.id);
  const total = await totalChapters(ctx, course);
  const done = total > 0 && complete >= total;
  await repo.saveCourseRecord(ctx.db, {
    ...record,
    completeChapter: complete,
    totalChapter: total,
    process: courseProcess(total, complete),
    completedAt: done ? (record.completedAt ?? ctx.now()) : null,
    updatedAt: ctx.now(),
  });
  return done && record.completedAt === null;
}

/** POST learn/move: the records of chapter `from` become chapter `to`'s (same course); where a student has both, they merge. */
export async function moveRecords(
  ctx: AppContext,
  admin: Staff,
  input: z.output<typeof s.zMoveRecords>,
): Promise<{ count: number }> {
  const course = await scopedCourse(ctx, admin, input.coid);
  await courseChapter(ctx, course, input.from);
  await courseChapter(ctx, course, input.to);
  const touched = [input.from, input.to].map((chapterId) => ({ courseId: course.id, chapterId }));
  return writeThrough(ctx, touched, async (db) => {
    const moving = await repo.chapterRecords(db, course.id, input.from);
    await db.transaction(async (tx) => await moveRows(ctx, tx, course.id, moving, input.to));
    for (const studentId of new Set(moving.map((row) => row.studentId))) await recount(ctx, studentId, course);
    return { count: moving.length };
  });
}

/** Gives each record the chapter `to`, merged into the student's record of `to` where there is one. */
async function moveRows(ctx: AppContext, tx: Db, courseId: string, moving: repo.LearnRow[], to: string): Promise<void> {
  for (const row of moving) {
    const existing = await repo.findLearnRecord(tx, row.studentId, courseId, to);
    let merged = { ...row, chapterId: to };
    if (existing) {
      let intervals = parseIntervals(existing.intervals);
      for (const [a, b] of parseIntervals(row.intervals)) intervals = addInterval(intervals, a, b);
      const completedAt = existing.completedAt ?? row.completedAt;
      merged = {
        ...existing,
        effMs: existing.effMs + row.effMs,
        intervals: JSON.stringify(intervals),
        watched: coveredLength(intervals, existing.duration > 0 ? existing.duration : Infinity),
        progress: Math.max(existing.progress, row.progress),
        furthest: Math.max(existing.furthest, row.furthest),
        completedAt,
        passed: existing.passed || row.passed,
        verifyStatus: Math.max(existing.verifyStatus, row.verifyStatus),
        startedAt: Math.min(existing.startedAt, row.startedAt),
        updatedAt: ctx.now(),
      };
    }
    await repo.saveLearnRecord(tx, merged);
    await repo.deleteLearnRecord(tx, row.studentId, courseId, row.chapterId);
  }
}

/** POST learn/process/deleted: deletes a student's progress in a course (its course record too), or in one chapter. */
export async function deleteProgress(
  ctx: AppContext,
  admin: Staff,
  input: z.output<typeof s.zDeleteProgress>,
): Promise<{ count: number }> {
  const student = await schoolStudent(ctx, admin.schoolId, input.sid);
  const course = await scopedCourse(ctx, admin, input.coid);
  if (input.cid !== undefined) await courseChapter(ctx, course, input.cid);
  return writeThrough(ctx, [{ studentId: student.sid, courseId: course.id, chapterId: input.cid }], async (db) => {
    const count = await db.transaction(async (tx) => await repo.deleteRecords(tx, student.sid, course.id, input.cid));
    if (input.cid !== undefined) await recount(ctx, student.sid, course);
    return { count };
  });
}

/** POST learn/record/update: the staged review (verify_status), a stage passed, or progress raised (never lowered). */
export async function updateRecord(
  ctx: AppContext,
  admin: Staff,
  input: z.output<typeof s.zUpdateRecord>,
): Promise<LearnRecord> {
  const student = await schoolStudent(ctx, admin.schoolId, input.sid);
  const course = await scopedCourse(ctx, admin, input.coid);
  await courseChapter(ctx, course, input.cid);
  const updated = await setChapterResult(ctx, student.sid, course, input.cid, {
    progress: input.progress,
    passed: input.passed,
    verifyStatus: input.verify_status,
  });
  return toLearnRecord(course.id, input.cid, updated);
}

/**
 * Writes a chapter's result into the student's learn record past the heartbeat engine's group commit
 * (writeThrough: its unwritten changes are written first and its copy forgotten): progress raised (never lowered), the stage
 * exam passed or not, the staged review; then the course record is recounted. Used by learn/record/update
 * and by exams and exercises (a passed stage exam, finished exercises).
 */
export async function setChapterResult(
  ctx: AppContext,
  studentId: string,
  course: { id: string; type: number; schoolId: string },
  chapterId: string,
  change: { progress?: number; passed?: boolean; verifyStatus?: number },
): Promise<repo.LearnRow> {
  return await writeThrough(ctx, [{ studentId, courseId: course.id, chapterId }], async (db) => {
    const now = ctx.now();
    const found = await repo.findLearnRecord(db, studentId, course.id, chapterId);
    const row = found ?? repo.newLearnRow(studentId, course.id, chapterId, course.schoolId, now);
    const progress = Math.max(row.progress, change.progress ?? 0);
    const updated = {
      ...row,
      progress,
      completedAt: row.completedAt ?? (progress >= 1 ? now : null),
      passed: change.passed ?? row.passed,
      verifyStatus: change.verifyStatus ?? row.verifyStatus,
      updatedAt: now,
    };
    await repo.saveLearnRecord(db, updated);
    const courseDone = await recount(ctx, studentId, course);
    const who = { schoolId: course.schoolId, studentId, at: now };
    if (row.completedAt === null && updated.completedAt !== null) await earnForChapter(ctx, { ...who, chapterId });
    if (courseDone) await earnForCourse(ctx, { ...who, courseId: course.id });
    return updated;
  });
}

/** GET learn/students: the school's students (matching a name or login) with their study in sum. */
export async function studentSearch(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zStudentSearchQuery>,
): Promise<z.infer<typeof s.zStudentSearch>> {
  const { rows, total } = await recordsStore(ctx).studentStudies(
    admin.schoolId,
    query.key || undefined,
    query.num,
    offsetOf(query),
    await scopeFilter(ctx, admin.userId),
  );
  return {
    total,
    list: rows.map((row) => ({
      sid: row.id,
      name: row.name,
      username: row.username,
      courses: row.courses ?? 0,
      completed_courses: row.completed ?? 0,
      eff: seconds(row.effMs ?? 0),
      last_visit: row.lastVisit ?? null,
    })),
  };
}

/**
 * The courses whose stages are reviewed: the school's courses with the setting verify on (spec 3 'Course
 * settings' verify; spec 4 'Growth plan order' "(if verify is set) have verify_status 1"), or the one asked
 * for (404 when not of the school; none when its verify is off).
 */
async function reviewedCourses(ctx: AppContext, admin: Staff, coid: string | undefined): Promise<string[]> {
  const mayManage = await courseGate(ctx, admin.userId);
  const verifying: string[] = [];
  for (const course of await repo.schoolCourseSettings(ctx.db, admin.schoolId)) {
    if (readSettings(course.settings).verify && (await mayManage({ schoolId: admin.schoolId, id: course.id })))
      verifying.push(course.id);
  }
  if (!coid) return verifying;
  const course = await scopedCourse(ctx, admin, coid);
  return verifying.includes(course.id) ? [course.id] : [];
}

/**
 * GET learn/review/list: the staged review queue (spec 4 'Next chapter flow': "Done but not verified: alert
 * that the stage is finished and review can be requested in the back office"): each learner and stage of
 * a verify course whose study chapters are all at progress 1, by review state (pending = verify_status 0,
 * approved 1, rejected 2). Where the state lives: repo.reviewQueue.
 */
export async function reviewList(
  ctx: AppContext,
  admin: Staff,
  query: z.output<typeof s.zReviewListQuery>,
): Promise<z.infer<typeof s.zReviewList>> {
  const courseIds = await reviewedCourses(ctx, admin, query.coid);
  const filter = {
    schoolId: admin.schoolId,
    courseIds,
    status: REVIEW_STATUS_VALUE[query.status],
    key: query.key || undefined,
  };
  const store = recordsStore(ctx);
  const { rows, total } = await store.reviewQueue(filter, query.num, offsetOf(query));
  return {
    total,
    list: await mapAsync(rows, async (row) => ({
      sid: row.sid,
      name: row.name,
      username: row.username,
      coid: row.coid,
      course_title: row.courseTitle,
      cid: row.cid,
      stage_title: row.stageTitle,
      chapters: row.chapters,
      studied_at: row.studiedAt,
      passed: Boolean(row.passed),
      verify_status: row.verifyStatus,
      reviewed_at: row.reviewedAt,
      reason: (await store.stageReview(row.sid, row.coid, row.cid))?.reason ?? '',
    })),
  };
}

/**
 * POST learn/review: approves (verify_status 1) or rejects (2) a stage the student has studied. The stage
 * must be a top-level chapter of the course (400 'not a stage') whose study chapters the student has all
 * completed (409 'stage not studied'). The write is learn/record/update's (one implementation): the
 * student's learn record of the stage itself; with it, in the same transaction, the decision is kept in
 * stage_reviews (who, when, why), so the student sees a rejection's reason and an approval is traceable.
 */
export async function reviewStage(
  ctx: AppContext,
  reviewer: { schoolId: string; userId: string },
  input: z.output<typeof s.zReviewDecision>,
): Promise<z.infer<typeof s.zReviewReply>> {
  const { schoolId } = reviewer;
  const student = await schoolStudent(ctx, schoolId, input.sid);
  const course = await scopedCourse(ctx, reviewer, input.coid);
  const stage = await courseChapter(ctx, course, input.cid);
  if (!stage || stage.parentId !== '0') throw badInput(RECORD_ERRORS.notAStage);
  const studied = await recordsStore(ctx).reviewQueue(
    { schoolId, courseIds: [course.id], studentId: student.sid, stageId: stage.id },
    1,
    0,
  );
  if (studied.total === 0) throw conflict(RECORD_ERRORS.stageNotStudied);
  const verify = input.action === 'approve' ? VERIFY_STATUS.approved : VERIFY_STATUS.rejected;
  const reason = input.reason ?? '';
  const record = await ctx.db.transaction(async (tx) => {
    const updated = await updateRecord(ctx, reviewer, {
      sid: student.sid,
      coid: course.id,
      cid: stage.id,
      verify_status: verify,
    });
    await repo.insertStageReview(tx, {
      id: ctx.ids.next(),
      schoolId,
      studentId: student.sid,
      courseId: course.id,
      chapterId: stage.id,
      action: input.action,
      reason,
      reviewerId: reviewer.userId,
      createdAt: ctx.now(),
    });
    // Issue 16: the student is told the decision.
    await reviewDecided(
      { tx, ctx, at: ctx.now() },
      { schoolId, studentId: student.sid },
      { courseId: course.id, title: `${course.title} · ${stage.title}`, approved: input.action === 'approve' },
    );
    return updated;
  });
  ctx.log.info(
    { review: { schoolId, sid: student.sid, coid: course.id, cid: stage.id, action: input.action } },
    'stage review',
  );
  return { ...record, sid: student.sid, action: input.action, reason };
}
