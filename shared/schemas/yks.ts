/**
 * The exam platform (yks) frame (issue 19 'yks mode, complete'; spec 1 model=yks, spec 7 yks/login/status):
 * the school's platform settings, its signed sign-in assertion and the window messages' names.
 */
import * as z from 'zod';
import { httpOrigin } from '../rules/yks';

export const YKS_ERRORS = {
  notConfigured: 'the exam platform is not configured for this school',
  badAssertion: 'the sign-in assertion is not valid',
  replayed: 'the sign-in assertion was already used',
  secretRequired: 'a shared secret of at least 32 characters is required for HS256',
  badKey: 'the public key is not a PEM public key for this algorithm',
  originRequired: 'at least one embedding origin is required',
} as const;

/** Assertions live at most this long (exp - now), with this clock skew either way. */
export const YKS_MAX_LIFETIME_S = 300;
export const YKS_CLOCK_SKEW_S = 60;
export const YKS_ALGS = ['HS256', 'RS256', 'ES256'] as const;

/** An http(s) origin: scheme, host and an optional port, nothing after it. */
export const zOrigin = z
  .string()
  .trim()
  .max(200)
  .refine((v) => httpOrigin(v) !== null, 'must be an origin such as https://exam.example')
  .transform((v) => httpOrigin(v) ?? v);

/** An http(s) address. */
export const zHttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    if (v === '') return true;
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an http or https address');

const base = {
  enabled: z.boolean().default(false),
  /** The platform's sign-in page: a visitor without a session is sent there (?uid=<school>&return=<back>). */
  loginUrl: zHttpUrl.default(''),
  /** Origins that may frame the pages and exchange window messages with them. */
  origins: z.array(zOrigin).max(10).default([]),
  /** The assertion's iss. */
  issuer: z.string().trim().max(200).default(''),
  alg: z.enum(YKS_ALGS).default('HS256'),
  /** PEM (SPKI) public key for RS256 / ES256. */
  publicKey: z.string().trim().max(10_000).default(''),
};

/** As stored in schools.settings.yks (the secret sealed, AES-256-GCM). */
export const zYksStored = z.object({ ...base, secret: z.string().default('') });
export type YksStored = z.infer<typeof zYksStored>;

/** GET yks/settings: never the secret, only whether one is set (plain types: a reply has no transforms). */
export const zYksSettings = z.object({
  enabled: z.boolean(),
  loginUrl: z.string(),
  origins: z.array(z.string()),
  issuer: z.string(),
  alg: z.enum(YKS_ALGS),
  publicKey: z.string(),
  secretSet: z.boolean(),
});
export type YksSettings = z.infer<typeof zYksSettings>;

/** POST yks/settings: secret omitted or '' keeps the saved one. */
export const zSaveYksSettings = z.object({ ...base, secret: z.string().max(500).optional() });
export type SaveYksSettings = z.input<typeof zSaveYksSettings>;

/** GET yks/login: with an assertion, finish a sign-in; without, start one at the platform. */
export const zYksLoginQuery = z.object({
  /** The school (hashed organisation id); needed to start, taken from the assertion's aud otherwise. */
  uid: z.string().trim().max(64).optional(),
  assertion: z.string().max(8000).optional(),
  /** Where to go afterwards: a path on this site. model=yks is kept. */
  return: z.string().max(1000).optional(),
});

export const zYksStatusQuery = z.object({ uid: z.string().trim().max(64).optional() });

/** GET yks/login/status. */
export const zYksStatus = z.object({
  /** The school has a configured, enabled exam platform. */
  enabled: z.boolean(),
  /** The caller has a student session in this school. */
  login: z.boolean(),
  /** Where the avatar and sign-in go in yks mode: this site's yks/login with the organisation id. */
  loginUrl: z.string(),
  /** The origins the page exchanges window messages with. */
  origins: z.array(z.string()),
});
export type YksStatus = z.infer<typeof zYksStatus>;
