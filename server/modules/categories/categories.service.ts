import type { z } from 'zod';
import {
  CATEGORY_ERRORS,
  CATEGORY_MAX_DEPTH,
  type Category,
  type CategoryNode,
  type zMoveBeforeDelete,
  type zNewCategory,
  type zUpdateCategory,
} from '../../../shared/schemas/categories';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import { cachedReply } from '../../lib/catalogue-http';
import { canManageCategory, scopedCategoryRows } from '../courses/course-access';
import { countLiveCourses, moveCourses, type CategoryRange } from '../courses/courses.repository';
import * as repo from './categories.repository';
import { computeNestedSet, subtreeHeight } from './nested-set';
import type { CategoryKind, CategoryRow } from './categories.repository';
import { eachAsync } from '../../lib/sequential';

const KIND: CategoryKind = 'course';

/** A 400 naming the field, with a stable error string. */
const refused = (error: string, field: string) => badInput(error, { field, issues: [{ field, message: error }] });

/** A stored category as replies carry it. */
export function toCategory(row: CategoryRow): Category {
  return {
    catid: row.id,
    title: row.title,
    catname: row.title,
    parent_id: row.parentId,
    depth: row.depth,
    position: row.position,
    lft: row.lft,
    rgt: row.rgt,
    isColumn: row.kind === 'column',
  };
}

/** Nests rows given in tree order (by lft) under their parents. */
export function buildTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { ...toCategory(row), children: [] };
    nodes.set(row.id, node);
    const parent = nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Derives lft/rgt/depth and dense positions of a school's categories of a kind; call inside the write's transaction. */
export async function renumberCategories(db: Db, schoolId: string, kind: CategoryKind): Promise<void> {
  const rows = await repo.listCategories(db, schoolId, kind);
  await repo.savePlaces(db, rows, computeNestedSet(rows));
}

/** The school's whole tree of a kind. */
export async function categoryTree(
  ctx: AppContext,
  schoolId: string,
  kind: CategoryKind = KIND,
): Promise<CategoryNode[]> {
  return buildTree(await repo.listCategories(ctx.db, schoolId, kind));
}

/** The children of catid ('0' = first level) with their own child counts, and the path down to catid; 404 for another school's id. */
export async function categoryChildren(ctx: AppContext, schoolId: string, catid: string) {
  const rows = await repo.listCategories(ctx.db, schoolId, KIND);
  const self = catid === '0' ? undefined : rows.find((row) => row.id === catid);
  if (catid !== '0' && !self) throw notFound();
  const childCount = new Map<string, number>();
  for (const row of rows) childCount.set(row.parentId, (childCount.get(row.parentId) ?? 0) + 1);
  const allCates = rows
    .filter((row) => row.parentId === catid)
    .map((row) => ({ ...toCategory(row), childCount: childCount.get(row.id) ?? 0 }));
  const path = self ? rows.filter((row) => row.lft <= self.lft && row.rgt >= self.rgt).map(toCategory) : [];
  return { allCates, path };
}

/** The nested-set range of a course category of the school: null for '0' (all); 'missing' when it is not one. */
export async function categoryRange(
  ctx: AppContext,
  schoolId: string,
  catid: string,
): Promise<CategoryRange | null | 'missing'> {
  if (catid === '0') return null;
  const row = await repo.findCategory(ctx.db, catid);
  if (!row || row.schoolId !== schoolId || row.kind !== KIND) return 'missing';
  return { schoolId, lft: row.lft, rgt: row.rgt };
}

/** A category the administrator may manage, else 404. */
async function managedCategory(ctx: AppContext, adminId: string, catid: string): Promise<CategoryRow> {
  const row = await repo.findCategory(ctx.db, catid);
  if (!row || row.kind !== KIND || !(await canManageCategory(ctx, adminId, row))) throw notFound();
  return row;
}

/** The parent a category may hang under: '0' or a course category of the same school (else 404). */
async function parentFor(ctx: AppContext, schoolId: string, parentId: string): Promise<CategoryRow | null> {
  if (parentId === '0') return null;
  const parent = await repo.findCategory(ctx.db, parentId);
  if (!parent || parent.kind !== KIND || parent.schoolId !== schoolId) throw notFound('parent not found');
  return parent;
}

/** POST course/category: adds a category as the last child of its parent; a fourth level is refused. */
export async function addCategory(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
  input: z.output<typeof zNewCategory>,
): Promise<Category> {
  const parent = await parentFor(ctx, schoolId, input.parent_id);
  // A sub-admin limited to some categories adds only inside them (the first level is '0': unscoped admins only).
  if (!(await canManageCategory(ctx, adminId, parent ?? { schoolId, id: '0' }))) throw notFound('parent not found');
  if ((parent?.depth ?? 0) + 1 > CATEGORY_MAX_DEPTH) throw refused(CATEGORY_ERRORS.tooDeep, 'parent_id');
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    const position = await repo.countChildren(tx, schoolId, KIND, input.parent_id);
    await repo.insertCategory(tx, {
      id,
      schoolId,
      kind: KIND,
      parentId: input.parent_id,
      title: input.title,
      position,
      createdAt: ctx.now(),
    });
    await renumberCategories(tx, schoolId, KIND);
  });
  ctx.catalogueCache.bump(schoolId);
  return toCategory((await repo.findCategory(ctx.db, id))!);
}

