import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ERRORS, ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/resources';
import { badInput } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
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
  throw badInput(`${ERRORS.badInput}: body${first.field ? `.${first.field}` : ''} ${first.message}`, { field: first.field, issues });
}

/**
 * The resource library (spec 7 'Resources'): back office, permission 'resource',
 * one school's resources and folders. Plus the chapter editor's attach calls (permission 'course').
 */
export const resourcesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(app.multipartParsing);
  const tags = ['resources (back office)'];
  const admin = (request: FastifyRequest) => requireAdmin(request, 'resource') as ReturnType<typeof requireAdmin> & { role: 'admin' };
  const school = (request: FastifyRequest) => admin(request).schoolId;
  const item = zOkReply(s.zResourceItem);
  const list = zOkReply(z.object({ list: z.array(s.zResourceItem) }));
  const tree = zOkReply(s.zFolderTree);

  app.get(
    '/resource/list',
    {
      schema: {
        tags,
        summary: "A page of a folder's resources (cate '0' = top; showSub adds the folders below, so '0' with showSub is everything), searched in titles and file names, by kind (fileType), in an order.",
        querystring: s.zResourceListQuery,
        response: { 200: zOkReply(s.zResourceList) },
      },
    },
    async (request) => ok(resources.listResources(ctx, school(request), request.query)),
  );

  app.post(
    '/resource/upload',
    {
      schema: {
        tags,
        summary:
          "Uploads a file into the library in one call: multipart, file field 'file-select'; cate and title in the query string. The folder is checked before the file is stored; refusals as lan/upload (400, 413, 415, 507).",
        querystring: s.zResourceUploadFields,
        consumes: ['multipart/form-data'],
        response: { 200: item },
      },
    },
    async (request) => ok(await resources.uploadResource(ctx, request, admin(request), request.query)),
  );

  app.post(
    '/resource/add',
    {
      schema: {
        tags,
        summary: "Adds an uploaded file (lan/upload or tus) of the school as a resource: the file turns private, its kind follows spec 5, its conversion is queued. 409 'file already belongs to a resource'.",
        body: s.zAddResource,
        response: { 200: item },
      },
    },
    async (request) => ok(resources.addResource(ctx, admin(request), request.body)),
  );

  app.get('/resource/category', { schema: { tags, summary: 'The folder tree with resource counts.', response: { 200: tree } } }, async (request) =>
    ok(folders.folderTree(ctx, school(request))),
  );
  app.post(
    '/resource/category/add',
    { schema: { tags, summary: "Adds a folder under parent_id ('0' = top), at most 5 deep.", body: s.zAddFolder, response: { 200: zOkReply(s.zFolderTree.extend({ id: z.string() })) } } },
    async (request) => ok(folders.addFolder(ctx, school(request), request.body.title, request.body.parent_id)),
  );
  app.post('/resource/category/rename', { schema: { tags, summary: 'Renames a folder.', body: s.zRenameFolder, response: { 200: tree } } }, async (request) =>
    ok(folders.renameFolder(ctx, school(request), request.body.id, request.body.title)),
  );
  app.post(
    '/resource/category/move',
    { schema: { tags, summary: "Moves a folder under another ('0' = top); never into itself or below itself.", body: s.zMoveFolder, response: { 200: tree } } },
    async (request) => ok(folders.moveFolder(ctx, school(request), request.body.id, request.body.parent_id)),
  );
  app.post(
    '/resource/category/delete',
    { schema: { tags, summary: "Deletes an empty folder; 409 'folder not empty' with data {resources, folders} otherwise.", body: s.zFolderRef, response: { 200: tree } } },
    async (request) => ok(folders.deleteFolder(ctx, school(request), request.body.id)),
  );

  app.post('/resource/rename', { schema: { tags, summary: 'Renames a resource.', body: s.zRenameResource, response: { 200: item } } }, async (request) =>
    ok(resources.renameResource(ctx, school(request), request.body.rid, request.body.title)),
  );
  app.post(
    '/resource/move',
    { schema: { tags, summary: "Moves resources to a folder ('0' = top); an unknown id moves nothing (404).", body: s.zMoveResources, response: { 200: list } } },
    async (request) => ok(resources.moveResources(ctx, school(request), request.body.rids, request.body.cate)),
  );
  app.post(
    '/resource/delete',
    {
      schema: {
        tags,
        summary:
          "Deletes a resource, its converted files and its upload. While chapters teach it: 409 'resource in use' with data {chapters:[{cid,title,coid,courseTitle}]}, unless force, which detaches it from them.",
        body: s.zDeleteResource,
        response: { 200: zOkReply(s.zResourceDeleted) },
      },
    },
    async (request) => ok(await resources.deleteResource(ctx, school(request), request.body.rid, request.body.force)),
  );

  const byRid = { tags, summary: 'The resources among rids (array or comma-separated, at most 100), in that order; unknown ids are left out.', response: { 200: list } };
  app.get('/resource/listbyrid', { schema: { ...byRid, querystring: s.zListByRid } }, async (request) => ok(resources.listByRid(ctx, school(request), request.query.rids)));
  app.post('/resource/listbyrid', { schema: { ...byRid, body: s.zListByRid } }, async (request) => ok(resources.listByRid(ctx, school(request), request.body.rids)));

  app.get('/resource/subtitle', { schema: { tags, summary: "A video or audio resource's subtitles.", querystring: s.zRidRef, response: { 200: zOkReply(s.zSubtitles) } } }, async (request) =>
    ok(files.listSubtitles(ctx, school(request), request.query.rid)),
  );
  app.post(
    '/resource/subtitle',
    {
      schema: {
        tags,
        summary: "Adds a subtitle to a video or audio resource: multipart .vtt or .srt (at most 2 MB; SubRip is converted to WebVTT); rid, label, lang in the query string.",
        querystring: s.zSubtitleFields,
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zSubtitles) },
      },
    },
    async (request) => ok(await files.addSubtitle(ctx, request, admin(request), request.query)),
  );
  app.post('/resource/subtitle/delete', { schema: { tags, summary: 'Removes a subtitle by its index.', body: s.zDeleteSubtitle, response: { 200: zOkReply(s.zSubtitles) } } }, async (request) =>
    ok(await files.deleteSubtitle(ctx, school(request), request.body.rid, request.body.index)),
  );

  app.post(
    '/resource/poster',
    {
      schema: {
        tags,
        summary: "Sets a video's poster: multipart image (rid in the query string), or JSON {rid, fileId} of an image the school uploaded. Answers the signed poster URL.",
        querystring: z.object({ rid: z.string().optional() }),
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: zOkReply(s.zPoster) },
      },
    },
    async (request) => {
      const auth = admin(request);
      if (request.isMultipart()) return ok(await files.uploadPoster(ctx, request, auth, parseBody(s.zRidRef, request.query).rid));
      const body = parseBody(s.zPosterRef, request.body);
      return ok(await files.setPoster(ctx, auth.schoolId, body.rid, body.fileId));
    },
  );

  app.get('/resource/ppt', { schema: { tags, summary: "A presentation's slide images (signed URLs) and cover.", querystring: s.zRidRef, response: { 200: zOkReply(s.zPptSlides) } } }, async (request) =>
    ok(files.pptSlides(ctx, school(request), request.query.rid)),
  );
  app.post('/resource/ppt/cover', { schema: { tags, summary: 'Makes a slide (0-based) the picture of the presentation.', body: s.zPptCover, response: { 200: zOkReply(s.zPptSlides) } } }, async (request) =>
    ok(await files.setPptCover(ctx, school(request), request.body.rid, request.body.index)),
  );

  app.get(
    '/resource/url',
    { schema: { tags, summary: 'Short-lived signed URLs of a resource (original and converted files) for previewing.', querystring: s.zResourceUrlQuery, response: { 200: zOkReply(s.zResourceUrls) } } },
    async (request) => ok(resources.resourceUrls(ctx, school(request), request.query.rid, request.query.download)),
  );
  app.get(
    '/resource/hash',
    { schema: { tags, summary: 'The file behind a storage key (files/userupload/...) and the resource that owns it, if any.', querystring: s.zHashQuery, response: { 200: zOkReply(s.zHashResult) } } },
    async (request) => ok(resources.resourceByKey(ctx, school(request), request.query.key)),
  );
  app.get(
    '/res/live',
    { schema: { tags, summary: 'Live resources. No live server is part of the on-premises release yet: always an empty list, in the shape a live server will fill.', response: { 200: zOkReply(s.zLiveResources) } } },
    async (request) => {
      school(request);
      return ok({ list: [], total: 0, liveServer: '' });
    },
  );
  app.post('/resource/retry', { schema: { tags, summary: 'Converts a resource again (after a failure or once a missing tool is installed).', body: s.zRidRef, response: { 200: item } } }, async (request) =>
    ok(resources.retryResource(ctx, school(request), request.body.rid)),
  );

  // The chapter editor (permission 'course').
  const chapterTags = ['chapters'];
  const courseAdmin = (request: FastifyRequest) => requireAdmin(request, 'course').userId;
  app.post(
    '/chapter/ware',
    {
      schema: {
        tags: chapterTags,
        summary: "Attaches a library resource to a chapter (rid '' detaches). 400 when the kinds do not fit (data: kind, chapterType, accepts).",
        body: s.zChapterWare,
        response: { 200: zOkReply(z.object({ cid: z.string(), ware: s.zChapterWareInfo.nullable() })) },
      },
    },
    async (request) => ok(wares.attachWare(ctx, courseAdmin(request), request.body.cid, request.body.rid)),
  );
  app.get(
    '/chapter/wares',
    { schema: { tags: chapterTags, summary: 'The attached resource of each chapter of a course.', querystring: s.zChapterWaresQuery, response: { 200: zOkReply(s.zChapterWares) } } },
    async (request) => ok(wares.courseWares(ctx, courseAdmin(request), request.query.coid)),
  );
  app.get(
    '/chapter/ware/candidates',
    {
      schema: {
        tags: chapterTags,
        summary: "The library's resources that fit a chapter's kind (for the attach picker), searched and paged like resource/list.",
        querystring: s.zWareCandidatesQuery,
        response: { 200: zOkReply(s.zResourceList.extend({ accepts: z.array(z.string()) })) },
      },
    },
    async (request) => ok(wares.wareCandidates(ctx, courseAdmin(request), request.query)),
  );
};
