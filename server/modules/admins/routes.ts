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

  route(app, calls.me, async (_request, _reply, admin) => ok(await adminProfile(ctx, admin.userId)));
  route(app, calls.register, async (request, _reply, admin) =>
    ok(await subAdmins.registerSubAdmin(ctx, admin.userId, request.body)),
  );
  route(app, calls.list, async (request, _reply, admin) =>
    ok(await subAdmins.listSubAdmins(ctx, admin.userId, request.query)),
  );
  route(app, calls.update, async (request, _reply, admin) =>
    ok(await subAdmins.updateSubAdmin(ctx, admin.userId, request.body, admin.tokenHash)),
  );
  route(app, calls.delete, async (request, _reply, admin) =>
    ok(await subAdmins.deleteSubAdmins(ctx, admin.userId, request.body.ids)),
  );
  route(app, calls.setPermission, async (request, _reply, admin) =>
    ok(await subAdmins.setPermission(ctx, admin.userId, request.body)),
  );
  route(app, calls.groupPermissions, async (request, _reply, admin) =>
    ok(await subAdmins.groupPermissions(ctx, admin.userId, request.query.id)),
  );
  route(app, calls.cateTree, async (_request, _reply, admin) =>
    ok(await subAdmins.grantableCategoryTree(ctx, admin.userId)),
  );
  route(app, calls.cateNames, async (request, _reply, admin) =>
    ok(await subAdmins.categoryNames(ctx, admin.userId, request.query.ids)),
  );
};
