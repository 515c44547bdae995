/**
 * The school's exam platform (yks) settings, kept under schools.settings.yks (issue 19 'yks mode, complete').
 *
 * Choices where the spec is silent:
 * - HS256's shared secret is sealed like the LDAP bind password: AES-256-GCM under a key derived (HKDF-SHA256)
 *   from the install secret, base64url(iv 12 | tag 16 | ciphertext). GET never returns it (secretSet).
 * - Saving checks what can be checked offline: http(s) addresses, origins in origin form, a secret of at
 *   least 32 characters for HS256, a PEM public key that imports for RS256/ES256; enabled needs an origin.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { importSPKI } from 'jose';
import {
  YKS_ERRORS,
  zSaveYksSettings,
  zYksStored,
  type SaveYksSettings,
  type YksSettings,
  type YksStored,
} from '../../../shared/schemas/yks';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { ensureSecret } from '../schools/schools.service';
import type { School } from '../schools/schools.repository';
import { schoolSettingsText } from '../student-fields/student-fields.repository';
import * as repo from './yks.repository';

async function key(ctx: AppContext): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await ensureSecret(ctx), 'lanxue', 'yks-shared-secret', 32));
}

async function seal(ctx: AppContext, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(ctx), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The shared secret in clear; '' when none or sealed under another install's secret. */
export async function openSecret(ctx: AppContext, sealed: string): Promise<string> {
  if (sealed === '') return '';
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await key(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}

const parsed = new Map<string, YksStored>();

/** The stored settings from a school's settings JSON (defaults when absent or unreadable); memoised by text. */
export function readYks(settingsText: string): YksStored {
  let found = parsed.get(settingsText);
  if (found) return found;
  let raw: unknown;
  try {
    raw = (JSON.parse(settingsText) as { yks?: unknown }).yks;
  } catch {
    raw = undefined;
  }
  const result = zYksStored.safeParse(raw ?? {});
  found = result.success ? result.data : zYksStored.parse({});
  if (parsed.size > 1000) parsed.clear();
  parsed.set(settingsText, found);
  return found;
}

export async function loadYks(ctx: AppContext, schoolId: string): Promise<YksStored> {
  return readYks(await schoolSettingsText(ctx.db, schoolId));
}

/** The origins that may frame a school's pages (enabled settings only). */
export function frameOrigins(school: Pick<School, 'settings'>): readonly string[] {
  const yks = readYks(school.settings);
  return yks.enabled ? yks.origins : [];
}

function shown(stored: YksStored): YksSettings {
  const { secret, ...rest } = stored;
  return { ...rest, secretSet: secret !== '' };
}

/** GET yks/settings. */
export async function getSettings(ctx: AppContext, schoolId: string): Promise<YksSettings> {
  return shown(await loadYks(ctx, schoolId));
}

/** POST yks/settings. */
export async function saveSettings(ctx: AppContext, schoolId: string, input: SaveYksSettings): Promise<YksSettings> {
  const { secret, ...rest } = zSaveYksSettings.parse(input);
  const kept = (await loadYks(ctx, schoolId)).secret;
  const stored: YksStored = { ...rest, origins: [...new Set(rest.origins)], secret: kept };
  if (secret) {
    if (secret.length < 32) throw badInput(YKS_ERRORS.secretRequired, { field: 'secret' });
    stored.secret = await seal(ctx, secret);
  }
  if (stored.alg === 'HS256') {
    if (stored.enabled && !stored.secret) throw badInput(YKS_ERRORS.secretRequired, { field: 'secret' });
  } else if (stored.publicKey || stored.enabled) {
    try {
      await importSPKI(stored.publicKey, stored.alg);
    } catch {
      throw badInput(YKS_ERRORS.badKey, { field: 'publicKey' });
    }
  }
  if (stored.enabled && !stored.issuer) throw badInput('is required', { field: 'issuer' });
  if (stored.enabled && stored.origins.length === 0) throw badInput(YKS_ERRORS.originRequired, { field: 'origins' });
  await repo.saveYksSettings(ctx.db, schoolId, stored);
  return shown(stored);
}
