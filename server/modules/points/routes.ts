import type { FastifyPluginAsync } from 'fastify';
import { pointCalls as calls } from '../../../shared/calls/points';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as points from './points.service';
import { POINT_RULE_ACTIONS, settingsTrail } from '../orders/settings-trail';

/** Points and credits (shared/calls/points.ts). */
export const pointsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.rules, (_request, _reply, admin) => ok(points.pointRules(ctx, admin.schoolId)));
  route(app, calls.setRules, ({ body }, _reply, admin) => ok(points.setPointRules(ctx, admin, body)));
  route(app, calls.rulesAudit, ({ query }, _reply, admin) =>
    ok(settingsTrail(ctx, admin.schoolId, POINT_RULE_ACTIONS, query)),
  );
  route(app, calls.points, ({ query }, _reply, admin) => ok(points.studentPoints(ctx, admin, query)));
  route(app, calls.detail, ({ query }, _reply, admin) => ok(points.pointDetail(ctx, admin, query)));
  route(app, calls.clear, ({ body }, _reply, admin) => ok(points.clearPoints(ctx, admin, body.sids)));
  route(app, calls.mine, ({ query }, _reply, student) => ok(points.myPoints(ctx, student.userId, query)));
};
