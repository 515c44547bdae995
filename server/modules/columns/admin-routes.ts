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

  route(app, calls.adminList, async (request, _reply, admin) =>
    ok(await columns.adminColumns(ctx, admin.schoolId, request.query)),
  );
  route(app, calls.adminInfo, async (request, _reply, admin) =>
    ok(await columns.adminColumn(ctx, admin.schoolId, request.params.column_id)),
  );
  route(app, calls.create, async (request, _reply, admin) =>
    ok(await columns.createColumn(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.save, async (request, _reply, admin) =>
    ok(await columns.saveColumn(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await columns.deleteColumns(ctx, admin.schoolId, request.body.ids)),
  );
  route(app, calls.publish, async ({ body }, _reply, admin) =>
    ok(await columns.publishColumn(ctx, admin.schoolId, body.column_id, body.pub)),
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
      await requireAdmin(request, 'course');
      throw methodNotAllowed('POST');
    },
  );
  route(app, calls.pin, async ({ body }, _reply, admin) =>
    ok(await columns.topColumn(ctx, admin.schoolId, body.column_id, body.top)),
  );
  route(app, calls.setCourses, async ({ body }, _reply, admin) =>
    ok(await columns.setColumnCourses(ctx, admin.schoolId, body.column_id, body.coids)),
  );

  route(app, calls.cateList, async (_request, _reply, admin) =>
    ok(await cates.columnCates(ctx, admin.schoolId, false)),
  );
  route(app, calls.addCate, async (request, _reply, admin) =>
    ok(await cates.addColumnCate(ctx, admin.schoolId, request.body.title)),
  );
  route(app, calls.updateCate, async (request, _reply, admin) =>
    ok(await cates.updateColumnCate(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.removeCate, async (request, _reply, admin) =>
    ok(await cates.deleteColumnCate(ctx, admin.schoolId, request.body.catid)),
  );
};
