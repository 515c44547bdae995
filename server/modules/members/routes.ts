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
  route(app, calls.list, (_request, _reply, admin) => ok(members.listPlans(ctx, admin)));
  route(app, calls.edit, ({ body }, _reply, admin) => ok(members.editPlan(ctx, admin, body)));
  route(app, calls.remove, ({ body }, _reply, admin) => ok(members.removePlan(ctx, admin, body.id)));
  route(app, calls.grant, ({ body }, _reply, admin) => ok(members.grantPlan(ctx, admin, body)));
  route(app, calls.revoke, ({ body }, _reply, admin) => ok(members.revokeMembership(ctx, admin, body.id)));
  route(app, calls.subscription, ({ query }, _reply, admin) => ok(reads.listSubscriptions(ctx, admin, query)));
  route(app, calls.audit, ({ query }, _reply, admin) => ok(reads.auditTrail(ctx, admin, query)));
  route(app, calls.dashboard, (_request, _reply, admin) => ok(reads.dashboardData(ctx, admin)));
  route(app, calls.plans, (_request, _reply, student) => ok(mine.studentPlans(ctx, student)));
  route(app, calls.mybook, (_request, _reply, student) => ok(mine.myBook(ctx, student)));
  route(app, calls.mycollect, (_request, _reply, student) => ok(mine.myCollect(ctx, student)));
};
