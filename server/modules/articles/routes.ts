import type { FastifyPluginAsync } from 'fastify';

/** Calls of the articles domain (issue 3). */
export const articlesRoutes: FastifyPluginAsync = async () => {};
