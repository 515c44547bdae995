import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { categories, columns } from '../../db/schema';
import { eachAsync } from '../../lib/sequential';

export type CategoryRow = typeof categories.$inferSelect;

const columnKind = (schoolId: string) => and(eq(categories.schoolId, schoolId), eq(categories.kind, 'column'));

/** The school's column categories in order, with how many columns each holds (published ones only, or all not deleted). */
export async function listColumnCates(
  db: Db,
  schoolId: string,
  publishedOnly: boolean,
): Promise<(CategoryRow & { columnCount: number })[]> {
  const published = publishedOnly ? sql`and c.published = 1` : sql``;
  // Outer columns are named in full: drizzle leaves them unqualified in a one-table select, where the subquery would read its own.
  const columnCount = sql<number>`(select count(*) from ${columns} c where c.school_id = "categories"."school_id"
    and c.catid = "categories"."id" and c.deleted = 0 ${published})`.mapWith(Number);
  return await db
    .select({ ...getTableColumns(categories), columnCount })
    .from(categories)
    .where(columnKind(schoolId))
    .orderBy(asc(categories.position), asc(categories.createdAt));
}

/** A column category of the school. */
export async function findColumnCate(db: Db, schoolId: string, id: string): Promise<CategoryRow | undefined> {
  return first(
    await db
      .select()
      .from(categories)
      .where(and(columnKind(schoolId), eq(categories.id, id))),
  );
}

/** The school's column category ids in their order. */
export async function columnCateIds(db: Db, schoolId: string): Promise<string[]> {
  return (
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(columnKind(schoolId))
      .orderBy(asc(categories.position), asc(categories.createdAt))
  ).map((row) => row.id);
}

export async function insertColumnCate(
  db: Db,
  cate: { id: string; schoolId: string; title: string; createdAt: number },
): Promise<void> {
  await db
    .insert(categories)
    .values({ ...cate, kind: 'column', parentId: '0', depth: 1, position: Number.MAX_SAFE_INTEGER });
}

export async function renameColumnCate(db: Db, id: string, title: string): Promise<void> {
  await db.update(categories).set({ title }).where(eq(categories.id, id));
}

export async function deleteColumnCate(db: Db, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Writes dense positions and the flat nested set (lft = 2i+1, rgt = 2i+2 under the virtual root 0) for this order. */
export async function renumberColumnCates(db: Db, orderedIds: readonly string[]): Promise<void> {
  await eachAsync(orderedIds, async (id, position) => {
    await db
      .update(categories)
      .set({ position, lft: 2 * position + 1, rgt: 2 * position + 2 })
      .where(eq(categories.id, id));
  });
}
