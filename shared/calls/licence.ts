/**
 * Licence registration and upgrade status (spec 7 Auth: GET/POST reg (licence), GET lan/upgrade/status).
 * Reading the licence status is open to any administrator of the school (the back office shows the notice on
 * every screen); registering and the upgrade status need the setting permission.
 */
import * as s from '../schemas/licence';
import { defineCall } from '../contract';

const tags = ['licence and upgrades'];
const ROLES = '401 guest; 403 student';

export const licenceCalls = {
  status: defineCall({
    method: 'GET',
    path: 'reg',
    access: 'admin',
    tags,
    summary:
      "The licence status of the administrator's school: machine code (from this install's id), the registered " +
      'licence (verified offline) or null, seats {limit, used}, trial, expired, trialSeats. Any administrator of ' +
      `the school (the back office shows the notice on every screen). ${ROLES}.`,
    reply: s.zRegStatus,
  }),
  register: defineCall({
    method: 'POST',
    path: 'reg',
    access: { admin: 'setting' },
    tags,
    summary:
      'Registers a licence {licence: "<base64url payload>.<base64url Ed25519 signature>"} for the school ' +
      `(permission setting); answers the status as GET reg. ${ROLES}; 403 without the setting permission; 400 ` +
      `with the reason: '${s.LICENCE_ERRORS.badFormat}', '${s.LICENCE_ERRORS.badSignature}', ` +
      `'${s.LICENCE_ERRORS.wrongMachine}', '${s.LICENCE_ERRORS.otherSchool}', ` +
      `'${s.LICENCE_ERRORS.alreadyExpired}', '${s.LICENCE_ERRORS.noPublicKey}'.`,
    body: s.zRegisterLicence,
    reply: s.zRegStatus,
  }),
  upgradeStatus: defineCall({
    method: 'GET',
    path: 'lan/upgrade/status',
    access: { admin: 'setting' },
    tags,
    summary:
      'Upgrade status of the install: running version, schema version (last applied migration), migrations ' +
      '{applied, pending}, the time of the last migration and the backup taken before it {file (name in ' +
      `DATA_DIR/backups), bytes, at} or null. Permission setting. ${ROLES}; 403 without setting.`,
    reply: s.zUpgradeStatus,
  }),
};
