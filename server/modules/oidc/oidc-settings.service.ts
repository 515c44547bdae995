/**
 * A school's OpenID Connect settings (issue 19, beyond the spec): issuer (discovery), client id, client secret
 * kept encrypted at rest like the LDAP bind password, scopes, claim mapping, group mapping, and the switches
 * (students must use it, staff may, link by user name). Kept under schools.settings.oidc.
 *
 * Choices:
 * - The issuer is https://, or http:// on a loopback host only: the client secret never crosses a network in clear.
 * - Saving without a secret keeps the saved one only for the issuer and client id it was entered for (400
 *   secretAgain otherwise): an administrator cannot point the issuer at a host of theirs and receive it.
 * - Test runs discovery only; reaching the provider at sign-in is the flow's job.
 * - The discovered configuration (and the provider's keys it caches) is kept 10 minutes per school and forgotten
 *   on save, so a sign-in costs no discovery round trip.
 */
import * as client from 'openid-client';
import {
  OIDC_CLOCK_TOLERANCE_S,
  OIDC_ERRORS,
  validIssuer,
  zOidcConfig,
  zSaveOidcSettings,
  type OidcConfig,
  type OidcSettings,
  type SaveOidcSettings,
} from '../../../shared/schemas/oidc';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { seal, unseal } from '../../lib/sealed';
import { schoolGroupIds } from '../groups/groups.repository';
import * as repo from './oidc.repository';

const PURPOSE = 'oidc-client-secret';
const DISCOVERY_TTL_MS = 10 * 60_000;
/** The path the provider sends the browser back to (register it at the provider). */
export const CALLBACK_PATH = '/sso/oidc/callback';
export const START_PATH = '/sso/oidc/start';

export interface LoadedOidc {
  config: OidcConfig;
  secret: string;
  updatedAt: number;
}

/** The settings as saved (undefined when never saved), with the secret opened. */
export async function loadOidc(ctx: AppContext, schoolId: string): Promise<LoadedOidc | undefined> {
  const stored = await repo.readStored(ctx.db, schoolId);
  if (!stored) return undefined;
  const parsed = zOidcConfig.safeParse(stored.config ?? {});
  if (!parsed.success) return undefined;
  return { config: parsed.data, secret: await unseal(ctx, PURPOSE, stored.secret ?? ''), updatedAt: stored.updatedAt };
}

/** Whether the school's settings (a schools.settings JSON) turn sign-in through the provider on. */
export function oidcOn(settingsJson: string): boolean {
  try {
    const oidc = (JSON.parse(settingsJson) as { oidc?: { config?: Partial<OidcConfig> } }).oidc?.config;
    return !!(oidc?.enabled && oidc.issuer && oidc.clientId);
  } catch {
    return false;
  }
}

/** The bootstrap's ssoServer: this school's sign-in start on this site, or '' when it has none. */
export function ssoServerOf(settingsJson: string, hashUID: string): string {
  return oidcOn(settingsJson) ? `${START_PATH}?school=${hashUID}` : '';
}

export async function getSettings(ctx: AppContext, schoolId: string, origin: string): Promise<OidcSettings> {
  const loaded = await loadOidc(ctx, schoolId);
  const config = loaded?.config ?? zOidcConfig.parse({});
  return { ...config, clientSecretSet: !!loaded?.secret, redirectUri: `${origin}${CALLBACK_PATH}` };
}

async function check(ctx: AppContext, schoolId: string, config: OidcConfig): Promise<void> {
  if (config.enabled) {
    for (const field of ['issuer', 'clientId'] as const) if (!config[field]) throw badInput('is required', { field });
  }
  const gids = config.groupMapping.map((g) => g.gid);
  const known = new Set(await schoolGroupIds(ctx.db, schoolId, gids));
  if (gids.some((g) => !known.has(g))) throw badInput(OIDC_ERRORS.badGroup, { field: 'groupMapping' });
}

export async function saveSettings(ctx: AppContext, schoolId: string, input: SaveOidcSettings, origin: string) {
  const { clientSecret, ...rest } = zSaveOidcSettings.parse(input);
  const config = zOidcConfig.parse(rest);
  await check(ctx, schoolId, config);
  const saved = await loadOidc(ctx, schoolId);
  const sameTarget = saved && saved.config.issuer === config.issuer && saved.config.clientId === config.clientId;
  if (!clientSecret && saved?.secret && !sameTarget) throw badInput(OIDC_ERRORS.secretAgain, { field: 'clientSecret' });
  const secret = clientSecret ? clientSecret : saved?.secret && sameTarget ? saved.secret : '';
  await repo.writeStored(ctx.db, schoolId, { config, secret: await seal(ctx, PURPOSE, secret), updatedAt: ctx.now() });
  discoveries.delete(schoolId);
  return await getSettings(ctx, schoolId, origin);
}

