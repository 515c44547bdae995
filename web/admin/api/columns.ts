import type { z } from 'zod';
import type { AdminColumn, ColumnCate, zColumnAdminListQuery, zNewColumn, zUpdateColumn } from '../../../shared/schemas/columns';
import { call } from '../../api/client';

export type ColumnQuery = Required<Pick<z.output<typeof zColumnAdminListQuery>, 'page' | 'num' | 'cates' | 'keyword'>>;
export type NewColumnInput = z.input<typeof zNewColumn>;
export type ColumnUpdate = z.input<typeof zUpdateColumn>;

/** SWR key of the column categories. */
export const COLUMN_CATES_KEY = 'column/cate/list';

export const listColumns = (query: ColumnQuery) =>
  call<{ list: AdminColumn[]; total: number }>('column/admin/list', { query: { page: query.page, num: query.num, cates: query.cates, keyword: query.keyword } });
export const columnInfo = (id: string) => call<AdminColumn>(`column/admin/info/${id}`);
export const newColumn = (input: NewColumnInput) => call<AdminColumn>('column/new', { method: 'POST', body: input });
export const saveColumn = (input: ColumnUpdate) => call<AdminColumn>('column/save', { method: 'POST', body: input });
export const deleteColumns = (ids: string[]) => call<{ deleted: number }>('column/delete', { method: 'POST', body: { ids } });
export const publishColumn = (id: string, pub: boolean) => call<AdminColumn>('column/pub', { method: 'POST', body: { column_id: id, pub: pub ? 1 : 0 } });
export const pinColumn = (id: string, top: boolean) => call<AdminColumn>('column/top', { method: 'POST', body: { column_id: id, top: top ? 1 : 0 } });
/** POST column/courses: the column's whole ordered course list. */
export const setColumnCourses = (id: string, coids: string[]) => call<AdminColumn>('column/courses', { method: 'POST', body: { column_id: id, coids } });

export const addColumnCate = (title: string) => call<{ catid: string; cates: ColumnCate[] }>('column/cate/add', { method: 'POST', body: { title } });
export const updateColumnCate = (catid: string, change: { title?: string; position?: number }) =>
  call<{ cates: ColumnCate[] }>('column/cate/update', { method: 'POST', body: { catid, ...change } });
export const deleteColumnCate = (catid: string) => call<{ cates: ColumnCate[] }>('column/cate/delete', { method: 'POST', body: { catid } });
