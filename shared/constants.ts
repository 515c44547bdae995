/** Business constants of the product spec (section 9), by name. Both server and web import these. */

export const TOAST_MS = 2000;
export const TOAST_Z_INDEX = 10060;
export const DOUBLE_TAP_GUARD_MS = 300;
export const DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Cookie y_main carries the session token for one day (spec 9). */
export const SESSION_COOKIE = 'y_main';
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Per-user language choice (not in the spec: 'switchable per user'). */
export const LOCALE_COOKIE = 'lx_locale';

export const HEARTBEAT_STUDY_MS = 16_000;
export const HEARTBEAT_GRAPHIC_MS = 10_000;
export const SESSION_POLL_MS = 30_000;
export const BACK_TO_TOP_PX = 600;
export const FOOTER_FETCH_DELAY_MS = 1000;
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 600;

export const TITLE_LIMIT = 30;
export const COMMENT_MAX = 256;
export const RATING_COMMENT_MAX = 100;
export const SHORT_ANSWER_MAX = 500;
export const AVATAR_MAX_BYTES = 2_097_152;

/** Snowflake layout (spec 9): 12 sequence bits, 5 worker bits, 5 datacenter bits, 41 time bits. */
export const SNOWFLAKE = { sequenceBits: 12, workerBits: 5, datacenterBits: 5, timeBits: 41 } as const;

/** Permission groups of a sub-admin (spec 3 bootstrap, 6). */
export const PERMISSION_GROUPS = [
  'admin',
  'course',
  'resource',
  'student',
  'userpage',
  'setting',
  'exam',
  'question',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const LOCALES = ['zh-CN', 'en-gb'] as const;
export type Locale = (typeof LOCALES)[number];

export const RELEASES = ['lan', 'online'] as const;
export type Release = (typeof RELEASES)[number];

/** Login throttling (not in the spec; the rule is shared/rules/login-throttle). */
export const LOGIN_THROTTLE = {
  /** A counter quiet for this long starts afresh. */
  windowMs: 15 * 60 * 1000,
  /** Failures of one account from one address before each further attempt waits. */
  freeFailures: 5,
  /** The first wait; every further failure doubles it, up to maxDelayMs. */
  firstDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** Failures from one address (any account) within the window before the address is locked for lockMs. */
  perAddress: 20,
  lockMs: 15 * 60 * 1000,
} as const;

/** Login names and passwords (not in the spec). */
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
