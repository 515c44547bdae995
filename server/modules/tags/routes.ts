import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import * as s from '../../../shared/schemas/tags';
import { requireAdmin } from '../../plugins/auth';
import {sendCached } from '../../lib/catalogue-http';
import { publicSchool } from '../schools/viewer';
import * as service from './tags.service';

/** Tag calls: the home page's tag sections ('Get tags of user', spec 7) and their back office (permission course). */
export const tagsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const admin = ['tags (back office)'];
  const list = zOkReply(s.zAdminTags);
  const schoolOf = (request: Parameters<typeof requireAdmin>[0]) => requireAdmin(request, 'course').schoolId;

  app.get(
    '/tags/:uid',
    {
      schema: {
        tags: ['tags'],
        summary: 'Get tags of user (spec 7): tags with visible courses, each with up to 8 course cards in the tag order. Cached; 304 on If-None-Match.',
        params: s.zTagsParams,
        response: { 200: zOkReply(s.zTagSections) },
      },
    },
    async (request, reply) => {
      const school = publicSchool(ctx, request.auth, request.params.uid);
      return sendCached(ctx, request, reply, school.id, 'tags', () => service.tagSections(ctx, school.id));
    },
  );

  app.get('/tag/admin/list', { schema: { tags: admin, summary: "The school's tags with their ordered course ids.", response: { 200: list } } }, async (request) =>
    ok(service.adminTags(ctx, schoolOf(request))),
  );

  app.post(
    '/tag/add',
    { schema: { tags: admin, summary: "Adds a tag at the end; 409 'tag exists' for a name the school already has.", body: s.zNewTag, response: { 200: zOkReply(s.zAdminTags.extend({ id: z.string() })) } } },
    async (request) => ok(service.addTag(ctx, schoolOf(request), request.body.name)),
  );

  app.post('/tag/rename', { schema: { tags: admin, summary: 'Renames a tag.', body: s.zRenameTag, response: { 200: list } } }, async (request) =>
    ok(service.renameTag(ctx, schoolOf(request), request.body.tag_id, request.body.name)),
  );

  app.post('/tag/delete', { schema: { tags: admin, summary: 'Deletes a tag (the courses stay).', body: s.zDeleteTag, response: { 200: list } } }, async (request) =>
    ok(service.deleteTag(ctx, schoolOf(request), request.body.tag_id)),
  );

  app.post(
    '/tag/courses',
    { schema: { tags: admin, summary: "Sets the tag's ordered course list; a course of another school answers 404 and nothing changes.", body: s.zTagCourses, response: { 200: list } } },
    async (request) => ok(service.setTagCourses(ctx, schoolOf(request), request.body.tag_id, request.body.coids)),
  );
};
