import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/student-import';
import { UPLOAD_ERRORS, UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { AppError, badInput } from '../../lib/errors';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import * as service from './student-import.service';

const tags = ['students (back office)'];
const OPTION_FIELDS = ['mode', 'duplicates', 'initialPassword'] as const;

/**
 * The upload of an import: the file (field 'file-select' or 'file', CSV or XLSX, at most
 * STUDENT_IMPORT_MAX_BYTES) and the options as form fields (mode, duplicates, initialPassword), in any order.
 */
async function receive(request: FastifyRequest): Promise<{ file: service.UploadedFile; options: s.ImportOptions }> {
  const got: { file?: service.UploadedFile } = {};
  const fields: Record<string, string> = {};
  await request.readForm({ limits: { fileSize: s.STUDENT_IMPORT_MAX_BYTES } }, async (part) => {
    if (part.type === 'file') {
      if (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file') {
        part.file.resume();
        return;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, s.STUDENT_IMPORT_ERRORS.tooLarge, { maxBytes: s.STUDENT_IMPORT_MAX_BYTES });
      got.file = { bytes, name: part.filename || 'students' };
    } else if ((OPTION_FIELDS as readonly string[]).includes(part.fieldname)) {
      fields[part.fieldname] = String(part.value ?? '');
    }
  });
  const { file } = got;
  if (!file) throw badInput(UPLOAD_ERRORS.noFile);
  const parsed = s.zImportOptions.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(`bad input: ${issue.path.join('.')} ${issue.message}`, { field: issue.path.join('.') });
  }
  return { file, options: parsed.data };
}

/** Student import from CSV and XLSX (spec 7 Students: import, getImport, repeatdata; permission 'student'). */
export const studentImportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(app.multipartParsing);

  app.post(
    '/student/import/preview',
    {
      schema: {
        tags,
        summary:
          "Dry run of a student import (multipart: file field 'file-select' or 'file', a CSV or XLSX of at most 10 MB and 20,000 rows; fields mode, duplicates, initialPassword): the columns recognised, unknown columns, the first 50 rows, every problem with its row (header = 1), column and reason, the user names that exist already and the seats. Writes nothing.",
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zImportPreview) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request, 'student');
      const { file, options } = await receive(request);
      return ok(await service.previewImport(ctx, admin.schoolId, file, options));
    },
  );

  app.post(
    '/student/import',
    {
      schema: {
        tags,
        summary:
          "Starts a student import (as student/import/preview) and answers its id at once; follow it with student/getImport. mode 'all' applies nothing unless every row is good and the seats suffice; 'rows' applies each good row and reports the bad ones. duplicates 'skip' or 'update'. 409 while an import of the school runs; 400 for an unreadable file, missing columns or too many rows; 413 for a file too large.",
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zImportStarted) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request, 'student');
      const { file, options } = await receive(request);
      return ok(await service.startImport(ctx, admin, file, options));
    },
  );

  app.get(
    '/student/getImport',
    {
      schema: {
        tags,
        summary: 'The running or last student import of the school: status, progress (total, processed), counts, the row report (capped at 1000), file name, mode, start and end; null when the school never imported.',
        response: { 200: zOkReply(s.zImportStatus.nullable()) },
      },
    },
    async (request) => ok(service.getImport(ctx, requireAdmin(request, 'student').schoolId)),
  );

  app.post(
    '/student/repeatdata',
    {
      schema: { tags, summary: 'Duplicate check: which of these user names the school has already (what an import would skip or update).', body: s.zRepeatQuery, response: { 200: zOkReply(s.zRepeatReply) } },
    },
    async (request) => ok(service.repeatData(ctx, requireAdmin(request, 'student').schoolId, request.body.usernames)),
  );

  app.get(
    '/student/import/template',
    {
      schema: {
        tags,
        summary: "The import template: the header row (user name, name, password, e-mail, phone, groups and the school's custom fields) in the administrator's language, as CSV (UTF-8 with BOM) or XLSX.",
        querystring: s.zTemplateQuery,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request, 'student');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      return reply.send(sendAttachment(reply, await service.importTemplate(ctx, admin.schoolId, request.query.format, locale)));
    },
  );
};

