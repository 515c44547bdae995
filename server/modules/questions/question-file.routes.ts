import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/questions';
import { requireAdmin } from '../../plugins/auth';
import { sendAttachment } from '../../lib/send-file';
import { exportQuestions, questionTemplate, type QuestionFile } from './question-export';
import { checkImport, commitImport } from './question-import';

const tags = ['question bank (back office)'];

/** The bank's XLSX calls: export, template, import preview and import (permission 'question'). */
export const questionFileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(app.multipartParsing);
  const localeOf = (request: FastifyRequest) => pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
  const send = (reply: FastifyReply, file: QuestionFile) => reply.send(sendAttachment(reply, file));

  /** The uploaded file's bytes (multipart, file field 'file-select' or 'file', at most 5 MB). */
  const receive = async (request: FastifyRequest): Promise<Buffer> => (await request.readFormFile({ maxBytes: s.QUESTION_IMPORT_MAX_BYTES })).bytes;

  app.get(
    '/question/export',
    {
      schema: {
        tags,
        summary: `The filtered bank (the filters of question/list) as an XLSX file in the import's columns, newest first, at most ${s.QUESTION_EXPORT_MAX_ROWS} rows; headings in the administrator's language.`,
        querystring: s.zQuestionFilter,
      },
    },
    async (request, reply) => send(reply, await exportQuestions(ctx, requireAdmin(request, 'question').schoolId, request.query, localeOf(request))),
  );

  app.get(
    '/question/template',
    { schema: { tags, summary: 'The import template: the column headings and one example of each kind.' } },
    async (request, reply) => {
      requireAdmin(request, 'question');
      return send(reply, await questionTemplate(localeOf(request)));
    },
  );

  app.post(
    '/question/import/preview',
    {
      schema: {
        tags,
        summary:
          "Dry run of an import (multipart, file field 'file-select' or 'file', an .xlsx of at most 5 MB): every problem with its row number (the heading row is 1), column and reason, and the rows that would be created. Writes nothing.",
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zImportReport) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request, 'question');
      return ok((await checkImport(ctx, admin.schoolId, await receive(request), localeOf(request))).report);
    },
  );

  app.post(
    '/question/import',
    {
      schema: {
        tags,
        summary:
          "Imports an .xlsx (as question/import/preview) all or nothing: every row created in one transaction, with the categories it names that do not exist (first level). 400 'import has bad rows' with the report as data when any row is bad: nothing is written.",
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zImportReport) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request, 'question');
      return ok(await commitImport(ctx, admin, await receive(request), localeOf(request)));
    },
  );
};
