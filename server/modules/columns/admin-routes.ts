import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COLUMN_PUB_SUMMARY, columnCalls as calls } from '../../../shared/calls/columns';
import { ok } from '../../../shared/envelope';
import { zPubColumn } from '../../../shared/schemas/columns';
import { methodNotAllowed } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as cates from './column-cates.service';
import * as columns from './columns.service';

/** Back-office column calls (shared/calls/columns.ts); the course permission is in their declarations. */
export const columnsAdminRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.adminList, (request, _reply, admin) => ok(columns.adminColumns(ctx, admin.schoolId, request.query)));
  route(app, calls.adminInfo, (request, _reply, admin) =>
    ok(columns.adminColumn(ctx, admin.schoolId, request.params.column_id)),
  );
  route(app, calls.create, (request, _reply, admin) => ok(columns.createColumn(ctx, admin.schoolId, request.body)));
  route(app, calls.save, (request, _reply, admin) => ok(columns.saveColumn(ctx, admin.schoolId, request.body)));
  route(app, calls.remove, (request, _reply, admin) =>
    ok(columns.deleteColumns(ctx, admin.schoolId, request.body.ids)),
  );
  route(app, calls.publish, ({ body }, _reply, admin) =>
    ok(columns.publishColumn(ctx, admin.schoolId, body.column_id, body.pub)),
  );
  // The GET form (the path a client of the original API used) changes nothing and only says so: no envelope.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/column/pub',
    {
      schema: {
        tags: ['columns (back office)'],
        summary: `${COLUMN_PUB_SUMMARY}; GET changes nothing and answers 405 (Allow: POST).`,
        querystring: zPubColumn.partial(),
      },
    },
    async (request) => {
      requireAdmin(request, 'course');
      throw methodNotAllowed('POST');
    },
  );
  route(app, calls.pin, ({ body }, _reply, admin) =>
    ok(columns.topColumn(ctx, admin.schoolId, body.column_id, body.top)),
  );
  route(app, calls.setCourses, ({ body }, _reply, admin) =>
    ok(columns.setColumnCourses(ctx, admin.schoolId, body.column_id, body.coids)),
  );

  route(app, calls.cateList, (_request, _reply, admin) => ok(cates.columnCates(ctx, admin.schoolId, false)));
  route(app, calls.addCate, (request, _reply, admin) =>
    ok(cates.addColumnCate(ctx, admin.schoolId, request.body.title)),
  );
  route(app, calls.updateCate, (request, _reply, admin) =>
    ok(cates.updateColumnCate(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.removeCate, (request, _reply, admin) =>
    ok(cates.deleteColumnCate(ctx, admin.schoolId, request.body.catid)),
  );
};
