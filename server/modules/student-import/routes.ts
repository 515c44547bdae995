import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentImportCalls as calls } from '../../../shared/calls/student-import';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import * as s from '../../../shared/schemas/student-import';
import { UPLOAD_ERRORS, UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { AppError, badInput } from '../../lib/errors';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import * as service from './student-import.service';

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
      if (part.file.truncated)
        throw new AppError(413, s.STUDENT_IMPORT_ERRORS.tooLarge, { maxBytes: s.STUDENT_IMPORT_MAX_BYTES });
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

/** Student import from CSV and XLSX (shared/calls/student-import.ts) and its template. */
export const studentImportRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // The preview and the import read their form in the handler, after route() checked the permission.
  await app.register(app.multipartParsing);

  route(app, calls.preview, async (request, _reply, admin) => {
    const { file, options } = await receive(request);
    return ok(await service.previewImport(ctx, admin.schoolId, file, options));
  });
  route(app, calls.start, async (request, _reply, admin) => {
    const { file, options } = await receive(request);
    return ok(await service.startImport(ctx, admin, file, options));
  });
  route(app, calls.status, async (_request, _reply, admin) => ok(await service.getImport(ctx, admin.schoolId)));
  route(app, calls.repeatData, async (request, _reply, admin) =>
    ok(await service.repeatData(ctx, admin.schoolId, request.body.usernames)),
  );

  // A file, not the envelope.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/student/import/template',
    {
      schema: {
        tags: ['students (back office)'],
        summary:
          "The import template: the header row (user name, name, password, e-mail, phone, groups and the school's " +
          "custom fields) in the administrator's language, as CSV (UTF-8 with BOM) or XLSX.",
        querystring: s.zTemplateQuery,
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, 'student');
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const template = await service.importTemplate(ctx, admin.schoolId, request.query.format, locale);
      return reply.send(sendAttachment(reply, template));
    },
  );
};
