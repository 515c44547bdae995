/**
 * Who a study plan is for (server/db/schema/plans.ts): a plan (a course of type 3) is studied by the students
 * it is assigned to, directly or through one of their groups, once it is approved and published. The study
 * access check (server/modules/learning/study-access.ts) and the student's course lists ask here.
 */
import { canPublishPlan } from '../../../shared/rules/plan-review';
import { PLAN_ERRORS } from '../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { studentCourses } from '../courses/student-courses';
import { isAssigned, planStatus } from './plans.repository';

/** The course type of a study plan (spec 3 'Course' type 3). */
export const PLAN_COURSE_TYPE = 3;

/** Whether the plan is assigned to the student, directly or through one of the student's groups. */
export function isPlanAssigned(ctx: AppContext, studentId: string, courseId: string): boolean {
  return isAssigned(ctx.db, courseId, studentId, studentCourses(ctx, studentId).groups);
}

/** Whether a plan may be studied at all: its review approved it (false for a course that is no plan). */
export function planApproved(ctx: AppContext, courseId: string): boolean {
  return planStatus(ctx.db, courseId) === 'approved';
}

/**
 * course/pub asks here before publishing (spec 3 'Study plan: published; goes through a verify/commit flow'):
 * a study-plan course may be published only once its review approved it (409 'study plan not approved');
 * unpublishing, and any other course, always pass.
 */
export function assertPlanPublishable(ctx: AppContext, course: { id: string; type: number }, publish: boolean): void {
  if (course.type !== PLAN_COURSE_TYPE) return;
  if (!canPublishPlan(planStatus(ctx.db, course.id) ?? null, publish)) throw conflict(PLAN_ERRORS.notApproved);
}
