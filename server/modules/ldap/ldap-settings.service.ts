/**
 * A school's directory settings (LDAP in the lan release: URL, StartTLS, certificate verification on by
 * default with an uploadable CA, service bind DN and password kept encrypted at rest, base DN, user filter,
 * login attribute, attribute and group mapping, schedule off by default, a test-connection button).
 *
 * Choices where the spec is silent:
 * - The bind password is AES-256-GCM under a key derived (HKDF-SHA256) from the install secret (ensureSecret),
 *   written base64url(iv 12 | tag 16 | ciphertext); GET never returns it, only bindPasswordSet. Saving without a
 *   password (or with '') keeps the saved one, but only for the server, bind DN and TLS settings it was entered for
 *   (changing them asks for it again, 400 passwordAgain; Test likewise): it never goes to a host an administrator
 *   points the URL at.
 * - Saving checks what can be checked offline: the cron expression (cron-parser), the user filter's syntax, that
 *   mapped groups and custom fields are this school's (400 with one reason). Reaching the directory is Test's job.
 * - Test reads one page (at most LDAP_PAGE_SIZE entries) of the user filter under the base DN and answers the
 *   count; the base DN is looked up first so a wrong one says 'base DN not found' rather than 0 people.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import {
  LDAP_ERRORS,
  LDAP_PAGE_SIZE,
  zLdapConfig,
  zSaveLdapSettings,
  type LdapConfig,
  type LdapSettings,
  type SaveLdapSettings,
} from '../../../shared/schemas/ldap';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { schoolGroupIds } from '../groups/groups.repository';
import { ensureSecret } from '../schools/schools.service';
import { schoolFields } from '../student-fields/student-fields.service';
import { classify, close, serviceClient, validFilter, type Connection } from './ldap-client';
import * as repo from './ldap.repository';

export interface LoadedSettings {
  config: LdapConfig;
  connection: Connection;
  updatedAt: number;
}

async function key(ctx: AppContext): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await ensureSecret(ctx), 'lanxue', 'ldap-bind-password', 32));
}

export async function sealPassword(ctx: AppContext, plain: string): Promise<string> {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(ctx), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export async function openPassword(ctx: AppContext, sealed: string): Promise<string> {
  if (sealed === '') return '';
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', await key(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // Another install's secret: the password has to be entered again (Test says the bind is refused).
    return '';
  }
}

/** The school's settings with the password opened, or undefined when never saved. */
export async function loadSettings(ctx: AppContext, schoolId: string): Promise<LoadedSettings | undefined> {
  const row = await repo.findSettings(ctx.db, schoolId);
  if (!row) return undefined;
  const config = zLdapConfig.parse(JSON.parse(row.config));
  // A group or custom field deleted since the settings were saved maps to nothing any more: its membership or
  // value rows would be refused by their foreign keys and fail every sync and first login.
  const groups = new Set(
    await schoolGroupIds(
      ctx.db,
      schoolId,
      config.groupMapping.map((g) => g.gid),
    ),
  );
  const fields = new Set((await schoolFields(ctx.db, schoolId)).map((f) => f.sfid));
  config.groupMapping = config.groupMapping.filter((g) => groups.has(g.gid));
  config.mapping.fields = Object.fromEntries(
    Object.entries(config.mapping.fields).filter(([sfid]) => fields.has(sfid)),
  );
  return {
    config,
    connection: { ...config, bindPassword: await openPassword(ctx, row.bindPassword), caCert: row.caCert },
    updatedAt: row.updatedAt,
  };
}

/** GET ldap/settings: the saved settings or the defaults; never the password. */
export async function getSettings(ctx: AppContext, schoolId: string): Promise<LdapSettings> {
  const row = await repo.findSettings(ctx.db, schoolId);
  const config = zLdapConfig.parse(row ? JSON.parse(row.config) : {});
  return { ...config, caCert: row?.caCert ?? '', bindPasswordSet: !!row?.bindPassword };
}

type Target = Pick<Connection, 'url' | 'bindDN' | 'startTLS' | 'verifyCert' | 'caCert'>;

/**
 * Whether the saved bind password may go to this target: only the server, bind DN and TLS settings it was entered
 * for. Otherwise an administrator could point the URL at a host of theirs and receive the password in a bind.
 */
function sameTarget(saved: Target, next: Target): boolean {
  return (
    saved.url === next.url &&
    saved.bindDN === next.bindDN &&
    saved.startTLS === next.startTLS &&
    saved.verifyCert === next.verifyCert &&
    saved.caCert.trim() === next.caCert.trim()
  );
}

