import type { FastifyPluginAsync } from 'fastify';
import { licenceCalls as calls } from '../../../shared/calls/licence';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { ensureInstallId } from '../schools/schools.service';
import * as licence from './licence.service';

/** Licence registration and upgrade status (shared/calls/licence.ts). */
export const licenceRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // The install id is made at first start (the machine code derives from it).
  await ensureInstallId(ctx);

  route(app, calls.status, async (_request, _reply, admin) => ok(await licence.regStatus(ctx, admin.schoolId)));
  route(app, calls.register, async (request, _reply, admin) =>
    ok(await licence.registerLicence(ctx, admin.schoolId, request.body.licence)),
  );
  route(app, calls.upgradeStatus, async () => ok(await licence.upgradeStatus(ctx)));
};
