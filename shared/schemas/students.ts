import * as z from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../constants';
import { DEFAULT_MAX_RATE, zCreditedRate } from '../rules/playback-rate';

/**
 * Student settings of a school (spec 3 'Student settings'; kept in schools.settings JSON with the school's
 * other switches). Password change is offered only when changePass is false and needPassword is true (spec 5);
 * noAllowComment turns students' comments off; registration lets visitors sign up, registerWay names a
 * messaging-app bind flow (spec 2 page guards; empty on an intranet). ranking shows students their rank in the
 * dashboard (controller/rank, issue 18); off, the entry and the call are gone. maxRate is the fastest credited
 * playback speed of the school's courses (shared/rules/playback-rate; a course may set its own).
 */
/** The bind QR image: empty, a path on this site, or an http(s) address. */
export const zQrPath = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v), 'address not accepted');

export const zStudentSettings = z.object({
  changePass: z.boolean().default(false),
  needPassword: z.boolean().default(true),
  noAllowComment: z.boolean().default(false),
  registration: z.boolean().default(false),
  registerWay: z.string().max(200).default(''),
  /** Issue 19: students are asked to bind (a phone, in the lan release) by the bind overlay until they have. */
  bindWechat: z.boolean().default(false),
  /** Issue 19: the binding QR image's address (spec 3 'path'); empty: the overlay shows no QR. */
  path: zQrPath.default(''),
  ranking: z.boolean().default(true),
  maxRate: zCreditedRate.default(DEFAULT_MAX_RATE),
});
export type StudentSettings = z.infer<typeof zStudentSettings>;

/** Reads a school's settings JSON into the student settings with the defaults above (bad JSON reads as defaults). */
export function readStudentSettings(settingsJson: string): StudentSettings {
  let raw: unknown = {};
  try {
    raw = JSON.parse(settingsJson);
  } catch {
    raw = {};
  }
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const parsed = zStudentSettings.safeParse(
    Object.fromEntries(
      Object.keys(zStudentSettings.shape)
        .filter((k) => k in source)
        .map((k) => [k, source[k]]),
    ),
  );
  return parsed.success ? parsed.data : zStudentSettings.parse({});
}

export const STUDENT_FIELD_KINDS = ['text', 'number', 'date', 'choice'] as const;
export type StudentFieldKind = (typeof STUDENT_FIELD_KINDS)[number];
/** Longest value of a custom field, and most choices of a single-choice field. */
export const FIELD_VALUE_MAX = 200;
export const FIELD_OPTIONS_MAX = 50;

/** A custom student field ("label"; sfid is its id): the shape the back office, the bootstrap and the info page read. */
export const zStudentField = z.object({
  sfid: z.string(),
  name: z.string(),
  kind: z.enum(STUDENT_FIELD_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
});
export type StudentField = z.infer<typeof zStudentField>;

/** Save student info {infoStr}: a JSON list of {sfid, value} (spec 7). */
export const zFieldValue = z.object({ sfid: z.string().regex(/^\d{1,20}$/), value: z.string().max(FIELD_VALUE_MAX) });
export type FieldValue = z.infer<typeof zFieldValue>;

/** Error strings of the people calls; the web shows them through errors.* messages. */
export const STUDENT_ERRORS = {
  usernameTaken: 'user name is already used in this school',
  /** 400, data {field: 'info.<sfid>', sfid, problem: 'unknown'}: infoStr names no field of the school. */
  unknownField: 'unknown field',
  /** 400, data {field: 'info.<sfid>', sfid, name, problem}: a value does not fit its field (shared/rules/student-fields). */
  fieldProblem: 'field value not accepted',
  ldapAccount: 'this account signs in with the directory: change the password there',
  passwordChangeOff: 'password change is turned off',
  wrongPassword: 'old password is wrong',
} as const;

// ---- The student list and records of people (spec 7 Students) ----

/** Error strings of the student list calls beside STUDENT_ERRORS (400, data.field names the field). */
export const STUDENT_LIST_ERRORS = {
  unknownGroup: 'unknown group',
  unknownField: STUDENT_ERRORS.unknownField,
} as const;

/** Most rows of one page of student/list, and most names one student/search answers. */
export const STUDENT_PAGE_MAX = 100;
export const STUDENT_SEARCH_MAX = 20;
/** Most sids one bulk call (delete, enable, sfids) takes. */
export const STUDENT_BULK_MAX = 1000;
/** Longest name, e-mail and phone kept: the one set of limits of the student's columns (add, edit, own info, registration, import). */
export const STUDENT_NAME_MAX = 64;
export const STUDENT_EMAIL_MAX = 200;
export const STUDENT_PHONE_MAX = 40;
export const STUDENT_STATUSES = ['all', 'enabled', 'disabled'] as const;
export const STUDENT_SOURCES = ['all', 'local', 'ldap'] as const;
export const STUDENT_DOWNLOAD_FORMATS = ['xlsx', 'csv'] as const;

const zSid = z.string().regex(/^\d{1,20}$/, 'must be a decimal id');
const zSids = z.array(zSid).min(1).max(STUDENT_BULK_MAX);
/** A login name: trimmed, 1 to 64 characters, no spaces or control characters (it is typed at the login form). */
export const zStudentUsername = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(USERNAME_MAX)
  .regex(/^[^\s\u0000-\u001f\u007f]+$/, 'must have no spaces');
export const zStudentName = z.string().trim().min(1, 'is required').max(STUDENT_NAME_MAX);
/** An e-mail address or ''. */
export const zStudentEmail = z.union([z.literal(''), z.string().trim().max(STUDENT_EMAIL_MAX).pipe(z.email())]);
/** A phone number (digits, +, -, brackets, spaces) or ''. */
export const zStudentPhone = z
  .string()
  .trim()
  .max(STUDENT_PHONE_MAX)
  .regex(/^[0-9+\-() ]*$/, 'must be a phone number');
/**
 * infoStr: a JSON list of {sfid, value} (spec 7 'Save student info'). Parsed here; each value is then checked
 * against its field with fieldProblem on the server.
 */
export const zInfoStr = z
  .string()
  .max(100_000)
  .transform((text, issue) => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      issue.addIssue({ code: 'custom', message: 'must be a JSON list of {sfid, value}' });
      return z.NEVER;
    }
    const parsed = z.array(zFieldValue).max(200).safeParse(raw);
    if (!parsed.success) {
      issue.addIssue({ code: 'custom', message: 'must be a JSON list of {sfid, value}' });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The filters of student/list and student/download. keyword matches user name, name, e-mail or phone. */
export const zStudentFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  gid: zSid.optional(),
  status: z.enum(STUDENT_STATUSES).default('all'),
  source: z.enum(STUDENT_SOURCES).default('all'),
});
export type StudentFilter = z.output<typeof zStudentFilter>;

