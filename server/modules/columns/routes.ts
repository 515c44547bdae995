import type { FastifyPluginAsync } from 'fastify';
import { columnCalls as calls } from '../../../shared/calls/columns';
import { ok } from '../../../shared/envelope';
import { sendCached } from '../../lib/catalogue-http';
import { route } from '../../plugins/calls';
import { publicSchool } from '../schools/viewer';
import { columnsAdminRoutes } from './admin-routes';
import { columnCates } from './column-cates.service';
import * as study from './column-study.service';

/** Column calls (shared/calls/columns.ts) and their back office (admin-routes.ts). */
export const columnsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  await app.register(columnsAdminRoutes);

  route(app, calls.cates, async (request, reply, caller) => {
    const school = await publicSchool(ctx, caller, request.query.uid);
    return sendCached(
      ctx,
      request,
      reply,
      school.id,
      'column/cates',
      async () => await columnCates(ctx, school.id, true),
    );
  });
  route(app, calls.list, async (request, reply, caller) => {
    const school = await publicSchool(ctx, caller, request.body.uid);
    const { pageNum, pageSize, cates } = request.body;
    const key = `column/list:${cates}:${pageNum}:${pageSize}`;
    return sendCached(
      ctx,
      request,
      reply,
      school.id,
      key,
      async () => await study.publicColumns(ctx, school.id, request.body),
    );
  });
  route(app, calls.info, async (request, _reply, caller) => ok(await study.columnInfo(ctx, caller, request.params.id)));
  route(app, calls.collectStatus, async (request, _reply, caller) =>
    ok(await study.collectStatus(ctx, caller, request.query.coid)),
  );
  // The service answers an administrator 'studentOnly' (the purchase rules), so the access is only 'signedIn'.
  route(app, calls.collect, async ({ body }, _reply, caller) =>
    ok(await study.collectColumn(ctx, caller, body.coid, body.collect)),
  );
  route(app, calls.visit, async (request, _reply, caller) =>
    ok(await study.visitColumn(ctx, caller, request.body.coid)),
  );
  route(app, calls.book, async (request, _reply, caller) =>
    ok(await study.bookColumn(ctx, caller, request.body.column_id)),
  );
};
