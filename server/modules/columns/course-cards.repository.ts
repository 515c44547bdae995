import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema';

// Course cards are one shape everywhere: the columns and tags lists reuse the catalogue's columns and filter.
export { cardColumns, listable as visibleCourse, type CardRow as CourseCardRow } from '../courses/catalogue.repository';

/** Which of these ids are courses of the school that are not deleted (any publish state). */
export async function schoolCourseIds(db: Db, schoolId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.deleted, false), inArray(courses.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
