import { and, eq, gt, isNotNull, isNull, max, ne, or } from 'drizzle-orm';
import { VALIDITY } from '../../../shared/rules/course-status';
import type { Db } from '../../db/client';
import { courseGrants, courses, memberPlans, memberships, studentGroupMembers } from '../../db/schema';

/**
 * The (student, course) pairs a course grant gives and that may end — to the student or to a group they are in,
 * not revoked, with an end or a days-from-purchase validity, of a published course not deleted. The sweep asks
 * the access policy how long each is really held (another way may hold it longer).
 */
export async function grantedPairs(
  db: Db,
): Promise<{ schoolId: string; studentId: string; courseId: string; title: string }[]> {
  // A grant without an end, of a course held for good, never ends: such pairs are most of a school's and are
  // left out before the access policy is asked about the rest.
  const mayEnd = or(isNotNull(courseGrants.expiresAt), ne(courses.ceType, VALIDITY.permanent));
  const live = and(isNull(courseGrants.revokedAt), eq(courses.published, true), eq(courses.deleted, false), mayEnd);
  const columns = {
    schoolId: courseGrants.schoolId,
    courseId: courses.id,
    title: courses.title,
  };
  const direct = await db
    .select({ ...columns, studentId: courseGrants.studentId })
    .from(courseGrants)
    .innerJoin(courses, eq(courses.id, courseGrants.courseId))
    .where(and(live, isNotNull(courseGrants.studentId)));
  const viaGroup = await db
    .select({ ...columns, studentId: studentGroupMembers.studentId })
    .from(courseGrants)
    .innerJoin(courses, eq(courses.id, courseGrants.courseId))
    .innerJoin(studentGroupMembers, eq(studentGroupMembers.groupId, courseGrants.groupId))
    .where(and(live, isNotNull(courseGrants.groupId)));
  const pairs = new Map<string, { schoolId: string; studentId: string; courseId: string; title: string }>();
  for (const row of [...direct, ...viaGroup])
    if (row.studentId) pairs.set(`${row.studentId}:${row.courseId}`, { ...row, studentId: row.studentId });
  return [...pairs.values()];
}

/**
 * Each student's current memberships per plan with their last instant (the latest end of the plan's rows not
 * revoked: a renewal is a later row), of those still running at `at`.
 */
export async function runningMemberships(db: Db, at: number) {
  const until = max(memberships.until);
  return (
    await db
      .select({
        schoolId: memberships.schoolId,
        studentId: memberships.studentId,
        planId: memberPlans.id,
        title: memberPlans.title,
        until,
      })
      .from(memberships)
      .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId))
      .where(isNull(memberships.revokedAt))
      .groupBy(memberships.schoolId, memberships.studentId, memberPlans.id, memberPlans.title)
      .having(gt(until, at))
  ).map((row) => ({ ...row, until: Number(row.until) }));
}
