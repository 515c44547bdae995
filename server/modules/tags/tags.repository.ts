import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, courseTags, tags } from '../../db/schema';
import { cardColumns, visibleCourse, type CourseCardRow } from '../columns/course-cards.repository';

export type TagRow = typeof tags.$inferSelect;

const entryOrder = asc(courseTags.position);

/** The school's tags in order. */
export function listTags(db: Db, schoolId: string): TagRow[] {
  return db.select().from(tags).where(eq(tags.schoolId, schoolId)).orderBy(asc(tags.position), asc(tags.id)).all();
}

export function findSchoolTag(db: Db, schoolId: string, id: string): TagRow | undefined {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.schoolId, schoolId), eq(tags.id, id)))
    .get();
}

/** The school's tag of this name, ignoring letter case. */
export function findTagByName(db: Db, schoolId: string, name: string): TagRow | undefined {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.schoolId, schoolId), sql`lower(${tags.name}) = lower(${name})`))
    .get();
}

export function insertTag(db: Db, tag: { id: string; schoolId: string; name: string; position: number }): void {
  db.insert(tags).values(tag).run();
}

export function renameTag(db: Db, id: string, name: string): void {
  db.update(tags).set({ name }).where(eq(tags.id, id)).run();
}

/** Deletes the tag (its course entries go with it). */
export function deleteTag(db: Db, id: string): void {
  db.delete(tags).where(eq(tags.id, id)).run();
}

/** Writes dense positions 0..n-1 in this order. */
export function renumberTags(db: Db, orderedIds: readonly string[]): void {
  orderedIds.forEach((id, position) => db.update(tags).set({ position }).where(eq(tags.id, id)).run());
}

/** Replaces the tag's courses with these ids in this order. */
export function replaceTagCourses(db: Db, tagId: string, courseIds: readonly string[]): void {
  db.delete(courseTags).where(eq(courseTags.tagId, tagId)).run();
  if (courseIds.length > 0)
    db.insert(courseTags)
      .values(courseIds.map((courseId, position) => ({ courseId, tagId, position })))
      .run();
}

/** The ordered course ids of each tag (any course state but deleted). */
export function tagCourseIds(db: Db, tagIds: readonly string[]): Map<string, string[]> {
  const result = new Map<string, string[]>(tagIds.map((id) => [id, []]));
  if (tagIds.length === 0) return result;
  const rows = db
    .select({ tagId: courseTags.tagId, courseId: courseTags.courseId })
    .from(courseTags)
    .innerJoin(courses, eq(courses.id, courseTags.courseId))
    .where(and(inArray(courseTags.tagId, [...tagIds]), eq(courses.deleted, false)))
    .orderBy(entryOrder)
    .all();
  for (const row of rows) result.get(row.tagId)?.push(row.courseId);
  return result;
}

/** Every visible course of the school's tags, with its tag, in each tag's order. */
export function visibleTagCourses(db: Db, schoolId: string): (CourseCardRow & { tagId: string })[] {
  return db
    .select({ ...cardColumns, tagId: courseTags.tagId })
    .from(courseTags)
    .innerJoin(tags, eq(tags.id, courseTags.tagId))
    .innerJoin(courses, eq(courses.id, courseTags.courseId))
    .where(and(eq(tags.schoolId, schoolId), visibleCourse(schoolId)))
    .orderBy(entryOrder)
    .all();
}
