import { and, asc, between, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Db, affected, first } from '../../db/client';
import { adminGroups, admins, categories, courses } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { LIKE } from '../../db/sql-dialect';

export type AdminRow = typeof admins.$inferSelect;

/** The stored JSON id list of a column (permissions, categories); garbage reads as []. */
export function readIdList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Courses whose category lies in one of the scope categories' subtrees (nested set: lft between the scope
 * category's lft and rgt), as one subquery. Courses without a category never match.
 */
export function coursesInScope(schoolId: string, scopeIds: readonly string[]): SQL {
  if (scopeIds.length === 0) return sql`1 = 0`;
  const inner = alias(categories, 'scope_cat');
  return sql`${courses.catid} in (select ${categories.id} from ${categories} join ${categories} as "scope_cat" on ${inner.schoolId} = ${categories.schoolId} and ${inner.kind} = ${categories.kind} and ${categories.lft} between ${inner.lft} and ${inner.rgt} where ${categories.schoolId} = ${schoolId} and ${categories.kind} = 'course' and ${inArray(inner.id, [...scopeIds])})`;
}

/** True when the course category lies in one of the scope categories' subtrees: one range query. */
export async function categoryInScope(
  db: Db,
  schoolId: string,
  catid: string,
  scopeIds: readonly string[],
): Promise<boolean> {
  if (scopeIds.length === 0) return false;
  const scope = alias(categories, 'scope_cat');
  const row = first(
    await db
      .select({ id: categories.id })
      .from(categories)
      .innerJoin(
        scope,
        and(
          eq(scope.schoolId, categories.schoolId),
          eq(scope.kind, categories.kind),
          between(categories.lft, scope.lft, scope.rgt),
        ),
      )
      .where(
        and(
          eq(categories.id, catid),
          eq(categories.schoolId, schoolId),
          eq(categories.kind, 'course'),
          inArray(scope.id, [...scopeIds]),
        ),
      )
      .limit(1),
  );
  return !!row;
}

/** The category of a course (any school): for checks given only a course id. */
export async function courseCatid(db: Db, courseId: string): Promise<string | undefined> {
  return first(await db.select({ catid: courses.catid }).from(courses).where(eq(courses.id, courseId)))?.catid;
}

/** The school's course categories among these ids, with their titles. */
export async function schoolCategories(
  db: Db,
  schoolId: string,
  ids: readonly string[],
): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return [];
  return await db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(and(eq(categories.schoolId, schoolId), eq(categories.kind, 'course'), inArray(categories.id, [...ids])))
    .orderBy(asc(categories.lft));
}

/** The school's admin groups among these ids, with their names. */
export async function schoolAdminGroups(
  db: Db,
  schoolId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return await db
    .select({ id: adminGroups.id, name: adminGroups.name })
    .from(adminGroups)
    .where(and(eq(adminGroups.schoolId, schoolId), inArray(adminGroups.id, [...ids])));
}

/** The school's sub-admins among these ids (never the main admin). */
export async function findSubAdmins(db: Db, schoolId: string, ids: readonly string[]): Promise<AdminRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(admins)
    .where(and(eq(admins.schoolId, schoolId), isNotNull(admins.parentId), inArray(admins.id, [...ids])));
}

/** True when any administrator of any school has this user name (admins_username is install-wide). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return !!first(
    await db.select({ id: admins.id }).from(admins).where(sql`lower(${admins.username}) = lower(${username})`),
  );
}

export interface SubAdminFilter {
  schoolId: string;
  keyword: string;
  groupId: string;
  limit: number;
  offset: number;
}

/** A page of the school's sub-admins, newest first, with the total. */
export async function listSubAdmins(db: Db, filter: SubAdminFilter): Promise<{ rows: AdminRow[]; total: number }> {
  const pattern = filter.keyword ? likePattern(filter.keyword) : null;
  const where = and(
    eq(admins.schoolId, filter.schoolId),
    isNotNull(admins.parentId),
    filter.groupId ? eq(admins.groupId, filter.groupId) : undefined,
    pattern
      ? sql`(${admins.username} ${LIKE} ${pattern} escape '\\' or ${admins.name} ${LIKE} ${pattern} escape '\\')`
      : undefined,
  );
  const total = first(await db.select({ n: sql<number>`count(*)` }).from(admins).where(where))?.n ?? 0;
  const rows = await db
    .select()
    .from(admins)
    .where(where)
    .orderBy(desc(admins.createdAt), desc(admins.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

export async function insertSubAdmin(db: Db, row: typeof admins.$inferInsert): Promise<void> {
  await db.insert(admins).values(row);
}

export async function updateAdmin(db: Db, id: string, patch: Partial<typeof admins.$inferInsert>): Promise<void> {
  await db.update(admins).set(patch).where(eq(admins.id, id));
}

/** Deletes sub-admin accounts (never a main admin: parent_id must be set). */
export async function deleteSubAdmins(db: Db, schoolId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(
    await db
      .delete(admins)
      .where(and(eq(admins.schoolId, schoolId), isNotNull(admins.parentId), inArray(admins.id, [...ids]))),
  );
}
