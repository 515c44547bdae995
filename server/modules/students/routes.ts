import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentCalls as calls } from '../../../shared/calls/students';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zStudentDownloadQuery } from '../../../shared/schemas/students';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { learnDays, learnMonths } from './learn-stats.service';
import * as students from './students.service';
import { downloadStudents } from './students-download.service';

/** Students of a school (shared/calls/students.ts) and the filtered list as a file. */
export const studentsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  route(app, calls.list, async (request, _reply, admin) =>
    ok(await students.listStudentsPage(ctx, admin.schoolId, request.query)),
  );
  route(app, calls.add, async (request, _reply, admin) =>
    ok(await students.addStudent(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.get, async (request, _reply, admin) =>
    ok(await students.getStudent(ctx, admin.schoolId, request.query.sid)),
  );
  route(app, calls.update, async (request, _reply, admin) =>
    ok(await students.editStudent(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.disable, async (request, _reply, admin) =>
    ok(await students.disableSchoolStudents(ctx, admin.schoolId, request.body.sids)),
  );
  route(app, calls.enable, async (request, _reply, admin) =>
    ok(await students.enableSchoolStudents(ctx, admin.schoolId, request.body.sids)),
  );
  route(app, calls.search, async (request, _reply, admin) =>
    ok(await students.searchSchoolStudents(ctx, admin.schoolId, request.query.keyword)),
  );
  route(app, calls.sidsOfGroups, async (request, _reply, admin) =>
    ok(await students.sidsOfGroups(ctx, admin.schoolId, request.body.gids)),
  );
  route(app, calls.fieldValues, async (request, _reply, admin) =>
    ok(await students.fieldValuesOf(ctx, admin.schoolId, request.body.sids)),
  );
  route(app, calls.learnMonths, async (request, _reply, admin) =>
    ok(await learnMonths(ctx, admin.schoolId, request.query.year)),
  );
  route(app, calls.learnDays, async (request, _reply, admin) =>
    ok(await learnDays(ctx, admin.schoolId, request.query.month)),
  );

  // A file, not a JSON envelope, so not a declared call; the access is still checked before anything is read.
  app.get(
    '/student/download',
    {
      schema: {
        tags: ['students (back office)'],
        summary:
          'The filtered student list (the filters of student/list, every match) as an XLSX or CSV (UTF-8 with BOM) ' +
          'attachment: user name, name, e-mail, phone, groups, source, status, created, each custom field. ' +
          'Formula-like cells get a leading apostrophe.',
        querystring: zStudentDownloadQuery,
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'student');
      },
    },
    async (request, reply) => {
      const { schoolId } = await requireAdmin(request, 'student');
      const { format, ...filter } = request.query;
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await downloadStudents(ctx, schoolId, filter, format, locale);
      // Personal data: never kept by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      if (file.capped) reply.header('x-export-capped', '1');
      return reply.send(sendAttachment(reply, file));
    },
  );
};
