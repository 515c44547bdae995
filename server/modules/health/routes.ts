import type { FastifyPluginAsync } from 'fastify';
import { healthCalls } from '../../../shared/calls/health';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';

/** GET health (shared/calls/health.ts). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, healthCalls.check, () => {
    const row = app.ctx.sqlite.prepare('select 1 as up').get() as { up: number };
    return ok({ db: row.up === 1, version: app.ctx.version, uptime: Math.round(process.uptime()) });
  });
};
