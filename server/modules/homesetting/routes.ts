import type { FastifyPluginAsync } from 'fastify';
import { homeSettingCalls as calls } from '../../../shared/calls/home-setting';
import { ok } from '../../../shared/envelope';
import { sendCached } from '../../lib/catalogue-http';
import { route } from '../../plugins/calls';
import { publicSchool } from '../schools/viewer';
import * as service from './home-setting.service';

/** The school's home setting (shared/calls/home-setting.ts). */
export const homesettingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.userPage, async (request, reply, caller) => {
    const school = await publicSchool(ctx, caller, request.params.uid);
    return sendCached(ctx, request, reply, school.id, 'userpage', async () => await service.userPage(ctx, school));
  });
  route(app, calls.get, async (_request, _reply, admin) => ok(await service.adminHomeSetting(ctx, admin.schoolId)));
  route(app, calls.save, async (request, _reply, admin) =>
    ok(await service.saveHomeSetting(ctx, admin.schoolId, request.body.setting)),
  );
};
