import type { FastifyPluginAsync } from 'fastify';
import { chapterCalls as calls } from '../../../shared/calls/chapters';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as chapters from './chapters.service';

/** Chapter calls (shared/calls/chapters.ts). */
export const chaptersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, async (request, _reply, caller) =>
    ok(await chapters.chapterList(ctx, caller, request.params.id)),
  );
  route(app, calls.add, async (request, _reply, admin) =>
    ok(await chapters.addChapter(ctx, admin.userId, request.body)),
  );
  route(app, calls.rename, async ({ body }, _reply, admin) =>
    ok(await chapters.renameChapter(ctx, admin.userId, body.cid, body.title)),
  );
  route(app, calls.setFree, async ({ body }, _reply, admin) =>
    ok(await chapters.setChapterFree(ctx, admin.userId, body.cid, body.free)),
  );
  route(app, calls.update, async (request, _reply, admin) =>
    ok(await chapters.updateChapter(ctx, admin.userId, request.body)),
  );
  route(app, calls.move, async (request, _reply, admin) =>
    ok(await chapters.moveChapter(ctx, admin.userId, request.body)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await chapters.deleteChapter(ctx, admin.userId, request.body.cid)),
  );
};
