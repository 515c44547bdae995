import type { FastifyPluginAsync } from 'fastify';
import { learningCalls as calls } from '../../../shared/calls/learning';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { wareInfo } from './ware.service';

/** Learning calls (shared/calls/learning.ts). */
export const learningRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.ware, ({ params }, _reply, viewer) => ok(wareInfo(ctx, viewer, params.coid, params.cid)));
};
