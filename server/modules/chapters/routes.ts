import type { FastifyPluginAsync } from 'fastify';
import { chapterCalls as calls } from '../../../shared/calls/chapters';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as chapters from './chapters.service';

/** Chapter calls (shared/calls/chapters.ts). */
export const chaptersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, (request, _reply, caller) => ok(chapters.chapterList(ctx, caller, request.params.id)));
  route(app, calls.add, (request, _reply, admin) => ok(chapters.addChapter(ctx, admin.userId, request.body)));
  route(app, calls.rename, ({ body }, _reply, admin) =>
    ok(chapters.renameChapter(ctx, admin.userId, body.cid, body.title)),
  );
  route(app, calls.setFree, ({ body }, _reply, admin) =>
    ok(chapters.setChapterFree(ctx, admin.userId, body.cid, body.free)),
  );
  route(app, calls.update, (request, _reply, admin) => ok(chapters.updateChapter(ctx, admin.userId, request.body)));
  route(app, calls.move, (request, _reply, admin) => ok(chapters.moveChapter(ctx, admin.userId, request.body)));
  route(app, calls.remove, (request, _reply, admin) => ok(chapters.deleteChapter(ctx, admin.userId, request.body.cid)));
};
