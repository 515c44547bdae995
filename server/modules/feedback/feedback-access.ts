import { STUDY_REFUSALS } from '../../../shared/schemas/learning';
import type { AppContext, Auth } from '../../context';
import { AppError, noLogin, notFound } from '../../lib/errors';
import type { ChapterRow } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { courseIdOf, openCourse, openStudy } from '../courses/course-visibility';
import { mayStudyCourse, refusalError } from '../access/policy';

/**
 * Who may sign and rate: a signed-in student of the course's school who may study it, asked through the
 * one study check (server/modules/learning/study-access.ts) so the rules never drift apart.
 * Guests 401; administrators 403 studentOnly (请使用学员账号进行操作！, spec 6: they preview, they do not sign).
 */

export type StudentAuth = Auth & { role: 'student' };

/** The signed-in student, or 401 for a guest and 403 studentOnly for an administrator. */
export function studentOnly(auth: Auth): StudentAuth {
  if (auth.role === 'guest') throw noLogin();
  if (auth.role !== 'student') throw new AppError(403, STUDY_REFUSALS.studentOnly, { refusal: 'studentOnly' });
  return auth as StudentAuth;
}

export interface StudentStudy {
  head: CourseHead;
  /** The chapter named, null for cid '0' (the course). */
  chapter: ChapterRow | null;
}

/**
 * Opens a course (and a chapter of it, unless cid is '0') for a student's signature or rating, or throws the
 * study refusal (404 unknown course or chapter, 403 otherSchool / designatedGroup / endOfTrial / notStarted /
 * expired). With `wholeCourseOnly` the student must be able to study the whole course even when the chapter
 * named is a free one.
 */
export async function openForStudent(
  ctx: AppContext,
  auth: Auth,
  coid: string,
  cid: string,
  wholeCourseOnly: boolean,
): Promise<StudentStudy & { student: StudentAuth }> {
  const student = studentOnly(auth);
  const course = await openCourse(ctx, student, coid);
  // A free chapter is open to anyone who sees the course (the audition): another school's student is still refused here.
  if (course.head.schoolId !== student.schoolId) throw refusalError(ctx, 'otherSchool', course.head);
  let chapter: ChapterRow | null = null;
  if (cid !== '0') {
    chapter = (await openStudy(ctx, student, coid, cid)).chapter;
  }
  // cid '0' and signing are about the whole course (what a student needs to study every chapter), so a free
  // audition chapter does not open them.
  if (cid === '0' || wholeCourseOnly) {
    const access = await mayStudyCourse(ctx, student, course);
    if (!access.allowed) throw refusalError(ctx, access.refusal, course.head);
  }
  return { head: course.head, chapter, student };
}

/** The course id behind a reference (decimal or encoded), or 404. For reads of the student's own records only. */
export function courseIdOrNotFound(ctx: AppContext, coid: string): string {
  const id = courseIdOf(ctx, coid);
  if (!id) throw notFound();
  return id;
}
