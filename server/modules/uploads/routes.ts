import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/uploads';
import * as service from './uploads.service';
import * as tokens from './upload-token';
import { tusRoutes } from './tus';
import path from 'node:path';
import { ensureDataFolders, removeOlderThan, TMP_UPLOADS_DIR } from '../../lib/storage';

/** Upload calls of spec 7 'Uploads' (lan release): lan/upload, the token calls, fileurl/videourl, tus. */
export const uploadsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['uploads'];
  ensureDataFolders(ctx.config.dataDir);
  // A multipart upload cut off by a crash leaves its .part file: removed at the next start once a day old.
  app.addHook('onReady', async () => {
    void removeOlderThan(path.join(ctx.config.dataDir, TMP_UPLOADS_DIR), 24 * 3600 * 1000, Date.now());
  });
  await app.register(app.multipartParsing);

  app.post(
    '/lan/upload/:name',
    {
      schema: {
        tags,
        summary:
          "Lan upload (spec 7): multipart, file field 'file-select' (also bucket, token, timeline, type). Streams to files/userupload/{schoolId}/{guid}.{EXT}. " +
          "401 guest; 400 'bad file name' (path parts, NUL, absolute); 413 'file too large'; 415 'file type not allowed'; 507 'disk full'.",
        params: s.zLanUploadParams,
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zUploadedFile) },
      },
    },
    async (request) => {
      const owner = service.ownerOf(request.auth);
      const file = await service.receiveMultipart(ctx, request, owner, { name: request.params.name });
      return ok(service.uploadedFileReply(file));
    },
  );

  app.get(
    '/token',
    {
      schema: {
        tags,
        summary: 'Upload token (spec 7): the key an upload of this file will get and the uptoken the lan upload accepts as its token field (15 minutes).',
        querystring: s.zUploadTokenQuery,
        response: { 200: zOkReply(s.zUploadToken) },
      },
    },
    async (request) => ok(tokenReply(request.auth, request.query.filename)),
  );

  app.get(
    '/video/token',
    {
      schema: {
        tags,
        summary: 'Video upload token (spec 7): as GET token, for a video file.',
        querystring: s.zVideoTokenQuery,
        response: { 200: zOkReply(s.zUploadToken) },
      },
    },
    async (request) => ok(tokenReply(request.auth, request.query.filename)),
  );

  const tokenReply = (auth: Parameters<typeof service.ownerOf>[0], filename: string): s.UploadToken => {
    const owner = service.ownerOf(auth);
    const { ext } = service.checkUpload(ctx, filename, '');
    return { ...tokens.issueUploadToken(ctx, owner.schoolId, ext), status: 'ok' };
  };

  for (const path of ['/fileurl', '/videourl']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "The URL of an uploaded file of the caller's school from its key (spec 7 'POST fileurl and POST videourl with a data payload return a URL').",
          body: s.zFileUrlBody,
          response: { 200: zOkReply(s.zFileUrl) },
        },
      },
      async (request) => ok(service.fileUrlOf(ctx, request.auth, (request.body.data || request.body.key)!)),
    );
  }

  await app.register(tusRoutes);
};
