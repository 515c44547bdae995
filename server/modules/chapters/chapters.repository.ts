import { and, asc, eq, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, affected, first } from '../../db/client';
import { chapters } from '../../db/schema';
import { eachAsync } from '../../lib/sequential';

export type ChapterRow = typeof chapters.$inferSelect;
export type NewChapterRow = typeof chapters.$inferInsert;

/** A course's chapters, sorted by parent then position. */
export async function listChapters(db: Db, courseId: string): Promise<ChapterRow[]> {
  return await prepared(db, 'listChapters', (d) =>
    d
      .select()
      .from(chapters)
      .where(eq(chapters.courseId, sql.placeholder('courseId')))
      .orderBy(asc(chapters.parentId), asc(chapters.position), asc(chapters.createdAt))
      .prepare(),
  ).all({ courseId });
}

/** A chapter by id. */
export async function findChapter(db: Db, id: string): Promise<ChapterRow | undefined> {
  return await prepared(db, 'findChapter', (d) =>
    d
      .select()
      .from(chapters)
      .where(eq(chapters.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The chapters under a parent ('0' = top level) in order. */
export async function siblings(db: Db, courseId: string, parentId: string): Promise<ChapterRow[]> {
  return await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.courseId, courseId), eq(chapters.parentId, parentId)))
    .orderBy(asc(chapters.position), asc(chapters.createdAt), asc(chapters.id));
}

/** How many chapters sit under a parent ('0' = top level). */
export async function countChildren(db: Db, courseId: string, parentId: string): Promise<number> {
  return (
    first(
      await db
        .select({ n: sql<number>`count(*)` })
        .from(chapters)
        .where(and(eq(chapters.courseId, courseId), eq(chapters.parentId, parentId))),
    )?.n ?? 0
  );
}

/** Inserts chapter rows. */
export async function insertChapters(db: Db, rows: NewChapterRow[]): Promise<void> {
  for (const row of rows) await db.insert(chapters).values(row);
}

/** Changes the given columns of a chapter. */
export async function updateChapter(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      ChapterRow,
      'title' | 'type' | 'free' | 'allowdownload' | 'showgrade' | 'description' | 'parentId' | 'position'
    >
  >,
): Promise<void> {
  await db.update(chapters).set(patch).where(eq(chapters.id, id));
}

/** Deletes a chapter and its subchapters. */
export async function deleteChapterTree(db: Db, id: string): Promise<number> {
  return affected(await db.delete(chapters).where(or(eq(chapters.id, id), eq(chapters.parentId, id))));
}

/** Writes positions 0..n-1 in the given order (only where they changed). */
export async function renumber(db: Db, ordered: readonly ChapterRow[]): Promise<void> {
  await eachAsync(ordered, async (row, position) => {
    if (row.position !== position) await db.update(chapters).set({ position }).where(eq(chapters.id, row.id));
  });
}
