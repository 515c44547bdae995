import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { courses, courseTags, tags } from '../../db/schema';
import { cardColumns, visibleCourse, type CourseCardRow } from '../columns/course-cards.repository';
import { eachAsync } from '../../lib/sequential';

export type TagRow = typeof tags.$inferSelect;

const entryOrder = asc(courseTags.position);

/** The school's tags in order. */
export async function listTags(db: Db, schoolId: string): Promise<TagRow[]> {
  return await db.select().from(tags).where(eq(tags.schoolId, schoolId)).orderBy(asc(tags.position), asc(tags.id));
}

export async function findSchoolTag(db: Db, schoolId: string, id: string): Promise<TagRow | undefined> {
  return first(
    await db
      .select()
      .from(tags)
      .where(and(eq(tags.schoolId, schoolId), eq(tags.id, id))),
  );
}

/** The school's tag of this name, ignoring letter case. */
export async function findTagByName(db: Db, schoolId: string, name: string): Promise<TagRow | undefined> {
  return first(
    await db
      .select()
      .from(tags)
      .where(and(eq(tags.schoolId, schoolId), sql`lower(${tags.name}) = lower(${name})`)),
  );
}

export async function insertTag(
  db: Db,
  tag: { id: string; schoolId: string; name: string; position: number },
): Promise<void> {
  await db.insert(tags).values(tag);
}

export async function renameTag(db: Db, id: string, name: string): Promise<void> {
  await db.update(tags).set({ name }).where(eq(tags.id, id));
}

/** Deletes the tag (its course entries go with it). */
export async function deleteTag(db: Db, id: string): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/** Writes dense positions 0..n-1 in this order. */
export async function renumberTags(db: Db, orderedIds: readonly string[]): Promise<void> {
  await eachAsync(orderedIds, async (id, position) => await db.update(tags).set({ position }).where(eq(tags.id, id)));
}

/** Replaces the tag's courses with these ids in this order. */
export async function replaceTagCourses(db: Db, tagId: string, courseIds: readonly string[]): Promise<void> {
  await db.delete(courseTags).where(eq(courseTags.tagId, tagId));
  if (courseIds.length > 0)
    await db.insert(courseTags).values(courseIds.map((courseId, position) => ({ courseId, tagId, position })));
}

/** The ordered course ids of each tag (any course state but deleted). */
export async function tagCourseIds(db: Db, tagIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(tagIds.map((id) => [id, []]));
  if (tagIds.length === 0) return result;
  const rows = await db
    .select({ tagId: courseTags.tagId, courseId: courseTags.courseId })
    .from(courseTags)
    .innerJoin(courses, eq(courses.id, courseTags.courseId))
    .where(and(inArray(courseTags.tagId, [...tagIds]), eq(courses.deleted, false)))
    .orderBy(entryOrder);
  for (const row of rows) result.get(row.tagId)?.push(row.courseId);
  return result;
}

/** Every visible course of the school's tags, with its tag, in each tag's order. */
export async function visibleTagCourses(db: Db, schoolId: string): Promise<(CourseCardRow & { tagId: string })[]> {
  return await db
    .select({ ...cardColumns, tagId: courseTags.tagId })
    .from(courseTags)
    .innerJoin(tags, eq(tags.id, courseTags.tagId))
    .innerJoin(courses, eq(courses.id, courseTags.courseId))
    .where(and(eq(tags.schoolId, schoolId), visibleCourse(schoolId)))
    .orderBy(entryOrder);
}
