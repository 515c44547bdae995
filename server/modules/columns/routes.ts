import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import * as s from '../../../shared/schemas/columns';
import {sendCached } from '../../lib/catalogue-http';
import { publicSchool } from '../schools/viewer';
import { columnsAdminRoutes } from './admin-routes';
import { columnCates } from './column-cates.service';
import * as study from './column-study.service';

/** Column calls (spec 3 'Column', 4 'Column main button', 7 named column operations) and their back office. */
export const columnsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['columns'];
  await app.register(columnsAdminRoutes);

  app.get(
    '/column/cates',
    {
      schema: {
        tags,
        summary: 'Get column categories {uid} (spec 7): one level, in order, counting published columns. Cached; 304 on If-None-Match.',
        querystring: s.zColumnCatesQuery,
        response: { 200: zOkReply(z.object({ cates: z.array(s.zColumnCate) })) },
      },
    },
    async (request, reply) => {
      const school = publicSchool(ctx, request.auth, request.query.uid);
      return sendCached(ctx, request, reply, school.id, 'column/cates', () => columnCates(ctx, school.id, true));
    },
  );

  app.post(
    '/column/list',
    {
      schema: {
        tags,
        summary: "Get column list {pageNum, pageSize, cates, uid} (spec 7): published columns, pinned first, then newest. Cached; 304 on If-None-Match.",
        body: s.zColumnListQuery,
        response: { 200: zOkReply(s.zColumnList) },
      },
    },
    async (request, reply) => {
      const school = publicSchool(ctx, request.auth, request.body.uid);
      const { pageNum, pageSize, cates } = request.body;
      return sendCached(ctx, request, reply, school.id, `column/list:${cates}:${pageNum}:${pageSize}`, () => study.publicColumns(ctx, school.id, request.body));
    },
  );

  app.get(
    '/column/info/:id',
    {
      schema: {
        tags,
        summary: 'A column by id or code: its visible courses in order, the viewer buy info {isBook, infinite} and main button (spec 4).',
        params: z.object({ id: s.zColumnRef }),
        response: { 200: zOkReply(s.zColumnInfo) },
      },
    },
    async (request) => ok(study.columnInfo(ctx, request.auth, request.params.id)),
  );

  app.get(
    '/column/collect/status',
    { schema: { tags, summary: 'Get collect status {coid} (spec 7): 1 when the signed-in student bookmarked the column.', querystring: s.zColumnRefQuery, response: { 200: zOkReply(z.object({ collect: z.number().int() })) } } },
    async (request) => ok(study.collectStatus(ctx, request.auth, request.query.coid)),
  );

  app.post(
    '/column/collect',
    { schema: { tags, summary: 'Collect {uid, coid, collect} (spec 7): bookmark 1 or remove 0; students only.', body: s.zColumnCollect, response: { 200: zOkReply(z.object({ collect: z.number().int() })) } } },
    async (request) => ok(study.collectColumn(ctx, request.auth, request.body.coid, request.body.collect)),
  );

  app.post(
    '/column/visit',
    { schema: { tags, summary: 'Visit {coid} (spec 7): fire and forget.', body: s.zColumnRefQuery, response: { 200: zOkReply(z.null()) } } },
    async (request) => ok(study.visitColumn(ctx, request.auth, request.body.coid)),
  );

  app.post(
    '/column/book',
    {
      schema: {
        tags,
        summary:
          "Book {uid, column_id} (spec 7): subscribes to a free column (isBook, book_count + 1 once). 409 'column has no courses'; 403 'column not bought' (paid) or 'studentOnly' (owner, non-student).",
        body: s.zBookColumn,
        response: { 200: zOkReply(s.zBookResult) },
      },
    },
    async (request) => ok(study.bookColumn(ctx, request.auth, request.body.column_id)),
  );
};
