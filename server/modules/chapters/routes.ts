import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import {
  zAddChapter,
  zChapter,
  zChapterList,
  zChapterNode,
  zChapterRef,
  zChaptersDeleted,
  zFreeChapter,
  zMoveChapter,
  zRenameChapter,
  zUpdateChapter,
} from '../../../shared/schemas/chapters';
import { zCourseRef } from '../../../shared/schemas/courses';
import { requireAdmin } from '../../plugins/auth';
import * as chapters from './chapters.service';

const tags = ['chapters'];

/** Chapter calls (spec 7 Courses: course/chapter/{id}, chapter/free, chapter/rename; the chapter editor's add, update, move, delete). */
export const chaptersRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** The chapter tree: students and guests of a published course with lock states; its administrators everything. */
  app.get('/course/chapter/:id', { schema: { tags, params: zCourseRef, response: { 200: zOkReply(zChapterList) } } }, async (request) =>
    ok(chapters.chapterList(ctx, request.auth, request.params.id)),
  );

  app.post('/chapter/add', { schema: { tags, body: zAddChapter, response: { 200: zOkReply(zChapter) } } }, async (request) =>
    ok(chapters.addChapter(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/chapter/rename', { schema: { tags, body: zRenameChapter, response: { 200: zOkReply(zChapter) } } }, async (request) =>
    ok(chapters.renameChapter(ctx, requireAdmin(request, 'course').userId, request.body.cid, request.body.title)),
  );

  app.post('/chapter/free', { schema: { tags, body: zFreeChapter, response: { 200: zOkReply(zChapter) } } }, async (request) =>
    ok(chapters.setChapterFree(ctx, requireAdmin(request, 'course').userId, request.body.cid, request.body.free)),
  );

  app.post('/chapter/update', { schema: { tags, body: zUpdateChapter, response: { 200: zOkReply(zChapter) } } }, async (request) =>
    ok(chapters.updateChapter(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/chapter/move', { schema: { tags, body: zMoveChapter, response: { 200: zOkReply(z.object({ chapters: z.array(zChapterNode) })) } } }, async (request) =>
    ok(chapters.moveChapter(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/chapter/delete', { schema: { tags, body: zChapterRef, response: { 200: zOkReply(zChaptersDeleted) } } }, async (request) =>
    ok(chapters.deleteChapter(ctx, requireAdmin(request, 'course').userId, request.body.cid)),
  );
};
