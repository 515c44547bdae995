import type { FastifyPluginAsync } from 'fastify';

/** The student's own account: information, custom fields, password, avatar, registration. */
export const accountRoutes: FastifyPluginAsync = async () => {};
