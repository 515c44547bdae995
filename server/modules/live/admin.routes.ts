import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liveAdminCalls as calls } from '../../../shared/calls/live-admin';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zLiveAttendanceExportQuery } from '../../../shared/schemas/live-admin';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as live from './admin.service';
import { exportAttendance } from './attendance-export';

/** Live sessions in the back office (shared/calls/live-admin.ts) and the attendance export. */
export const liveAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  route(app, calls.list, async ({ query }, _reply, admin) => ok(await live.listSessions(ctx, admin, query)));
  route(app, calls.info, async ({ query }, _reply, admin) => ok(await live.sessionInfo(ctx, admin, query.id)));
  route(app, calls.options, async (_request, _reply, admin) => ok(await live.liveOptions(ctx, admin)));
  route(app, calls.add, async ({ body }, _reply, admin) => ok(await live.addSession(ctx, admin, body)));
  route(app, calls.edit, async ({ body }, _reply, admin) => ok(await live.editSession(ctx, admin, body)));
  route(app, calls.remove, async ({ body }, _reply, admin) => ok(await live.deleteSession(ctx, admin, body.id)));
  route(app, calls.rotate, async ({ body }, _reply, admin) => ok(await live.rotateKey(ctx, admin, body.id)));
  route(app, calls.end, async ({ body }, _reply, admin) => ok(await live.endSession(ctx, admin, body.id)));
  route(app, calls.attendance, async ({ query }, _reply, admin) => ok(await live.attendance(ctx, admin, query)));
  route(app, calls.bill, async ({ query }, _reply, admin) => ok(await live.bill(ctx, admin, query.month)));

  // A file, not a JSON envelope, so not a declared call; the access is checked before anything is read.
  app.get(
    '/live/attendance/export',
    {
      schema: {
        tags: ['live (back office)'],
        summary: "A session's attendance (every row of live/attendance) as an XLSX attachment.",
        querystring: zLiveAttendanceExportQuery,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'course');
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'course');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportAttendance(ctx, admin, request.query.id, locale);
      reply.header('cache-control', 'no-store');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
