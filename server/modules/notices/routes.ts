import type { FastifyPluginAsync } from 'fastify';
import { noticeCalls as calls } from '../../../shared/calls/announcements';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as notices from './notices.service';

/** System notices and the badges' counts (shared/calls/announcements noticeCalls). */
export const noticesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, async ({ query }, _reply, student) => ok(await notices.myNotices(ctx, student, query)));
  route(app, calls.read, async ({ body }, _reply, student) => ok(await notices.readNotice(ctx, student, body.id)));
  route(app, calls.readAll, async (_request, _reply, student) => ok(await notices.readAllNotices(ctx, student)));
  // Every signed-in page asks for this: the envelope is written by hand (three integers), not through the zod
  // serializer, to keep the call close to a bare reply (scripts/bench/notices.mjs).
  route(app, calls.unread, async (_request, reply, student) => {
    const counts = await notices.unreadCounts(ctx, student);
    return reply
      .type('application/json; charset=utf-8')
      .send(
        `{"status":"ok","error":null,"data":{"notices":${counts.notices},"announcements":${counts.announcements},` +
          `"messages":${counts.messages}}}`,
      );
  });
};
