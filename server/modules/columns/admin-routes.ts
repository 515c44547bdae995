import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import { zId } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/columns';
import { requireAdmin } from '../../plugins/auth';
import { methodNotAllowed } from '../../lib/errors';

import * as cates from './column-cates.service';
import * as columns from './columns.service';

/** Back-office column calls (spec 7 'Other admin areas': columns); every one needs the course permission. */
export const columnsAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['columns (back office)'];
  const column = zOkReply(s.zAdminColumn);
  const cateList = zOkReply(z.object({ cates: z.array(s.zColumnCate) }));

  app.get(
    '/column/admin/list',
    { schema: { tags, summary: "The school's columns in any publish state, pinned first, then newest.", querystring: s.zColumnAdminListQuery, response: { 200: zOkReply(s.zAdminColumnList) } } },
    async (request) => ok(columns.adminColumns(ctx, requireAdmin(request, 'course').schoolId, request.query)),
  );

  app.get(
    '/column/admin/info/:column_id',
    { schema: { tags, summary: 'One column of the school with its ordered course ids.', params: z.object({ column_id: zId }), response: { 200: column } } },
    async (request) => ok(columns.adminColumn(ctx, requireAdmin(request, 'course').schoolId, request.params.column_id)),
  );

  app.post(
    '/column/new',
    { schema: { tags, summary: 'Creates an unpublished column (prices in yuan; description sanitised).', body: s.zNewColumn, response: { 200: column } } },
    async (request) => ok(columns.createColumn(ctx, requireAdmin(request, 'course').schoolId, request.body)),
  );

  app.post(
    '/column/save',
    { schema: { tags, summary: 'Replaces the fields given (description sanitised; ce_time checked against ce_type).', body: s.zUpdateColumn, response: { 200: column } } },
    async (request) => ok(columns.saveColumn(ctx, requireAdmin(request, 'course').schoolId, request.body)),
  );

  app.post(
    '/column/delete',
    { schema: { tags, summary: "Soft-deletes every column given, or none when one is not this school's (404).", body: s.zColumnIds, response: { 200: zOkReply(z.object({ deleted: z.number().int() })) } } },
    async (request) => ok(columns.deleteColumns(ctx, requireAdmin(request, 'course').schoolId, request.body.ids)),
  );

  // A change by GET would let a link on any site publish for a signed-in admin: the change is POST, and the
  // GET form (the path a client of the original API used) only says so.
  const pubSummary = 'Publishes (pub 1) or unpublishes (pub 0) a column {column_id, pub}. The change is POST';
  app.post(
    '/column/pub',
    { schema: { tags, summary: `${pubSummary}.`, body: s.zPubColumn, response: { 200: column } } },
    async (request) => ok(columns.publishColumn(ctx, requireAdmin(request, 'course').schoolId, request.body.column_id, request.body.pub)),
  );
  app.get('/column/pub', { schema: { tags, summary: `${pubSummary}; GET changes nothing and answers 405 (Allow: POST).`, querystring: s.zPubColumn.partial() } }, async (request) => {
    requireAdmin(request, 'course');
    throw methodNotAllowed('POST');
  });

  app.post(
    '/column/top',
    { schema: { tags, summary: 'Pins a column above the others (top 1) or unpins it (top 0).', body: s.zTopColumn, response: { 200: column } } },
    async (request) => ok(columns.topColumn(ctx, requireAdmin(request, 'course').schoolId, request.body.column_id, request.body.top)),
  );

  app.post(
    '/column/courses',
    { schema: { tags, summary: "Sets the column's ordered course list; a course of another school answers 404 and nothing changes.", body: s.zColumnCourses, response: { 200: column } } },
    async (request) => ok(columns.setColumnCourses(ctx, requireAdmin(request, 'course').schoolId, request.body.column_id, request.body.coids)),
  );

  app.get(
    '/column/cate/list',
    { schema: { tags, summary: 'Column categories with counts of every column not deleted.', response: { 200: cateList } } },
    async (request) => ok(cates.columnCates(ctx, requireAdmin(request, 'course').schoolId, false)),
  );

  app.post(
    '/column/cate/add',
    { schema: { tags, summary: 'Adds a column category at the end.', body: s.zNewColumnCate, response: { 200: zOkReply(z.object({ catid: z.string(), cates: z.array(s.zColumnCate) })) } } },
    async (request) => ok(cates.addColumnCate(ctx, requireAdmin(request, 'course').schoolId, request.body.title)),
  );

  app.post(
    '/column/cate/update',
    { schema: { tags, summary: 'Renames a column category and/or moves it to a 0-based position.', body: s.zUpdateColumnCate, response: { 200: cateList } } },
    async (request) => ok(cates.updateColumnCate(ctx, requireAdmin(request, 'course').schoolId, request.body)),
  );

  app.post(
    '/column/cate/delete',
    { schema: { tags, summary: 'Deletes a column category; its columns move to no category (0).', body: s.zDeleteColumnCate, response: { 200: cateList } } },
    async (request) => ok(cates.deleteColumnCate(ctx, requireAdmin(request, 'course').schoolId, request.body.catid)),
  );
};
