import type { FastifyPluginAsync } from 'fastify';

/** Students of a school (spec 7 Students). */
export const studentsRoutes: FastifyPluginAsync = async () => {};
