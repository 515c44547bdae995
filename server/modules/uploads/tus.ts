import type { FastifyPluginAsync } from 'fastify';

/** Resumable uploads (tus 1.0.0) at {prefix}lan/tus/ — being written. */
export const tusRoutes: FastifyPluginAsync = async () => {};
