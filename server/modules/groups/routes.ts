import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import { zGroup } from '../../../shared/schemas/groups';

import { forbidden } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { adminPermissions } from '../admins/admins.service';
import { findAdmin } from '../auth/accounts.repository';
import { listGroups } from './groups.repository';

/** Student groups (spec 7 s/group). Listing is open to admins who manage students or restrict courses by group. */
export const groupsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get('/s/group/list', { schema: { summary: 'The school’s student groups', response: { 200: zOkReply(z.object({ groups: z.array(zGroup) })) } } }, async (request) => {
    const auth = requireAdmin(request);
    const admin = findAdmin(ctx.db, auth.userId);
    const granted = admin ? adminPermissions(admin) : [];
    if (!granted.includes('student') && !granted.includes('course')) throw forbidden();
    const groups = listGroups(ctx.db, auth.schoolId).map((g) => ({ gid: g.id, name: g.name, parent_id: g.parentId ?? '0', position: g.position }));
    return ok({ groups });
  });
};
