/**
 * Settles a submitted sitting (graded on the server): its score, the marks still due and
 * its pass (shared/rules/exam-score), and, for a chapter's exam, the student's learn record of that chapter
 * (passing a stage exam sets the chapter's passed flag used by growthPlanOrder in
 * shared/rules/study-order).
 *
 * Called after submission (by the student or at the deadline by the server) and after every teacher's mark,
 * in the caller's transaction. A pass is never taken back by a later, worse sitting: the chapter's passed
 * flag only goes from false to true. Submitting an exam chapter's sitting completes the chapter (progress 1:
 * the student sat it), whether passed or not; passing is what the growth plan order asks for.
 */
import { sittingScore, type SittingScore } from '../../../shared/rules/exam-score';
import type { AppContext } from '../../context';
import { findCourse } from '../courses/courses.repository';
import { setChapterResult } from '../records/records-admin.service';
import * as repo from './sittings.repository';
import { earnForExam } from '../points/earn';

export async function settleSitting(ctx: AppContext, sittingId: string): Promise<SittingScore> {
  const sitting = await repo.findSitting(ctx.db, sittingId);
  if (sitting?.status !== 'submitted') throw new Error(`settleSitting: sitting ${sittingId} is not submitted`);
  const result = sittingScore(await repo.sittingAnswers(ctx.db, sittingId), sitting.passScore);
  await repo.saveSittingScore(ctx.db, sittingId, result);
  const exam = await repo.findExam(ctx.db, sitting.examId);
  if (exam && result.passed)
    await earnForExam(ctx, { schoolId: exam.schoolId, studentId: sitting.studentId, examId: exam.id, at: ctx.now() });
  const course = exam && exam.chapterId !== '' ? await findCourse(ctx.db, exam.courseId) : undefined;
  if (exam && course) {
    await setChapterResult(ctx, sitting.studentId, course, exam.chapterId, {
      progress: 1,
      ...(result.passed ? { passed: true } : {}),
    });
  }
  return result;
}
