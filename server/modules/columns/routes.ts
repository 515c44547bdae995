import type { FastifyPluginAsync } from 'fastify';

/** Calls of the columns domain (issue 3). */
export const columnsRoutes: FastifyPluginAsync = async () => {};
