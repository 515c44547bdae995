import { COURSE_ERRORS } from '../../../shared/schemas/courses';
import type { AppContext, Auth } from '../../context';
import { AppError, noLogin, notFound } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';
import { adminPermissions } from '../admins/admins.service';
import { courseHead, type CourseHead } from './catalogue.repository';
import { cachedValue } from '../../lib/catalogue-http';
import { type MaybePromise, thenMaybe } from '../../lib/sequential';
import { canManageCourse } from './course-access';
import { findChapter, type ChapterRow } from '../chapters/chapters.repository';
import { mayStudyChapter, refusalError, viewRefusal, type OpenedCourse, type StudyAccess } from '../access/policy';

/** The coid behind a course reference from a URL: a decimal coid, or its encoded code; null for garbage. */
export function courseIdOf(ctx: AppContext, ref: string): string | null {
  if (/^\d{12,20}$/.test(ref)) return ref;
  return ctx.courseCodec.decode(ref);
}

const courseSchools = new WeakMap<AppContext, Map<string, string>>();

/** The school of a course, or null when there is no such course; remembered, since a course never changes school. */
function schoolOfCourse(ctx: AppContext, coid: string): MaybePromise<string | null> {
  let known = courseSchools.get(ctx);
  if (!known) {
    known = new Map();
    courseSchools.set(ctx, known);
  }
  const schoolId = known.get(coid);
  if (schoolId) return schoolId;
  const kept = known;
  return courseHead(ctx.db, coid).then((head) => {
    if (!head) return null;
    if (kept.size >= 100_000) kept.clear();
    kept.set(coid, head.schoolId);
    return head.schoolId;
  });
}

/** The course's head (visibility, price, validity), kept in the school's cache until its next catalogue write. */
export function cachedHead(ctx: AppContext, coid: string): MaybePromise<CourseHead | null> {
  return thenMaybe(schoolOfCourse(ctx, coid), (schoolId) =>
    schoolId ? cachedValue(ctx, schoolId, `head:${coid}`, async () => (await courseHead(ctx.db, coid)) ?? null) : null,
  );
}

/** True when the viewer administers the course: an admin holding 'course' who may manage it (never throws). */
export async function isCourseAdmin(ctx: AppContext, auth: Auth, course: { schoolId: string }): Promise<boolean> {
  if (auth.role !== 'admin' || auth.schoolId !== course.schoolId) return false;
  const admin = await findAdmin(ctx.db, auth.userId);
  return (
    !!admin &&
    !admin.disabled &&
    adminPermissions(admin).includes('course') &&
    (await canManageCourse(ctx, auth.userId, course))
  );
}

/** 404 'course removed' with the school to go back to (spec 8 该课程已下架, then the owner's page). */
const removed = (ctx: AppContext, schoolId: string) =>
  new AppError(404, COURSE_ERRORS.removed, { uid: schoolId, hashUID: ctx.uidCodec.encode(schoolId) });

/**
 * Opens a course for a viewer, or throws: garbage or unknown → 404; deleted → 404 'course removed' for all;
 * unpublished → 404 'course removed' unless the viewer administers it; private → only students of its
 * school (a guest gets 401 so the page can ask them to sign in, anyone else 404) and its administrators.
 */
export function openCourse(
  ctx: AppContext,
  auth: Auth,
  ref: string,
): MaybePromise<{ head: CourseHead; admin: boolean }> {
  const id = courseIdOf(ctx, ref);
  if (!id) return Promise.reject(notFound());
  return thenMaybe(cachedHead(ctx, id), (head) => {
    if (!head) throw notFound();
    // Only an administrator's session can administer the course: a student's or guest's opens without a read.
    if (auth.role !== 'admin' || head.deleted) return opened(ctx, auth, head, false);
    return isCourseAdmin(ctx, auth, head).then((admin) => opened(ctx, auth, head, admin));
  });
}

/** The course as the viewer may see it, or the view refusal thrown. */
function opened(ctx: AppContext, auth: Auth, head: CourseHead, admin: boolean) {
  const refusal = viewRefusal(head, auth, admin);
  if (refusal === 'removed') throw removed(ctx, head.schoolId);
  if (refusal === 'noLogin') throw noLogin();
  if (refusal === 'hidden') throw notFound();
  return { head, admin };
}

/**
 * Opens a chapter for study, or throws the access policy's refusal (access/policy mayStudyChapter): the
 * course is open to the viewer (openCourse), the chapter is of the course (else 404 noChapterAlert), and the
 * viewer may study it now. The course is named by its decimal id or its encoded code, the chapter by its id.
 */
export async function openStudy(
  ctx: AppContext,
  auth: Auth,
  courseRef: string,
  cid: string,
): Promise<{ course: OpenedCourse<CourseHead>; chapter: ChapterRow; access: Extract<StudyAccess, { allowed: true }> }> {
  const course = await openCourse(ctx, auth, courseRef);
  const chapter = await findChapter(ctx.db, cid);
  if (!chapter || chapter.courseId !== course.head.id) throw refusalError(ctx, 'noChapter', course.head);
  const access = await mayStudyChapter(ctx, auth, course, chapter);
  if (!access.allowed) throw refusalError(ctx, access.refusal, course.head, access.detail);
  return { course, chapter, access };
}
