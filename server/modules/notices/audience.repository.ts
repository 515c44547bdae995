import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studentGroupMembers, students } from '../../db/schema';

/**
 * The school's students (not disabled) who are members of these groups: whom an event for groups (a standalone
 * exam's group audience) is told about. A course's holders are the access policy's (courseHolders).
 */
export async function groupMemberIds(db: Db, schoolId: string, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  return (
    await db
      .selectDistinct({ id: students.id })
      .from(studentGroupMembers)
      .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
      .where(
        and(
          inArray(studentGroupMembers.groupId, [...groupIds]),
          eq(students.schoolId, schoolId),
          eq(students.disabled, false),
        ),
      )
  ).map((row) => row.id);
}
