/**
 * Who a study plan is for (server/db/schema/plans.ts): a plan (a course of type 3) is studied by the students
 * it is assigned to, directly or through one of their groups, once it is approved and published. The study
 * access check (server/modules/learning/study-access.ts) and the student's course lists ask here.
 */
import { PLAN_ERRORS } from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { prepared } from '../../db/prepared';
import { studentCourses } from '../courses/student-courses';

/** The course type of a study plan (spec 3 'Course' type 3). */
export const PLAN_COURSE_TYPE = 3;

/** Whether the plan is assigned to the student, directly or through one of the student's groups. */
export function isPlanAssigned(ctx: AppContext, studentId: string, courseId: string): boolean {
  const groups = studentCourses(ctx, studentId).groups;
  const statement = prepared(ctx.db, 'planAssignedTo', () =>
    ctx.sqlite.prepare<[string, string, string], { one: number }>(
      `select 1 as one from plan_assignments where course_id = ? and ((target_type = 'student' and target_id = ?) or (target_type = 'group' and target_id in (select value from json_each(?)))) limit 1`,
    ),
  );
  return statement.get(courseId, studentId, JSON.stringify(groups)) !== undefined;
}

/** Whether a plan may be studied at all: its review approved it (a course of another type: always). */
export function planApproved(ctx: AppContext, courseId: string): boolean {
  const statement = prepared(ctx.db, 'planStatus', () => ctx.sqlite.prepare<[string], { status: string }>(`select status from study_plans where course_id = ?`));
  return statement.get(courseId)?.status === 'approved';
}

/**
 * course/pub asks here before publishing (spec 3 'Study plan: published; goes through a verify/commit flow'):
 * a study-plan course may be published only once its review approved it (409 'study plan not approved');
 * unpublishing, and any other course, always pass.
 */
export function assertPlanPublishable(ctx: AppContext, course: { id: string; type: number }, publish: boolean): void {
  if (!publish || course.type !== PLAN_COURSE_TYPE) return;
  if (!planApproved(ctx, course.id)) throw conflict(PLAN_ERRORS.notApproved);
}
