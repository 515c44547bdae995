import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import { zAdminHomeSetting, zSaveHomeSetting, zSchoolRef, zUserPage } from '../../../shared/schemas/home-setting';
import { requireAdmin } from '../../plugins/auth';
import {sendCached } from '../../lib/catalogue-http';
import { publicSchool } from '../schools/viewer';
import * as service from './home-setting.service';

/** The school's home setting (spec 3 'Home setting'): the public user page data and its back-office editor. */
export const homesettingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['home setting'];

  app.get(
    '/userpage/:uid',
    {
      schema: {
        tags,
        summary: "Get user page data by parent id (spec 7): the home setting with defaults, title, logo, catesetting. Cached; answers If-None-Match with 304.",
        params: z.object({ uid: zSchoolRef }),
        response: { 200: zOkReply(zUserPage) },
      },
    },
    async (request, reply) => {
      const school = publicSchool(ctx, request.auth, request.params.uid);
      return sendCached(ctx, request, reply, school.id, 'userpage', () => service.userPage(ctx, school));
    },
  );

  app.get(
    '/setting/userpage',
    { schema: { tags, summary: 'The home setting in the back office (permission userpage).', response: { 200: zOkReply(zAdminHomeSetting) } } },
    async (request) => ok(service.adminHomeSetting(ctx, requireAdmin(request, 'userpage').schoolId)),
  );

  app.post(
    '/setting/userpage',
    {
      schema: {
        tags,
        summary: 'Saves the whole home setting (object or JSON text); any bad value answers 400 naming it and nothing is saved (permission userpage).',
        body: zSaveHomeSetting,
        response: { 200: zOkReply(zAdminHomeSetting) },
      },
    },
    async (request) => ok(service.saveHomeSetting(ctx, requireAdmin(request, 'userpage').schoolId, request.body.setting)),
  );
};
