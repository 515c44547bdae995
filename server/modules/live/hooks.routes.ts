import type { FastifyPluginAsync } from 'fastify';

/** The live server's callbacks (on_publish, on_publish_done, on_record_done, play checks): issue 17's hooks part. */
export const liveHooksRoutes: FastifyPluginAsync = async () => {};
