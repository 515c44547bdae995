import type { FastifyPluginAsync } from 'fastify';
import { healthCalls } from '../../../shared/calls/health';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../db/client';

/** GET health (shared/calls/health.ts). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, healthCalls.check, async () => {
    const [row] = await sqlRows<{ up: number }>(app.ctx.db, sql`select 1 as up`);
    return ok({ db: row?.up === 1, version: app.ctx.version, uptime: Math.round(process.uptime()) });
  });
};
