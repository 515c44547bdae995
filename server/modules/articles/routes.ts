import type { FastifyPluginAsync } from 'fastify';
import { articleCalls as calls } from '../../../shared/calls/articles';
import { ok } from '../../../shared/envelope';
import { ARTICLE_STATUS } from '../../../shared/schemas/articles';
import { sendCached } from '../../lib/catalogue-http';
import { route } from '../../plugins/calls';
import { publicSchool } from '../schools/viewer';
import * as service from './articles.service';

/** Article calls (shared/calls/articles.ts). */
export const articlesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, async (request, reply, caller) => {
    const { uid, page, num } = request.query;
    const school = await publicSchool(ctx, caller, uid);
    const status = await service.listableStatus(ctx, caller, school.id, request.query.status);
    const list = async () => await service.publicArticles(ctx, school.id, status, page, num);
    // Only the published list is the same for everyone, so only it is cached.
    if (status !== ARTICLE_STATUS.published) return ok(await list());
    return sendCached(ctx, request, reply, school.id, `article/list:${page}:${num}`, list);
  });
  route(app, calls.info, async (request, _reply, caller) =>
    ok(await service.articleInfo(ctx, caller, request.params.aid)),
  );
  route(app, calls.adminList, async (request, _reply, admin) =>
    ok(await service.adminArticles(ctx, admin.schoolId, request.query)),
  );
  route(app, calls.create, async (request, _reply, admin) =>
    ok(await service.createArticle(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.save, async (request, _reply, admin) =>
    ok(await service.saveArticle(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.publish, async ({ body }, _reply, admin) =>
    ok(await service.publishArticle(ctx, admin.schoolId, body.aid, body.status)),
  );
  route(app, calls.pin, async ({ body }, _reply, admin) =>
    ok(await service.pinArticle(ctx, admin.schoolId, body.aid, body.pinned)),
  );
  route(app, calls.move, async ({ body }, _reply, admin) =>
    ok(await service.moveArticle(ctx, admin.schoolId, body.aid, body.position)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await service.deleteArticles(ctx, admin.schoolId, request.body.aids)),
  );
};