export const zStudentListQuery = zStudentFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  num: z.coerce.number().int().min(1).max(STUDENT_PAGE_MAX).default(20),
});
export type StudentListQuery = z.input<typeof zStudentListQuery>;

export const zStudentDownloadQuery = zStudentFilter.extend({
  format: z.enum(STUDENT_DOWNLOAD_FORMATS).default('xlsx'),
});

/** A student as the back office sees it (never the password). */
export const zAdminStudent = z.object({
  sid: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.enum(['local', 'ldap']),
  disabled: z.boolean(),
  disabledBy: z.enum(['admin', 'ldap']).nullable(),
  groups: z.array(z.object({ gid: z.string(), name: z.string() })),
  /** Custom field values by sfid (fields without a value are absent). */
  fields: z.record(z.string(), z.string()),
  createTime: z.number(),
  lastLoginTime: z.number().nullable(),
});
export type AdminStudent = z.infer<typeof zAdminStudent>;
export const zStudentList = z.object({ total: z.number().int(), list: z.array(zAdminStudent) });
export type StudentList = z.infer<typeof zStudentList>;

export const zNewStudent = z.object({
  username: zStudentUsername,
  name: zStudentName,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  email: zStudentEmail.optional(),
  phone: zStudentPhone.optional(),
  gids: z.array(zSid).max(200).default([]),
  infoStr: zInfoStr.optional(),
});
export type NewStudentInput = z.input<typeof zNewStudent>;

export const zUpdateStudent = z.object({
  sid: zSid,
  name: zStudentName.optional(),
  email: zStudentEmail.optional(),
  phone: zStudentPhone.optional(),
  /** A new password (a reset by the administrator); refused for directory accounts. */
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
  gids: z.array(zSid).max(200).optional(),
  infoStr: zInfoStr.optional(),
  disabled: z.boolean().optional(),
});
export type UpdateStudentInput = z.input<typeof zUpdateStudent>;

export const zSidQuery = z.object({ sid: zSid });
export const zSidsBody = z.object({ sids: zSids });
export const zBulkReply = z.object({ count: z.number().int() });
export const zStudentSearchQuery = z.object({ keyword: z.string().trim().min(1).max(64) });
export const zStudentSearchReply = z.object({
  list: z.array(z.object({ sid: z.string(), username: z.string(), name: z.string() })),
});
export const zGidsBody = z.object({ gids: z.array(zSid).min(1).max(200) });
export const zSidsReply = z.object({ sids: z.array(z.string()) });
export const zSfidsReply = z.record(z.string(), z.record(z.string(), z.string()));

/** learn/moth {year}: the twelve months; learn/day {month: 'yyyy-MM'}: the days of that month. */
export const zLearnMonthQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const zLearnDayQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be yyyy-MM') });
export const zLearnMonthRow = z.object({
  month: z.number().int(),
  learners: z.number().int(),
  seconds: z.number().int(),
});
export const zLearnDayRow = z.object({ day: z.string(), learners: z.number().int(), seconds: z.number().int() });
export const zLearnMonths = z.object({ year: z.number().int(), list: z.array(zLearnMonthRow) });
export const zLearnDays = z.object({ month: z.string(), list: z.array(zLearnDayRow) });
export type LearnMonths = z.infer<typeof zLearnMonths>;
