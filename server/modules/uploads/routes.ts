import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { uploadCalls as calls } from '../../../shared/calls/uploads';
import type * as s from '../../../shared/schemas/uploads';
import { route } from '../../plugins/calls';
import * as service from './uploads.service';
import * as tokens from './upload-token';
import * as direct from './direct-upload.service';
import { tusRoutes } from './tus';
import path from 'node:path';
import { ensureDataFolders, removeOlderThan, TMP_UPLOADS_DIR } from '../../lib/storage';
import { leads } from '../cluster/nodes';

/**
 * Upload calls of spec 7 'Uploads': lan/upload, the token calls, fileurl/videourl, tus; with STORAGE=s3 (online
 * release) the token calls sign a PUT to the object store and upload/complete records what arrived there.
 */
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

  type TokenQuery = { filename: string; size?: number; contentType?: string };
  const tokenReply = async (auth: Parameters<typeof service.ownerOf>[0], query: TokenQuery): Promise<s.UploadToken> => {
    if (direct.directUploads(ctx)) return direct.issueDirectUpload(ctx, auth, query);
    const owner = service.ownerOf(auth);
    const { ext } = service.checkUpload(ctx, query.filename, '');
    return { ...(await tokens.issueUploadToken(ctx, owner.schoolId, ext)), status: 'ok' };
  };
  route(app, calls.token, async (request, _reply, caller) => ok(await tokenReply(caller, request.query)));
  route(app, calls.videoToken, async (request, _reply, caller) => ok(await tokenReply(caller, request.query)));
  route(app, calls.complete, async (request, _reply, caller) => {
    const file = await direct.completeDirectUpload(ctx, caller, request.body.uptoken);
    return ok({ ...service.uploadedFileReply(file), url: (await direct.fileUrlOf(ctx, caller, file.key)).url });
  });

  for (const def of [calls.fileUrl, calls.videoUrl]) {
    route(app, def, async (request, _reply, caller) => {
      const { data, key, download } = request.body;
      return ok(await direct.fileUrlOf(ctx, caller, (data || key)!, download));
    });
  }

  await app.register(tusRoutes);

  if (direct.directUploads(ctx)) {
    const sweep = async () =>
      leads(ctx) &&
      direct.sweepUnrecorded(ctx).catch((error) => ctx.log.warn({ err: error }, 'sweeping the object store failed'));
    app.addHook('onReady', async () => {
      void sweep();
    });
    const timer = setInterval(() => void sweep(), 24 * 3600 * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
