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

  route(app, calls.list, ({ query }, _reply, caller) =>
    ok(service.listComments(ctx, caller, query.coid, query.page, query.num)),
  );
  route(app, calls.replies, (request, _reply, caller) => ok(service.courseReplies(ctx, caller, request.query.coid)));
  route(app, calls.add, (request, _reply, caller) =>
    ok(service.addComment(ctx, caller, request.body, localeOf(request))),
  );
  route(app, calls.prise, (request, _reply, caller) =>
    ok(service.priseComment(ctx, caller, request.body.cmid, localeOf(request))),
  );
  route(app, calls.remove, (request, _reply, caller) =>
    ok(service.deleteOwnComment(ctx, caller, request.body.cmid, localeOf(request))),
  );

  route(app, calls.adminList, (request, _reply, caller) =>
    ok(admin.adminComments(ctx, caller.userId, caller.schoolId, request.query)),
  );
  route(app, calls.adminReply, (request, _reply, caller) => {
    const { cmid, text } = request.body;
    return ok(admin.replyToComment(ctx, caller.userId, caller.schoolId, cmid, text, localeOf(request)));
  });
  route(app, calls.hide, ({ body }, _reply, caller) =>
    ok(admin.hideComments(ctx, caller.userId, caller.schoolId, body.cmids, body.hidden === 1)),
  );
  route(app, calls.adminRemove, (request, _reply, caller) =>
    ok(admin.deleteComments(ctx, caller.userId, caller.schoolId, request.body.cmids)),
  );
  route(app, calls.setting, (_request, _reply, caller) => ok(admin.commentSetting(ctx, caller.schoolId)));
  route(app, calls.saveSetting, (request, _reply, caller) =>
    ok(admin.saveCommentSetting(ctx, caller.schoolId, request.body.noAllowComment)),
  );
};
