import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { grantCalls as calls } from '../../../shared/calls/grants';
import { ok } from '../../../shared/envelope';
import { GRANT_ERRORS, GRANT_FILE_MAX_BYTES, zGrantUploadFields } from '../../../shared/schemas/grants';
import { UPLOAD_ERRORS, UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { AppError, badInput } from '../../lib/errors';
import { route } from '../../plugins/calls';
import * as grants from './grants.service';
import { userNamesOf } from './grants-file';

/** The upload of grant/upload: the file (field 'file' or 'file-select') and the fields kind, id, until. */
async function receive(request: FastifyRequest) {
  let file: { bytes: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  await request.readForm({ limits: { fileSize: GRANT_FILE_MAX_BYTES } }, async (part) => {
    if (part.type === 'file') {
      if (part.fieldname !== UPLOAD_FILE_FIELD && part.fieldname !== 'file') {
        part.file.resume();
        return;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, GRANT_ERRORS.tooLarge, { maxBytes: GRANT_FILE_MAX_BYTES });
      file = { bytes, name: part.filename || 'names' };
    } else if (['kind', 'id', 'until'].includes(part.fieldname)) {
      fields[part.fieldname] = String(part.value ?? '');
    }
  });
  if (!file) throw badInput(UPLOAD_ERRORS.noFile);
  const parsed = zGrantUploadFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(`bad input: ${issue.path.join('.')} ${issue.message}`, { field: issue.path.join('.') });
  }
  return { file, fields: parsed.data };
}

/** Administrator grants (shared/calls/grants.ts). */
export const grantsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // grant/upload reads its form in the handler, after route() checked the permission.
  await app.register(app.multipartParsing);

  route(app, calls.add, async ({ body }, _reply, admin) => ok(await grants.addGrant(ctx, admin, body)));
  route(app, calls.upload, async (request, _reply, admin) => {
    const { file, fields } = await receive(request);
    return ok(await grants.grantToNames(ctx, admin, fields, await userNamesOf(file)));
  });
  route(app, calls.revoke, async ({ body }, _reply, admin) => ok(await grants.revoke(ctx, admin, body.id)));
  route(app, calls.holders, async ({ query }, _reply, admin) => ok(await grants.listHolders(ctx, admin, query)));
  route(app, calls.student, async ({ query }, _reply, admin) =>
    ok(await grants.studentHoldings(ctx, admin, query.sid)),
  );
  route(app, calls.audit, async ({ query }, _reply, admin) => ok(await grants.auditTrail(ctx, admin, query)));
};
