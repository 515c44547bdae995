import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, sessions, studentFields, studentFieldValues, studentGroupMembers, studentGroups } from '../../db/schema';
import type { StudentField } from '../../../shared/schemas/students';

/** The reads and writes of the student's own account that the shared student writes do not cover. */

function readOptions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The school's custom student fields in their order (spec 3 fieldSet). */
export function schoolFields(db: Db, schoolId: string): StudentField[] {
  return db
    .select()
    .from(studentFields)
    .where(eq(studentFields.schoolId, schoolId))
    .orderBy(asc(studentFields.position), asc(studentFields.createdAt), asc(studentFields.id))
    .all()
    .map((row) => ({ sfid: row.id, name: row.name, kind: row.kind, options: readOptions(row.options), required: row.required, position: row.position }));
}

/** A student's custom field values (spec 3 studentFields). */
export function fieldValues(db: Db, studentId: string): { sfid: string; value: string }[] {
  return db
    .select({ sfid: studentFieldValues.fieldId, value: studentFieldValues.value })
    .from(studentFieldValues)
    .where(eq(studentFieldValues.studentId, studentId))
    .all();
}

/** The student's groups with their names. */
export function groupsOf(db: Db, studentId: string): { gid: string; name: string }[] {
  return db
    .select({ gid: studentGroups.id, name: studentGroups.name })
    .from(studentGroupMembers)
    .innerJoin(studentGroups, eq(studentGroups.id, studentGroupMembers.groupId))
    .where(eq(studentGroupMembers.studentId, studentId))
    .orderBy(asc(studentGroups.name))
    .all();
}

/** The settings JSON of a school ('{}' when unknown), read inside a transaction when given one. */
export function schoolSettingsJson(db: Db, schoolId: string): string {
  return db.select({ settings: schools.settings }).from(schools).where(eq(schools.id, schoolId)).get()?.settings ?? '{}';
}

/** Ends a student's live sessions but `keep` (after a password change: other devices must sign in again). */
export function endOtherSessions(db: Db, studentId: string, keep: string, at: number): number {
  return db
    .update(sessions)
    .set({ endedAt: at, endReason: 'logout' })
    .where(and(eq(sessions.role, 'student'), eq(sessions.userId, studentId), ne(sessions.tokenHash, keep), isNull(sessions.endedAt)))
    .run().changes;
}
