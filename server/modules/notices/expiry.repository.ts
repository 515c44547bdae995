import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseGrants, courses, studentGroupMembers } from '../../db/schema';

/**
 * The (student, course) pairs a course grant gives and that may end — to the student or to a group they are in,
 * not revoked, with an end or a days-from-purchase validity, of a published course not deleted. The sweep asks
 * the access policy how long each is really held (another way may hold it longer).
 */
export function grantedPairs(db: Db): { schoolId: string; studentId: string; courseId: string; title: string }[] {
  const live = and(isNull(courseGrants.revokedAt), eq(courses.published, true), eq(courses.deleted, false));
  const columns = {
    schoolId: courseGrants.schoolId,
    courseId: courses.id,
    title: courses.title,
  };
  const direct = db
    .select({ ...columns, studentId: courseGrants.studentId })
    .from(courseGrants)
    .innerJoin(courses, eq(courses.id, courseGrants.courseId))
    .where(and(live, isNotNull(courseGrants.studentId)))
    .all();
  const viaGroup = db
    .select({ ...columns, studentId: studentGroupMembers.studentId })
    .from(courseGrants)
    .innerJoin(courses, eq(courses.id, courseGrants.courseId))
    .innerJoin(studentGroupMembers, eq(studentGroupMembers.groupId, courseGrants.groupId))
    .where(and(live, isNotNull(courseGrants.groupId)))
    .all();
  const pairs = new Map<string, { schoolId: string; studentId: string; courseId: string; title: string }>();
  for (const row of [...direct, ...viaGroup])
    if (row.studentId) pairs.set(`${row.studentId}:${row.courseId}`, { ...row, studentId: row.studentId });
  return [...pairs.values()];
}
