import { and, asc, count, desc, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnCourses, columns, courses } from '../../db/schema';
import { cardColumns, visibleCourse, type CourseCardRow } from './course-cards.repository';

export type ColumnRow = typeof columns.$inferSelect;
/** A column with the totals of its visible courses. */
export type ColumnListRow = ColumnRow & { courseCount: number; duration: number };

// Totals over the column's courses students may see (published, not deleted, not private). The outer
// column is named in full: drizzle may leave it unqualified, where the subquery would read its own.
const visibleEntries = sql`from ${columnCourses} cc join ${courses} co on co.id = cc.course_id
  where cc.column_id = "columns"."id" and co.published = 1 and co.deleted = 0 and co.private = 0`;
const courseCount = sql<number>`(select count(*) ${visibleEntries})`.mapWith(Number);
const totalDuration = sql<number>`(select coalesce(sum(co.duration), 0) ${visibleEntries})`.mapWith(Number);

export function insertColumn(db: Db, column: typeof columns.$inferInsert): void {
  db.insert(columns).values(column).run();
}

/** A column of the school that is not deleted (any publish state): what the back office may touch. */
export function findSchoolColumn(db: Db, schoolId: string, id: string): ColumnRow | undefined {
  return db
    .select()
    .from(columns)
    .where(and(eq(columns.id, id), eq(columns.schoolId, schoolId), eq(columns.deleted, false)))
    .get();
}

/** A column that is not deleted, with its totals, whatever its school. */
export function findColumn(db: Db, id: string): ColumnListRow | undefined {
  return db
    .select({ ...getTableColumns(columns), courseCount, duration: totalDuration })
    .from(columns)
    .where(and(eq(columns.id, id), eq(columns.deleted, false)))
    .get();
}

export function updateColumn(db: Db, id: string, set: Partial<typeof columns.$inferInsert>): void {
  db.update(columns).set(set).where(eq(columns.id, id)).run();
}

/** How many of these ids are columns of the school that are not deleted. */
export function countSchoolColumns(db: Db, schoolId: string, ids: readonly string[]): number {
  return (
    db
      .select({ n: count() })
      .from(columns)
      .where(and(eq(columns.schoolId, schoolId), eq(columns.deleted, false), inArray(columns.id, [...ids])))
      .get()?.n ?? 0
  );
}

/** Marks the columns deleted. */
export function softDeleteColumns(db: Db, schoolId: string, ids: readonly string[], at: number): void {
  db.update(columns)
    .set({ deleted: true, updatedAt: at })
    .where(and(eq(columns.schoolId, schoolId), inArray(columns.id, [...ids])))
    .run();
}

/** The highest top value among the school's columns (0 when none is pinned). */
export function maxTop(db: Db, schoolId: string): number {
  return (
    db
      .select({ top: max(columns.top) })
      .from(columns)
      .where(eq(columns.schoolId, schoolId))
      .get()?.top ?? 0
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
    parts.push(sql`${columns.title} like ${pattern} escape '\\'`);
  }
  return and(...parts)!;
}

/** A page of the school's columns, pinned first (higher top first), then newest, with the total. */
export function listColumns(db: Db, filter: ColumnFilter): { rows: ColumnListRow[]; total: number } {
  const where = filterWhere(filter);
  const rows = db
    .select({ ...getTableColumns(columns), courseCount, duration: totalDuration })
    .from(columns)
    .where(where)
    .orderBy(desc(columns.top), desc(columns.createdAt), desc(columns.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total = db.select({ n: count() }).from(columns).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** The column's courses students may see, in the column's order. */
export function visibleColumnCourses(db: Db, schoolId: string, columnId: string): CourseCardRow[] {
  return db
    .select(cardColumns)
    .from(columnCourses)
    .innerJoin(courses, eq(courses.id, columnCourses.courseId))
    .where(and(eq(columnCourses.columnId, columnId), visibleCourse(schoolId)))
    .orderBy(asc(columnCourses.position))
    .all();
}

/** The ordered course ids of each column (any course state but deleted). */
export function columnCourseIds(db: Db, columnIds: readonly string[]): Map<string, string[]> {
  const result = new Map<string, string[]>(columnIds.map((id) => [id, []]));
  if (columnIds.length === 0) return result;
  const rows = db
    .select({ columnId: columnCourses.columnId, courseId: columnCourses.courseId })
    .from(columnCourses)
    .innerJoin(courses, eq(courses.id, columnCourses.courseId))
    .where(and(inArray(columnCourses.columnId, [...columnIds]), eq(courses.deleted, false)))
    .orderBy(asc(columnCourses.columnId), asc(columnCourses.position))
    .all();
  for (const row of rows) result.get(row.columnId)?.push(row.courseId);
  return result;
}

/** Replaces the column's course list with these ids in this order. */
export function replaceColumnCourses(db: Db, columnId: string, courseIds: readonly string[]): void {
  db.delete(columnCourses).where(eq(columnCourses.columnId, columnId)).run();
  if (courseIds.length > 0) {
    db.insert(columnCourses)
      .values(courseIds.map((courseId, position) => ({ columnId, courseId, position })))
      .run();
  }
}

/** Moves the school's columns of a category to no category ('0'). */
export function uncategoriseColumns(db: Db, schoolId: string, catid: string): void {
  db.update(columns)
    .set({ catid: '0' })
    .where(and(eq(columns.schoolId, schoolId), eq(columns.catid, catid)))
    .run();
}
