import type { FastifyPluginAsync } from 'fastify';
import { creditCalls as calls } from '../../../shared/calls/credits';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as credits from './credits.service';

/** Study credits (shared/calls/credits.ts). */
export const creditsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.mine, async (_request, _reply, student) => ok(await credits.myCredits(ctx, student.userId)));
  route(app, calls.detail, async ({ query }, _reply, admin) => ok(await credits.studentCredits(ctx, admin, query.sid)));
};
