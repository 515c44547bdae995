/**
 * Administrator grants of a course or a column (issue rule 'Ways to obtain a course or column: administrator
 * grants'): to chosen students, to whole student groups (present and future members while the grant lasts), or
 * to the students an uploaded CSV/XLSX of user names lists; with the course's validity or a chosen end date.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';

/** Most students or groups one grant call names. */
export const GRANT_TARGETS_MAX = 2000;
/** Most rows one page of the holders, holdings or audit lists holds. */
export const GRANT_PAGE_MAX = 100;
/** Largest user-name file accepted (CSV or XLSX). */
export const GRANT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const GRANT_ERRORS = {
  notPublished: 'course not published',
  pastEnd: 'end date in the past',
  noNames: 'no user names in the file',
  badFile: 'unreadable file: upload a CSV or an XLSX',
  tooLarge: 'file too large',
} as const;

/** What is granted: a course (its id) or a column (its id). */
export const GRANT_KINDS = ['course', 'column'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd');
/** An end date 'yyyy-MM-dd' (its last instant, server time), or null: the course's own validity. */
export const zGrantUntil = zDay.nullable().default(null);

const zItem = { kind: z.enum(GRANT_KINDS), id: zId };

/** POST grant/add. */
export const zNewGrant = z
  .object({
    ...zItem,
    sids: z.array(zId).max(GRANT_TARGETS_MAX).default([]),
    gids: z.array(zId).max(GRANT_TARGETS_MAX).default([]),
    until: zGrantUntil,
  })
  .refine((value) => value.sids.length + value.gids.length > 0, {
    path: ['sids'],
    message: 'name at least one student or group',
  });
export type NewGrant = z.infer<typeof zNewGrant>;

/** The form fields of POST grant/upload besides the file. */
export const zGrantUploadFields = z.object({
  ...zItem,
  until: z
    .string()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(zDay.nullable()),
});

/** What a grant call changed: new grants, grants whose end date changed, targets already granted so. */
export const zGrantResult = z.object({
  granted: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** User names of the uploaded file that name no student of the school (grant/upload only). */
  notFound: z.array(z.string()),
});
export type GrantResult = z.infer<typeof zGrantResult>;

/** POST grant/revoke. */
export const zRevokeGrant = z.object({ id: zId });
export const zRevokeResult = z.object({ id: z.string(), revoked: z.boolean() });

/** GET grant/holders. */
export const zHoldersQuery = z.object({
  ...zItem,
  keyword: z.string().trim().max(50).default(''),
  page: zQueryPage,
  num: zQueryNum(GRANT_PAGE_MAX),
});

/**
 * Why a student holds a course: an enrolment's source, an administrator's grant to them ('grant') or to a group of
 * theirs, an enrolment key, a redeem code, a paid order, or a membership plan ('member').
 */
export const HOLDING_WAYS = [
  'grant',
  'group',
  'buy',
  'free',
  'obtain',
  'column',
  'admin',
  'plan',
  'key',
  'code',
  'order',
  'member',
] as const;
export type HoldingWay = (typeof HOLDING_WAYS)[number];

/** One way one student holds the course or column. */
export const zHolder = z.object({
  sid: z.string(),
  username: z.string(),
  name: z.string(),
  way: z.enum(HOLDING_WAYS),
  /** The grant (revocable), null for an enrolment. */
  grant_id: z.string().nullable(),
  granted_by: z.string().nullable(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  /** The column the grant gives the course through, when it does. */
  column_title: z.string().nullable(),
  /** The membership plan that gives the course (way 'member'). */
  plan_title: z.string().nullable(),
  since: z.number(),
  /** The grant's chosen end date (ms, inclusive), null: the course's validity. */
  until: z.number().nullable(),
});
export type Holder = z.infer<typeof zHolder>;
export const zHolders = z.object({ total: z.number().int(), list: z.array(zHolder) });

/** GET grant/student. */
export const zStudentHoldingsQuery = z.object({ sid: zId });

/** One way a student holds one course, with the status it gives now. */
export const zStudentHolding = zHolder.omit({ sid: true, username: true, name: true }).extend({
  coid: z.string(),
  title: z.string(),
  /** Spec 4 'Course status' of the student's best way of holding the course (0 available … 3 needs purchase). */
  status: z.number().int(),
  /** The last valid instant the student has now (ms), null: permanent. */
  limitedDate: z.number().nullable(),
});
export type StudentHolding = z.infer<typeof zStudentHolding>;
export const zStudentHoldings = z.object({ list: z.array(zStudentHolding) });

/** GET grant/audit: by course, column or student (at least one), newest first. */
export const zGrantAuditQuery = z.object({
  coid: zId.optional(),
  column_id: zId.optional(),
  sid: zId.optional(),
  page: zQueryPage,
  num: zQueryNum(GRANT_PAGE_MAX),
});

/** A grant's state in the audit trail. */
export const zGrantState = z.object({ until: z.number().nullable(), revoked_at: z.number().nullable() });

export const zGrantAuditRow = z.object({
  id: z.string(),
  grant_id: z.string(),
  action: z.enum(['grant', 'change', 'revoke']),
  actor_id: z.string(),
  actor_name: z.string().nullable(),
  at: z.number(),
  coid: z.string().nullable(),
  column_id: z.string().nullable(),
  title: z.string().nullable(),
  sid: z.string().nullable(),
  student_name: z.string().nullable(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  before: zGrantState.nullable(),
  after: zGrantState.nullable(),
});
export type GrantAuditRow = z.infer<typeof zGrantAuditRow>;
export const zGrantAudit = z.object({ total: z.number().int(), list: z.array(zGrantAuditRow) });
