/**
 * THE one place that decides whether a viewer may study a chapter (issue 4 'Serving': a chapter's files
 * reach only those allowed to study it). Every call that serves study — the ware call, and whatever
 * later hands out a chapter's files — asks canStudyChapter; /media then only verifies the signed URL.
 *
 * Order (spec 2 Page guards, spec 4 Course status, spec 5/6 groups, spec 8 messages):
 * 1. The course is open to this viewer (openCourse: unknown → 404; deleted or unpublished → 404
 *    'course removed' with the school to go back to; private → students of its school).
 * 2. The chapter belongs to the course (else 404 noChapterAlert).
 * 3. An administrator of the course previews everything.
 * 4. A free chapter (or a subchapter of a free chapter) is the audition: anyone who can see the course.
 * 5. Otherwise a signed-in student is needed (401 'no login'); an administrator who does not manage the
 *    course is not a student (403 studentOnly, 请使用学员账号进行操作！); a student of another school 403 otherSchool.
 * 6. The student's groups pass authentication_gid (403 designatedGroup).
 * 7. A free course (actual 0), or a paid one the student bought or obtained (enrolment); a paid course
 *    not bought → 403 endOfTrial (the end-of-trial dialog offers Buy). Then the validity (courseStatus):
 *    a fixed window not yet open → 403 notStarted; ended, or past the bought period → 403 expired.
 *    A study plan (type 3) is for the students it is assigned to (directly or by group) once approved —
 *    others 403 designatedGroup — and needs no purchase.
 * 8. The order rules (study-gate.ts): a staged subsection outside its window, a growth plan's later stage,
 *    order_rest / exercOrder → 403 with the rule's message key (couseOrderTip, orderTip, orderTip2,
 *    stageNotOpen, stageClosed) and what blocks it. So neither the ware nor a heartbeat reaches a locked chapter.
 */
import { allowedByGroups } from '../../../shared/rules/course-buttons';
import { COURSE_STATUS, courseStatus } from '../../../shared/rules/course-status';
import { STUDY_REFUSALS, type StudyChapterState, type StudyRefusal } from '../../../shared/schemas/learning';
import type { AppContext, Auth } from '../../context';
import { AppError, noLogin } from '../../lib/errors';
import { studentCourses } from '../courses/student-courses';
import { findChapter, type ChapterRow } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { purchaseOf, validityOf } from '../courses/course-terms';
import { openCourse } from '../courses/course-visibility';
import { isPlanAssigned, planApproved, PLAN_COURSE_TYPE } from '../plans/plan-access';
import { hasOrderRules, studyGate } from './study-gate';

/** A course as openCourse answers it. */
export interface OpenedCourse {
  head: CourseHead;
  /** The viewer administers the course (preview). */
  admin: boolean;
}

/** What blocks a locked chapter (step 8): the chapter to finish first, and a staged subsection's window. */
export interface RefusalDetail {
  blockedBy: string;
  window: StudyChapterState['window'];
}

export type StudyAccess =
  | { allowed: true; preview: boolean; audition: boolean }
  | { allowed: false; refusal: StudyRefusal; detail?: RefusalDetail };

const refuse = (refusal: StudyRefusal, detail?: RefusalDetail): StudyAccess => ({ allowed: false, refusal, detail });

/** Whether the chapter, or the chapter it belongs to, is free (the audition; spec 2 'chapter list with free/unpaid tags'). */
function freeChapter(ctx: AppContext, chapter: ChapterRow): boolean {
  if (chapter.free) return true;
  if (chapter.parentId === '0') return false;
  return findChapter(ctx.db, chapter.parentId)?.free ?? false;
}

/** Steps 5-7 of the order above: what keeps this viewer from the course's chapters that are not free, or null. */
function courseRefusal(ctx: AppContext, auth: Auth, head: CourseHead): StudyRefusal | null {
  if (auth.role === 'guest') return 'noLogin';
  if (auth.role !== 'student') return 'studentOnly';
  if (auth.schoolId !== head.schoolId) return 'otherSchool';
  if (!allowedByGroups(head.authenticationGid, studentCourses(ctx, auth.userId).groups)) return 'designatedGroup';
  const plan = head.type === PLAN_COURSE_TYPE;
  if (plan && !(planApproved(ctx, head.id) && isPlanAssigned(ctx, auth.userId, head.id))) return 'designatedGroup';
  const purchase = purchaseOf(ctx, auth, head.id);
  const free = head.actualFen <= 0 || plan;
  if (!free && !purchase.bought) return 'endOfTrial';
  const { status } = courseStatus(validityOf(head), purchase, ctx.now());
  if (status === COURSE_STATUS.notStarted) return 'notStarted';
  if (status === COURSE_STATUS.ended || (status === COURSE_STATUS.needsPurchase && !plan)) return 'expired';
  return null;
}

