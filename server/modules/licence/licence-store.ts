import type { LICENCE_ERRORS, LicencePayload } from '../../../shared/schemas/licence';
import { licenceTime } from '../../../shared/rules/licence';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { getAppSetting, setAppSetting } from '../schools/schools.repository';
import { ensureInstallId } from '../schools/schools.service';
import { checkSignature, machineCodeOf, readPublicKey } from './licence-crypto';

// A school's registered licence: kept as its text in app_settings, verified whenever it is read and cached per
// app (see licence.service for the choices). Both the seat check (seats.ts) and the reg calls (licence.service)
// read it here, so neither imports the other's module.

export interface Licence {
  payload: LicencePayload;
  expiresAt: number;
  issuedAt: number;
}

const settingKey = (schoolId: string) => `licence:${schoolId}`;
const caches = new WeakMap<AppContext, Map<string, Licence | null>>();

function cacheOf(ctx: AppContext): Map<string, Licence | null> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/** This install's machine code (from its install id). */
export async function machineCode(ctx: AppContext): Promise<string> {
  return machineCodeOf(await ensureInstallId(ctx));
}

type Verdict = { ok: true; licence: Licence } | { ok: false; reason: keyof typeof LICENCE_ERRORS };

/** Everything but the expiry and the school's name: format, signature, machine code, the schoolId pin. */
export async function verify(ctx: AppContext, text: string, schoolId: string): Promise<Verdict> {
  const key = readPublicKey(ctx.config.LICENCE_PUBLIC_KEY);
  if (!key) return { ok: false, reason: 'noPublicKey' };
  const checked = checkSignature(text, key);
  if (!checked.ok) return checked;
  const { payload } = checked;
  if (payload.machineCode.trim().toUpperCase() !== (await machineCode(ctx)))
    return { ok: false, reason: 'wrongMachine' };
  if (payload.schoolId !== undefined && payload.schoolId !== schoolId) return { ok: false, reason: 'otherSchool' };
  const expiresAt = licenceTime(payload.expiresAt, 'expiry');
  const issuedAt = licenceTime(payload.issuedAt, 'issue');
  if (expiresAt === null || issuedAt === null) return { ok: false, reason: 'badFormat' };
  return { ok: true, licence: { payload, expiresAt, issuedAt } };
}

/** The school's registered licence, verified (expired ones included), or null (the trial). */
export async function schoolLicence(ctx: AppContext, schoolId: string, db: Db = ctx.db): Promise<Licence | null> {
  const cache = cacheOf(ctx);
  if (cache.has(schoolId)) return cache.get(schoolId)!;
  const text = await getAppSetting(db, settingKey(schoolId));
  const verdict = text ? await verify(ctx, text, schoolId) : null;
  const licence = verdict?.ok ? verdict.licence : null;
  if (text && !licence) {
    const reason = verdict && !verdict.ok ? verdict.reason : null;
    ctx.log.warn({ schoolId, reason }, 'stored licence no longer verifies: the school runs the trial');
  }
  cache.set(schoolId, licence);
  return licence;
}

/** Keeps the school's licence text (already verified by the caller) and drops its cached reading. */
export async function saveLicence(ctx: AppContext, schoolId: string, text: string): Promise<void> {
  await setAppSetting(ctx.db, settingKey(schoolId), text);
  cacheOf(ctx).delete(schoolId);
}
