import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseGrants, enrolments, studentGroupMembers, students } from '../../db/schema';

/**
 * The school's students (not disabled) who are members of these groups or hold these courses by an enrolment
 * or a grant to them not revoked: whom an event for groups and courses (an exam's audience) is told about.
 */
export function audienceStudents(
  db: Db,
  schoolId: string,
  groupIds: readonly string[],
  courseIds: readonly string[],
): string[] {
  const found = new Set<string>();
  if (groupIds.length > 0) {
    for (const row of db
      .selectDistinct({ id: studentGroupMembers.studentId })
      .from(studentGroupMembers)
      .where(inArray(studentGroupMembers.groupId, [...groupIds]))
      .all())
      found.add(row.id);
  }
  if (courseIds.length > 0) {
    for (const row of db
      .selectDistinct({ id: enrolments.studentId })
      .from(enrolments)
      .where(inArray(enrolments.courseId, [...courseIds]))
      .all())
      found.add(row.id);
    for (const row of db
      .selectDistinct({ id: courseGrants.studentId })
      .from(courseGrants)
      .where(and(inArray(courseGrants.courseId, [...courseIds]), isNull(courseGrants.revokedAt)))
      .all())
      if (row.id) found.add(row.id);
  }
  if (found.size === 0) return [];
  const ids = [...found];
  const mine: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of db
      .select({ id: students.id })
      .from(students)
      .where(
        and(eq(students.schoolId, schoolId), eq(students.disabled, false), inArray(students.id, ids.slice(i, i + 500))),
      )
      .all())
      mine.push(row.id);
  }
  return mine;
}
