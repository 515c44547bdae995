import { and, asc, between, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, affected, first } from '../../db/client';
import { categories } from '../../db/schema';
import type { TreePlace } from './nested-set';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryKind = CategoryRow['kind'];

/** A school's categories of a kind in tree order (by lft). */
export async function listCategories(db: Db, schoolId: string, kind: CategoryKind): Promise<CategoryRow[]> {
  return await prepared(db, 'listCategories', (d) =>
    d
      .select()
      .from(categories)
      .where(and(eq(categories.schoolId, sql.placeholder('schoolId')), eq(categories.kind, sql.placeholder('kind'))))
      .orderBy(asc(categories.lft))
      .prepare(),
  ).all({ schoolId, kind });
}

/** A category by id (any school, any kind: callers check both). */
export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return await prepared(db, 'findCategory', (d) =>
    d
      .select()
      .from(categories)
      .where(eq(categories.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The category and every descendant: one range query on the nested set. */
export async function subtree(db: Db, root: CategoryRow): Promise<CategoryRow[]> {
  return await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.schoolId, root.schoolId),
        eq(categories.kind, root.kind),
        between(categories.lft, root.lft, root.rgt),
      ),
    )
    .orderBy(asc(categories.lft));
}

/** The ancestors of a category, from the first level down (without itself). */
export async function ancestors(db: Db, row: CategoryRow): Promise<CategoryRow[]> {
  return await db
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
    .orderBy(asc(categories.lft));
}

/** How many categories sit under a parent ('0' = the first level). */
export async function countChildren(db: Db, schoolId: string, kind: CategoryKind, parentId: string): Promise<number> {
  const row = first(
    await db
      .select({ n: sql<number>`count(*)` })
      .from(categories)
      .where(and(eq(categories.schoolId, schoolId), eq(categories.kind, kind), eq(categories.parentId, parentId))),
  );
  return row?.n ?? 0;
}

/** Inserts a category row (renumber the school's set afterwards). */
export async function insertCategory(db: Db, row: typeof categories.$inferInsert): Promise<void> {
  await db.insert(categories).values(row);
}

/** Changes a category's title, parent or position (renumber afterwards when the tree changed). */
export async function updateCategory(
  db: Db,
  id: string,
  patch: Partial<Pick<CategoryRow, 'title' | 'parentId' | 'position'>>,
): Promise<void> {
  await db.update(categories).set(patch).where(eq(categories.id, id));
}

/** Deletes these categories; returns how many went. */
export async function deleteCategories(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(await db.delete(categories).where(inArray(categories.id, ids)));
}

/** Writes the derived places (lft, rgt, depth, position) of the rows that changed. */
export async function savePlaces(db: Db, rows: readonly CategoryRow[], places: Map<string, TreePlace>): Promise<void> {
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
    await update.run({ id: row.id, ...place });
  }
}
