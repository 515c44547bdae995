import * as z from 'zod';
import { zCode, zId } from './common';
import { PASSWORD_MAX, USERNAME_MAX } from '../constants';

/** Directory (lan release) error strings: one clear reason each (server/modules/ldap; web failureText). */
export const LDAP_ERRORS = {
  /** 503: the directory did not answer (refused, timed out, closed mid-way). Local accounts still log in. */
  unreachable: 'directory unreachable',
  /** The service account's bind was refused (wrong DN or password). */
  badBind: 'directory refused the service account (wrong bind DN or password)',
  /** The saved bind password only ever goes to the server, bind DN and TLS settings it was entered for. */
  passwordAgain: 'enter the bind password again: the server, bind DN or TLS settings changed',
  certificate: 'directory certificate rejected (give its CA certificate, or check the host name)',
  baseNotFound: 'directory base DN not found',
  truncated: 'directory search was cut short (size limit): nothing was changed',
  notConfigured: 'directory login is not configured or turned off',
  running: 'a directory sync of this school is already running',
  badSchedule: 'not a valid cron expression',
  badGroup: 'unknown student group in the group mapping',
  badField: 'unknown custom field in the attribute mapping',
  badFilter: 'not a valid LDAP filter',
} as const;

export const LDAP_PAGE_SIZE = 500;
/** First entries of each kind of difference a run keeps and shows. */
export const LDAP_SAMPLE_MAX = 50;
export const LDAP_RUNS_SHOWN = 50;
export const LDAP_DISABLE_CAP_DEFAULT = 20;
export const LDAP_CA_MAX = 65_536;

const zText = (max: number) => z.string().trim().max(max);
const zAttr = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9-]*$|^$/, 'must be an attribute name');

export const zLdapUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^ldaps?:\/\/[^\s/]+(:\d{1,5})?\/?$/i.test(v),
    'must be ldap://host[:port] or ldaps://host[:port]',
  );

/** Attribute mapping: directory attribute names for each student column, and custom fields by sfid. */
export const zLdapMapping = z.object({
  username: zAttr.default('uid'),
  name: zAttr.default('cn'),
  email: zAttr.default('mail'),
  phone: zAttr.default('telephoneNumber'),
  fields: z.record(zId, zAttr).default({}),
});
export type LdapMapping = z.infer<typeof zLdapMapping>;

/** One group mapping: a directory group DN (member/uniqueMember) or OU DN (entries under it) → a student group. */
export const zLdapGroupMap = z.object({ ldap: zText(1000).min(1, 'is required'), gid: zId });

/** The settings as stored and edited (without the bind password). */
export const zLdapConfig = z.object({
  enabled: z.boolean().default(false),
  url: zLdapUrl.default(''),
  startTLS: z.boolean().default(false),
  verifyCert: z.boolean().default(true),
  bindDN: zText(1000).default(''),
  baseDN: zText(1000).default(''),
  userFilter: zText(1000).default('(objectClass=inetOrgPerson)'),
  loginAttribute: zAttr.default('uid'),
  mapping: zLdapMapping.default({ username: 'uid', name: 'cn', email: 'mail', phone: 'telephoneNumber', fields: {} }),
  groupMapping: z.array(zLdapGroupMap).max(200).default([]),
  /** Cron expression; '' = no scheduled sync (the default). */
  schedule: zText(100).default(''),
  disableCap: z.coerce.number().int().min(0).max(1_000_000).default(LDAP_DISABLE_CAP_DEFAULT),
});
export type LdapConfig = z.infer<typeof zLdapConfig>;

/** POST ldap/settings: bindPassword omitted (or '') keeps the saved one. */
export const zSaveLdapSettings = zLdapConfig.extend({
  caCert: z.string().max(LDAP_CA_MAX).default(''),
  bindPassword: z.string().max(500).optional(),
});
export type SaveLdapSettings = z.input<typeof zSaveLdapSettings>;

/** GET ldap/settings: the password is never returned, only whether one is set. */
export const zLdapSettings = zLdapConfig.extend({ caCert: z.string(), bindPasswordSet: z.boolean() });
export type LdapSettings = z.infer<typeof zLdapSettings>;

/** POST ldap/test: the saved settings, or these (a password left out = the saved one). */
const noDefaults = <T extends z.ZodRawShape>(shape: T) =>
  z.object(
    Object.fromEntries(
      Object.entries(shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  ) as unknown as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]>;
  }>;
/** Only what is given overrides the saved settings (no defaults filled in). */
export const zLdapTestInput = noDefaults(zSaveLdapSettings.shape).default({});
export const zLdapTestResult = z.object({ ok: z.boolean(), message: z.string(), sample: z.number().int() });

/** ldap/auth {school, username, password} (GET query or POST body). */
export const zLdapAuth = z.object({
  school: zCode.optional(),
  username: z.string().trim().min(1, 'is required').max(USERNAME_MAX),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX),
});

/** GET ldap/auth: whether a school's students sign in through the directory. */
export const zLdapAuthStatusQuery = z.object({ school: zCode.optional() });
export const zLdapAuthStatus = z.object({ enabled: z.boolean() });

const zFlag = z
  .union([
    z.literal('1'),
    z.literal('0'),
    z.literal('true'),
    z.literal('false'),
    z.boolean(),
    z.literal(1),
    z.literal(0),
  ])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1);

/** ldap/sync {dryRun=1|0, confirm=0|1}. A dry run is the default: a real run is asked for. */
export const zLdapSyncInput = z.object({ dryRun: zFlag.default(true), confirm: zFlag.default(false) });

export const zLdapSample = z.object({ dn: z.string(), username: z.string(), name: z.string() });
export type LdapSample = z.infer<typeof zLdapSample>;

export const zLdapDiff = z.object({
  create: z.array(zLdapSample),
  update: z.array(zLdapSample),
  disable: z.array(zLdapSample),
  enable: z.array(zLdapSample),
  errors: z.array(z.object({ dn: z.string(), reason: z.string() })),
});
export type LdapDiff = z.infer<typeof zLdapDiff>;

export const zLdapRun = z.object({
  id: z.string(),
  trigger: z.enum(['manual', 'schedule']),
  dryRun: z.boolean(),
  status: z.enum(['running', 'ok', 'failed', 'held']),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  found: z.number(),
  created: z.number(),
  updated: z.number(),
  disabled: z.number(),
  enabled: z.number(),
  errors: z.number(),
  message: z.string(),
});
export type LdapRun = z.infer<typeof zLdapRun>;

/** The reply of ldap/sync: the run and the difference it found (the first LDAP_SAMPLE_MAX of each kind). */
export const zLdapSyncResult = z.object({ run: zLdapRun, diff: zLdapDiff });
export type LdapSyncResult = z.infer<typeof zLdapSyncResult>;

export const zLdapRuns = z.object({ list: z.array(zLdapRun) });
