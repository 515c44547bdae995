import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import { zGroup } from '../../../shared/schemas/groups';

import { requireAdmin } from '../../plugins/auth';
import { listGroups } from './groups.repository';

/** Student groups (spec 7 s/group). Listing is open to admins who manage students, restrict courses by group or choose an exam's audience. */
export const groupsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get('/s/group/list', { schema: { summary: 'The school’s student groups', response: { 200: zOkReply(z.object({ groups: z.array(zGroup) })) } } }, async (request) => {
    // Read by the student, course (plan assignment, group restriction) and exam (audience) screens.
    const auth = requireAdmin(request, ['student', 'course', 'exam']);
    const groups = listGroups(ctx.db, auth.schoolId).map((g) => ({ gid: g.id, name: g.name, parent_id: g.parentId ?? '0', position: g.position }));
    return ok({ groups });
  });
};
