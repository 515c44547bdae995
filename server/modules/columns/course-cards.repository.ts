import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema';

/** The course fields a card needs (shared/schemas/courses zCourseCard). */
export const cardColumns = {
  id: courses.id,
  title: courses.title,
  img: courses.img,
  type: courses.type,
  level: courses.level,
  label: courses.label,
  actualFen: courses.actualFen,
  priceFen: courses.priceFen,
  lcount: courses.lcount,
  duration: courses.duration,
  catid: courses.catid,
  createdAt: courses.createdAt,
};
export type CourseCardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'] };

/** A course students may see in lists: the school's, published, not deleted, not private. */
export function visibleCourse(schoolId: string): SQL {
  return and(eq(courses.schoolId, schoolId), eq(courses.published, true), eq(courses.deleted, false), eq(courses.isPrivate, false))!;
}

/** Which of these ids are courses of the school that are not deleted (any publish state). */
export function schoolCourseIds(db: Db, schoolId: string, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.deleted, false), inArray(courses.id, [...ids])))
    .all();
  return new Set(rows.map((row) => row.id));
}
