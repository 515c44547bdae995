import type { FastifyPluginAsync } from 'fastify';

/** Calls of the tags domain (issue 3). */
export const tagsRoutes: FastifyPluginAsync = async () => {};
