import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import {
  zAdminProfile,
  zCateNameQuery,
  zCateNames,
  zCateTree,
  zDeleteSubAdmins,
  zGroupPermissions,
  zGroupPermissionsQuery,
  zNewSubAdmin,
  zSetPermission,
  zSubAdmin,
  zSubAdminList,
  zSubAdminQuery,
  zUpdateSubAdmin,
} from '../../../shared/schemas/admins';
import { zOkReply } from '../../../shared/schemas/common';
import { requireAdmin } from '../../plugins/auth';
import { adminProfile } from './admins.service';
import * as subAdmins from './sub-admins.service';

const tags = ['admins'];

/** Back-office calls about administrators (spec 6 roles and permissions; spec 7 Admins). Managing sub-admins needs 'admin'. */
export const adminsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/admins/me',
    { schema: { tags, summary: 'The signed-in administrator, their permissions, categories and school (the back office landing data).', response: { 200: zOkReply(zAdminProfile) } } },
    async (request) => ok(adminProfile(ctx, requireAdmin(request).userId)),
  );

  app.post(
    '/admins/registered',
    { schema: { tags, summary: 'Creates a sub-admin with permission groups, categories ([] = all) and an admin group.', body: zNewSubAdmin, response: { 200: zOkReply(zSubAdmin) } } },
    async (request) => ok(await subAdmins.registerSubAdmin(ctx, requireAdmin(request, 'admin').userId, request.body)),
  );

  app.get(
    '/admins/list',
    { schema: { tags, summary: "The school's sub-admins, searchable by name and filtered by admin group.", querystring: zSubAdminQuery, response: { 200: zOkReply(zSubAdminList) } } },
    async (request) => ok(subAdmins.listSubAdmins(ctx, requireAdmin(request, 'admin').userId, request.query)),
  );

  app.post(
    '/admins/update',
    {
      schema: {
        tags,
        summary: "Changes a sub-admin's name, password, group, or disables it. Disabling or a new password ends its sessions (one's own password: all but this one).",
        body: zUpdateSubAdmin,
        response: { 200: zOkReply(zSubAdmin) },
      },
    },
    async (request) => {
      const auth = requireAdmin(request, 'admin');
      return ok(await subAdmins.updateSubAdmin(ctx, auth.userId, request.body, auth.tokenHash));
    },
  );

  app.post(
    '/admins/delete',
    { schema: { tags, summary: 'Deletes sub-admin accounts, all or none (never the main admin); their sessions end.', body: zDeleteSubAdmins, response: { 200: zOkReply(z.object({ deleted: z.number() })) } } },
    async (request) => ok(subAdmins.deleteSubAdmins(ctx, requireAdmin(request, 'admin').userId, request.body.ids)),
  );

  app.post(
    '/admins/setpermission',
    { schema: { tags, summary: "Sets a sub-admin's permission groups and categories; never more than the caller holds.", body: zSetPermission, response: { 200: zOkReply(zSubAdmin) } } },
    async (request) => ok(subAdmins.setPermission(ctx, requireAdmin(request, 'admin').userId, request.body)),
  );

  app.get(
    '/admins/getgrouppermissions',
    { schema: { tags, summary: 'The permission groups with their labels, those the admin holds and those the caller may grant.', querystring: zGroupPermissionsQuery, response: { 200: zOkReply(zGroupPermissions) } } },
    async (request) => ok(subAdmins.groupPermissions(ctx, requireAdmin(request, 'admin').userId, request.query.id)),
  );

  app.get(
    '/admins/getCate',
    { schema: { tags, summary: 'The course category tree to choose a sub-admin’s categories from.', response: { 200: zOkReply(zCateTree) } } },
    async (request) => ok(subAdmins.grantableCategoryTree(ctx, requireAdmin(request, 'admin').userId)),
  );

  app.get(
    '/admins/getCateName',
    { schema: { tags, summary: "The names of the school's course categories among the ids.", querystring: zCateNameQuery, response: { 200: zOkReply(zCateNames) } } },
    async (request) => ok(subAdmins.categoryNames(ctx, requireAdmin(request, 'admin').userId, request.query.ids)),
  );
};
