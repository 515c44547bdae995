import * as z from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../constants';
import { STUDENT_EMAIL_MAX, STUDENT_NAME_MAX, STUDENT_PHONE_MAX } from './students';

/**
 * Student import from CSV and XLSX (spec 7 Students: import, getImport, repeatdata): the preview, the import's
 * options, its progress and report, the duplicate check.
 */

/** Most data rows one file may hold, and the largest file accepted (both said in the refusal). */
export const STUDENT_IMPORT_MAX_ROWS = 20_000;
export const STUDENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows the preview shows; problems a preview or an import record keeps (the counts are always complete). */
export const STUDENT_IMPORT_PREVIEW_ROWS = 50;
export const STUDENT_IMPORT_REPORT_MAX = 1000;
/** User names a duplicate sample shows. */
export const STUDENT_IMPORT_DUPLICATE_SAMPLE = 20;
/** Longest user name, name, e-mail and phone accepted from a file. */
/** The students' column limits (shared/schemas/students.ts), as the import's row check reports them. */
export const IMPORT_TEXT_MAX = {
  username: USERNAME_MAX,
  name: STUDENT_NAME_MAX,
  email: STUDENT_EMAIL_MAX,
  phone: STUDENT_PHONE_MAX,
} as const;

/** The standard columns; custom fields are columns too, by their name. */
export const IMPORT_COLUMNS = ['username', 'name', 'password', 'email', 'phone', 'groups'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Why a row cannot be applied (the web shows admin.import.reason.<code>). */
export const IMPORT_REASONS = [
  'required',
  'tooLong',
  'notNumber',
  'notDate',
  'notChoice',
  'badUsername',
  'badEmail',
  'badPhone',
  'passwordTooShort',
  'passwordTooLong',
  'passwordRequired',
  'repeatedInFile',
  'unknownGroup',
  'ambiguousGroup',
  'seatsFull',
  'licenceExpired',
  'writeFailed',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

/** One problem: the spreadsheet's row number (the header row is 1), the column as written, why, and the value at fault when it helps. */
export const zImportProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: z.enum(IMPORT_REASONS),
  value: z.string().optional(),
});
export type ImportProblem = z.infer<typeof zImportProblem>;

export const IMPORT_MODES = ['all', 'rows'] as const;
export const IMPORT_DUPLICATES = ['skip', 'update'] as const;

/** The form fields sent with the file (multipart). */
export const zImportOptions = z.object({
  /** 'all': nothing is applied unless every row is good and the seats suffice; 'rows': good rows applied, bad ones reported. */
  mode: z.enum(IMPORT_MODES).default('rows'),
  /** A row whose user name exists: 'skip' leaves the student, 'update' changes it. */
  duplicates: z.enum(IMPORT_DUPLICATES).default('skip'),
  /** The password of new students whose row gives none. */
  initialPassword: z
    .string()
    .max(PASSWORD_MAX)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || value.length >= PASSWORD_MIN,
      `must be at least ${PASSWORD_MIN} characters`,
    ),
});
export type ImportOptions = z.infer<typeof zImportOptions>;

/** A column of the file and what it was recognised as ('field' = a custom field). */
export const zImportColumnMatch = z.object({
  header: z.string(),
  kind: z.enum([...IMPORT_COLUMNS, 'field']),
  sfid: z.string().optional(),
});

/** A parsed row as the preview shows it (the password is never echoed, only whether the row gives one). */
export const zImportRowPreview = z.object({
  row: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  groups: z.array(z.string()),
  /** Custom field values by field name. */
  fields: z.record(z.string(), z.string()),
  hasPassword: z.boolean(),
  /** The user name exists in the school already. */
  exists: z.boolean(),
});

export const zImportPreview = z.object({
  fileName: z.string(),
  /** Data rows (blank rows not counted). */
  total: z.number().int(),
  columns: z.array(zImportColumnMatch),
  unknownColumns: z.array(z.string()),
  rows: z.array(zImportRowPreview),
  /** The first problems (at most STUDENT_IMPORT_REPORT_MAX), and how many rows have one. */
  problems: z.array(zImportProblem),
  badRows: z.number().int(),
  duplicates: z.object({ count: z.number().int(), sample: z.array(z.string()) }),
  /** Seats: the limit, the students counted now, the new students this file would add. */
  seats: z.object({ limit: z.number().int(), used: z.number().int(), needed: z.number().int() }),
});
export type ImportPreview = z.infer<typeof zImportPreview>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/** The running or last import of the school (student/getImport). */
export const zImportStatus = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  mode: z.enum(IMPORT_MODES),
  duplicates: z.enum(IMPORT_DUPLICATES),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  report: z.array(zImportProblem),
  /** Why a failed import stopped (an error string of STUDENT_IMPORT_ERRORS or LICENCE_ERRORS, or the crash). */
  message: z.string(),
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type ImportStatus = z.infer<typeof zImportStatus>;
/** student/getImport reply: the running or last import, null when the school never imported. */
export const zLastImport = zImportStatus.nullable();

export const zImportStarted = z.object({ id: z.string() });
export const zTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

/** student/repeatdata: which of these user names exist in the school already, each with its sid and source. */
export const zRepeatQuery = z.object({
  usernames: z.array(z.string().trim().min(1).max(IMPORT_TEXT_MAX.username)).max(STUDENT_IMPORT_MAX_ROWS),
});
export const zRepeatReply = z.object({
  count: z.number().int(),
  list: z.array(z.object({ username: z.string(), sid: z.string(), source: z.enum(['local', 'ldap']) })),
});
export type RepeatData = z.infer<typeof zRepeatReply>;

/** Error strings of the import calls (the web shows admin.import.error.* for them). */
export const STUDENT_IMPORT_ERRORS = {
  badFile: 'not a CSV or XLSX file that can be read',
  noRows: 'the file has no data rows',
  tooManyRows: `the file has more than ${STUDENT_IMPORT_MAX_ROWS} rows`,
  tooLarge: `the file is larger than ${STUDENT_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  missingColumns: 'the file lacks required columns',
  running: 'an import is already running for this school',
  badRows: 'import has bad rows: nothing was written',
  interrupted: 'the import was interrupted (the server stopped)',
} as const;
