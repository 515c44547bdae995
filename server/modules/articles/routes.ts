import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import * as s from '../../../shared/schemas/articles';
import { requireAdmin } from '../../plugins/auth';
import {sendCached } from '../../lib/catalogue-http';
import { publicSchool } from '../schools/viewer';
import * as service from './articles.service';

/** Article calls (spec 3 'Article', 4 'Article: drafted, published, moved, pinned to top', 7 'Get article list'). */
export const articlesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const admin = ['articles (back office)'];
  const article = zOkReply(s.zArticle);
  const schoolOf = (request: Parameters<typeof requireAdmin>[0]) => requireAdmin(request, 'userpage').schoolId;

  app.get(
    '/article/list',
    {
      schema: {
        tags: ['articles'],
        summary: 'Get article list {uid, status, page, num} (spec 7): published only unless the viewer administers the school; pinned first, then position, then newest. Cached; 304 on If-None-Match.',
        querystring: s.zArticleListQuery,
        response: { 200: zOkReply(s.zArticleList) },
      },
    },
    async (request, reply) => {
      const { uid, page, num } = request.query;
      const school = publicSchool(ctx, request.auth, uid);
      const status = service.listableStatus(ctx, request.auth, school.id, request.query.status);
      if (status !== s.ARTICLE_STATUS.published) return ok(service.publicArticles(ctx, school.id, status, page, num));
      return sendCached(ctx, request, reply, school.id, `article/list:${page}:${num}`, () => service.publicArticles(ctx, school.id, status, page, num));
    },
  );

  app.get(
    '/article/info/:aid',
    { schema: { tags: ['articles'], summary: 'An article with its content (published only, unless the viewer administers its school).', params: s.zArticleParams, response: { 200: article } } },
    async (request) => ok(service.articleInfo(ctx, request.auth, request.params.aid)),
  );

  app.get(
    '/article/admin/list',
    { schema: { tags: admin, summary: "The school's articles of a status (or all) in the students' order (permission userpage).", querystring: s.zArticleAdminListQuery, response: { 200: zOkReply(s.zAdminArticleList) } } },
    async (request) => ok(service.adminArticles(ctx, schoolOf(request), request.query)),
  );

  app.post(
    '/article/new',
    { schema: { tags: admin, summary: 'A draft article, first in the order; content sanitised.', body: s.zNewArticle, response: { 200: article } } },
    async (request) => ok(service.createArticle(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/article/save',
    { schema: { tags: admin, summary: 'Replaces the fields given; content sanitised.', body: s.zUpdateArticle, response: { 200: article } } },
    async (request) => ok(service.saveArticle(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/article/publish',
    { schema: { tags: admin, summary: 'status 1 publishes, 0 returns to draft.', body: s.zPublishArticle, response: { 200: article } } },
    async (request) => ok(service.publishArticle(ctx, schoolOf(request), request.body.aid, request.body.status)),
  );

  app.post(
    '/article/pin',
    { schema: { tags: admin, summary: 'Pins (1) or unpins (0) an article.', body: s.zPinArticle, response: { 200: article } } },
    async (request) => ok(service.pinArticle(ctx, schoolOf(request), request.body.aid, request.body.pinned)),
  );

  app.post(
    '/article/move',
    { schema: { tags: admin, summary: 'Moves an article to a 0-based position (dense positions).', body: s.zMoveArticle, response: { 200: article } } },
    async (request) => ok(service.moveArticle(ctx, schoolOf(request), request.body.aid, request.body.position)),
  );

  app.post(
    '/article/delete',
    { schema: { tags: admin, summary: "Deletes every article given, or none when one is not this school's (404).", body: s.zDeleteArticles, response: { 200: zOkReply(z.object({ deleted: z.number().int() })) } } },
    async (request) => ok(service.deleteArticles(ctx, schoolOf(request), request.body.aids)),
  );
};
