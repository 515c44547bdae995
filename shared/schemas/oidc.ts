import * as z from 'zod';
import { zCode, zId } from './common';

/** OpenID Connect sign-in (issue 19, beyond the spec): one clear reason each (server/modules/oidc; web). */
export const OIDC_ERRORS = {
  notConfigured: 'single sign-on is not configured or turned off',
  secretAgain: 'enter the client secret again: the issuer or client id changed',
  badIssuer: 'must be an https:// URL (http:// only on this machine)',
  badGroup: 'unknown student group in the group mapping',
  discovery: 'the identity provider could not be discovered',
  /** The sign-in was refused at the callback (state unknown, used or expired; a token that failed a check). */
  failed: 'single sign-on failed: please sign in again',
  /** A staff sign-in whose identity is not linked to an existing administrator (none is ever created). */
  noAdmin: 'this identity is not linked to an administrator of the school',
  staffOff: 'staff single sign-on is turned off',
  studentsOff: 'single sign-on for students is turned off',
  /** do/login of a student of a school that requires single sign-on. */
  ssoRequired: 'this school signs students in with single sign-on',
  disabled: 'this account is disabled',
  noUsername: 'the identity provider sent no user name',
} as const;

/** How long a sign-in under way may take (state, nonce, PKCE verifier): 10 minutes. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** Clock tolerance for the ID token's iat, exp and nbf (seconds). */
export const OIDC_CLOCK_TOLERANCE_S = 60;

const zText = (max: number) => z.string().trim().max(max);
/** A claim name: letters, digits, _ - . : / (namespaced claims such as https://x/groups are URLs). */
const zClaim = zText(200).regex(/^[A-Za-z0-9_.:/-]*$/, 'must be a claim name');

/** https://, or http:// on a loopback host only (a client secret never crosses a network in clear). */
export function validIssuer(value: string): boolean {
  if (value === '') return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export const zOidcMapping = z.object({
  username: zClaim.default('preferred_username'),
  name: zClaim.default('name'),
  email: zClaim.default('email'),
  phone: zClaim.default('phone_number'),
  groups: zClaim.default('groups'),
});

/** A value of the groups claim → a student group of the school. */
export const zOidcGroupMap = z.object({ claim: zText(500).min(1, 'is required'), gid: zId });

/** The settings as stored and edited (without the client secret). */
export const zOidcConfig = z.object({
  enabled: z.boolean().default(false),
  /** Shown on the button: 'Sign in with {name}'. */
  name: zText(60).default(''),
  issuer: zText(500).refine(validIssuer, OIDC_ERRORS.badIssuer).default(''),
  clientId: zText(300).default(''),
  scopes: zText(500)
    .regex(/^[\w.:/ -]*$/, 'must be scope names separated by spaces')
    .default('openid profile email phone groups'),
  mapping: zOidcMapping.default({
    username: 'preferred_username',
    name: 'name',
    email: 'email',
    phone: 'phone_number',
    groups: 'groups',
  }),
  groupMapping: z.array(zOidcGroupMap).max(200).default([]),
  /** Students sign in through the provider only (do/login refuses their password). */
  studentsRequired: z.boolean().default(false),
  /** Administrators may sign in through the provider (only into existing, linked administrators). */
  staffAllowed: z.boolean().default(false),
  /** A first sign-in may link to an existing student with the same user name (else a new student is made). */
  linkByUsername: z.boolean().default(false),
});
export type OidcConfig = z.infer<typeof zOidcConfig>;

/** POST oidc/settings: clientSecret omitted (or '') keeps the saved one. */
export const zSaveOidcSettings = zOidcConfig.extend({ clientSecret: z.string().max(500).optional() });
export type SaveOidcSettings = z.input<typeof zSaveOidcSettings>;

/** GET oidc/settings: never the secret; the redirect URI to register at the provider. */
export const zOidcSettings = zOidcConfig.extend({ clientSecretSet: z.boolean(), redirectUri: z.string() });
export type OidcSettings = z.infer<typeof zOidcSettings>;

/** POST oidc/test: discovery of the given issuer (or the saved one). */
export const zOidcTestInput = z.object({ issuer: zText(500).refine(validIssuer, OIDC_ERRORS.badIssuer).optional() });
export const zOidcTestResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  issuer: z.string(),
  endSession: z.boolean(),
});

/** GET oidc/status: what a sign-in page shows. */
export const zOidcStatusQuery = z.object({ school: zCode.optional() });
export const zOidcStatus = z.object({
  enabled: z.boolean(),
  name: z.string(),
  studentsRequired: z.boolean(),
  staffAllowed: z.boolean(),
  /** Where the student button goes ('' when not for students). */
  studentStart: z.string(),
  /** Where the staff button goes ('' when not for staff). */
  staffStart: z.string(),
});
export type OidcStatus = z.infer<typeof zOidcStatus>;

/** POST oidc/logout: ends the session; redirect = the provider's end-session URL, or ''. */
export const zOidcLogoutResult = z.object({ redirect: z.string() });

/** GET /sso/oidc/start (a browser navigation). */
export const zOidcStartQuery = z.object({
  school: zCode.optional(),
  as: z.enum(['student', 'admin']).default('student'),
  returnTo: z.string().max(1000).optional(),
});
