import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { questionCalls as calls } from '../../../shared/calls/questions';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/questions';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { exportQuestions, type QuestionFile, questionTemplate } from './question-export';
import { checkImport, commitImport } from './question-import';

const tags = ['question bank (back office)'];

/**
 * The bank's XLSX calls (permission 'question'): the export and the template are files (plain routes), the
 * import preview and the import are declared multipart calls (shared/calls/questions.ts).
 */
export const questionFileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(app.multipartParsing);
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  const send = (reply: FastifyReply, file: QuestionFile) => reply.send(sendAttachment(reply, file));

  /** The uploaded file's bytes (multipart, file field 'file-select' or 'file', at most 5 MB). */
  const receive = async (request: FastifyRequest): Promise<Buffer> =>
    (await request.readFormFile({ maxBytes: s.QUESTION_IMPORT_MAX_BYTES })).bytes;

  app.get(
    '/question/export',
    {
      schema: {
        tags,
        summary:
          `The filtered bank (the filters of question/list) as an XLSX file in the import's columns, newest ` +
          `first, at most ${s.QUESTION_EXPORT_MAX_ROWS} rows; headings in the administrator's language.`,
        querystring: s.zQuestionFilter,
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'question');
      return send(reply, await exportQuestions(ctx, admin.schoolId, request.query, localeOf(request)));
    },
  );

  app.get(
    '/question/template',
    { schema: { tags, summary: 'The import template: the column headings and one example of each kind.' } },
    async (request, reply) => {
      await requireAdmin(request, 'question');
      return send(reply, await questionTemplate(localeOf(request)));
    },
  );

  route(app, calls.importPreview, async (request, _reply, admin) => {
    const checked = await checkImport(ctx, admin.schoolId, await receive(request), localeOf(request));
    return ok(checked.report);
  });
  route(app, calls.importCommit, async (request, _reply, admin) =>
    ok(await commitImport(ctx, admin, await receive(request), localeOf(request))),
  );
};
