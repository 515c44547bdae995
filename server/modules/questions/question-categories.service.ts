/**
 * The question bank's categories (categories for the bank): a tree per school, added,
 * renamed, moved and deleted by administrators with permission 'question'.
 *
 * Choices where the spec is silent:
 * - Siblings keep dense positions 0, 1, 2 ... in the order shown; a move without a position goes last.
 * - A category cannot move under itself or one of its own sub-categories (400).
 * - Delete is refused (409 'category has questions', data {questions}) while the category or any of its
 *   sub-categories holds live questions: the administrator moves or deletes those first, so no question is
 *   ever left pointing at a category that is gone. An empty category is deleted with its (empty) sub-categories.
 */
import { QUESTION_ERRORS, type QuestionCategoryNode } from '../../../shared/schemas/questions';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badInput, conflict, notFound } from '../../lib/errors';
import * as repo from './questions.repository';
import type { CategoryRowDb } from './questions.repository';
import { eachAsync } from '../../lib/sequential';

/** The school's tree with each category's own and total live question counts. */
export async function categoryTree(ctx: AppContext, schoolId: string): Promise<QuestionCategoryNode[]> {
  const rows = await repo.listCategories(ctx.db, schoolId);
  const counts = await repo.countByCategory(ctx.db, schoolId);
  const nodes = new Map<string, QuestionCategoryNode>();
  for (const row of rows)
    nodes.set(row.id, {
      catid: row.id,
      title: row.title,
      parent_id: row.parentId,
      position: row.position,
      count: counts.get(row.id) ?? 0,
      total: 0,
      children: [],
    });
  const roots: QuestionCategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const sum = (node: QuestionCategoryNode): number =>
    (node.total = node.count + node.children.reduce((acc, child) => acc + sum(child), 0));
  roots.forEach(sum);
  return roots;
}

/** The id of a category and of all its sub-categories (from rows of one school). */
export function descendantIds(rows: readonly { id: string; parentId: string }[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const child of children.get(id) ?? []) if (!out.includes(child)) walk(child);
  };
  walk(rootId);
  return out;
}

/** A bank category of the school with all its sub-categories (papers' draw rules, the list filter); null when it is not the school's. */
export async function categoryAndSubcategories(
  ctx: AppContext,
  schoolId: string,
  categoryId: string,
): Promise<string[] | null> {
  const rows = await repo.listCategories(ctx.db, schoolId);
  return rows.some((row) => row.id === categoryId) ? descendantIds(rows, categoryId) : null;
}

/** A category of the school, else 404. */
export async function schoolCategory(ctx: AppContext, schoolId: string, id: string): Promise<CategoryRowDb> {
  const row = await repo.findCategory(ctx.db, schoolId, id);
  if (!row) throw notFound();
  return row;
}

/** Puts the siblings under parentId in the given order with dense positions. */
async function renumber(db: Db, schoolId: string, ordered: readonly CategoryRowDb[]): Promise<void> {
  await eachAsync(ordered, async (row, position) => {
    if (row.position !== position) await repo.updateCategory(db, schoolId, row.id, { position });
  });
}

const siblingsOf = async (db: Db, schoolId: string, parentId: string, exceptId = '') =>
  (await repo.listCategories(db, schoolId)).filter((row) => row.parentId === parentId && row.id !== exceptId);

/** Adds a category at the end of its parent's children ('0' = first level); 404 for a parent not of the school. */
export async function addCategory(
  ctx: AppContext,
  schoolId: string,
  input: { title: string; parent_id: string },
): Promise<QuestionCategoryNode> {
  if (input.parent_id !== '0') await schoolCategory(ctx, schoolId, input.parent_id);
  const id = ctx.ids.next();
  const position = (await siblingsOf(ctx.db, schoolId, input.parent_id)).length;
  await repo.insertCategory(ctx.db, {
    id,
    schoolId,
    parentId: input.parent_id,
    title: input.title,
    position,
    createdAt: ctx.now(),
  });
  return { catid: id, title: input.title, parent_id: input.parent_id, position, count: 0, total: 0, children: [] };
}

export async function renameCategory(
  ctx: AppContext,
  schoolId: string,
  input: { catid: string; title: string },
): Promise<{ catid: string; title: string }> {
  await schoolCategory(ctx, schoolId, input.catid);
  await repo.updateCategory(ctx.db, schoolId, input.catid, { title: input.title });
  return { catid: input.catid, title: input.title };
}

/** Moves a category under another parent at a position (the end when absent); never under itself. */
export async function moveCategory(
  ctx: AppContext,
  schoolId: string,
  input: { catid: string; parent_id: string; position?: number },
): Promise<QuestionCategoryNode[]> {
  const row = await schoolCategory(ctx, schoolId, input.catid);
  if (input.parent_id !== '0') {
    await schoolCategory(ctx, schoolId, input.parent_id);
    if (descendantIds(await repo.listCategories(ctx.db, schoolId), row.id).includes(input.parent_id)) {
      throw badInput(QUESTION_ERRORS.categoryLoop, {
        field: 'parent_id',
        issues: [{ field: 'parent_id', message: QUESTION_ERRORS.categoryLoop }],
      });
    }
  }
  await ctx.db.transaction(async (tx) => {
    const oldSiblings = await siblingsOf(tx, schoolId, row.parentId, row.id);
    const newSiblings = await siblingsOf(tx, schoolId, input.parent_id, row.id);
    const at = Math.min(input.position ?? newSiblings.length, newSiblings.length);
    await repo.updateCategory(tx, schoolId, row.id, { parentId: input.parent_id });
    if (row.parentId !== input.parent_id) await renumber(tx, schoolId, oldSiblings);
    const moved = { ...row, parentId: input.parent_id, position: -1 };
    await renumber(tx, schoolId, [...newSiblings.slice(0, at), moved, ...newSiblings.slice(at)]);
  });
  return await categoryTree(ctx, schoolId);
}

/** Deletes an empty category with its empty sub-categories; 409 while any of them holds live questions. */
export async function deleteCategory(
  ctx: AppContext,
  schoolId: string,
  catid: string,
): Promise<{ catid: string; deleted: true }> {
  const row = await schoolCategory(ctx, schoolId, catid);
  const rows = await repo.listCategories(ctx.db, schoolId);
  const ids = descendantIds(rows, row.id);
  const counts = await repo.countByCategory(ctx.db, schoolId);
  const held = ids.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  if (held > 0)
    throw conflict(`${QUESTION_ERRORS.categoryHasQuestions}: ${held} question(s) must be moved or deleted first`, {
      questions: held,
    });
  await ctx.db.transaction(async (tx) => {
    await repo.deleteCategories(tx, schoolId, ids);
    await renumber(tx, schoolId, await siblingsOf(tx, schoolId, row.parentId, row.id));
  });
  return { catid, deleted: true };
}
