import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { messageCalls as calls } from '../../../shared/calls/messages';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { route } from '../../plugins/calls';
import * as messages from './messages.service';

/** Private messages (shared/calls/messages.ts). */
export const messagesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  const me = (caller: { role: 'student' | 'admin'; userId: string; schoolId: string }): messages.Me => ({
    kind: caller.role,
    id: caller.userId,
    schoolId: caller.schoolId,
  });

  for (const [list, thread, send, read, contacts] of [
    [calls.list, calls.thread, calls.send, calls.read, calls.contacts],
    [calls.adminList, calls.adminThread, calls.adminSend, calls.adminRead, calls.adminContacts],
  ] as const) {
    route(app, list, async ({ query }, _reply, caller) => ok(await messages.conversations(ctx, me(caller), query)));
    route(app, thread, async (request, _reply, caller) =>
      ok(await messages.thread(ctx, me(caller), request.query, localeOf(request))),
    );
    route(app, send, async (request, _reply, caller) =>
      ok(await messages.send(ctx, me(caller), request.body, localeOf(request))),
    );
    route(app, read, async (request, _reply, caller) =>
      ok(await messages.markRead(ctx, me(caller), request.body.friendid, localeOf(request))),
    );
    route(app, contacts, async ({ query }, _reply, caller) => ok(await messages.contacts(ctx, me(caller), query)));
  }
  route(app, calls.adminUnread, async (_request, _reply, admin) => ok(await messages.unread(ctx, me(admin))));
  route(app, calls.adminDelete, async ({ body }, _reply, admin) =>
    ok(await messages.removeMessage(ctx, me(admin), body.pmid)),
  );
  route(app, calls.setting, async (_request, _reply, admin) => ok(await messages.messageSetting(ctx, admin.schoolId)));
  route(app, calls.saveSetting, async ({ body }, _reply, admin) =>
    ok(await messages.saveMessageSetting(ctx, admin.schoolId, body.allowStudentMessages)),
  );
};
