import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StudentFilter } from '../../../shared/schemas/students';
import { type Db, first } from '../../db/client';
import { studentFieldValues, studentGroupMembers, studentGroups, students } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import type { StudentRow } from './student-writes';
import { mapAsync } from '../../lib/sequential';
import { LIKE } from '../../db/sql-dialect';

/** Reads of the student list and records (spec 7 Students). Writes go through student-writes.ts. */

/** Which of these ids are students of the school (asked before assigning or granting to them). */
export async function schoolStudentIds(db: Db, schoolId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...ids])))
  ).map((row) => row.id);
}

const CHUNK = 500;
const chunked = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** The where clause of the list's filters, always within the school. */
function filterWhere(schoolId: string, filter: StudentFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(students.schoolId, schoolId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    parts.push(
      sql`(${students.username} ${LIKE} ${p} escape '\\' or ${students.name} ${LIKE} ${p} escape '\\' or ${students.email} ${LIKE} ${p} escape '\\' or ${students.phone} ${LIKE} ${p} escape '\\')`,
    );
  }
  if (filter.gid) {
    parts.push(
      sql`exists (select 1 from ${studentGroupMembers} where ${studentGroupMembers.studentId} = ${students.id} and ${studentGroupMembers.groupId} = ${filter.gid})`,
    );
  }
  if (filter.status === 'enabled') parts.push(eq(students.disabled, false));
  if (filter.status === 'disabled') parts.push(eq(students.disabled, true));
  if (filter.source !== 'all') parts.push(eq(students.source, filter.source));
  return and(...parts);
}

/** One page of the school's students matching the filters, newest first, and how many match in all. */
export async function listStudents(
  db: Db,
  schoolId: string,
  filter: StudentFilter,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: StudentRow[] }> {
  const where = filterWhere(schoolId, filter);
  const total = first(await db.select({ n: count() }).from(students).where(where))?.n ?? 0;
  const rows = await db
    .select()
    .from(students)
    .where(where)
    .orderBy(desc(students.createdAt), desc(students.id))
    .limit(limit)
    .offset(offset);
  return { total, rows };
}

/** The groups of these students ({gid, name} by student), one query per 500 students. */
export async function groupsOfStudents(
  db: Db,
  studentIds: readonly string[],
): Promise<Map<string, { gid: string; name: string }[]>> {
  const out = new Map<string, { gid: string; name: string }[]>();
  for (const part of chunked(studentIds)) {
    const rows = await db
      .select({ studentId: studentGroupMembers.studentId, gid: studentGroups.id, name: studentGroups.name })
      .from(studentGroupMembers)
      .innerJoin(studentGroups, eq(studentGroups.id, studentGroupMembers.groupId))
      .where(inArray(studentGroupMembers.studentId, part))
      .orderBy(asc(studentGroups.position), asc(studentGroups.name));
    for (const row of rows) {
      const list = out.get(row.studentId) ?? [];
      list.push({ gid: row.gid, name: row.name });
      out.set(row.studentId, list);
    }
  }
  return out;
}

/** The custom field values of these students (sfid → value by student), one query per 500 students. */
export async function fieldValuesOfStudents(
  db: Db,
  studentIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  for (const part of chunked(studentIds)) {
    for (const row of await db.select().from(studentFieldValues).where(inArray(studentFieldValues.studentId, part))) {
      const values = out.get(row.studentId) ?? {};
      values[row.fieldId] = row.value;
      out.set(row.studentId, values);
    }
  }
  return out;
}

/** One student's custom field values as {sfid, value} (the bootstrap, stu/info, what an edit is laid over). */
export async function fieldValuesOf(db: Db, studentId: string): Promise<{ sfid: string; value: string }[]> {
  return Object.entries((await fieldValuesOfStudents(db, [studentId])).get(studentId) ?? {}).map(([sfid, value]) => ({
    sfid,
    value,
  }));
}

/** One student of the school, or undefined (another school's student reads as unknown). */
export async function schoolStudent(db: Db, schoolId: string, sid: string): Promise<StudentRow | undefined> {
  return first(
    await db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, sid))),
  );
}

/** The school's students among these ids (others are left out). */
export async function schoolStudents(db: Db, schoolId: string, sids: readonly string[]): Promise<StudentRow[]> {
  return (
    await mapAsync(
      chunked([...new Set(sids)]),
      async (part) =>
        await db
          .select()
          .from(students)
          .where(and(eq(students.schoolId, schoolId), inArray(students.id, part))),
    )
  ).flat();
}

/** Up to `limit` students whose user name or name contains the keyword, user names starting with it first. */
export async function searchStudents(db: Db, schoolId: string, keyword: string, limit: number) {
  const p = likePattern(keyword);
  const starts = `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return await db
    .select({ sid: students.id, username: students.username, name: students.name })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        sql`(${students.username} ${LIKE} ${p} escape '\\' or ${students.name} ${LIKE} ${p} escape '\\')`,
      ),
    )
    .orderBy(
      sql`case when ${students.username} ${LIKE} ${starts} escape '\\' then 0 else 1 end`,
      asc(students.username),
    )
    .limit(limit);
}

/** The ids of the school's students in any of these groups. */
export async function memberIdsOfGroups(db: Db, schoolId: string, gids: readonly string[]): Promise<string[]> {
  return (
    await db
      .selectDistinct({ id: students.id })
      .from(studentGroupMembers)
      .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
      .where(and(eq(students.schoolId, schoolId), inArray(studentGroupMembers.groupId, [...gids])))
      .orderBy(asc(students.id))
  ).map((row) => row.id);
}
