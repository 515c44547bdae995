/**
 * Issue 16 'a plan assigned': the notice goes when the student actually has the plan — assigned (to them or a
 * group of theirs), its review approved and its course published, as the access policy's assignedPlans reads a
 * plan held — not when it is assigned while still in review. Every step that may complete the three asks here
 * inside its transaction: assigning (an approved, published plan: at once), approving, and publishing the plan's
 * course (course/pub: publishing needs the approval, so a plan assigned during its review is told then). Once per
 * student and plan (the dedupe key): unpublishing and publishing again, or assigning again, repeats nothing.
 * A student who joins an assigned group later is not told (no event of theirs passes here).
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { findCourse } from '../courses/courses.repository';
import { planAssigned } from '../notices/events';
import { assigneeStudentIds, findPlan } from './plans.repository';

/** Tells the plan's assignees who have it now and were not told yet; answers how many were told. */
export async function tellPlanHolders(ctx: AppContext, tx: Db, courseId: string, at: number): Promise<number> {
  const course = await findCourse(tx, courseId);
  if (!course?.published || course.deleted) return 0;
  if ((await findPlan(tx, courseId))?.status !== 'approved') return 0;
  const studentIds = await assigneeStudentIds(tx, course.schoolId, course.id);
  return (
    await planAssigned(
      { tx, ctx, at },
      { schoolId: course.schoolId, studentIds },
      { courseId: course.id, title: course.title },
    )
  ).length;
}
