/**
 * The student's own records (spec 7 Learning and the named client operations 'Do learn {coid} before
 * starting', 'Get learn record by chapter id (eff, watch_time, progress)', 'Update student course {uid,
 * mid, coid, cid}', 'Get exceeding courses {mid}'; GET course/nolearn). Reads go through the records
 * store, so they see the last heartbeat; a change is answered once it is written.
 */
import { isAlmostExpiring } from '../../../shared/rules/expiring';
import { courseProcess } from '../../../shared/rules/progress';
import { COURSE_STATUS } from '../../../shared/rules/course-status';
import { learnLetter } from '../../../shared/schemas/chapters';
import type {
  CourseStudy,
  LearnRecord,
  zExceedingReply,
  zLastTimeRecord,
  zNoLearnReply,
  zStartReply,
  zStudentCourseReply,
  zUpdateStudentCourse,
} from '../../../shared/schemas/records';
import type * as z from 'zod';
import type { AppContext, Auth } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { findChapter, listChapters } from '../chapters/chapters.repository';
import { findCourses } from '../courses/courses.repository';
import { cachedHead, courseIdOf, openCourse, openStudy } from '../courses/course-visibility';
import { holdingsOf, refusalError, startRefusal, validityFor } from '../access/policy';
import { visitCourse } from './heartbeat.service';
import { recordsEngine } from './heartbeat-engine';
import { COURSE_TEXT, totalChapters } from './record-access';
import { seconds, tenths, toLearnRecord, isStudyChapter } from './records.presenter';
import { recordsStore } from './records.store';
import { mapAsync } from '../../lib/sequential';

/** A signed-in student (requireStudent's answer). */
type Student = Exclude<Auth, { role: 'guest' }>;

/** POST learn/start {coid}: 'Do learn {coid} before starting' — the student becomes a learner of the course (lcount). */
export async function startLearning(
  ctx: AppContext,
  auth: Student,
  coid: string,
): Promise<z.infer<typeof zStartReply>> {
  const { head } = await openCourse(ctx, auth, coid);
  const refusal = await startRefusal(ctx, auth, head);
  if (refusal) throw refusalError(ctx, refusal, head);
  const engine = recordsEngine(ctx);
  await engine.hold(auth.userId);
  const course = await engine.courseState(auth.userId, head.id, head.schoolId, () => totalChapters(ctx, head));
  const started = course.isNew;
  if (started) {
    course.lastVisitAt = ctx.now();
    engine.touchCourse(course);
    await engine.commit(auth.userId);
  }
  return { coid: head.id, started, last_chapter: course.lastChapterId };
}

/**
 * Whether a student has a learning record of the course (spec 4 'Course main button': "continue learning if a
 * record exists"; course/info's hasRecord can read it here).
 */
export async function hasCourseRecord(ctx: AppContext, studentId: string, coid: string): Promise<boolean> {
  return await recordsEngine(ctx).hasCourse(studentId, coid);
}

/** The course's head when it is of the student's school; 404 otherwise. */
async function schoolHead(ctx: AppContext, auth: Student, courseId: string | null) {
  const head = courseId ? await cachedHead(ctx, courseId) : null;
  if (!head || head.schoolId !== auth.schoolId) throw notFound();
  return head;
}

/** The course a chapter belongs to, when it is of the student's school; 404 otherwise. */
async function studentCourse(
  ctx: AppContext,
  auth: Student,
  cid: string,
  coid: string | undefined,
): Promise<{ courseId: string; schoolId: string }> {
  let courseId: string | null = null;
  if (cid === COURSE_TEXT) courseId = coid ? courseIdOf(ctx, coid) : null;
  else {
    const chapter = await findChapter(ctx.db, cid);
    courseId = chapter?.courseId ?? null;
    if (courseId && coid && courseIdOf(ctx, coid) !== courseId) courseId = null;
  }
  const head = await schoolHead(ctx, auth, courseId);
  return { courseId: head.id, schoolId: head.schoolId };
}

