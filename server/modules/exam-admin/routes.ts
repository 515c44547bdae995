import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { examAdminCalls as calls } from '../../../shared/calls/exam-admin';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/exam-admin';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as exams from './exams-admin.service';
import { mark, markingList } from './marking.service';
import * as papers from './papers.service';
import { exportResults } from './results-export.service';
import { examStats, listSittings } from './results.service';

/** Back-office exam calls (shared/calls/exam-admin.ts) and the results' XLSX download. */
export const examAdminRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // ---- exam categories ----
  route(app, calls.categories, async (_request, _reply, admin) => ok(await papers.listCategories(ctx, admin.schoolId)));
  route(app, calls.addCategory, async ({ body }, _reply, admin) =>
    ok(await papers.addCategory(ctx, admin.schoolId, body.title)),
  );
  route(app, calls.renameCategory, async ({ body }, _reply, admin) =>
    ok(await papers.renameCategory(ctx, admin.schoolId, body.id, body.title)),
  );
  route(app, calls.orderCategories, async ({ body }, _reply, admin) =>
    ok(await papers.orderCategories(ctx, admin.schoolId, body.ids)),
  );
  route(app, calls.deleteCategory, async ({ body }, _reply, admin) =>
    ok(await papers.deleteCategory(ctx, admin.schoolId, body.id)),
  );

  // ---- papers ----
  route(app, calls.papers, async ({ query }, _reply, admin) => ok(await papers.listPapers(ctx, admin.schoolId, query)));
  route(app, calls.paper, async ({ query }, _reply, admin) =>
    ok(await papers.paperInfo(ctx, admin.schoolId, query.id)),
  );
  route(app, calls.savePaper, async ({ body }, _reply, admin) => ok(await papers.savePaper(ctx, admin.schoolId, body)));
  route(app, calls.copyPaper, async ({ body }, _reply, admin) =>
    ok(await papers.copyPaper(ctx, admin.schoolId, body.id, body.title)),
  );
  route(app, calls.deletePaper, async ({ body }, _reply, admin) =>
    ok(await papers.deletePaper(ctx, admin.schoolId, body.id)),
  );

  // ---- exams ----
  route(app, calls.exams, async ({ query }, _reply, admin) => ok(await exams.listExams(ctx, admin.schoolId, query)));
  route(app, calls.exam, async ({ query }, _reply, admin) => ok(await exams.examInfo(ctx, admin.schoolId, query.id)));
  route(app, calls.saveExam, async ({ body }, _reply, admin) => ok(await exams.saveExam(ctx, admin, body)));
  route(app, calls.publishExam, async ({ body }, _reply, admin) =>
    ok(await exams.publishExam(ctx, admin.schoolId, body.id, body.publish)),
  );
  route(app, calls.deleteExam, async ({ body }, _reply, admin) =>
    ok(await exams.deleteExam(ctx, admin.schoolId, body.id)),
  );
  route(app, calls.examChapters, async ({ query }, _reply, admin) =>
    ok(await exams.examChapters(ctx, admin.schoolId, query.courseId)),
  );

  // ---- results ----
  route(app, calls.sittings, async ({ query }, _reply, admin) => ok(await listSittings(ctx, admin.schoolId, query)));
  route(app, calls.stats, async ({ query }, _reply, admin) => ok(await examStats(ctx, admin.schoolId, query.id)));
  // A file, not the JSON envelope: a plain route that checks the permission itself (before the query, as
  // route() does) and is never cached.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/examadmin/exam/export',
    {
      schema: {
        tags: ['exams (back office): exams'],
        summary: "An XLSX of the exam's results (every sitting) and per-question statistics.",
        querystring: s.zRef,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'exam');
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'exam');
      reply.header('cache-control', 'no-store');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportResults(ctx, admin.schoolId, request.query.id, locale);
      return reply.send(sendAttachment(reply, file));
    },
  );

  // ---- marking ----
  route(app, calls.marking, async ({ query }, _reply, admin) => ok(await markingList(ctx, admin.schoolId, query)));
  route(app, calls.mark, async ({ body }, _reply, admin) => ok(await mark(ctx, admin, body)));
};
