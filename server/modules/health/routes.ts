import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../shared/envelope';

/** GET health: the database answers (used by the Docker HEALTHCHECK). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    const row = app.ctx.sqlite.prepare('select 1 as up').get() as { up: number };
    return ok({ db: row.up === 1, version: app.ctx.version, uptime: Math.round(process.uptime()) });
  });
};
