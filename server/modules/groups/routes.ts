import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/groups';
import type { PermissionGroup } from '../../../shared/constants';
import { requireAdmin } from '../../plugins/auth';
import * as service from './groups.service';

/**
 * Group trees (spec 7 'groups s/group and a/group (add, list, rename, move, delete)'). s/group: student groups,
 * written by admins holding 'student'; listing is also open to 'course' and 'exam' admins (plan assignment,
 * group restriction, an exam's audience). a/group: the sub-admins' groups, for the main admin and holders of
 * 'admin' (spec 6: the main admin manages groups; adminPermissions gives the main admin every group).
 */
export const groupsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const list = zOkReply(s.zGroupList);

  const trees: { kind: s.GroupKind; prefix: string; tag: string; read: readonly PermissionGroup[]; write: PermissionGroup; what: string }[] = [
    { kind: 'student', prefix: '/s/group', tag: 'student groups (back office)', read: ['student', 'course', 'exam'], write: 'student', what: 'student group' },
    { kind: 'admin', prefix: '/a/group', tag: 'admin groups (back office)', read: ['admin'], write: 'admin', what: 'admin group' },
  ];

  for (const { kind, prefix, tag, read, write, what } of trees) {
    const tags = [tag];
    const schoolOf = (request: FastifyRequest, permission: PermissionGroup | readonly PermissionGroup[]) => requireAdmin(request, permission).schoolId;

    app.get(`${prefix}/list`, { schema: { tags, summary: `The school's ${what}s in order, with member counts (parent_id '0' = root).`, response: { 200: list } } }, async (request) =>
      ok(service.groupList(ctx, kind, schoolOf(request, read))),
    );

    app.post(
      `${prefix}/add`,
      {
        schema: {
          tags,
          summary: `Adds a ${what} last under parent_id ('0' = root); 409 when a sibling has the name, 404 for an unknown parent.`,
          body: s.zNewGroup,
          response: { 200: zOkReply(s.zAddedGroup) },
        },
      },
      async (request) => ok(service.addGroup(ctx, kind, schoolOf(request, write), request.body)),
    );

    app.post(`${prefix}/rename`, { schema: { tags, summary: `Renames a ${what}; 409 when a sibling has the name.`, body: s.zRenameGroup, response: { 200: list } } }, async (request) =>
      ok(service.renameGroup(ctx, kind, schoolOf(request, write), request.body.gid, request.body.name)),
    );

    app.post(
      `${prefix}/move`,
      {
        schema: {
          tags,
          summary: `Moves a ${what} under parent_id at position among its siblings (0 = first); 400 when the parent is the group itself or one of its sub-groups.`,
          body: s.zMoveGroup,
          response: { 200: list },
        },
      },
      async (request) => ok(service.moveGroup(ctx, kind, schoolOf(request, write), request.body)),
    );

    app.post(
      `${prefix}/delete`,
      {
        schema: {
          tags,
          summary:
            kind === 'student'
              ? 'Deletes a student group (members leave it); 409 while it has sub-groups or while courses, plans or exams are restricted to it (data names the counts).'
              : 'Deletes an admin group (its sub-admins are left without a group); 409 while it has sub-groups.',
          body: s.zDeleteGroup,
          response: { 200: list },
        },
      },
      async (request) => ok(service.deleteGroup(ctx, kind, schoolOf(request, write), request.body.gid)),
    );
  }
};
