import type { FastifyPluginAsync } from 'fastify';
import { groupCalls } from '../../../shared/calls/groups';
import { ok } from '../../../shared/envelope';
import type { GroupKind } from '../../../shared/schemas/groups';
import { route } from '../../plugins/calls';
import * as service from './groups.service';

/** Group trees, s/group for students and a/group for sub-admins (shared/calls/groups.ts). */
export const groupsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const kinds: GroupKind[] = ['student', 'admin'];

  for (const kind of kinds) {
    const calls = groupCalls[kind];
    route(app, calls.list, async (_request, _reply, admin) => ok(await service.groupList(ctx, kind, admin.schoolId)));
    route(app, calls.add, async (request, _reply, admin) =>
      ok(await service.addGroup(ctx, kind, admin.schoolId, request.body)),
    );
    route(app, calls.rename, async ({ body }, _reply, admin) =>
      ok(await service.renameGroup(ctx, kind, admin.schoolId, body.gid, body.name)),
    );
    route(app, calls.move, async (request, _reply, admin) =>
      ok(await service.moveGroup(ctx, kind, admin.schoolId, request.body)),
    );
    route(app, calls.remove, async (request, _reply, admin) =>
      ok(await service.deleteGroup(ctx, kind, admin.schoolId, request.body.gid)),
    );
  }
};
