/** Column calls of the student site (spec 7 'Column': categories, list, info, collect, visit, book). */
import type { z } from 'zod';
import type { ColumnCard, ColumnCate, ColumnInfo, zBookResult } from '../../shared/schemas/columns';
import { call } from './client';

export type { ColumnCard, ColumnCate, ColumnInfo };
export type BookResult = z.infer<typeof zBookResult>;

/** Column list page size (spec 9): 8 on desktop, 20 on mobile. */
export const COLUMN_PAGE_SIZE = { desktop: 8, mobile: 20 } as const;
/** At most 5 column categories on the home page (spec 9). */
export const HOME_COLUMN_CATES = 5;

/** GET column/cates {uid}: one level, counting published columns. */
export const getColumnCates = (uid: string) => call<{ cates: ColumnCate[] }>('column/cates', { query: { uid: uid || undefined } });

/** POST column/list {pageNum, pageSize, cates, uid}: published columns of a category ('0' all), pinned first. */
export const getColumns = (input: { uid: string; cates: string; pageNum?: number; pageSize: number }) =>
  call<{ list: ColumnCard[]; total: number }>('column/list', { method: 'POST', body: { pageNum: 1, ...input, uid: input.uid || undefined } });

/** GET column/info/{id}: the column, its courses, the viewer's buy info and main button. */
export const getColumnInfo = (id: string) => call<ColumnInfo>(`column/info/${encodeURIComponent(id)}`);

/** GET column/collect/status {coid}. */
export const getColumnCollectStatus = (coid: string) => call<{ collect: number }>('column/collect/status', { query: { coid } });

/** POST column/collect {uid, coid, collect}. */
export const collectColumn = (input: { coid: string; collect: 0 | 1 }) => call<{ collect: number }>('column/collect', { method: 'POST', body: input });

/** POST column/visit {coid}: fire and forget. */
export const visitColumn = (coid: string) => call<null>('column/visit', { method: 'POST', body: { coid } });

/** POST column/book {uid, column_id}: subscribes to a free column. */
export const bookColumn = (columnId: string) => call<BookResult>('column/book', { method: 'POST', body: { column_id: columnId } });
