import type { FastifyPluginAsync } from 'fastify';

/** Calls of the courses domain (issue 3). */
export const coursesRoutes: FastifyPluginAsync = async () => {};
