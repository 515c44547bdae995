import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { commentCalls as calls } from '../../../shared/calls/comments';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { route } from '../../plugins/calls';
import * as admin from './comments-admin.service';
import * as service from './comments.service';

/** Course comments and their back office (shared/calls/comments.ts). */
export const commentsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);

  route(app, calls.list, async ({ query }, _reply, caller) =>
    ok(await service.listComments(ctx, caller, query.coid, query.page, query.num)),
  );
  route(app, calls.replies, async (request, _reply, caller) =>
    ok(await service.courseReplies(ctx, caller, request.query.coid)),
  );
  route(app, calls.add, async (request, _reply, caller) =>
    ok(await service.addComment(ctx, caller, request.body, localeOf(request))),
  );
  route(app, calls.prise, async (request, _reply, caller) =>
    ok(await service.priseComment(ctx, caller, request.body.cmid, localeOf(request))),
  );
  route(app, calls.remove, async (request, _reply, caller) =>
    ok(await service.deleteOwnComment(ctx, caller, request.body.cmid, localeOf(request))),
  );

  route(app, calls.adminList, async (request, _reply, caller) =>
    ok(await admin.adminComments(ctx, caller.userId, caller.schoolId, request.query)),
  );
  route(app, calls.adminReply, async (request, _reply, caller) => {
    const { cmid, text } = request.body;
    return ok(await admin.replyToComment(ctx, caller.userId, caller.schoolId, cmid, text, localeOf(request)));
  });
  route(app, calls.hide, async ({ body }, _reply, caller) =>
    ok(await admin.hideComments(ctx, caller.userId, caller.schoolId, body.cmids, body.hidden === 1)),
  );
  route(app, calls.adminRemove, async (request, _reply, caller) =>
    ok(await admin.deleteComments(ctx, caller.userId, caller.schoolId, request.body.cmids)),
  );
  route(app, calls.setting, async (_request, _reply, caller) => ok(await admin.commentSetting(ctx, caller.schoolId)));
  route(app, calls.saveSetting, async (request, _reply, caller) =>
    ok(await admin.saveCommentSetting(ctx, caller.schoolId, request.body.noAllowComment)),
  );
};
