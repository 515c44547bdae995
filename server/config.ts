import { z } from 'zod';
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { LOCALES, RELEASES } from '../shared/constants';
import { httpOrigin } from '../shared/rules/yks';

const zBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'yes', 'no', ''])])
  .transform((value) => value === true || value === '1' || value === 'true' || value === 'yes');

const httpUrl = (value: string) => /^https?:\/\/[^/\s]+/i.test(value);

/** What STORAGE=s3 lacks: the variables it needs that are empty, and the release it needs. */
export function storageProblems(value: z.output<typeof zConfig>): string[] {
  if (value.STORAGE !== 's3') return [];
  const needed = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const lines = needed.filter((key) => !value[key]).map((key) => `  ${key}: required when STORAGE=s3`);
  if (value.VER !== 'online') lines.push('  STORAGE: s3 is for VER=online (the lan release stores files on its disk)');
  return lines;
}

function parsesAsCron(expression: string): boolean {
  try {
    CronExpressionParser.parse(expression);
    return true;
  } catch {
    return false;
  }
}

/** Every setting the server reads from the environment, validated in this one place. */
export const zConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./storage'),
  /** ':memory:' for tests; by default the database lives in DATA_DIR. */
  DATABASE_FILE: z.string().optional(),
  /**
   * postgres://user:password@host:port/database: PostgreSQL instead of the SQLite file (issue 20). Read from
   * the environment when the process starts (the tables are built for its engine, server/db/engine.ts).
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//i, 'a postgres:// or postgresql:// address')
    .optional(),
  API_PREFIX: z
    .string()
    .default('/')
    .transform((value) => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/')),
  VER: z.enum(RELEASES).default('lan'),
  LOCALE: z.enum(LOCALES).default('zh-CN'),
  /** Unset: 0 on SQLite; on PostgreSQL a number no other live node holds (server/modules/cluster/nodes.ts). */
  WORKER_ID: z.coerce.number().int().min(0).max(31).optional(),
  DATACENTER_ID: z.coerce.number().int().min(0).max(31).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for encoded ids; generated once into DATA_DIR when not given. At least 16 characters. */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Behind a proxy that sets X-Forwarded-For / -Proto. */
  TRUST_PROXY: zBool.default(false),
  /** Secure cookies (set when served over https). */
  COOKIE_SECURE: zBool.default(false),
  /**
   * Origins that may show the pages in a frame besides this site (CSP frame-ancestors), comma-separated, e.g.
   * 'https://portal.example'; empty = this site only (server/plugins/shell.ts).
   */
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((o) => httpOrigin(o) !== null),
      'each must be an origin such as https://portal.example',
    )
    // As a browser writes it (lower case, no default port): frame-ancestors and event.origin compare so.
    .transform((origins) => origins.map((origin) => httpOrigin(origin) ?? origin)),
  /** Load the demo school on first start; defaults to on unless NODE_ENV is production. */
  DEMO_DATA: zBool.optional(),
  /** With the demo school, its shipped media on every chapter of their kind (converted in the background). */
  DEMO_MEDIA: zBool.default(true),
  /** First main admin's password; generated and printed once when not given. */
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  SCHOOL_NAME: z.string().min(1).default('蓝学学校'),
  /** Where the built web app lives (dist/web); tests may point elsewhere. */
  WEB_DIR: z.string().optional(),
  /** Optional outside services named by the bootstrap (empty on an intranet). */
  YKS_VIEW_SERVER: z.string().default(''),
  SSO_SERVER: z.string().default(''),
  /** Largest upload accepted, in bytes (default 4 GiB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 ** 3),
  /** Extensions accepted by uploads, comma-separated, case-insensitive. */
  UPLOAD_TYPES: z
    .string()
    .default(
      'mp4,m4v,mov,webm,mkv,avi,flv,wmv,mp3,m4a,aac,wav,ogg,flac,pdf,doc,docx,xls,xlsx,ppt,pptx,jpg,jpeg,png,gif,webp,bmp,svg,txt,csv,zip,vtt,srt',
    )
    .transform((value) =>
      value
        .split(',')
        .map((ext) => ext.trim().toUpperCase())
        .filter(Boolean),
    ),
  /**
   * Daily upload limits (the last 24 hours, unfinished resumable uploads included at their announced size):
   * bytes and files per student, per staff member and per school; 0 = no limit. Over a limit: 429.
   */
  UPLOAD_STUDENT_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(512 * 1024 ** 2),
  UPLOAD_STUDENT_DAILY_FILES: z.coerce.number().int().min(0).default(100),
  UPLOAD_STAFF_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 ** 3),
  UPLOAD_STAFF_DAILY_FILES: z.coerce.number().int().min(0).default(2000),
  UPLOAD_SCHOOL_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(200 * 1024 ** 3),
  UPLOAD_SCHOOL_DAILY_FILES: z.coerce.number().int().min(0).default(20000),
  /**
   * Where uploads go: 'local' (the data folder, the lan release) or 's3' (the online release's direct uploads:
   * the browser PUTs to an S3-compatible store with a signed URL; server/lib/object-store.ts). With 's3' the
   * endpoint, bucket and keys are required; CDN_BASE_URL (optional) is where public files are read from.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .default('')
    .refine((v) => !v || httpUrl(v), 'must be an http(s) URL'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Path-style addresses (endpoint/bucket/key), as MinIO, Ceph and Garage want; else bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: zBool.default(false),
  CDN_BASE_URL: z
    .string()
    .default('')
    .refine((v) => !v || httpUrl(v), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
  /** Lifetime of the store's signed PUT and GET URLs, in seconds (default 15 minutes). */
  S3_URL_TTL: z.coerce.number().int().min(1).max(604800).default(900),
  /** Conversion jobs run at once (default: the number of cores). */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Lifetime of signed media URLs, in seconds (default 6 hours). */
  MEDIA_URL_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 3600),
  /** Memory for hot blocks of served files, in MiB (server/lib/file-blocks); 0 turns the cache off. */
  FILE_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(256),
  /** How often the server closes exam sittings past their deadline, in milliseconds (server/modules/exams/routes.ts). */
  EXAM_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
  /** Behind nginx: the internal location that X-Accel-Redirect hands files to (e.g. /_protected/); empty = the app sends the bytes. */
  ACCEL_REDIRECT: z.string().default(''),
  /** Ed25519 public key (PEM or base64 of the raw 32 bytes) that licences are checked against; empty = none accepted (server/modules/licence). */
  LICENCE_PUBLIC_KEY: z.string().default(''),
  /** Enabled students a school may have without a licence (the trial). */
  LICENCE_TRIAL_SEATS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Time allowed for one directory operation (connect, bind, one search page), in milliseconds. */
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How often the server looks for a scheduled directory sync that is due, in milliseconds. */
  LDAP_SCHEDULE_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** When the server backs itself up (cron, server time zone, e.g. '0 3 * * *'); empty = never (server/backup). */
  BACKUP_SCHEDULE: z
    .string()
    .default('')
    .transform((value) => value.trim())
    .refine((value) => !value || parsesAsCron(value), 'not a cron expression (e.g. "0 3 * * *" for 03:00 daily)'),
  /** How many backup archives to keep in BACKUP_DIR after each backup; 0 keeps every one. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(100_000).default(7),
  /** Where backup archives go (default DATA_DIR/backups, beside the backups taken before migrations). */
  BACKUP_DIR: z.string().optional(),
  /** Notices by e-mail and SMS (server/modules/inform): attempts before a delivery is failed, the first retry's
   * wait (doubling after each failure, at most an hour), deliveries at once, and each send's time limit. */
  INFORM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  INFORM_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  INFORM_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  INFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** Days the delivery log keeps a sent or failed notice e-mail or SMS (purged at start and daily). */
  INFORM_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /**
   * Live teaching (server/modules/live, deploy/live): the live server's public HTTP address that players load
   * HLS and FLV from (page data liveServer; empty = no live server, the pages say live is not available), the
   * RTMP address teachers stream to from OBS (shown in the back office), the address the platform reaches the
   * live server at for its health (default LIVE_SERVER_URL), the secret shared with the live server (its
   * callbacks carry it and it signs playback addresses; empty = every publish is refused: fail closed), the
   * only folder recordings are imported from, and the minutes
   * before a session's start and after its end that a publish is still accepted.
   */
  LIVE_SERVER_URL: z.string().default(''),
  LIVE_RTMP_URL: z.string().default(''),
  LIVE_INTERNAL_URL: z.string().default(''),
  LIVE_SECRET: z.string().default(''),
  LIVE_RECORDINGS_DIR: z.string().default(''),
  LIVE_PUBLISH_MARGIN_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(30),
  /** Tools for conversion; found on PATH by default. */
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  SOFFICE_PATH: z.string().default('soffice'),
  PDFTOPPM_PATH: z.string().default('pdftoppm'),
});

