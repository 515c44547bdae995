import { and, asc, eq, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';

export type ChapterRow = typeof chapters.$inferSelect;
export type NewChapterRow = typeof chapters.$inferInsert;

/** A course's chapters, sorted by parent then position. */
export function listChapters(db: Db, courseId: string): ChapterRow[] {
  return prepared(db, 'listChapters', (d) =>
    d
      .select()
      .from(chapters)
      .where(eq(chapters.courseId, sql.placeholder('courseId')))
      .orderBy(asc(chapters.parentId), asc(chapters.position), asc(chapters.createdAt))
      .prepare(),
  ).all({ courseId });
}

/** A chapter by id. */
export function findChapter(db: Db, id: string): ChapterRow | undefined {
  return prepared(db, 'findChapter', (d) =>
    d
      .select()
      .from(chapters)
      .where(eq(chapters.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The chapters under a parent ('0' = top level) in order. */
export function siblings(db: Db, courseId: string, parentId: string): ChapterRow[] {
  return db
    .select()
    .from(chapters)
    .where(and(eq(chapters.courseId, courseId), eq(chapters.parentId, parentId)))
    .orderBy(asc(chapters.position), asc(chapters.createdAt), asc(chapters.id))
    .all();
}

/** How many chapters sit under a parent ('0' = top level). */
export function countChildren(db: Db, courseId: string, parentId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(chapters)
      .where(and(eq(chapters.courseId, courseId), eq(chapters.parentId, parentId)))
      .get()?.n ?? 0
  );
}

/** Inserts chapter rows. */
export function insertChapters(db: Db, rows: NewChapterRow[]): void {
  for (const row of rows) db.insert(chapters).values(row).run();
}

/** Changes the given columns of a chapter. */
export function updateChapter(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      ChapterRow,
      'title' | 'type' | 'free' | 'allowdownload' | 'showgrade' | 'description' | 'parentId' | 'position'
    >
  >,
): void {
  db.update(chapters).set(patch).where(eq(chapters.id, id)).run();
}

/** Deletes a chapter and its subchapters. */
export function deleteChapterTree(db: Db, id: string): number {
  return db
    .delete(chapters)
    .where(or(eq(chapters.id, id), eq(chapters.parentId, id)))
    .run().changes;
}

/** Writes positions 0..n-1 in the given order (only where they changed). */
export function renumber(db: Db, ordered: readonly ChapterRow[]): void {
  ordered.forEach((row, position) => {
    if (row.position !== position) db.update(chapters).set({ position }).where(eq(chapters.id, row.id)).run();
  });
}
