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
    route(app, calls.list, (_request, _reply, admin) => ok(service.groupList(ctx, kind, admin.schoolId)));
    route(app, calls.add, (request, _reply, admin) => ok(service.addGroup(ctx, kind, admin.schoolId, request.body)));
    route(app, calls.rename, ({ body }, _reply, admin) =>
      ok(service.renameGroup(ctx, kind, admin.schoolId, body.gid, body.name)),
    );
    route(app, calls.move, (request, _reply, admin) => ok(service.moveGroup(ctx, kind, admin.schoolId, request.body)));
    route(app, calls.remove, (request, _reply, admin) =>
      ok(service.deleteGroup(ctx, kind, admin.schoolId, request.body.gid)),
    );
  }
};
