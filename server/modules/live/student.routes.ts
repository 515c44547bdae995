import type { FastifyPluginAsync } from 'fastify';

/** Filled in by issue 17's student part. */
export const liveStudentRoutes: FastifyPluginAsync = async () => {};
