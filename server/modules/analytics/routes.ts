import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { analyticsCalls as calls } from '../../../shared/calls/analytics';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/analytics';
import { sendAttachment, type DownloadFile } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { exportGroup, exportInactive, exportStudent } from './analytics-export';
import * as analytics from './analytics.service';

const TAGS = ['analytics (back office)'];

/** The back office's analytics (shared/calls/analytics.ts) and their XLSX downloads, permission 'student'. */
export const analyticsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  route(app, calls.overview, async ({ query }, _reply, a) => ok(await analytics.overview(ctx, a, query)));
  route(app, calls.inactive, async ({ query }, _reply, a) => ok(await analytics.inactive(ctx, a, query)));
  route(app, calls.courses, async (_request, _reply, a) => ok(await analytics.courseList(ctx, a)));
  route(app, calls.course, async ({ query }, _reply, a) => ok(await analytics.courseAnalytics(ctx, a, query)));
  route(app, calls.group, async ({ query }, _reply, a) => ok(await analytics.groupAnalytics(ctx, a, query)));
  route(app, calls.student, async ({ query }, _reply, a) => ok(await analytics.studentAnalytics(ctx, a, query)));

  // Files, not the JSON envelope: plain routes that still check the permission before the query is validated.
  const download = <Q extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    make: (
      a: { userId: string; schoolId: string },
      query: z.output<Q>,
      locale: Awaited<ReturnType<typeof pickLocale>>,
    ) => Promise<DownloadFile<Buffer>>,
  ) =>
    app.get(
      path,
      {
        schema: { tags: TAGS, summary, querystring },
        preValidation: async (request: FastifyRequest) => {
          await requireAdmin(request, 'student');
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const a = await requireAdmin(request, 'student');
        const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
        const made = await make(a, request.query as z.output<Q>, locale);
        reply.header('cache-control', 'no-store');
        return reply.send(sendAttachment(reply, made));
      },
    );
  download(
    '/analysis/inactive/export',
    'The students who have not studied in idle days, as XLSX.',
    s.zInactiveQuery,
    async (a, q, l) => await exportInactive(ctx, a, q.idle, l),
  );
  download(
    '/analysis/group/export',
    "A group's members' study in the period, as XLSX.",
    s.zGroupQuery,
    async (a, q, l) => await exportGroup(ctx, a, q, l),
  );
  download(
    '/analysis/student/export',
    "A student's courses with progress and time, as XLSX.",
    s.zStudentQuery,
    async (a, q, l) => await exportStudent(ctx, a, q, l),
  );
};
