/**
 * Enrolment keys and redeem codes (issue 15 'Ways to obtain a course or column', items 3 and 4): a course's
 * key a signed-in student types to enrol; batches of redeem codes for a course, column or membership plan.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';

/** Most codes one batch holds, and most uses one code has. */
export const BATCH_COUNT_MAX = 10_000;
export const CODE_USES_MAX = 10_000;
/** Most rows one page of the batch or code list holds. */
export const REDEEM_PAGE_MAX = 100;

export const REDEEM_ERRORS = {
  noKey: 'no enrolment key',
  keyDisabled: 'enrolment key disabled',
  wrongKey: 'wrong enrolment key',
  keyNotOpen: 'enrolment key not open yet',
  keyClosed: 'enrolment key closed',
  keyUsedUp: 'enrolment key used up',
  alreadyHeld: 'already held',
  unknownCode: 'unknown code',
  codeDisabled: 'code disabled',
  codeExpired: 'code expired',
  codeUsedUp: 'code used up',
  alreadyRedeemed: 'code already redeemed',
  itemRemoved: 'item removed',
  tooMany: 'too many attempts',
  notPublished: 'item not published',
  pastDate: 'date in the past',
  badWindow: 'the window ends before it starts',
} as const;

/** What a batch gives: a course, a column or a membership plan. */
export const REDEEM_KINDS = ['course', 'column', 'member'] as const;
export type RedeemKind = (typeof REDEEM_KINDS)[number];

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd');

// ---------------------------------------------------------------------------------------------------------
// Enrolment keys

/** GET key/get (back office) and GET enrol/key (student): one course. */
export const zKeyQuery = z.object({ coid: zId });

/** A course's enrolment key as the back office edits it (window edges in ms, inclusive). */
export const zEnrolmentKey = z.object({
  id: z.string(),
  coid: z.string(),
  secret: z.string(),
  gids: z.array(z.string()),
  max_uses: z.number().int().nullable(),
  used: z.number().int(),
  starts_at: z.number().nullable(),
  ends_at: z.number().nullable(),
  enabled: z.boolean(),
  updated_at: z.number(),
});
export type EnrolmentKey = z.infer<typeof zEnrolmentKey>;
export const zKeyReply = z.object({ key: zEnrolmentKey.nullable() });

/** POST key/set: sets or changes the course's key (the window as days: from the first to the last, inclusive). */
export const zSetKey = z.object({
  coid: zId,
  secret: z
    .string()
    .trim()
    .min(4, 'at least 4 characters')
    .max(64)
    .regex(/^[^\s]+$/, 'no spaces'),
  gids: z.array(zId).max(500).default([]),
  max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  starts_on: zDay.nullable().default(null),
  ends_on: zDay.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type SetKey = z.infer<typeof zSetKey>;

/** GET enrol/key: whether the course takes a key now (enabled). */
export const zKeyStatus = z.object({ has_key: z.boolean() });

/** POST enrol/key. */
export const zEnrolByKey = z.object({ coid: zId, key: z.string().trim().min(1).max(64) });

/** What a key or a code gave: the item, and the holder's own last valid instant (null: the item's validity). */
export const zRedeemResult = z.object({
  kind: z.enum(REDEEM_KINDS),
  id: z.string(),
  title: z.string(),
  until: z.number().nullable(),
});
export type RedeemResult = z.infer<typeof zRedeemResult>;

// ---------------------------------------------------------------------------------------------------------
// Redeem codes (back office)

/** GET code/items: the published courses, columns or plans a batch may give. */
export const zItemsQuery = z.object({ kind: z.enum(REDEEM_KINDS), keyword: z.string().trim().max(50).default('') });
export const zItems = z.object({ list: z.array(z.object({ id: z.string(), title: z.string() })) });

/** POST code/batch/add. */
export const zNewBatch = z.object({
  kind: z.enum(REDEEM_KINDS),
  id: zId,
  title: z.string().trim().max(60).default(''),
  count: z.number().int().min(1).max(BATCH_COUNT_MAX),
  uses: z.number().int().min(1).max(CODE_USES_MAX).default(1),
  /** Days what a code gives lasts from its redemption; null: the item's own validity (a plan: its days). */
  days: z.number().int().min(1).max(36_500).nullable().default(null),
  /** The last day the codes may be redeemed (inclusive); null: no expiry. */
  expires_on: zDay.nullable().default(null),
});
export type NewBatch = z.infer<typeof zNewBatch>;

export const zBatch = z.object({
  id: z.string(),
  kind: z.enum(REDEEM_KINDS),
  target_id: z.string(),
  title: z.string(),
  count: z.number().int(),
  uses_per_code: z.number().int(),
  days: z.number().int().nullable(),
  expires_at: z.number().nullable(),
  disabled_at: z.number().nullable(),
  created_at: z.number(),
  created_by: z.string().nullable(),
  /** Uses so far over all codes, and codes used at least once. */
  uses: z.number().int(),
  codes_used: z.number().int(),
});
export type Batch = z.infer<typeof zBatch>;

/** GET code/batches. */
export const zBatchesQuery = z.object({ page: zQueryPage, num: zQueryNum(REDEEM_PAGE_MAX) });
export const zBatches = z.object({ total: z.number().int(), list: z.array(zBatch) });

/** GET code/list: one batch's codes. */
export const zCodesQuery = z.object({
  batch: zId,
  keyword: z.string().trim().max(40).default(''),
  page: zQueryPage,
  num: zQueryNum(REDEEM_PAGE_MAX),
});

export const zRedeemer = z.object({ sid: z.string(), username: z.string(), name: z.string(), at: z.number() });
export const zCodeRow = z.object({
  id: z.string(),
  /** Grouped for reading: XXXX-XXXX-XXXX-XXXX. */
  code: z.string(),
  used: z.number().int(),
  max_uses: z.number().int(),
  disabled_at: z.number().nullable(),
  redeemers: z.array(zRedeemer),
});
export type CodeRow = z.infer<typeof zCodeRow>;
export const zCodes = z.object({ batch: zBatch, total: z.number().int(), list: z.array(zCodeRow) });

/** POST code/disable and code/batch/disable. */
export const zDisable = z.object({ id: zId });
export const zDisableResult = z.object({ id: z.string(), disabled: z.boolean() });

/** GET code/audit: a batch's trail (created, disabled, its codes disabled) or a key's (set), newest first. */
export const zAuditQuery = z.object({ id: zId });
export const zAuditRow = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.number(),
  before: z.unknown(),
  after: z.unknown(),
});
export const zAudit = z.object({ list: z.array(zAuditRow) });

/** GET code/export (a file, not an envelope). */
export const zExportQuery = z.object({ batch: zId, format: z.enum(['csv', 'xlsx']).default('xlsx') });

// ---------------------------------------------------------------------------------------------------------
// Redeeming (student)

/** POST redeem: the code as typed (case, spaces and dashes do not matter). */
export const zRedeem = z.object({ code: z.string().max(64) });
