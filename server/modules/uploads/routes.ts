import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { uploadCalls as calls } from '../../../shared/calls/uploads';
import type * as s from '../../../shared/schemas/uploads';
import { route } from '../../plugins/calls';
import * as service from './uploads.service';
import * as tokens from './upload-token';
import { tusRoutes } from './tus';
import path from 'node:path';
import { ensureDataFolders, removeOlderThan, TMP_UPLOADS_DIR } from '../../lib/storage';

/** Upload calls of spec 7 'Uploads' (lan release): lan/upload, the token calls, fileurl/videourl, tus. */
export const uploadsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  ensureDataFolders(ctx.config.dataDir);
  // A multipart upload cut off by a crash leaves its .part file: removed at the next start once a day old.
  app.addHook('onReady', async () => {
    void removeOlderThan(path.join(ctx.config.dataDir, TMP_UPLOADS_DIR), 24 * 3600 * 1000, Date.now());
  });
  await app.register(app.multipartParsing);

  // The form is read in the handler, after route()'s access check, so the multipart upload is a declared call too.
  route(app, calls.upload, async (request, _reply, caller) => {
    const file = await service.receiveMultipart(ctx, request, service.ownerOf(caller), { name: request.params.name });
    return ok(service.uploadedFileReply(file));
  });

  const tokenReply = (auth: Parameters<typeof service.ownerOf>[0], filename: string): s.UploadToken => {
    const owner = service.ownerOf(auth);
    const { ext } = service.checkUpload(ctx, filename, '');
    return { ...tokens.issueUploadToken(ctx, owner.schoolId, ext), status: 'ok' };
  };
  route(app, calls.token, (request, _reply, caller) => ok(tokenReply(caller, request.query.filename)));
  route(app, calls.videoToken, (request, _reply, caller) => ok(tokenReply(caller, request.query.filename)));

  for (const def of [calls.fileUrl, calls.videoUrl]) {
    route(app, def, (request, _reply, caller) =>
      ok(service.fileUrlOf(ctx, caller, (request.body.data || request.body.key)!)),
    );
  }

  await app.register(tusRoutes);
};
