import type { ColumnCate } from '../../../shared/schemas/columns';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import * as repo from './column-cates.repository';
import { uncategoriseColumns } from './columns.repository';
import { toColumnCate } from './columns.presenter';

/** The school's column categories in order (one level); column_count counts published columns for students, all for the back office. */
export async function columnCates(
  ctx: AppContext,
  schoolId: string,
  publishedOnly: boolean,
): Promise<{ cates: ColumnCate[] }> {
  return { cates: (await repo.listColumnCates(ctx.db, schoolId, publishedOnly)).map(toColumnCate) };
}

/** Throws 404 unless catid is '0' or a column category of the school. */
export async function assertColumnCate(ctx: AppContext, schoolId: string, catid: string): Promise<void> {
  if (catid !== '0' && !(await repo.findColumnCate(ctx.db, schoolId, catid))) throw notFound('category not found');
}

/** POST column/cate/add: a new category at the end. */
export async function addColumnCate(
  ctx: AppContext,
  schoolId: string,
  title: string,
): Promise<{ catid: string; cates: ColumnCate[] }> {
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    await repo.insertColumnCate(tx, { id, schoolId, title, createdAt: ctx.now() });
    await repo.renumberColumnCates(tx, await repo.columnCateIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return { catid: id, ...(await columnCates(ctx, schoolId, false)) };
}

/** POST column/cate/update: renames it and/or moves it to a 0-based position (clamped to the end). */
export async function updateColumnCate(
  ctx: AppContext,
  schoolId: string,
  input: { catid: string; title?: string; position?: number },
): Promise<{ cates: ColumnCate[] }> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findColumnCate(tx, schoolId, input.catid))) throw notFound('category not found');
    if (input.title !== undefined) await repo.renameColumnCate(tx, input.catid, input.title);
    if (input.position !== undefined) {
      const ids = (await repo.columnCateIds(tx, schoolId)).filter((id) => id !== input.catid);
      ids.splice(Math.min(input.position, ids.length), 0, input.catid);
      await repo.renumberColumnCates(tx, ids);
    }
  });
  ctx.catalogueCache.bump(schoolId);
  return await columnCates(ctx, schoolId, false);
}

/** POST column/cate/delete: its columns move to no category ('0') in the same transaction. */
export async function deleteColumnCate(
  ctx: AppContext,
  schoolId: string,
  catid: string,
): Promise<{ cates: ColumnCate[] }> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findColumnCate(tx, schoolId, catid))) throw notFound('category not found');
    await uncategoriseColumns(tx, schoolId, catid);
    await repo.deleteColumnCate(tx, catid);
    await repo.renumberColumnCates(tx, await repo.columnCateIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return await columnCates(ctx, schoolId, false);
}
