import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, columns } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

const columnKind = (schoolId: string) => and(eq(categories.schoolId, schoolId), eq(categories.kind, 'column'));

/** The school's column categories in order, with how many columns each holds (published ones only, or all not deleted). */
export function listColumnCates(
  db: Db,
  schoolId: string,
  publishedOnly: boolean,
): (CategoryRow & { columnCount: number })[] {
  const published = publishedOnly ? sql`and c.published = 1` : sql``;
  // Outer columns are named in full: drizzle leaves them unqualified in a one-table select, where the subquery would read its own.
  const columnCount = sql<number>`(select count(*) from ${columns} c where c.school_id = "categories"."school_id"
    and c.catid = "categories"."id" and c.deleted = 0 ${published})`.mapWith(Number);
  return db
    .select({ ...getTableColumns(categories), columnCount })
    .from(categories)
    .where(columnKind(schoolId))
    .orderBy(asc(categories.position), asc(categories.createdAt))
    .all();
}

/** A column category of the school. */
export function findColumnCate(db: Db, schoolId: string, id: string): CategoryRow | undefined {
  return db
    .select()
    .from(categories)
    .where(and(columnKind(schoolId), eq(categories.id, id)))
    .get();
}

/** The school's column category ids in their order. */
export function columnCateIds(db: Db, schoolId: string): string[] {
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(columnKind(schoolId))
    .orderBy(asc(categories.position), asc(categories.createdAt))
    .all()
    .map((row) => row.id);
}

export function insertColumnCate(
  db: Db,
  cate: { id: string; schoolId: string; title: string; createdAt: number },
): void {
  db.insert(categories)
    .values({ ...cate, kind: 'column', parentId: '0', depth: 1, position: Number.MAX_SAFE_INTEGER })
    .run();
}

export function renameColumnCate(db: Db, id: string, title: string): void {
  db.update(categories).set({ title }).where(eq(categories.id, id)).run();
}

export function deleteColumnCate(db: Db, id: string): void {
  db.delete(categories).where(eq(categories.id, id)).run();
}

/** Writes dense positions and the flat nested set (lft = 2i+1, rgt = 2i+2 under the virtual root 0) for this order. */
export function renumberColumnCates(db: Db, orderedIds: readonly string[]): void {
  orderedIds.forEach((id, position) => {
    db.update(categories)
      .set({ position, lft: 2 * position + 1, rgt: 2 * position + 2 })
      .where(eq(categories.id, id))
      .run();
  });
}
