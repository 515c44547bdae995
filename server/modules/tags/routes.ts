import type { FastifyPluginAsync } from 'fastify';
import { tagCalls } from '../../../shared/calls/tags';
import { ok } from '../../../shared/envelope';
import { sendCached } from '../../lib/catalogue-http';
import { route } from '../../plugins/calls';
import { publicSchool } from '../schools/viewer';
import * as service from './tags.service';

/** Tag calls (shared/calls/tags.ts). */
export const tagsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, tagCalls.sections, async (request, reply, caller) => {
    const school = await publicSchool(ctx, caller, request.params.uid);
    return sendCached(ctx, request, reply, school.id, 'tags', async () => await service.tagSections(ctx, school.id));
  });
  route(app, tagCalls.list, async (_request, _reply, admin) => ok(await service.adminTags(ctx, admin.schoolId)));
  route(app, tagCalls.add, async (request, _reply, admin) =>
    ok(await service.addTag(ctx, admin.schoolId, request.body.name)),
  );
  route(app, tagCalls.rename, async ({ body }, _reply, admin) =>
    ok(await service.renameTag(ctx, admin.schoolId, body.tag_id, body.name)),
  );
  route(app, tagCalls.remove, async ({ body }, _reply, admin) =>
    ok(await service.deleteTag(ctx, admin.schoolId, body.tag_id)),
  );
  route(app, tagCalls.setCourses, async ({ body }, _reply, admin) =>
    ok(await service.setTagCourses(ctx, admin.schoolId, body.tag_id, body.coids)),
  );
};
