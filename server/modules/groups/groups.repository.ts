import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import {
  adminGroups,
  admins,
  courses,
  examAudience,
  exams,
  planAssignments,
  studentGroupMembers,
  studentGroups,
} from '../../db/schema';
import type { GroupKind } from '../../../shared/schemas/groups';
import { eachAsync } from '../../lib/sequential';
import { LIKE } from '../../db/sql-dialect';

export type GroupRow = typeof studentGroups.$inferSelect;

/**
 * The table of a kind of group. student_groups and admin_groups have the same columns (schema/accounts.ts),
 * so one set of queries serves both trees; the cast only names the shared column set.
 */
const tableOf = (kind: GroupKind) =>
  kind === 'student' ? studentGroups : (adminGroups as unknown as typeof studentGroups);

/** The school's groups of a kind, in order (position, then name). */
export async function listGroups(db: Db, schoolId: string, kind: GroupKind = 'student'): Promise<GroupRow[]> {
  const t = tableOf(kind);
  return await db.select().from(t).where(eq(t.schoolId, schoolId)).orderBy(asc(t.position), asc(t.name));
}

/** Which of these ids are student groups of the school (each once; another school's or unknown ids are left out). */
export async function schoolGroupIds(db: Db, schoolId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(and(eq(studentGroups.schoolId, schoolId), inArray(studentGroups.id, [...new Set(ids)])))
  ).map((row) => row.id);
}

/** One group of the school, or undefined (another school's id reads as unknown). */
export async function findGroup(db: Db, kind: GroupKind, schoolId: string, id: string): Promise<GroupRow | undefined> {
  const t = tableOf(kind);
  return first(
    await db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.schoolId, schoolId))),
  );
}

/** The groups directly under a parent (null = root), in order. */
export async function childGroups(
  db: Db,
  kind: GroupKind,
  schoolId: string,
  parentId: string | null,
): Promise<GroupRow[]> {
  const t = tableOf(kind);
  const parent = parentId === null ? isNull(t.parentId) : eq(t.parentId, parentId);
  return await db
    .select()
    .from(t)
    .where(and(eq(t.schoolId, schoolId), parent))
    .orderBy(asc(t.position), asc(t.name));
}

export async function insertGroupRow(db: Db, kind: GroupKind, row: GroupRow): Promise<void> {
  await db.insert(tableOf(kind)).values(row);
}

export async function updateGroup(
  db: Db,
  kind: GroupKind,
  id: string,
  values: Partial<Pick<GroupRow, 'name' | 'parentId' | 'position'>>,
): Promise<void> {
  const t = tableOf(kind);
  await db.update(t).set(values).where(eq(t.id, id));
}

/** Numbers the given groups 0, 1, 2 ... in the given order (and puts them under the parent). */
export async function setOrder(
  db: Db,
  kind: GroupKind,
  parentId: string | null,
  orderedIds: readonly string[],
): Promise<void> {
  await eachAsync(orderedIds, async (id, position) => await updateGroup(db, kind, id, { parentId, position }));
}

/** Deletes a group; its members leave it (student memberships go; sub-admins keep their account with no group). */
export async function deleteGroupRow(db: Db, kind: GroupKind, id: string): Promise<void> {
  if (kind === 'student') await db.delete(studentGroupMembers).where(eq(studentGroupMembers.groupId, id));
  else await db.update(admins).set({ groupId: null }).where(eq(admins.groupId, id));
  const t = tableOf(kind);
  await db.delete(t).where(eq(t.id, id));
}

/** Members of each group of the school that has any: students for student groups, sub-admins for admin groups. */
export async function memberCounts(db: Db, kind: GroupKind, schoolId: string): Promise<Map<string, number>> {
  const rows =
    kind === 'student'
      ? await db
          .select({ id: studentGroupMembers.groupId, n: count() })
          .from(studentGroupMembers)
          .innerJoin(studentGroups, eq(studentGroups.id, studentGroupMembers.groupId))
          .where(eq(studentGroups.schoolId, schoolId))
          .groupBy(studentGroupMembers.groupId)
      : await db
          .select({ id: admins.groupId, n: count() })
          .from(admins)
          .where(and(eq(admins.schoolId, schoolId), sql`${admins.groupId} is not null`))
          .groupBy(admins.groupId);
  return new Map(rows.map((r) => [r.id ?? '', r.n]));
}

/** What still points at a student group: live courses restricted to it, plans assigned to it, exams sat by it. */
export async function groupUses(
  db: Db,
  schoolId: string,
  id: string,
): Promise<{ courses: number; plans: number; exams: number }> {
  // authentication_gid is a comma list ("3,17"); wrap both sides in commas to match whole ids only.
  const restricted = first(
    await db
      .select({ n: count() })
      .from(courses)
      .where(
        and(
          eq(courses.schoolId, schoolId),
          eq(courses.deleted, false),
          sql`',' || replace(${courses.authenticationGid}, ' ', '') || ',' ${LIKE} ${`%,${id},%`}`,
        ),
      ),
  );
  const plans = first(
    await db
      .select({ n: count() })
      .from(planAssignments)
      .where(
        and(
          eq(planAssignments.schoolId, schoolId),
          eq(planAssignments.targetType, 'group'),
          eq(planAssignments.targetId, id),
        ),
      ),
  );
  const audience = first(
    await db
      .select({ n: count() })
      .from(examAudience)
      .innerJoin(exams, eq(exams.id, examAudience.examId))
      .where(
        and(
          eq(exams.schoolId, schoolId),
          eq(exams.deleted, false),
          eq(examAudience.targetType, 'group'),
          inArray(examAudience.targetId, [id]),
        ),
      ),
  );
  return { courses: restricted?.n ?? 0, plans: plans?.n ?? 0, exams: audience?.n ?? 0 };
}
