import type { FastifyPluginAsync } from 'fastify';
import { dashboardCalls as calls } from '../../../shared/calls/dashboard';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { controlCentreText } from './control-centre.service';
import { myRank } from './rank.service';

/** The student's control centre and rank (shared/calls/dashboard.ts). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Asked on every visit of the dashboard: the envelope is made as text (a kept part and a fresh part), not
  // through the zod serializer (control-centre.service; benchmarked against a bare reply of the same bytes).
  route(app, calls.controlCentre, async (_request, reply, student) =>
    reply.type('application/json; charset=utf-8').send(await controlCentreText(ctx, student)),
  );
  route(app, calls.rank, async ({ query }, _reply, student) => ok(await myRank(ctx, student, query)));
};
