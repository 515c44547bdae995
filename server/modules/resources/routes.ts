import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { resourceCalls as calls } from '../../../shared/calls/resources';
import { ERRORS, ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/resources';
import { badInput } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { liveResources } from '../live/admin.service';
import * as wares from './chapter-ware.service';
import * as files from './resource-files.service';
import * as folders from './folders.service';
import * as resources from './resources.service';

/** Parses a body the route could not declare (it also takes multipart), failing like the validator does. */
function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const first = issues[0]!;
  throw badInput(`${ERRORS.badInput}: body${first.field ? `.${first.field}` : ''} ${first.message}`, {
    field: first.field,
    issues,
  });
}

/**
 * The resource library (shared/calls/resources.ts): back office, permission 'resource', one school's resources
 * and folders, plus the chapter editor's attach calls (permission 'course'). The multipart uploads
 * (resource/upload, the subtitle) are declared calls parsed by the multipart plugin registered in this scope.
 */
export const resourcesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(app.multipartParsing);

  route(app, calls.list, async (request, _reply, a) =>
    ok(await resources.listResources(ctx, a.schoolId, request.query)),
  );
  route(app, calls.upload, async (request, _reply, a) =>
    ok(await resources.uploadResource(ctx, request as FastifyRequest, a, request.query)),
  );
  route(app, calls.add, async (request, _reply, a) => ok(await resources.addResource(ctx, a, request.body)));

  route(app, calls.folders, async (_request, _reply, a) => ok(await folders.folderTree(ctx, a.schoolId)));
  route(app, calls.addFolder, async (request, _reply, a) =>
    ok(await folders.addFolder(ctx, a.schoolId, request.body.title, request.body.parent_id)),
  );
  route(app, calls.renameFolder, async (request, _reply, a) =>
    ok(await folders.renameFolder(ctx, a.schoolId, request.body.id, request.body.title)),
  );
  route(app, calls.moveFolder, async (request, _reply, a) =>
    ok(await folders.moveFolder(ctx, a.schoolId, request.body.id, request.body.parent_id)),
  );
  route(app, calls.deleteFolder, async (request, _reply, a) =>
    ok(await folders.deleteFolder(ctx, a.schoolId, request.body.id)),
  );

  route(app, calls.rename, async (request, _reply, a) =>
    ok(await resources.renameResource(ctx, a.schoolId, request.body.rid, request.body.title)),
  );
  route(app, calls.move, async (request, _reply, a) =>
    ok(await resources.moveResources(ctx, a.schoolId, request.body.rids, request.body.cate)),
  );
  route(app, calls.delete, async (request, _reply, a) =>
    ok(await resources.deleteResource(ctx, a.schoolId, request.body.rid, request.body.force)),
  );
  route(app, calls.byRid, async (request, _reply, a) =>
    ok(await resources.listByRid(ctx, a.schoolId, request.query.rids)),
  );
  route(app, calls.byRidPost, async (request, _reply, a) =>
    ok(await resources.listByRid(ctx, a.schoolId, request.body.rids)),
  );

  route(app, calls.subtitles, async (request, _reply, a) =>
    ok(await files.listSubtitles(ctx, a.schoolId, request.query.rid)),
  );
  route(app, calls.addSubtitle, async (request, _reply, a) =>
    ok(await files.addSubtitle(ctx, request as FastifyRequest, a, request.query)),
  );
  route(app, calls.deleteSubtitle, async (request, _reply, a) =>
    ok(await files.deleteSubtitle(ctx, a.schoolId, request.body.rid, request.body.index)),
  );

  // Takes a multipart image or a JSON {rid, fileId}: one declaration cannot say both, so it stays a plain route
  // that checks permission first and parses the body itself.
  app.post(
    '/resource/poster',
    {
      schema: {
        tags: ['resources (back office)'],
        summary:
          "Sets a video's poster: multipart image (rid in the query string), or JSON {rid, fileId} of an image the " +
          'school uploaded. Answers the signed poster URL.',
        querystring: z.object({ rid: z.string().optional() }),
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: zOkReply(s.zPoster) },
      },
      preValidation: async (request) => {
        await requireAdmin(request, 'resource');
      },
    },
    async (request) => {
      const auth = (await requireAdmin(request, 'resource')) as Awaited<ReturnType<typeof requireAdmin>> & {
        role: 'admin';
      };
      if (request.isMultipart()) {
        return ok(await files.uploadPoster(ctx, request, auth, parseBody(s.zRidRef, request.query).rid));
      }
      const body = parseBody(s.zPosterRef, request.body);
      return ok(await files.setPoster(ctx, auth.schoolId, body.rid, body.fileId));
    },
  );

  route(app, calls.ppt, async (request, _reply, a) => ok(await files.pptSlides(ctx, a.schoolId, request.query.rid)));
  route(app, calls.pptCover, async (request, _reply, a) =>
    ok(await files.setPptCover(ctx, a.schoolId, request.body.rid, request.body.index)),
  );
  route(app, calls.urls, async (request, _reply, a) =>
    ok(await resources.resourceUrls(ctx, a.schoolId, request.query.rid, request.query.download)),
  );
  route(app, calls.hash, async (request, _reply, a) =>
    ok(await resources.resourceByKey(ctx, a.schoolId, request.query.key)),
  );
  route(app, calls.live, async (_request, _reply, a) => ok(await liveResources(ctx, a.schoolId)));
  route(app, calls.retry, async (request, _reply, a) =>
    ok(await resources.retryResource(ctx, a.schoolId, request.body.rid)),
  );

  // The chapter editor (permission 'course').
  route(app, calls.attachWare, async (request, _reply, a) =>
    ok(await wares.attachWare(ctx, a.userId, request.body.cid, request.body.rid)),
  );
  route(app, calls.chapterWares, async (request, _reply, a) =>
    ok(await wares.courseWares(ctx, a.userId, request.query.coid)),
  );
  route(app, calls.wareCandidates, async (request, _reply, a) =>
    ok(await wares.wareCandidates(ctx, a.userId, request.query)),
  );
};