/** POST course/cate/update: renames, moves under another parent (not into its own subtree, at most three levels) and reorders. */
export async function updateCategory(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zUpdateCategory>,
): Promise<Category> {
  const row = await managedCategory(ctx, adminId, input.catid);
  const parentId = input.parent_id ?? row.parentId;
  const moving = parentId !== row.parentId;
  if (moving) {
    const parent = await parentFor(ctx, row.schoolId, parentId);
    if (!(await canManageCategory(ctx, adminId, parent ?? { schoolId: row.schoolId, id: '0' })))
      throw notFound('parent not found');
    if (parent && parent.lft >= row.lft && parent.rgt <= row.rgt)
      throw refused(CATEGORY_ERRORS.intoOwnSubtree, 'parent_id');
    const height = subtreeHeight(await repo.subtree(ctx.db, row), row.depth);
    if ((parent?.depth ?? 0) + height > CATEGORY_MAX_DEPTH) throw refused(CATEGORY_ERRORS.tooDeep, 'parent_id');
  }
  await ctx.db.transaction(async (tx) => {
    if (input.title !== undefined) await repo.updateCategory(tx, row.id, { title: input.title });
    if (moving || input.position !== undefined) {
      const siblings = (await repo.listCategories(tx, row.schoolId, KIND))
        .filter((other) => other.parentId === parentId && other.id !== row.id)
        .sort((a, b) => a.position - b.position);
      const at = Math.min(input.position ?? siblings.length, siblings.length);
      siblings.splice(at, 0, row);
      await eachAsync(siblings, async (sibling, position) => {
        if (sibling.id === row.id) await repo.updateCategory(tx, row.id, { parentId, position });
        else if (sibling.position !== position) await repo.updateCategory(tx, sibling.id, { position });
      });
      await renumberCategories(tx, row.schoolId, KIND);
    }
  });
  ctx.catalogueCache.bump(row.schoolId);
  return toCategory((await repo.findCategory(ctx.db, row.id))!);
}

/** POST course/cate/delete: deletes the category and its children; 409 while courses (not deleted) remain in them. */
export async function deleteCategory(ctx: AppContext, adminId: string, catid: string) {
  const row = await managedCategory(ctx, adminId, catid);
  const ids = (await repo.subtree(ctx.db, row)).map((r) => r.id);
  const remaining = await countLiveCourses(ctx.db, row.schoolId, ids);
  if (remaining > 0) throw conflict(CATEGORY_ERRORS.hasCourses, { courses: remaining });
  const deleted = await ctx.db.transaction(async (tx) => {
    // Deleted courses keep no dangling category.
    await moveCourses(tx, row.schoolId, ids, '0', ctx.now(), true);
    const n = await repo.deleteCategories(tx, ids);
    await renumberCategories(tx, row.schoolId, KIND);
    return n;
  });
  ctx.catalogueCache.bump(row.schoolId);
  return { deleted, movedCourses: 0 };
}

/** POST course/movebeforedelcate: moves the subtree's courses to the target ('0' = none), then deletes the subtree. */
export async function moveCoursesAndDelete(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zMoveBeforeDelete>,
) {
  const row = await managedCategory(ctx, adminId, input.catid);
  const target = input.targetCatid === '0' ? null : await managedCategory(ctx, adminId, input.targetCatid);
  // Courses moved out of every category leave a scoped sub-admin's reach: only unscoped admins may.
  if (!target && !(await canManageCategory(ctx, adminId, { schoolId: row.schoolId, id: '0' }))) throw notFound();
  if (target && target.lft >= row.lft && target.rgt <= row.rgt)
    throw refused(CATEGORY_ERRORS.intoOwnSubtree, 'targetCatid');
  const result = await ctx.db.transaction(async (tx) => {
    const ids = (await repo.subtree(tx, row)).map((r) => r.id);
    const movedCourses = await moveCourses(tx, row.schoolId, ids, input.targetCatid, ctx.now());
    const deleted = await repo.deleteCategories(tx, ids);
    await renumberCategories(tx, row.schoolId, KIND);
    return { deleted, movedCourses };
  });
  ctx.catalogueCache.bump(row.schoolId);
  return result;
}

/** GET course/catelist for a sub-admin limited to some categories: only its part of the tree (not cached); null when unscoped. */
export async function scopedCatelist(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
): Promise<{ cates: CategoryNode[] } | null> {
  const rows = await scopedCategoryRows(ctx, adminId, schoolId);
  return rows === null ? null : { cates: buildTree(rows) };
}

/** GET course/catelist, cached per school: {cates: the whole tree} as the envelope's JSON text. */
export function catelistReply(ctx: AppContext, schoolId: string) {
  return cachedReply(ctx, schoolId, 'catelist', async () => ({ cates: await categoryTree(ctx, schoolId) }));
}

/** GET course/cates, cached per school and catid: {allCates, path} as the envelope's JSON text. */
export function catesReply(ctx: AppContext, schoolId: string, catid: string) {
  return cachedReply(ctx, schoolId, `cates:${catid}`, async () => await categoryChildren(ctx, schoolId, catid));
}