/** GET learn/record {cid, coid?}: the student's record of a chapter (zeros before any study). */
export async function learnRecord(
  ctx: AppContext,
  auth: Student,
  cid: string,
  coid: string | undefined,
): Promise<LearnRecord> {
  const { courseId, schoolId } = await studentCourse(ctx, auth, cid, coid);
  const engine = recordsEngine(ctx);
  await engine.hold(auth.userId);
  const state = await engine.learnState(auth.userId, courseId, cid, schoolId, false);
  return toLearnRecord(courseId, cid, state);
}

/** GET learn/lasttimerecord {coid}: the chapter to continue at, and where in it; null before any study. */
export async function lastTimeRecord(
  ctx: AppContext,
  auth: Student,
  coid: string,
): Promise<z.infer<typeof zLastTimeRecord>> {
  const head = await schoolHead(ctx, auth, courseIdOf(ctx, coid));
  const store = recordsStore(ctx);
  const course = await store.courseRecord(auth.userId, head.id);
  if (!course || !course.lastChapterId) return null;
  const chapter = course.lastChapterId === COURSE_TEXT ? null : await findChapter(ctx.db, course.lastChapterId);
  if (course.lastChapterId !== COURSE_TEXT && (!chapter || chapter.courseId !== head.id)) return null;
  const record = await store.learnRecord(auth.userId, head.id, course.lastChapterId);
  return {
    coid: head.id,
    code: ctx.courseCodec.encode(head.id),
    cid: course.lastChapterId,
    title: chapter?.title ?? '',
    learnType: chapter ? learnLetter(chapter.type) : '',
    position: record?.position ?? 0,
    progress: record?.progress ?? 0,
    last_visit: course.lastVisitAt,
  };
}

/** GET learn/info {coid}: the student's study of a course, with each chapter's progress. */
export async function courseStudy(ctx: AppContext, auth: Student, coid: string): Promise<CourseStudy> {
  const head = await schoolHead(ctx, auth, courseIdOf(ctx, coid));
  const store = recordsStore(ctx);
  const course = await store.courseRecord(auth.userId, head.id);
  const records = await store.learnRecordsOf(auth.userId, head.id);
  const chapters = await listChapters(ctx.db, head.id);
  const study = new Set(chapters.filter((row) => isStudyChapter(row, chapters)).map((row) => row.id));
  if (head.type === 4) study.add(COURSE_TEXT);
  const complete = records.filter((row) => row.completedAt !== null && study.has(row.chapterId)).length;
  const total = await totalChapters(ctx, head);
  return {
    coid: head.id,
    process: courseProcess(total, complete),
    total_chapter: total,
    complete_chapter: complete,
    eff: seconds(records.reduce((sum, row) => sum + row.effMs, 0)),
    last_chapter: course?.lastChapterId ?? '',
    last_visit: course?.lastVisitAt ?? null,
    started_at: course?.startedAt ?? null,
    completed_at: course?.completedAt ?? null,
    chapters: records.map((row) => ({
      cid: row.chapterId,
      eff: seconds(row.effMs),
      watch_time: tenths(row.watched),
      progress: row.progress,
      completed: row.completedAt !== null,
      passed: row.passed,
      verify_status: row.verifyStatus,
    })),
  };
}

/** Checks the optional uid (the school: id or hashUID) and mid (the student) an old client sends against the session. */
function assertSelf(ctx: AppContext, auth: Student, uid: string | undefined, mid: string | undefined): void {
  if (mid !== undefined && mid !== '' && mid !== auth.userId) throw forbidden();
  if (
    uid !== undefined &&
    uid !== '' &&
    uid !== '0' &&
    uid !== auth.schoolId &&
    ctx.uidCodec.decode(uid) !== auth.schoolId
  )
    throw forbidden();
}

