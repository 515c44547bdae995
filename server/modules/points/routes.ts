import type { FastifyPluginAsync } from 'fastify';
import { pointCalls as calls } from '../../../shared/calls/points';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as points from './points.service';
import { POINT_RULE_ACTIONS, settingsTrail } from '../orders/settings-trail';

/** Points and credits (shared/calls/points.ts). */
export const pointsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.rules, async (_request, _reply, admin) => ok(await points.pointRules(ctx, admin.schoolId)));
  route(app, calls.setRules, async ({ body }, _reply, admin) => ok(await points.setPointRules(ctx, admin, body)));
  route(app, calls.rulesAudit, async ({ query }, _reply, admin) =>
    ok(await settingsTrail(ctx, admin.schoolId, POINT_RULE_ACTIONS, query)),
  );
  route(app, calls.points, async ({ query }, _reply, admin) => ok(await points.studentPoints(ctx, admin, query)));
  route(app, calls.detail, async ({ query }, _reply, admin) => ok(await points.pointDetail(ctx, admin, query)));
  route(app, calls.clear, async ({ body }, _reply, admin) => ok(await points.clearPoints(ctx, admin, body.sids)));
  route(app, calls.mine, async ({ query }, _reply, student) => ok(await points.myPoints(ctx, student.userId, query)));
};
