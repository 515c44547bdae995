import type { FastifyPluginAsync } from 'fastify';
import { planCalls as calls } from '../../../shared/calls/plans';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { myPlanDetail, myPlans } from './plan-study.service';
import * as plans from './plans.service';

/** Study plan calls (shared/calls/plans.ts). */
export const plansRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.create, async ({ body }, _reply, admin) =>
    ok(await plans.createPlan(ctx, admin.userId, admin.schoolId, body)),
  );
  route(app, calls.list, async ({ query }, _reply, admin) => ok(await plans.listPlans(ctx, admin.schoolId, query)));
  route(app, calls.info, async ({ query }, _reply, admin) => ok(await plans.planInfo(ctx, admin.userId, query.coid)));
  route(app, calls.commit, async ({ body }, _reply, admin) => ok(await plans.commitPlan(ctx, admin.userId, body.coid)));
  // The main administrator only: the service refuses a sub-admin.
  route(app, calls.verify, async ({ body }, _reply, admin) => ok(await plans.verifyPlan(ctx, admin.userId, body)));
  route(app, calls.assign, async ({ body }, _reply, admin) => ok(await plans.assignPlan(ctx, admin.userId, body)));
  route(app, calls.unassign, async ({ body }, _reply, admin) => ok(await plans.unassignPlan(ctx, admin.userId, body)));
  route(app, calls.assignees, async ({ query }, _reply, admin) =>
    ok(await plans.planAssignees(ctx, admin.userId, query.coid)),
  );
  route(app, calls.students, async ({ query }, _reply, admin) =>
    ok(await plans.assignableStudents(ctx, admin.schoolId, query.keyword)),
  );

  route(app, calls.mine, async (_request, _reply, student) => ok(await myPlans(ctx, student)));
  route(app, calls.myDetail, async ({ query }, _reply, student) => ok(await myPlanDetail(ctx, student, query.coid)));
};
