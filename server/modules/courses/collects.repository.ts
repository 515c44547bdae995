import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { collects } from '../../db/schema';

/** True when the student bookmarked the course. */
export async function isCollected(db: Db, studentId: string, courseId: string): Promise<boolean> {
  return !!(await prepared(db, 'isCollected', (d) =>
    d
      .select({ at: collects.createdAt })
      .from(collects)
      .where(
        and(eq(collects.studentId, sql.placeholder('studentId')), eq(collects.courseId, sql.placeholder('courseId'))),
      )
      .prepare(),
  ).get({ studentId, courseId }));
}

/** Bookmarks the course; a second bookmark changes nothing. */
export async function addCollect(db: Db, studentId: string, courseId: string, at: number): Promise<void> {
  await db.insert(collects).values({ studentId, courseId, createdAt: at }).onConflictDoNothing();
}

/** Removes the bookmark; removing a missing one changes nothing. */
export async function removeCollect(db: Db, studentId: string, courseId: string): Promise<void> {
  await db.delete(collects).where(and(eq(collects.studentId, studentId), eq(collects.courseId, courseId)));
}