/** Discovery of an issuer (its metadata): http:// only reaches here for a loopback issuer. */
async function discover(issuer: string, clientId: string): Promise<client.ServerMetadata> {
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {};
  const found = await client.discovery(url, clientId, undefined, client.None(), { ...insecure, timeout: 10 });
  return found.serverMetadata();
}

const discoveries = new Map<string, { key: string; at: number; meta: Promise<client.ServerMetadata> }>();
const jwksCaches = new Map<string, { key: string; jwks: client.ExportedJWKSCache }>();

/**
 * The school's client for one sign-in: the discovered metadata (kept DISCOVERY_TTL_MS; a failed discovery is
 * not kept), the client secret, the clock tolerance, and the platform's clock (ctx.now) as the time the ID
 * token's iat/exp/nbf are checked against. The provider's keys are shared between sign-ins (jwksOf / keepJwks).
 */
export async function clientOf(ctx: AppContext, schoolId: string, loaded: LoadedOidc): Promise<client.Configuration> {
  const key = `${loaded.config.issuer}|${loaded.config.clientId}|${loaded.updatedAt}`;
  const now = Date.now();
  let kept = discoveries.get(schoolId);
  if (!kept || kept.key !== key || now - kept.at >= DISCOVERY_TTL_MS) {
    const meta = discover(loaded.config.issuer, loaded.config.clientId);
    kept = { key, at: now, meta };
    discoveries.set(schoolId, kept);
    meta.catch(() => discoveries.delete(schoolId));
  }
  const meta = await kept.meta;
  const auth = loaded.secret ? client.ClientSecretBasic(loaded.secret) : client.None();
  const configuration = new client.Configuration(
    meta,
    loaded.config.clientId,
    {
      [client.clockTolerance]: OIDC_CLOCK_TOLERANCE_S,
      [client.clockSkew]: Math.round((ctx.now() - Date.now()) / 1000),
    },
    auth,
  );
  if (new URL(meta.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
  const jwks = jwksCaches.get(schoolId);
  if (jwks?.key === key) client.setJwksCache(configuration, jwks.jwks);
  return configuration;
}

/** Keeps the provider's keys a sign-in fetched for the next ones. */
export function keepJwks(schoolId: string, loaded: LoadedOidc, configuration: client.Configuration): void {
  const jwks = client.getJwksCache(configuration);
  if (jwks)
    jwksCaches.set(schoolId, { key: `${loaded.config.issuer}|${loaded.config.clientId}|${loaded.updatedAt}`, jwks });
}

/** POST oidc/test: discovery of the given issuer or the saved one. */
export async function testDiscovery(ctx: AppContext, schoolId: string, given: { issuer?: string }) {
  const saved = await loadOidc(ctx, schoolId);
  const issuer = given.issuer || saved?.config.issuer || '';
  if (!issuer || !validIssuer(issuer))
    return { ok: false, message: OIDC_ERRORS.notConfigured, issuer, endSession: false };
  try {
    const meta = await discover(issuer, saved?.config.clientId || 'test');
    return { ok: true, message: 'ok', issuer: meta.issuer, endSession: !!meta.end_session_endpoint };
  } catch (error) {
    ctx.log.info({ schoolId, issuer, error: String(error) }, 'oidc discovery failed');
    return { ok: false, message: OIDC_ERRORS.discovery, issuer, endSession: false };
  }
}

/** Whether the school signs its students in through the provider only (do/login refuses their password). */
export async function studentsMustUseSso(ctx: AppContext, schoolId: string): Promise<boolean> {
  const parsed = zOidcConfig.safeParse((await repo.readStored(ctx.db, schoolId))?.config ?? {});
  const c = parsed.success ? parsed.data : undefined;
  return !!(c?.enabled && c.issuer && c.clientId && c.studentsRequired);
}

/** GET oidc/status: what a sign-in page of the school shows. */
export async function status(ctx: AppContext, schoolId: string, hashUID: string) {
  const parsed = zOidcConfig.safeParse((await repo.readStored(ctx.db, schoolId))?.config ?? {});
  const c = parsed.success ? parsed.data : zOidcConfig.parse({});
  const enabled = !!(c.enabled && c.issuer && c.clientId);
  const base = `${START_PATH}?school=${hashUID}`;
  return {
    enabled,
    name: enabled ? c.name || new URL(c.issuer).host : '',
    studentsRequired: enabled && c.studentsRequired,
    staffAllowed: enabled && c.staffAllowed,
    studentStart: enabled ? base : '',
    staffStart: enabled && c.staffAllowed ? `${base}&as=admin` : '',
  };
}
