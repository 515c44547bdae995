import type { FastifyPluginAsync } from 'fastify';
import { planCalls as calls } from '../../../shared/calls/plans';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { myPlanDetail, myPlans } from './plan-study.service';
import * as plans from './plans.service';

/** Study plan calls (shared/calls/plans.ts). */
export const plansRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.create, ({ body }, _reply, admin) => ok(plans.createPlan(ctx, admin.userId, admin.schoolId, body)));
  route(app, calls.list, ({ query }, _reply, admin) => ok(plans.listPlans(ctx, admin.schoolId, query)));
  route(app, calls.info, ({ query }, _reply, admin) => ok(plans.planInfo(ctx, admin.userId, query.coid)));
  route(app, calls.commit, ({ body }, _reply, admin) => ok(plans.commitPlan(ctx, admin.userId, body.coid)));
  // The main administrator only: the service refuses a sub-admin.
  route(app, calls.verify, ({ body }, _reply, admin) => ok(plans.verifyPlan(ctx, admin.userId, body)));
  route(app, calls.assign, ({ body }, _reply, admin) => ok(plans.assignPlan(ctx, admin.userId, body)));
  route(app, calls.unassign, ({ body }, _reply, admin) => ok(plans.unassignPlan(ctx, admin.userId, body)));
  route(app, calls.assignees, ({ query }, _reply, admin) => ok(plans.planAssignees(ctx, admin.userId, query.coid)));
  route(app, calls.students, ({ query }, _reply, admin) =>
    ok(plans.assignableStudents(ctx, admin.schoolId, query.keyword)),
  );

  route(app, calls.mine, (_request, _reply, student) => ok(myPlans(ctx, student)));
  route(app, calls.myDetail, ({ query }, _reply, student) => ok(myPlanDetail(ctx, student, query.coid)));
};
