import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCalls as calls } from '../../../shared/calls/admins';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { adminProfile } from './admins.service';
import * as subAdmins from './sub-admins.service';

/** Back-office calls about administrators (spec 6 roles and permissions; spec 7 Admins). Managing sub-admins needs 'admin'. */
export const adminsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  route(app, calls.me, (_request, _reply, admin) => ok(adminProfile(ctx, admin.userId)));
  route(app, calls.register, async (request, _reply, admin) =>
    ok(await subAdmins.registerSubAdmin(ctx, admin.userId, request.body)),
  );
  route(app, calls.list, (request, _reply, admin) => ok(subAdmins.listSubAdmins(ctx, admin.userId, request.query)));
  route(app, calls.update, async (request, _reply, admin) =>
    ok(await subAdmins.updateSubAdmin(ctx, admin.userId, request.body, admin.tokenHash)),
  );
  route(app, calls.delete, (request, _reply, admin) =>
    ok(subAdmins.deleteSubAdmins(ctx, admin.userId, request.body.ids)),
  );
  route(app, calls.setPermission, (request, _reply, admin) =>
    ok(subAdmins.setPermission(ctx, admin.userId, request.body)),
  );
  route(app, calls.groupPermissions, (request, _reply, admin) =>
    ok(subAdmins.groupPermissions(ctx, admin.userId, request.query.id)),
  );
  route(app, calls.cateTree, (_request, _reply, admin) => ok(subAdmins.grantableCategoryTree(ctx, admin.userId)));
  route(app, calls.cateNames, (request, _reply, admin) =>
    ok(subAdmins.categoryNames(ctx, admin.userId, request.query.ids)),
  );
};
