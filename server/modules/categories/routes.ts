import type { FastifyPluginAsync } from 'fastify';
import { categoryCalls as calls } from '../../../shared/calls/categories';
import { ok } from '../../../shared/envelope';
import { sendJsonText } from '../../lib/catalogue-http';
import { route } from '../../plugins/calls';
import { pageSchoolId } from '../schools/viewer';
import * as categories from './categories.service';

/** Course category calls (shared/calls/categories.ts). */
export const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.catelist, async (request, reply, caller) => {
    // The back office's own tree (no uid): a sub-admin limited to some categories sees only its part.
    const scoped =
      caller.role === 'admin' && !request.query.uid
        ? await categories.scopedCatelist(ctx, caller.userId, caller.schoolId)
        : null;
    if (scoped) {
      reply.header('cache-control', 'private, no-store');
      return ok(scoped);
    }
    const schoolId = await pageSchoolId(ctx, caller, request.query.uid);
    return sendJsonText(request, reply, categories.catelistReply(ctx, schoolId));
  });
  route(app, calls.cates, async (request, reply, caller) => {
    const schoolId = await pageSchoolId(ctx, caller, request.query.uid);
    return sendJsonText(request, reply, categories.catesReply(ctx, schoolId, request.query.catid));
  });
  route(app, calls.add, async (request, _reply, admin) =>
    ok(await categories.addCategory(ctx, admin.userId, admin.schoolId, request.body)),
  );
  route(app, calls.update, async (request, _reply, admin) =>
    ok(await categories.updateCategory(ctx, admin.userId, request.body)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await categories.deleteCategory(ctx, admin.userId, request.body.catid)),
  );
  route(app, calls.moveCoursesAndDelete, async (request, _reply, admin) =>
    ok(await categories.moveCoursesAndDelete(ctx, admin.userId, request.body)),
  );
};
