/**
 * What the student's course list reads beyond enrolments and learning records (which come from
 * server/modules/access (holdings) and server/modules/records/records.store).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';

/** Chapters by id: their course, kind and title (to say where to continue). */
export async function chaptersByIds(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; courseId: string; type: number; title: string }[]> {
  if (ids.length === 0) return [];
  return await db
    .select({ id: chapters.id, courseId: chapters.courseId, type: chapters.type, title: chapters.title })
    .from(chapters)
    .where(inArray(chapters.id, [...ids]));
}
