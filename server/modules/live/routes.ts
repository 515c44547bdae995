import type { FastifyPluginAsync } from 'fastify';
import { liveAdminRoutes } from './admin.routes';
import { liveStudentRoutes } from './student.routes';

/**
 * Live teaching (issue 17; shared/calls/live.ts, shared/calls/live-admin.ts): the back office's sessions,
 * attendance and bill, and the live page's calls. The live server's callbacks are not API calls: they sit
 * outside the API prefix (hooks.routes.ts, registered by buildApp).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  await app.register(liveAdminRoutes);
  await app.register(liveStudentRoutes);
};
