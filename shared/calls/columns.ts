/**
 * Column calls (spec 3 'Column', 4 'Column main button', 7 the named column operations) and their back office
 * (spec 7 'Other admin areas': columns; permission course). The spec's GET column/pub stays a plain route that
 * only answers 405 (server/modules/columns/admin-routes.ts).
 */
import * as s from '../schemas/columns';
import { defineCall } from '../contract';

const tags = ['columns'];
const admin = { access: { admin: 'course' }, tags: ['columns (back office)'] } as const;

export const COLUMN_PUB_SUMMARY =
  'Publishes (pub 1) or unpublishes (pub 0) a column {column_id, pub}. The change is POST';

export const columnCalls = {
  cates: defineCall({
    method: 'GET',
    path: 'column/cates',
    access: 'public',
    tags,
    summary:
      'Get column categories {uid} (spec 7): one level, in order, counting published columns. ' +
      'Cached; 304 on If-None-Match.',
    query: s.zColumnCatesQuery,
    reply: s.zColumnCateList,
  }),
  list: defineCall({
    method: 'POST',
    path: 'column/list',
    access: 'public',
    tags,
    summary:
      'Get column list {pageNum, pageSize, cates, uid} (spec 7): published columns, pinned first, then newest. ' +
      'Cached; 304 on If-None-Match.',
    body: s.zColumnListQuery,
    reply: s.zColumnList,
  }),
  info: defineCall({
    method: 'GET',
    path: 'column/info/:id',
    access: 'public',
    tags,
    summary:
      'A column by id or code: its visible courses in order, the viewer buy info {isBook, infinite} and main ' +
      'button (spec 4).',
    params: s.zColumnParams,
    reply: s.zColumnInfo,
  }),
  collectStatus: defineCall({
    method: 'GET',
    path: 'column/collect/status',
    access: 'public',
    tags,
    summary: 'Get collect status {coid} (spec 7): 1 when the signed-in student bookmarked the column.',
    query: s.zColumnRefQuery,
    reply: s.zColumnCollectState,
  }),
  // Signed in, not 'student': the purchase rules answer an administrator 'studentOnly' (the service decides).
  collect: defineCall({
    method: 'POST',
    path: 'column/collect',
    access: 'signedIn',
    tags,
    summary: 'Collect {uid, coid, collect} (spec 7): bookmark 1 or remove 0; students only.',
    body: s.zColumnCollect,
    reply: s.zColumnCollectState,
  }),
  visit: defineCall({
    method: 'POST',
    path: 'column/visit',
    access: 'public',
    tags,
    summary: 'Visit {coid} (spec 7): fire and forget.',
    body: s.zColumnRefQuery,
    reply: s.zColumnVisited,
  }),
  book: defineCall({
    method: 'POST',
    path: 'column/book',
    access: 'signedIn',
    tags,
    summary:
      'Book {uid, column_id} (spec 7): subscribes to a free column (isBook, book_count + 1 once). 409 ' +
      "'column has no courses'; 403 'column not bought' (paid) or 'studentOnly' (owner, non-student).",
    body: s.zBookColumn,
    reply: s.zBookResult,
  }),

  adminList: defineCall({
    ...admin,
    method: 'GET',
    path: 'column/admin/list',
    summary: "The school's columns in any publish state, pinned first, then newest.",
    query: s.zColumnAdminListQuery,
    reply: s.zAdminColumnList,
  }),
  adminInfo: defineCall({
    ...admin,
    method: 'GET',
    path: 'column/admin/info/:column_id',
    summary: 'One column of the school with its ordered course ids.',
    params: s.zAdminColumnParams,
    reply: s.zAdminColumn,
  }),
  create: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/new',
    summary: 'Creates an unpublished column (prices in yuan; description sanitised).',
    body: s.zNewColumn,
    reply: s.zAdminColumn,
  }),
  save: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/save',
    summary: 'Replaces the fields given (description sanitised; ce_time checked against ce_type).',
    body: s.zUpdateColumn,
    reply: s.zAdminColumn,
  }),
  remove: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/delete',
    summary: "Soft-deletes every column given, or none when one is not this school's (404).",
    body: s.zColumnIds,
    reply: s.zColumnsDeleted,
  }),
  // A change by GET would let a link on any site publish for a signed-in admin: the change is POST.
  publish: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/pub',
    summary: `${COLUMN_PUB_SUMMARY}.`,
    body: s.zPubColumn,
    reply: s.zAdminColumn,
  }),
  pin: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/top',
    summary: 'Pins a column above the others (top 1) or unpins it (top 0).',
    body: s.zTopColumn,
    reply: s.zAdminColumn,
  }),
  setCourses: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/courses',
    summary: "Sets the column's ordered course list; a course of another school answers 404 and nothing changes.",
    body: s.zColumnCourses,
    reply: s.zAdminColumn,
  }),
  cateList: defineCall({
    ...admin,
    method: 'GET',
    path: 'column/cate/list',
    summary: 'Column categories with counts of every column not deleted.',
    reply: s.zColumnCateList,
  }),
  addCate: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/cate/add',
    summary: 'Adds a column category at the end.',
    body: s.zNewColumnCate,
    reply: s.zAddedColumnCate,
  }),
  updateCate: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/cate/update',
    summary: 'Renames a column category and/or moves it to a 0-based position.',
    body: s.zUpdateColumnCate,
    reply: s.zColumnCateList,
  }),
  removeCate: defineCall({
    ...admin,
    method: 'POST',
    path: 'column/cate/delete',
    summary: 'Deletes a column category; its columns move to no category (0).',
    body: s.zDeleteColumnCate,
    reply: s.zColumnCateList,
  }),
};
