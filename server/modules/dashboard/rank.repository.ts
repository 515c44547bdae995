/**
 * What the rank reads beyond study time (records.store): points per student (point_ledger by its index
 * (school_id, at)), the school's and a group's students, group names and students' names. Each is one
 * indexed statement; the rank service keeps their answers for a minute per school.
 */
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { pointLedger, studentGroupMembers, studentGroups, students } from '../../db/schema';

/** Every student of the school with points since `since` (ms; 0 for all time), most first. */
export async function schoolPointTotals(
  db: Db,
  schoolId: string,
  since: number,
): Promise<{ sid: string; points: number }[]> {
  const points = sql<number>`sum(${pointLedger.delta})`;
  return await db
    .select({ sid: pointLedger.studentId, points })
    .from(pointLedger)
    .where(and(eq(pointLedger.schoolId, schoolId), since > 0 ? gte(pointLedger.at, since) : undefined))
    .groupBy(pointLedger.studentId)
    .having(sql`${points} > 0`)
    .orderBy(sql`2 desc`);
}

/** How many students the school has. */
export async function schoolStudentCount(db: Db, schoolId: string): Promise<number> {
  return first(await db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId)))?.n ?? 0;
}

/** The students of a group (direct members). */
export async function groupMemberIds(db: Db, groupId: string): Promise<string[]> {
  return (
    await db
      .select({ sid: studentGroupMembers.studentId })
      .from(studentGroupMembers)
      .where(eq(studentGroupMembers.groupId, groupId))
  ).map((row) => row.sid);
}

/** The names of the school's groups among `ids`. */
export async function groupNames(
  db: Db,
  schoolId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return await db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(studentGroups)
    .where(and(eq(studentGroups.schoolId, schoolId), inArray(studentGroups.id, [...ids])));
}

/**
 * Display names (name, else user name) of the school's students among `ids`: looked up by id, the school
 * checked on the rows (with the school in the query, SQLite walked the school's index: every student).
 */
export async function studentNames(db: Db, schoolId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: students.id, schoolId: students.schoolId, name: students.name, username: students.username })
    .from(students)
    .where(inArray(students.id, [...ids]));
  return new Map(rows.filter((row) => row.schoolId === schoolId).map((row) => [row.id, row.name || row.username]));
}
