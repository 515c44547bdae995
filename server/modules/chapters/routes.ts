import type { FastifyPluginAsync } from 'fastify';

/** Calls of the chapters domain (issue 3). */
export const chaptersRoutes: FastifyPluginAsync = async () => {};
