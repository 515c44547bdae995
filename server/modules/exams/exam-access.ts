/**
 * Who may sit an exam (groups or a course's students). The exam must be
 * the student's school's, published and not deleted (else 404).
 * - A chapter's exam (an exam chapter, or a plan stage's stage exam): whoever may study that chapter now
 *   (access/policy mayStudyChapter, the order rules included: a later stage's exam waits like its lessons).
 * - A standalone exam: its audience — a group the student belongs to, or a course the student may study
 *   (mayStudyCourse).
 *
 * Choices where the spec is silent: a standalone exam with no audience rows is open to every student of its
 * school (the back office's "everyone"); a refusal answers 403 'examNotForYou'.
 */
import type { AppContext, Auth } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { ensureSecret } from '../schools/schools.service';
import { studentCourses } from '../access/holdings';
import { openCourse } from '../courses/course-visibility';
import { mayStudyChapter, mayStudyCourse } from '../access/policy';
import { isComplete } from '../../../shared/rules/progress';
import { findChapter, listChapters } from '../chapters/chapters.repository';
import { studyGate } from '../access/order-gate';
import { audienceOf, type AudienceRow } from './exams.repository';
import { ExamLinks } from './exam-link';
import { findExam, type ExamRow } from './sittings.repository';

export type StudentAuth = Extract<Auth, { role: 'student' | 'admin' }>;

const links = new WeakMap<AppContext, ExamLinks>();

/** The app's exam link sealer (keyed from the app's secret). */
export async function examLinks(ctx: AppContext): Promise<ExamLinks> {
  let found = links.get(ctx);
  if (!found) links.set(ctx, (found = new ExamLinks(await ensureSecret(ctx), ctx.now)));
  return found;
}

/** The exam of the student's school, published and not deleted, or 404. */
export async function schoolExam(ctx: AppContext, auth: StudentAuth, examId: string): Promise<ExamRow> {
  const exam = await findExam(ctx.db, examId);
  if (!exam || exam.schoolId !== auth.schoolId || exam.deleted || exam.status !== 'published') throw notFound();
  return exam;
}

async function safely(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

/** Whether the student may sit the exam (the rules above); audience rows may be given when already read. */
export async function maySit(
  ctx: AppContext,
  auth: StudentAuth,
  exam: ExamRow,
  audience?: readonly AudienceRow[],
): Promise<boolean> {
  if (exam.chapterId !== '') {
    return await safely(async () => {
      const course = await openCourse(ctx, auth, exam.courseId);
      const chapter = await findChapter(ctx.db, exam.chapterId);
      if (!chapter || chapter.courseId !== course.head.id) return false;
      const access = await mayStudyChapter(ctx, auth, course, chapter);
      return access.allowed && !access.preview;
    });
  }
  const targets = audience ?? (await audienceOf(ctx.db, [exam.id]));
  if (targets.length === 0) return true;
  const groups = new Set((await studentCourses(ctx, auth.userId)).groups);
  for (const target of targets) {
    if (target.targetType === 'group' && groups.has(target.targetId)) return true;
    if (
      target.targetType === 'course' &&
      (await safely(
        async () => (await mayStudyCourse(ctx, auth, await openCourse(ctx, auth, target.targetId))).allowed,
      ))
    )
      return true;
  }
  return false;
}

/** The exam, after both checks, or throws (404 / 403 examNotForYou). */
export async function sittableExam(ctx: AppContext, auth: StudentAuth, examId: string): Promise<ExamRow> {
  const exam = await schoolExam(ctx, auth, examId);
  if (!(await maySit(ctx, auth, exam))) throw new AppError(403, 'examNotForYou');
  return exam;
}

/**
 * Spec 4 'Next chapter flow': "all subchapters done and stage not passed: the stage exam opens". A stage's
 * exam (an exam on a top-level chapter with lessons) starts only once every study lesson of the stage is
 * complete for the student (403 'stageLessonsFirst'); an exam chapter has no lessons and is not held here.
 */
export async function assertStageOpen(ctx: AppContext, auth: StudentAuth, exam: ExamRow): Promise<void> {
  if (exam.chapterId === '') return;
  const { head } = await openCourse(ctx, auth, exam.courseId);
  const lessons = (await listChapters(ctx.db, head.id)).filter((chapter) => chapter.parentId === exam.chapterId);
  if (lessons.length === 0) return;
  const gate = await studyGate(ctx, auth.userId, head);
  const studied = new Set(gate.chapters.map((chapter) => chapter.cid));
  if (!lessons.every((lesson) => !studied.has(lesson.id) || isComplete(gate.record(lesson.id).progress)))
    throw new AppError(403, 'stageLessonsFirst');
}
