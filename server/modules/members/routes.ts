import type { FastifyPluginAsync } from 'fastify';
import { memberCalls as calls } from '../../../shared/calls/members';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as members from './members.service';
import * as reads from './members-reads.service';
import * as mine from './mine.service';

/** Membership plans, my subscriptions and my bookmarks (shared/calls/members.ts). */
export const membersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, async (_request, _reply, admin) => ok(await members.listPlans(ctx, admin)));
  route(app, calls.edit, async ({ body }, _reply, admin) => ok(await members.editPlan(ctx, admin, body)));
  route(app, calls.remove, async ({ body }, _reply, admin) => ok(await members.removePlan(ctx, admin, body.id)));
  route(app, calls.grant, async ({ body }, _reply, admin) => ok(await members.grantPlan(ctx, admin, body)));
  route(app, calls.revoke, async ({ body }, _reply, admin) => ok(await members.revokeMembership(ctx, admin, body.id)));
  route(app, calls.subscription, async ({ query }, _reply, admin) =>
    ok(await reads.listSubscriptions(ctx, admin, query)),
  );
  route(app, calls.audit, async ({ query }, _reply, admin) => ok(await reads.auditTrail(ctx, admin, query)));
  route(app, calls.dashboard, async (_request, _reply, admin) => ok(await reads.dashboardData(ctx, admin)));
  route(app, calls.plans, async (_request, _reply, student) => ok(await mine.studentPlans(ctx, student)));
  route(app, calls.mybook, async (_request, _reply, student) => ok(await mine.myBook(ctx, student)));
  route(app, calls.mycollect, async (_request, _reply, student) => ok(await mine.myCollect(ctx, student)));
};
