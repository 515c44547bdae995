import type { FastifyPluginAsync } from 'fastify';
import { sendFile } from '../../lib/send-file';
import { USERUPLOAD_DIR } from '../../lib/storage';
import { SESSION_COOKIE } from '../../../shared/constants';
import { authenticate } from '../auth/auth.service';
import { mediaAnswer, serveUploadedFile } from './files.service';

/** Uploaded file names never change (a new upload gets a new guid), so public files are cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Signed media answers are private to the viewer; a token outlives this. */
const MEDIA_CACHE = 'private, max-age=3600';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
/** An 'owner' file goes to its uploader only: never kept by a shared cache, checked again on each use. */
const OWNER_ONLY = 'private, no-cache';

/**
 * Serving stored files (server/lib/send-file), outside the API prefix:
 * - GET /files/userupload/{schoolId}/{name}: a public file (course covers, school images, page pictures),
 *   or an 'owner' one to its uploader only (what students upload); 404 otherwise, so private files are not revealed.
 * - GET /media/{token}/{rid}/{path}: a resource's files behind a signed URL (server/lib/media-url): 'source'
 *   is the uploaded original, anything else a conversion output under files/derived/{rid}/. 403 for a bad or
 *   expired token; ?download=1 (attachment with the original name) only when the token allows download.
 *   A resource whose upload is in the object store (STORAGE=s3) is answered with a 302 to a signed URL of
 *   the object, its HLS playlists by the app itself (files.service storeAnswer).
 * Both answer Range, ETag/Last-Modified and HEAD through server/lib/send-file.
 */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const accel = ctx.config.ACCEL_REDIRECT;

  // GET and HEAD share one handler (an explicit HEAD keeps the real Content-Length, unlike Fastify's generated one).
  app.route<{ Params: { schoolId: string; name: string } }>({
    method: ['GET', 'HEAD'],
    url: `/${USERUPLOAD_DIR}/:schoolId/:name`,
    schema: { hide: true },
    handler: async (request, reply) => {
      // /files/ requests skip the session lookup (plugins/auth): an 'owner' file asks for it here.
      const viewer = async () => await authenticate(ctx, request.cookies[SESSION_COOKIE]);
      const { schoolId, name } = request.params;
      const { ownerOnly, ...target } = await serveUploadedFile(ctx, schoolId, name, viewer);
      const cacheControl = ownerOnly ? OWNER_ONLY : IMMUTABLE;
      return sendFile(request, reply, { ...target, accelRedirect: accel, cacheControl });
    },
  });

  app.route<{ Params: { token: string; rid: string; '*': string }; Querystring: { download?: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:token/:rid/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const answer = await mediaAnswer(
        ctx,
        request.params.token,
        request.params.rid,
        request.params['*'],
        request.query.download === '1',
      );
      if (answer.kind === 'redirect')
        return reply.header('cache-control', `private, max-age=${answer.maxAge}`).redirect(answer.url, 302);
      if (answer.kind === 'playlist')
        return reply.header('content-type', PLAYLIST_TYPE).header('cache-control', MEDIA_CACHE).send(answer.body);
      return sendFile(request, reply, { ...answer.target, accelRedirect: accel, cacheControl: MEDIA_CACHE });
    },
  });
};
