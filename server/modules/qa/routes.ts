import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { qaCalls as calls } from '../../../shared/calls/qa';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { route } from '../../plugins/calls';
import * as manage from './qa-manage.service';
import * as service from './qa.service';

/** Chapter Q&A (shared/calls/qa.ts). */
export const qaRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);

  route(app, calls.list, async ({ query }, _reply, caller) => ok(await service.listQuestions(ctx, caller, query)));
  route(app, calls.add, async (request, _reply, caller) =>
    ok(await service.addQuestion(ctx, caller, request.body, localeOf(request))),
  );
  route(app, calls.answer, async (request, _reply, caller) =>
    ok(await service.answerQuestion(ctx, caller, request.body, localeOf(request))),
  );
  route(app, calls.remove, async ({ body }, _reply, caller) => ok(await service.deleteQuestion(ctx, caller, body.qid)));
  route(app, calls.manage, async ({ query }, _reply, admin) => ok(await manage.manageQuestions(ctx, admin, query)));
  route(app, calls.hide, async ({ body }, _reply, admin) =>
    ok(await manage.hideQuestions(ctx, admin, body.qids, body.hidden === 1)),
  );
};