/** Whether a cron expression parses (five or six fields). */
export function validSchedule(expression: string): boolean {
  if (expression.trim() === '') return true;
  try {
    CronExpressionParser.parse(expression.trim());
    return true;
  } catch {
    return false;
  }
}

async function check(ctx: AppContext, schoolId: string, config: LdapConfig): Promise<void> {
  if (!validSchedule(config.schedule)) throw badInput(LDAP_ERRORS.badSchedule, { field: 'schedule' });
  if (config.userFilter && !validFilter(config.userFilter))
    throw badInput(LDAP_ERRORS.badFilter, { field: 'userFilter' });
  if (config.enabled) {
    for (const field of ['url', 'baseDN'] as const) if (!config[field]) throw badInput('is required', { field });
  }
  const gids = config.groupMapping.map((g) => g.gid);
  const known = new Set(await schoolGroupIds(ctx.db, schoolId, gids));
  if (gids.some((g) => !known.has(g))) throw badInput(LDAP_ERRORS.badGroup, { field: 'groupMapping' });
  const sfids = Object.keys(config.mapping.fields);
  const fields = new Set((await schoolFields(ctx.db, schoolId)).map((f) => f.sfid));
  if (sfids.some((f) => !fields.has(f))) throw badInput(LDAP_ERRORS.badField, { field: 'mapping.fields' });
}

/** POST ldap/settings. */
export async function saveSettings(ctx: AppContext, schoolId: string, input: SaveLdapSettings): Promise<LdapSettings> {
  const parsed = zSaveLdapSettings.parse(input);
  const { caCert, bindPassword, ...rest } = parsed;
  const config = zLdapConfig.parse(rest);
  await check(ctx, schoolId, config);
  const existing = await repo.findSettings(ctx.db, schoolId);
  const kept = existing?.bindPassword ?? '';
  if (
    !bindPassword &&
    kept &&
    !sameTarget({ ...zLdapConfig.parse(JSON.parse(existing!.config)), caCert: existing!.caCert }, { ...config, caCert })
  ) {
    throw badInput(LDAP_ERRORS.passwordAgain, { field: 'bindPassword' });
  }
  const sealed = bindPassword ? await sealPassword(ctx, bindPassword) : kept;
  await repo.saveSettings(ctx.db, {
    schoolId,
    config: JSON.stringify(config),
    bindPassword: sealed,
    caCert: caCert.trim(),
    updatedAt: ctx.now(),
  });
  return await getSettings(ctx, schoolId);
}

/** POST ldap/test: connect, bind as the service account, look up the base DN and read one page. */
export async function testConnection(
  ctx: AppContext,
  schoolId: string,
  given: Partial<SaveLdapSettings>,
): Promise<{ ok: boolean; message: string; sample: number }> {
  const saved = await loadSettings(ctx, schoolId);
  const { bindPassword, caCert, ...rest } = given;
  const config = zLdapConfig.parse({ ...(saved?.config ?? {}), ...rest });
  const connection: Connection = {
    ...config,
    bindPassword: bindPassword || '',
    caCert: caCert ?? saved?.connection.caCert ?? '',
  };
  if (!connection.url || !connection.baseDN) return { ok: false, message: LDAP_ERRORS.notConfigured, sample: 0 };
  if (!bindPassword && saved?.connection.bindPassword) {
    if (!sameTarget(saved.connection, connection)) return { ok: false, message: LDAP_ERRORS.passwordAgain, sample: 0 };
    connection.bindPassword = saved.connection.bindPassword;
  }
  if (!validFilter(config.userFilter)) return { ok: false, message: LDAP_ERRORS.badFilter, sample: 0 };
  let client;
  try {
    client = await serviceClient(connection, ctx.config.LDAP_TIMEOUT_MS);
    await client.search(connection.baseDN, { scope: 'base', attributes: ['1.1'] });
    let sample = 0;
    for await (const page of client.searchPaginated(connection.baseDN, {
      scope: 'sub',
      filter: config.userFilter,
      attributes: ['1.1'],
      paged: { pageSize: LDAP_PAGE_SIZE },
    })) {
      sample = page.searchEntries.length;
      break;
    }
    return { ok: true, message: 'ok', sample };
  } catch (error) {
    const { reason, detail } = classify(error);
    ctx.log.info({ schoolId, reason, detail }, 'ldap test failed');
    return { ok: false, message: reason, sample: 0 };
  } finally {
    if (client) await close(client);
  }
}