/**
 * May this viewer study the (already opened) course as a whole — every chapter that is not free, the order
 * rules aside? Steps 3 and 5-7: a free audition chapter does not open the course.
 */
export function canStudyCourse(ctx: AppContext, auth: Auth, course: OpenedCourse): StudyAccess {
  if (course.admin) return { allowed: true, preview: true, audition: false };
  const refusal = courseRefusal(ctx, auth, course.head);
  return refusal ? refuse(refusal) : { allowed: true, preview: false, audition: false };
}

/** May this viewer study this chapter of this (already opened) course? Steps 3-8 of the order above. */
export function canStudyChapter(ctx: AppContext, auth: Auth, course: OpenedCourse, chapter: ChapterRow): StudyAccess {
  const { head } = course;
  if (course.admin) return { allowed: true, preview: true, audition: false };
  if (freeChapter(ctx, chapter)) return { allowed: true, preview: false, audition: true };
  const refusal = courseRefusal(ctx, auth, head);
  if (refusal) return refuse(refusal);
  if (auth.role === 'student' && hasOrderRules(head)) {
    const gate = studyGate(ctx, auth.userId, head);
    const lock = gate.lockOf(chapter.id);
    if (lock)
      return refuse(lock.message, {
        blockedBy: lock.blockedBy,
        window: gate.chapters.find((c) => c.cid === chapter.id)?.window ?? null,
      });
  }
  return { allowed: true, preview: false, audition: false };
}

/** Whether a student owns the course: free, an assigned plan, or bought and within its validity. */
export function ownsCourse(ctx: AppContext, auth: Auth, head: CourseHead): boolean {
  if (auth.role !== 'student') return false;
  if (head.type === PLAN_COURSE_TYPE) return planApproved(ctx, head.id) && isPlanAssigned(ctx, auth.userId, head.id);
  const purchase = purchaseOf(ctx, auth, head.id);
  if (head.actualFen > 0 && !purchase.bought) return false;
  return courseStatus(validityOf(head), purchase, ctx.now()).status === COURSE_STATUS.available || head.actualFen <= 0;
}

const STATUS_OF: Record<StudyRefusal, number> = {
  noLogin: 401,
  studentOnly: 403,
  otherSchool: 403,
  designatedGroup: 403,
  endOfTrial: 403,
  notStarted: 403,
  expired: 403,
  couseOrderTip: 403,
  orderTip: 403,
  orderTip2: 403,
  stageNotOpen: 403,
  stageClosed: 403,
  courseRemoved: 404,
  noChapter: 404,
};

/** The error a refusal answers with: its key as the error string, and the course to go back to. */
export function refusalError(
  ctx: AppContext,
  refusal: StudyRefusal,
  head: CourseHead,
  detail?: RefusalDetail,
): AppError {
  if (refusal === 'noLogin') return noLogin();
  return new AppError(STATUS_OF[refusal], STUDY_REFUSALS[refusal], {
    refusal,
    code: ctx.courseCodec.encode(head.id),
    hashUID: ctx.uidCodec.encode(head.schoolId),
    ...detail,
  });
}

/**
 * Opens a chapter for study (steps 1-7), or throws the refusal. The course is named by its decimal id or
 * its encoded code, the chapter by its id.
 */
export function openStudy(
  ctx: AppContext,
  auth: Auth,
  courseRef: string,
  cid: string,
): { course: OpenedCourse; chapter: ChapterRow; access: Extract<StudyAccess, { allowed: true }> } {
  const course = openCourse(ctx, auth, courseRef);
  const chapter = findChapter(ctx.db, cid);
  if (!chapter || chapter.courseId !== course.head.id) {
    throw refusalError(ctx, 'noChapter', course.head);
  }
  const access = canStudyChapter(ctx, auth, course, chapter);
  if (!access.allowed) throw refusalError(ctx, access.refusal, course.head, access.detail);
  return { course, chapter, access };
}
