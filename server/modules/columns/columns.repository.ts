import { and, asc, count, desc, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { columnCourses, columns, courses } from '../../db/schema';
import { cardColumns, visibleCourse, type CourseCardRow } from './course-cards.repository';
import { LIKE } from '../../db/sql-dialect';

export type ColumnRow = typeof columns.$inferSelect;
/** A column with the totals of its visible courses. */
export type ColumnListRow = ColumnRow & { courseCount: number; duration: number };

// Totals over the column's courses students may see (published, not deleted, not private). The outer
// column is named in full: drizzle may leave it unqualified, where the subquery would read its own.
const visibleEntries = sql`from ${columnCourses} cc join ${courses} co on co.id = cc.course_id
  where cc.column_id = "columns"."id" and co.published = 1 and co.deleted = 0 and co.private = 0`;
const courseCount = sql<number>`(select count(*) ${visibleEntries})`.mapWith(Number);
const totalDuration = sql<number>`(select coalesce(sum(co.duration), 0) ${visibleEntries})`.mapWith(Number);

export async function insertColumn(db: Db, column: typeof columns.$inferInsert): Promise<void> {
  await db.insert(columns).values(column);
}

/** A column of the school that is not deleted (any publish state): what the back office may touch. */
export async function findSchoolColumn(db: Db, schoolId: string, id: string): Promise<ColumnRow | undefined> {
  return first(
    await db
      .select()
      .from(columns)
      .where(and(eq(columns.id, id), eq(columns.schoolId, schoolId), eq(columns.deleted, false))),
  );
}

/** A column that is not deleted, with its totals, whatever its school. */
export async function findColumn(db: Db, id: string): Promise<ColumnListRow | undefined> {
  return first(
    await db
      .select({ ...getTableColumns(columns), courseCount, duration: totalDuration })
      .from(columns)
      .where(and(eq(columns.id, id), eq(columns.deleted, false))),
  );
}

export async function updateColumn(db: Db, id: string, set: Partial<typeof columns.$inferInsert>): Promise<void> {
  await db.update(columns).set(set).where(eq(columns.id, id));
}

/** How many of these ids are columns of the school that are not deleted. */
export async function countSchoolColumns(db: Db, schoolId: string, ids: readonly string[]): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(columns)
        .where(and(eq(columns.schoolId, schoolId), eq(columns.deleted, false), inArray(columns.id, [...ids]))),
    )?.n ?? 0
  );
}

/** Marks the columns deleted. */
export async function softDeleteColumns(db: Db, schoolId: string, ids: readonly string[], at: number): Promise<void> {
  await db
    .update(columns)
    .set({ deleted: true, updatedAt: at })
    .where(and(eq(columns.schoolId, schoolId), inArray(columns.id, [...ids])));
}

/** The highest top value among the school's columns (0 when none is pinned). */
export async function maxTop(db: Db, schoolId: string): Promise<number> {
  return (
    first(
      await db
        .select({ top: max(columns.top) })
        .from(columns)
        .where(eq(columns.schoolId, schoolId)),
    )?.top ?? 0
  );
}

export interface ColumnFilter {
  schoolId: string;
  /** '0' for every category. */
  catid: string;
  publishedOnly: boolean;
  keyword?: string;
  limit: number;
  offset: number;
}

function filterWhere(filter: ColumnFilter): SQL {
  const parts: SQL[] = [eq(columns.schoolId, filter.schoolId), eq(columns.deleted, false)];
  if (filter.publishedOnly) parts.push(eq(columns.published, true));
  if (filter.catid !== '0') parts.push(eq(columns.catid, filter.catid));
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`${columns.title} ${LIKE} ${pattern} escape '\\'`);
  }
  return and(...parts)!;
}

/** A page of the school's columns, pinned first (higher top first), then newest, with the total. */
export async function listColumns(db: Db, filter: ColumnFilter): Promise<{ rows: ColumnListRow[]; total: number }> {
  const where = filterWhere(filter);
  const rows = await db
    .select({ ...getTableColumns(columns), courseCount, duration: totalDuration })
    .from(columns)
    .where(where)
    .orderBy(desc(columns.top), desc(columns.createdAt), desc(columns.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = first(await db.select({ n: count() }).from(columns).where(where))?.n ?? 0;
  return { rows, total };
}

/** The column's courses students may see, in the column's order. */
export async function visibleColumnCourses(db: Db, schoolId: string, columnId: string): Promise<CourseCardRow[]> {
  return await db
    .select(cardColumns)
    .from(columnCourses)
    .innerJoin(courses, eq(courses.id, columnCourses.courseId))
    .where(and(eq(columnCourses.columnId, columnId), visibleCourse(schoolId)))
    .orderBy(asc(columnCourses.position));
}

/** The ordered course ids of each column (any course state but deleted). */
export async function columnCourseIds(db: Db, columnIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(columnIds.map((id) => [id, []]));
  if (columnIds.length === 0) return result;
  const rows = await db
    .select({ columnId: columnCourses.columnId, courseId: columnCourses.courseId })
    .from(columnCourses)
    .innerJoin(courses, eq(courses.id, columnCourses.courseId))
    .where(and(inArray(columnCourses.columnId, [...columnIds]), eq(courses.deleted, false)))
    .orderBy(asc(columnCourses.columnId), asc(columnCourses.position));
  for (const row of rows) result.get(row.columnId)?.push(row.courseId);
  return result;
}

/** Replaces the column's course list with these ids in this order. */
export async function replaceColumnCourses(db: Db, columnId: string, courseIds: readonly string[]): Promise<void> {
  await db.delete(columnCourses).where(eq(columnCourses.columnId, columnId));
  if (courseIds.length > 0) {
    await db.insert(columnCourses).values(courseIds.map((courseId, position) => ({ columnId, courseId, position })));
  }
}

/** Moves the school's columns of a category to no category ('0'). */
export async function uncategoriseColumns(db: Db, schoolId: string, catid: string): Promise<void> {
  await db
    .update(columns)
    .set({ catid: '0' })
    .where(and(eq(columns.schoolId, schoolId), eq(columns.catid, catid)));
}