/** POST learn/stucourse: 'Update student course {uid, mid, coid, cid}' — the chapter the student is at (where to continue). */
export async function updateStudentCourse(
  ctx: AppContext,
  auth: Student,
  input: z.output<typeof zUpdateStudentCourse>,
): Promise<z.infer<typeof zStudentCourseReply>> {
  assertSelf(ctx, auth, input.uid, input.mid);
  const { course: opened, chapter } = await openStudy(ctx, auth, input.coid, input.cid);
  const engine = recordsEngine(ctx);
  await engine.hold(auth.userId);
  const course = await engine.courseState(auth.userId, opened.head.id, opened.head.schoolId, () =>
    totalChapters(ctx, opened.head),
  );
  visitCourse(course, chapter.id, ctx.now(), 0, false, await totalChapters(ctx, opened.head));
  engine.touchCourse(course);
  await engine.commit(auth.userId);
  return { coid: opened.head.id, cid: chapter.id };
}

/**
 * GET course/nolearn: the courses the student holds, by any way (enrolment, grant, plan: access/policy
 * holdingsOf, as My courses lists them), and has not begun; the most recently obtained first.
 */
export async function noLearn(ctx: AppContext, auth: Student): Promise<z.infer<typeof zNoLearnReply>> {
  // Read through the store first: it writes what the heartbeats left in memory, so the holdings see it.
  const studied = await recordsStore(ctx).courseRecordsOf(auth.userId);
  const held = await holdingsOf(ctx, auth);
  const courselist = (
    await findCourses(
      ctx.db,
      [...held.ids].filter((id) => !studied.has(id)),
    )
  )
    .flatMap((row) => {
      if (row.deleted || row.schoolId !== auth.schoolId) return [];
      const holding = held.holding(row);
      return holding ? [{ row, since: holding.since }] : [];
    })
    .sort((a, b) => b.since - a.since)
    .map(({ row, since }) => ({
      coid: row.id,
      code: ctx.courseCodec.encode(row.id),
      coid_title: row.title,
      img: row.img,
      addtime: since,
    }));
  return { courselist };
}

/**
 * GET course/exceeding {mid}: 'Get exceeding courses' — the student's courses whose validity ends within 0 to
 * 10 days (spec 4 'Almost-expiring'): every course the student holds (access/policy holdingsOf, as My courses
 * lists them), its validity from the same policy.
 */
export async function exceedingCourses(
  ctx: AppContext,
  auth: Student,
  mid: string | undefined,
): Promise<z.infer<typeof zExceedingReply>> {
  assertSelf(ctx, auth, undefined, mid);
  // Read through the store first: it writes what the heartbeats left in memory, so the holdings see it.
  const studied = await recordsStore(ctx).courseRecordsOf(auth.userId);
  const held = await holdingsOf(ctx, auth);
  const now = ctx.now();
  const courselist = (
    await mapAsync(await findCourses(ctx.db, [...held.ids]), async (row) => {
      if (row.deleted || row.schoolId !== auth.schoolId) return [];
      const holding = held.holding(row);
      if (!holding) return [];
      const status = validityFor(row, holding, now);
      if (status.status !== COURSE_STATUS.available || status.limitedDate === null) return [];
      if (!isAlmostExpiring(status.limitedDate, now)) return [];
      const remaining = status.limitedDate - now;
      const record = studied.get(row.id);
      const total = record?.totalChapter || (await totalChapters(ctx, row));
      const complete = record?.completeChapter ?? 0;
      return [
        {
          coid: row.id,
          code: ctx.courseCodec.encode(row.id),
          coid_title: row.title,
          img: row.img,
          total_chapter: total,
          complete_chapter: complete,
          addtime: holding.since,
          ce_type: row.ceType,
          ce_time: row.ceTime,
          limitedDate: status.limitedDate,
          remaining,
          process: courseProcess(total, complete),
        },
      ];
    })
  ).flat();
  courselist.sort((a, b) => a.remaining - b.remaining);
  return { courselist };
}
