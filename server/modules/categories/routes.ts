import type { FastifyPluginAsync } from 'fastify';

/** Calls of the categories domain (issue 3). */
export const categoriesRoutes: FastifyPluginAsync = async () => {};
