import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, first, affected } from '../../db/client';
import { categories, courses, studyPlans } from '../../db/schema';
import { LIKE } from '../../db/sql-dialect';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;

/** A category range of the nested set: a course is in it when its category's lft lies between. */
export interface CategoryRange {
  schoolId: string;
  lft: number;
  rgt: number;
}

/** '%keyword%' for LIKE with backslash as the escape character, so % and _ in a keyword match themselves. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Courses whose title or keywords contain the keyword (case-insensitive for Latin letters). */
export function keywordMatch(keyword: string): SQL {
  const pattern = likePattern(keyword);
  return sql`(${courses.title} ${LIKE} ${pattern} escape '\\' or ${courses.keywords} ${LIKE} ${pattern} escape '\\')`;
}

/** Courses filed in a category of the range (the category and its whole subtree): one range query. */
export function inCategoryRange(range: CategoryRange): SQL {
  return sql`${courses.catid} in (select ${categories.id} from ${categories} where ${categories.schoolId} = ${range.schoolId} and ${categories.kind} = 'course' and ${categories.lft} between ${range.lft} and ${range.rgt})`;
}

/** A course by id (deleted ones too). */
export async function findCourse(db: Db, id: string): Promise<CourseRow | undefined> {
  return await prepared(db, 'findCourse', (d) =>
    d
      .select()
      .from(courses)
      .where(eq(courses.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The courses among these ids that exist. */
export async function findCourses(db: Db, ids: string[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  return await db.select().from(courses).where(inArray(courses.id, ids));
}

/** Inserts a course row. */
export async function insertCourse(db: Db, row: NewCourseRow): Promise<void> {
  await db.insert(courses).values(row);
}

/** Changes the given columns of a course. */
export async function updateCourse(db: Db, id: string, patch: Partial<NewCourseRow>): Promise<void> {
  await db.update(courses).set(patch).where(eq(courses.id, id));
}

/** Soft delete: deleted = 1 (the rows stay for records and orders). */
export async function softDeleteCourses(db: Db, ids: string[], at: number): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(
    await db.update(courses).set({ deleted: true, top: 0, updatedAt: at }).where(inArray(courses.id, ids)),
  );
}

/** The highest pin of a school's courses (0 when none is pinned). */
export async function maxTop(db: Db, schoolId: string): Promise<number> {
  return (
    first(
      await db
        .select({ top: sql<number>`coalesce(max(${courses.top}), 0)` })
        .from(courses)
        .where(eq(courses.schoolId, schoolId)),
    )?.top ?? 0
  );
}

/** How many courses (not deleted) are filed in these categories. */
export async function countLiveCourses(db: Db, schoolId: string, catIds: string[]): Promise<number> {
  if (catIds.length === 0) return 0;
  return (
    first(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(courses)
        .where(and(eq(courses.schoolId, schoolId), inArray(courses.catid, catIds), eq(courses.deleted, false))),
    )?.n ?? 0
  );
}

/** Files every course of these categories (deleted ones too) under another category ('0' = none). */
export async function moveCourses(
  db: Db,
  schoolId: string,
  catIds: string[],
  target: string,
  at: number,
  onlyDeleted = false,
): Promise<number> {
  if (catIds.length === 0) return 0;
  const where = and(
    eq(courses.schoolId, schoolId),
    inArray(courses.catid, catIds),
    onlyDeleted ? eq(courses.deleted, true) : undefined,
  );
  return affected(await db.update(courses).set({ catid: target, updatedAt: at }).where(where));
}

/** What the back office's list filters by. */
export interface AdminCourseFilter {
  schoolId: string;
  status: 'published' | 'draft' | 'all';
  range: CategoryRange | null;
  /** A category not in the tree (only its own courses can match). */
  catid: string | null;
  /** The administrator's category scope (server/modules/courses/course-access scopeFilter); undefined = all. */
  scope?: SQL;
  keyword: string;
  limit: number;
  offset: number;
}

/** The back office's list: the school's courses that are not deleted, pinned first then newest, with the total. */
export async function adminCourses(db: Db, filter: AdminCourseFilter): Promise<{ rows: CourseRow[]; total: number }> {
  const where = and(
    eq(courses.schoolId, filter.schoolId),
    eq(courses.deleted, false),
    filter.status === 'all' ? undefined : eq(courses.published, filter.status === 'published'),
    filter.range ? inCategoryRange(filter.range) : filter.catid !== null ? eq(courses.catid, filter.catid) : undefined,
    filter.keyword ? keywordMatch(filter.keyword) : undefined,
    filter.scope,
  );
  const total = first(await db.select({ n: sql<number>`count(*)` }).from(courses).where(where))?.n ?? 0;
  const rows = await db
    .select()
    .from(courses)
    .where(where)
    .orderBy(desc(courses.top), desc(courses.createdAt), desc(sql`length(${courses.id})`), desc(courses.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** A study-plan course is a plan from the start: its review row, written with the course (server/modules/plans). */
export async function insertPlan(db: Db, row: typeof studyPlans.$inferInsert): Promise<void> {
  await db.insert(studyPlans).values(row);
}
