import type { FastifyPluginAsync } from 'fastify';
import { learningCalls as calls } from '../../../shared/calls/learning';
import { thenMaybe } from '../../lib/sequential';
import { route } from '../../plugins/calls';
import { wareText } from './ware-cache';

/** Learning calls (shared/calls/learning.ts). */
export const learningRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Kept per student and sent as text (ware-cache.ts), so the zod serializer is not run on each answer.
  route(app, calls.ware, ({ params }, reply, viewer) =>
    thenMaybe(wareText(ctx, viewer, params.coid, params.cid), (text) =>
      reply.type('application/json; charset=utf-8').send(text),
    ),
  );
};
