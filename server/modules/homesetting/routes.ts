import type { FastifyPluginAsync } from 'fastify';

/** Calls of the homesetting domain (issue 3). */
export const homesettingRoutes: FastifyPluginAsync = async () => {};