export type Config = Omit<z.output<typeof zConfig>, 'DEMO_DATA'> & {
  DEMO_DATA: boolean;
  dataDir: string;
  databaseFile: string;
  /** What openDatabase opens: DATABASE_URL when set, else the SQLite file. */
  database: string;
  webDir: string;
};

/** Reads and validates the configuration; throws with every bad variable named. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Record<keyof z.input<typeof zConfig>, unknown>> = {},
): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(zConfig.shape)) {
    // An empty variable counts as unset (docker compose passes ${VAR:-} as '').
    if (env[key] !== undefined && env[key] !== '') raw[key] = env[key];
  }
  const parsed = zConfig.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const storage = storageProblems(value);
  if (storage.length) throw new Error(`Invalid configuration:\n${storage.join('\n')}`);
  const dataDir = path.resolve(value.DATA_DIR);
  const databaseFile =
    value.DATABASE_FILE === ':memory:'
      ? ':memory:'
      : path.resolve(value.DATABASE_FILE ?? path.join(dataDir, 'lanxue.sqlite'));
  return {
    ...value,
    DEMO_DATA: value.DEMO_DATA ?? env.NODE_ENV !== 'production',
    dataDir,
    databaseFile,
    database: value.DATABASE_URL ?? databaseFile,
    webDir: path.resolve(value.WEB_DIR ?? 'dist/web'),
  };
}
