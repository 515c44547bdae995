import fs from 'node:fs';
import path from 'node:path';
import { LICENCE_ERRORS, type RegStatus, type UpgradeStatus } from '../../../shared/schemas/licence';
import type { AppContext } from '../../context';
import { backupFolder, migrationStateOf } from '../../db/client';
import { UPGRADE_SETTINGS, type BackupRecord } from '../../db/upgrade';
import { badInput, notFound } from '../../lib/errors';
import { getAppSetting } from '../schools/schools.repository';
import { findSchool } from '../schools/schools.service';
import { machineCode, saveLicence, schoolLicence, verify } from './licence-store';
import { seatState } from './seats';

/*
 * Licence registration and upgrade status (spec 1 lan release "licence registration calls"; spec 7 Auth
 * "GET/POST reg (licence); GET lan/upgrade/status").
 *
 * Choices where the spec is silent:
 * - A licence is kept per school, as its text, in app_settings under 'licence:<schoolId>'; it is verified again
 *   whenever it is read (cached in memory per app, dropped when a new one is registered), so a changed public
 *   key or a database moved to another machine falls back to the trial instead of trusting stale data.
 * - The school's NAME must match the licence when it is registered (the administrator sees why otherwise);
 *   afterwards renaming the school keeps the licence. A licence carrying schoolId is bound to that school always.
 * - An expiry written as a date (yyyy-MM-dd) covers that whole day in the server's time zone; a licence already
 *   past it is refused. The reply carries expiresAt as the moment it ends (the screen shows the last second of it).
 * - Registering again replaces the school's licence (a renewal or more seats).
 * - GET reg is open to every administrator of the school (the back office's notice shows on every screen);
 *   registering needs the setting permission group.
 * - An expired licence keeps its seat limit for display; only new or re-enabled students are refused (seats.ts).
 */

/** GET reg: the machine code, the licence and the seats. */
export async function regStatus(ctx: AppContext, schoolId: string): Promise<RegStatus> {
  const licence = await schoolLicence(ctx, schoolId);
  const seats = await seatState(ctx, schoolId);
  return {
    machineCode: await machineCode(ctx),
    registered: !!licence,
    licence: licence && {
      school: licence.payload.school,
      seats: licence.payload.seats,
      expiresAt: licence.expiresAt,
      issuedAt: licence.issuedAt,
      licensee: licence.payload.licensee ?? null,
    },
    seats: { limit: seats.limit, used: seats.used },
    trial: seats.trial,
    expired: seats.expired,
    trialSeats: ctx.config.LICENCE_TRIAL_SEATS,
  };
}

/** POST reg: verifies the licence for this school and machine and keeps it; 400 with the reason otherwise. */
export async function registerLicence(ctx: AppContext, schoolId: string, text: string): Promise<RegStatus> {
  const school = await findSchool(ctx, schoolId);
  if (!school) throw notFound();
  const verdict = await verify(ctx, text, schoolId);
  if (!verdict.ok) throw badInput(LICENCE_ERRORS[verdict.reason]);
  if (verdict.licence.payload.school.trim() !== school.name.trim()) throw badInput(LICENCE_ERRORS.otherSchool);
  if (verdict.licence.expiresAt <= ctx.now()) throw badInput(LICENCE_ERRORS.alreadyExpired);
  await saveLicence(ctx, schoolId, text.trim());
  ctx.log.info(
    { schoolId, seats: verdict.licence.payload.seats, expiresAt: verdict.licence.expiresAt },
    'licence registered',
  );
  return await regStatus(ctx, schoolId);
}

async function readBackup(ctx: AppContext): Promise<BackupRecord | null> {
  const text = await getAppSetting(ctx.db, UPGRADE_SETTINGS.backup);
  if (!text) return null;
  try {
    const record = JSON.parse(text) as BackupRecord;
    // Only a plain file name ever leaves the server; bytes are read again when the file is still there.
    const file = path.basename(String(record.file));
    let bytes = Number(record.bytes) || 0;
    try {
      bytes = fs.statSync(path.join(backupFolder(ctx.config.dataDir), file)).size;
    } catch {
      // Moved away by the administrator: report what was taken.
    }
    return { file, bytes, at: Number(record.at) || 0 };
  } catch {
    return null;
  }
}

/** GET lan/upgrade/status: running version, schema version, pending migrations, the last migration and its backup. */
export async function upgradeStatus(ctx: AppContext): Promise<UpgradeStatus> {
  const state = await migrationStateOf(ctx.db);
  const last = await getAppSetting(ctx.db, UPGRADE_SETTINGS.lastMigrationAt);
  return {
    version: ctx.version,
    schemaVersion: state.schemaVersion,
    migrations: { applied: state.applied.length, pending: state.pending },
    lastMigrationAt: last ? Number(last) : null,
    backup: await readBackup(ctx),
  };
}
