import type { ColumnCate } from '../../../shared/schemas/columns';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import * as repo from './column-cates.repository';
import { uncategoriseColumns } from './columns.repository';
import { toColumnCate } from './columns.presenter';

/** The school's column categories in order (one level); column_count counts published columns for students, all for the back office. */
export function columnCates(ctx: AppContext, schoolId: string, publishedOnly: boolean): { cates: ColumnCate[] } {
  return { cates: repo.listColumnCates(ctx.db, schoolId, publishedOnly).map(toColumnCate) };
}

/** Throws 404 unless catid is '0' or a column category of the school. */
export function assertColumnCate(ctx: AppContext, schoolId: string, catid: string): void {
  if (catid !== '0' && !repo.findColumnCate(ctx.db, schoolId, catid)) throw notFound('category not found');
}

/** POST column/cate/add: a new category at the end. */
export function addColumnCate(
  ctx: AppContext,
  schoolId: string,
  title: string,
): { catid: string; cates: ColumnCate[] } {
  const id = ctx.ids.next();
  ctx.db.transaction((tx) => {
    repo.insertColumnCate(tx, { id, schoolId, title, createdAt: ctx.now() });
    repo.renumberColumnCates(tx, repo.columnCateIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return { catid: id, ...columnCates(ctx, schoolId, false) };
}

/** POST column/cate/update: renames it and/or moves it to a 0-based position (clamped to the end). */
export function updateColumnCate(
  ctx: AppContext,
  schoolId: string,
  input: { catid: string; title?: string; position?: number },
): { cates: ColumnCate[] } {
  ctx.db.transaction((tx) => {
    if (!repo.findColumnCate(tx, schoolId, input.catid)) throw notFound('category not found');
    if (input.title !== undefined) repo.renameColumnCate(tx, input.catid, input.title);
    if (input.position !== undefined) {
      const ids = repo.columnCateIds(tx, schoolId).filter((id) => id !== input.catid);
      ids.splice(Math.min(input.position, ids.length), 0, input.catid);
      repo.renumberColumnCates(tx, ids);
    }
  });
  ctx.catalogueCache.bump(schoolId);
  return columnCates(ctx, schoolId, false);
}

/** POST column/cate/delete: its columns move to no category ('0') in the same transaction. */
export function deleteColumnCate(ctx: AppContext, schoolId: string, catid: string): { cates: ColumnCate[] } {
  ctx.db.transaction((tx) => {
    if (!repo.findColumnCate(tx, schoolId, catid)) throw notFound('category not found');
    uncategoriseColumns(tx, schoolId, catid);
    repo.deleteColumnCate(tx, catid);
    repo.renumberColumnCates(tx, repo.columnCateIds(tx, schoolId));
  });
  ctx.catalogueCache.bump(schoolId);
  return columnCates(ctx, schoolId, false);
}
