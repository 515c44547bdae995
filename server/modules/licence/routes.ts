import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/licence';
import { requireAdmin } from '../../plugins/auth';
import { ensureInstallId } from '../schools/schools.service';
import * as licence from './licence.service';

const ROLES = '401 guest; 403 student';

/** Licence registration and upgrade status (spec 7 Auth: GET/POST reg (licence), GET lan/upgrade/status). */
export const licenceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['licence and upgrades'];
  // The install id is made at first start (the machine code derives from it).
  ensureInstallId(ctx);

  app.get(
    '/reg',
    {
      schema: {
        tags,
        summary:
          "The licence status of the administrator's school: machine code (from this install's id), the registered licence (verified offline) " +
          `or null, seats {limit, used}, trial, expired, trialSeats. Any administrator of the school (the back office shows the notice on every screen). ${ROLES}.`,
        response: { 200: zOkReply(s.zRegStatus) },
      },
    },
    async (request) => ok(licence.regStatus(ctx, requireAdmin(request).schoolId)),
  );

  app.post(
    '/reg',
    {
      schema: {
        tags,
        summary:
          'Registers a licence {licence: "<base64url payload>.<base64url Ed25519 signature>"} for the school (permission setting); answers the status as GET reg. ' +
          `${ROLES}; 403 without the setting permission; 400 with the reason: '${s.LICENCE_ERRORS.badFormat}', '${s.LICENCE_ERRORS.badSignature}', ` +
          `'${s.LICENCE_ERRORS.wrongMachine}', '${s.LICENCE_ERRORS.otherSchool}', '${s.LICENCE_ERRORS.alreadyExpired}', '${s.LICENCE_ERRORS.noPublicKey}'.`,
        body: s.zRegisterLicence,
        response: { 200: zOkReply(s.zRegStatus) },
      },
    },
    async (request) => ok(licence.registerLicence(ctx, requireAdmin(request, 'setting').schoolId, request.body.licence)),
  );

  app.get(
    '/lan/upgrade/status',
    {
      schema: {
        tags,
        summary:
          'Upgrade status of the install: running version, schema version (last applied migration), migrations {applied, pending}, the time of the last ' +
          `migration and the backup taken before it {file (name in DATA_DIR/backups), bytes, at} or null. Permission setting. ${ROLES}; 403 without setting.`,
        response: { 200: zOkReply(s.zUpgradeStatus) },
      },
    },
    async (request) => {
      requireAdmin(request, 'setting');
      return ok(licence.upgradeStatus(ctx));
    },
  );
};
