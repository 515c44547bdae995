import type { FastifyPluginAsync } from 'fastify';
import { noticeCalls as calls } from '../../../shared/calls/announcements';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as notices from './notices.service';

/** System notices and the badges' counts (shared/calls/announcements noticeCalls). */
export const noticesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, ({ query }, _reply, student) => ok(notices.myNotices(ctx, student, query)));
  route(app, calls.read, ({ body }, _reply, student) => ok(notices.readNotice(ctx, student, body.id)));
  route(app, calls.readAll, (_request, _reply, student) => ok(notices.readAllNotices(ctx, student)));
  route(app, calls.unread, (_request, _reply, student) => ok(notices.unreadCounts(ctx, student)));
};
