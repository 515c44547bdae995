import type { FastifyPluginAsync } from 'fastify';
import { learningCalls as calls } from '../../../shared/calls/learning';
import { route } from '../../plugins/calls';
import { wareText } from './ware-cache';

/** Learning calls (shared/calls/learning.ts). */
export const learningRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Kept per student and sent as text (ware-cache.ts), so the zod serializer is not run on each answer.
  route(app, calls.ware, async ({ params }, reply, viewer) =>
    reply.type('application/json; charset=utf-8').send(await wareText(ctx, viewer, params.coid, params.cid)),
  );
};
