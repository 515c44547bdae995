/**
 * Enrolment keys and redeem codes (issue 15 items 3 and 4). Back office: permission 'course' (a course's key
 * and a course batch also need the sub-admin's categories); another school's course, batch or code is 404.
 * Students: a signed-in student of the school (a guest 401, an administrator 403 studentOnly); failed
 * attempts are throttled per student and per address (429 'too many attempts'). A batch's file (code/export)
 * is an attachment, not a declared call (server/modules/redeem/routes.ts).
 */
import * as s from '../schemas/redeem';
import { defineCall } from '../contract';

const admin = { access: { admin: 'course' }, tags: ['enrolment keys and redeem codes (back office)'] } as const;
const student = { access: 'signedIn', tags: ['enrolment keys and redeem codes (student)'] } as const;

export const redeemCalls = {
  keyGet: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'key/get',
    summary: "A course's enrolment key (secret, groups, uses, window, enabled), or null when it has none.",
    query: s.zKeyQuery,
    reply: s.zKeyReply,
  }),
  keySet: defineCall({
    ...admin,
    method: 'POST',
    path: 'key/set',
    summary:
      "Sets or changes a course's enrolment key: the secret (4-64 characters, no spaces), the student groups " +
      'it is for ([] all), a number of uses (null unlimited), a window of days (yyyy-MM-dd, inclusive) and ' +
      'whether it is enabled. Audited (code/audit with the key id).',
    body: s.zSetKey,
    reply: s.zKeyReply,
  }),
  keyStatus: defineCall({
    ...student,
    noStore: true,
    method: 'GET',
    path: 'enrol/key',
    summary: 'Whether a visible course takes an enrolment key (has_key; false for a disabled key).',
    query: s.zKeyQuery,
    reply: s.zKeyStatus,
  }),
  enrolByKey: defineCall({
    ...student,
    method: 'POST',
    path: 'enrol/key',
    summary:
      'Enrols the signed-in student in a course with its enrolment key. Refused: 403 studentOnly for an ' +
      'administrator, 404 course removed, 403 otherSchool / designatedGroup (the course or key groups), 404 no ' +
      'key, 403 disabled, not open yet or closed, 400 wrong key, 409 used up or already held, 429 too many ' +
      'wrong keys. Nothing is written on a refusal.',
    body: s.zEnrolByKey,
    reply: s.zRedeemResult,
  }),
  items: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'code/items',
    summary: 'The published courses, columns or membership plans of the school a batch may give (up to 50, by title).',
    query: s.zItemsQuery,
    reply: s.zItems,
  }),
  batchAdd: defineCall({
    ...admin,
    method: 'POST',
    path: 'code/batch/add',
    summary:
      'Creates a batch of count (1-10000) redeem codes for a published course, column or membership plan: uses ' +
      'per code, days of validity from redemption (null: the item validity or the plan days) and the last day ' +
      'the codes may be redeemed. Codes are 16 characters of 31 (79 bits), shown XXXX-XXXX-XXXX-XXXX. Audited.',
    body: s.zNewBatch,
    reply: s.zBatch,
  }),
  batches: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'code/batches',
    summary: "The school's code batches, newest first, with their uses so far and codes used.",
    query: s.zBatchesQuery,
    reply: s.zBatches,
  }),
  codes: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'code/list',
    summary: "A batch's codes with their uses and who redeemed them (searched by code), paged.",
    query: s.zCodesQuery,
    reply: s.zCodes,
  }),
  disableCode: defineCall({
    ...admin,
    method: 'POST',
    path: 'code/disable',
    summary: 'Disables one code (no further redemption; what was redeemed stays). Again: disabled false. Audited.',
    body: s.zDisable,
    reply: s.zDisableResult,
  }),
  disableBatch: defineCall({
    ...admin,
    method: 'POST',
    path: 'code/batch/disable',
    summary: 'Disables a whole batch: none of its codes redeems any more. Again: disabled false. Audited.',
    body: s.zDisable,
    reply: s.zDisableResult,
  }),
  audit: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'code/audit',
    summary:
      'The trail of a batch (created, disabled, its codes disabled) or an enrolment key (set): who, when, ' +
      'before, after; newest first.',
    query: s.zAuditQuery,
    reply: s.zAudit,
  }),
  redeem: defineCall({
    ...student,
    method: 'POST',
    path: 'redeem',
    summary:
      'Redeems a code for the signed-in student (case, spaces and dashes ignored): a course or column (for the ' +
      "batch's days, else the item's validity) or a membership (the batch's days, else the plan's). Refused: " +
      "403 studentOnly for an administrator, 404 unknown code (another school's too), 403 disabled or expired, " +
      '409 used up, already redeemed or course already held (nothing used), 404 item removed, 403 designatedGroup, ' +
      '429 too many failed attempts.',
    body: s.zRedeem,
    reply: s.zRedeemResult,
  }),
};
