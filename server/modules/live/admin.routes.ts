import type { FastifyPluginAsync } from 'fastify';

/** Filled in by issue 17's admin part. */
export const liveAdminRoutes: FastifyPluginAsync = async () => {};
