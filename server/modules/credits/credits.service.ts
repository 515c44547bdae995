/**
 * Study credits (issue 18 'my credits'; the rule in shared/rules/study-credits): the student's own and the
 * back office's read of a student's. Awarding is not here: it happens in the database, in the same statement
 * that records a course's completion (migrations/0017_study_credits.sql), so it is in the completion's
 * transaction whichever writer completes the course, and once per student and course.
 */
import { creditValue } from '../../../shared/rules/study-credits';
import type { StudentCredits, StudyCredits } from '../../../shared/schemas/credits';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { scopeFilter } from '../courses/course-access';
import * as repo from './credits.repository';

function shaped(ctx: AppContext, rows: repo.CreditRow[]): StudyCredits {
  // Summed in tenths (integers) and divided once: 0.1 + 0.2 stays 0.3.
  const tenths = rows.reduce((sum, row) => sum + row.tenths, 0);
  return {
    total: creditValue(tenths),
    list: rows.map((row) => ({
      coid: row.courseId,
      code: ctx.courseCodec.encode(row.courseId),
      title: row.title,
      credit: creditValue(row.tenths),
      at: row.awardedAt,
    })),
  };
}

/** GET student/credits: the signed-in student's. */
export async function myCredits(ctx: AppContext, studentId: string): Promise<StudyCredits> {
  return shaped(ctx, await repo.studentCredits(ctx.db, studentId));
}

/** GET student/creditdetail: a student of the administrator's school, within the administrator's categories. */
export async function studentCredits(
  ctx: AppContext,
  admin: { userId: string; schoolId: string },
  sid: string,
): Promise<StudentCredits> {
  const student = await repo.findStudent(ctx.db, admin.schoolId, sid);
  if (!student) throw notFound('student not found');
  const rows = await repo.studentCredits(ctx.db, student.id, await scopeFilter(ctx, admin.userId));
  return { sid: student.id, username: student.username, name: student.name, ...shaped(ctx, rows) };
}
