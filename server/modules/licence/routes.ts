import type { FastifyPluginAsync } from 'fastify';

/** Licence registration and upgrade status (spec 7 reg, lan/upgrade/status). */
export const licenceRoutes: FastifyPluginAsync = async () => {};
