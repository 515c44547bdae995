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

  route(app, calls.list, (request, reply, caller) => {
    const { uid, page, num } = request.query;
    const school = publicSchool(ctx, caller, uid);
    const status = service.listableStatus(ctx, caller, school.id, request.query.status);
    const list = () => service.publicArticles(ctx, school.id, status, page, num);
    // Only the published list is the same for everyone, so only it is cached.
    if (status !== ARTICLE_STATUS.published) return ok(list());
    return sendCached(ctx, request, reply, school.id, `article/list:${page}:${num}`, list);
  });
  route(app, calls.info, (request, _reply, caller) => ok(service.articleInfo(ctx, caller, request.params.aid)));
  route(app, calls.adminList, (request, _reply, admin) =>
    ok(service.adminArticles(ctx, admin.schoolId, request.query)),
  );
  route(app, calls.create, (request, _reply, admin) => ok(service.createArticle(ctx, admin.schoolId, request.body)));
  route(app, calls.save, (request, _reply, admin) => ok(service.saveArticle(ctx, admin.schoolId, request.body)));
  route(app, calls.publish, ({ body }, _reply, admin) =>
    ok(service.publishArticle(ctx, admin.schoolId, body.aid, body.status)),
  );
  route(app, calls.pin, ({ body }, _reply, admin) =>
    ok(service.pinArticle(ctx, admin.schoolId, body.aid, body.pinned)),
  );
  route(app, calls.move, ({ body }, _reply, admin) =>
    ok(service.moveArticle(ctx, admin.schoolId, body.aid, body.position)),
  );
  route(app, calls.remove, (request, _reply, admin) =>
    ok(service.deleteArticles(ctx, admin.schoolId, request.body.aids)),
  );
};
