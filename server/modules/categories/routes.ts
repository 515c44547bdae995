import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import {
  zCategory,
  zCategoryDeleted,
  zCatelist,
  zCatelistQuery,
  zCates,
  zCatesQuery,
  zDeleteCategory,
  zMoveBeforeDelete,
  zNewCategory,
  zUpdateCategory,
} from '../../../shared/schemas/categories';
import {  } from '../../../shared/schemas/courses';
import { requireAdmin } from '../../plugins/auth';
import { sendJsonText } from '../../lib/catalogue-http';
import { pageSchoolId } from '../schools/viewer';
import * as categories from './categories.service';

const tags = ['categories'];

/** Course category calls (spec 7 Courses: course/catelist, course/category, course/cate/update, course/movebeforedelcate; named 'Get category list'). */
export const categoriesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** The school's tree (public: the page's school by uid; an administrator without uid gets their own). Cached, ETag/304. */
  app.get('/course/catelist', { schema: { tags, querystring: zCatelistQuery, response: { 200: zOkReply(zCatelist) } } }, async (request, reply) => {
    // The back office's own tree (no uid): a sub-admin limited to some categories sees only its part.
    const auth = request.auth;
    const scoped = auth.role === 'admin' && !request.query.uid ? categories.scopedCatelist(ctx, auth.userId, auth.schoolId) : null;
    if (scoped) {
      reply.header('cache-control', 'private, no-store');
      return ok(scoped);
    }
    return sendJsonText(request, reply, categories.catelistReply(ctx, pageSchoolId(ctx, request.auth, request.query.uid)));
  });

  /** The children of catid with their child counts, and the path to catid (public, cached, ETag/304). */
  app.get('/course/cates', { schema: { tags, querystring: zCatesQuery, response: { 200: zOkReply(zCates) } } }, async (request, reply) =>
    sendJsonText(request, reply, categories.catesReply(ctx, pageSchoolId(ctx, request.auth, request.query.uid), request.query.catid)),
  );

  app.post('/course/category', { schema: { tags, body: zNewCategory, response: { 200: zOkReply(zCategory) } } }, async (request) => {
    const admin = requireAdmin(request, 'course');
    return ok(categories.addCategory(ctx, admin.userId, admin.schoolId, request.body));
  });

  app.post('/course/cate/update', { schema: { tags, body: zUpdateCategory, response: { 200: zOkReply(zCategory) } } }, async (request) =>
    ok(categories.updateCategory(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/course/cate/delete', { schema: { tags, body: zDeleteCategory, response: { 200: zOkReply(zCategoryDeleted) } } }, async (request) =>
    ok(categories.deleteCategory(ctx, requireAdmin(request, 'course').userId, request.body.catid)),
  );

  app.post('/course/movebeforedelcate', { schema: { tags, body: zMoveBeforeDelete, response: { 200: zOkReply(zCategoryDeleted) } } }, async (request) =>
    ok(categories.moveCoursesAndDelete(ctx, requireAdmin(request, 'course').userId, request.body)),
  );
};
