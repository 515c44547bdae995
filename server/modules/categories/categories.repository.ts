import { and, asc, between, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import type { TreePlace } from './nested-set';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryKind = CategoryRow['kind'];

/** A school's categories of a kind in tree order (by lft). */
export function listCategories(db: Db, schoolId: string, kind: CategoryKind): CategoryRow[] {
  return prepared(db, 'listCategories', (d) =>
    d
      .select()
      .from(categories)
      .where(and(eq(categories.schoolId, sql.placeholder('schoolId')), eq(categories.kind, sql.placeholder('kind'))))
      .orderBy(asc(categories.lft))
      .prepare(),
  ).all({ schoolId, kind });
}

/** A category by id (any school, any kind: callers check both). */
export function findCategory(db: Db, id: string): CategoryRow | undefined {
  return prepared(db, 'findCategory', (d) =>
    d
      .select()
      .from(categories)
      .where(eq(categories.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The category and every descendant: one range query on the nested set. */
export function subtree(db: Db, root: CategoryRow): CategoryRow[] {
  return db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.schoolId, root.schoolId),
        eq(categories.kind, root.kind),
        between(categories.lft, root.lft, root.rgt),
      ),
    )
    .orderBy(asc(categories.lft))
    .all();
}

/** The ancestors of a category, from the first level down (without itself). */
export function ancestors(db: Db, row: CategoryRow): CategoryRow[] {
  return db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.schoolId, row.schoolId),
        eq(categories.kind, row.kind),
        lt(categories.lft, row.lft),
        gt(categories.rgt, row.rgt),
      ),
    )
    .orderBy(asc(categories.lft))
    .all();
}

/** How many categories sit under a parent ('0' = the first level). */
export function countChildren(db: Db, schoolId: string, kind: CategoryKind, parentId: string): number {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(categories)
    .where(and(eq(categories.schoolId, schoolId), eq(categories.kind, kind), eq(categories.parentId, parentId)))
    .get();
  return row?.n ?? 0;
}

/** Inserts a category row (renumber the school's set afterwards). */
export function insertCategory(db: Db, row: typeof categories.$inferInsert): void {
  db.insert(categories).values(row).run();
}

/** Changes a category's title, parent or position (renumber afterwards when the tree changed). */
export function updateCategory(
  db: Db,
  id: string,
  patch: Partial<Pick<CategoryRow, 'title' | 'parentId' | 'position'>>,
): void {
  db.update(categories).set(patch).where(eq(categories.id, id)).run();
}

/** Deletes these categories; returns how many went. */
export function deleteCategories(db: Db, ids: string[]): number {
  if (ids.length === 0) return 0;
  return db.delete(categories).where(inArray(categories.id, ids)).run().changes;
}

/** Writes the derived places (lft, rgt, depth, position) of the rows that changed. */
export function savePlaces(db: Db, rows: readonly CategoryRow[], places: Map<string, TreePlace>): void {
  const update = prepared(db, 'saveCategoryPlace', (d) =>
    d
      .update(categories)
      .set({
        lft: sql`${sql.placeholder('lft')}`,
        rgt: sql`${sql.placeholder('rgt')}`,
        depth: sql`${sql.placeholder('depth')}`,
        position: sql`${sql.placeholder('position')}`,
      })
      .where(eq(categories.id, sql.placeholder('id')))
      .prepare(),
  );
  for (const row of rows) {
    const place = places.get(row.id);
    if (!place) continue;
    if (place.lft === row.lft && place.rgt === row.rgt && place.depth === row.depth && place.position === row.position)
      continue;
    update.run({ id: row.id, ...place });
  }
}
