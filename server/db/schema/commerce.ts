import { table, text, integer, index, uniqueIndex, primaryKey } from './dialect';
import { admins, students } from './accounts';
import { courses } from './catalogue';
import { schools } from './schools';

/**
 * The ways a student obtains a course, column or membership plan besides an administrator's grant (issue 15
 * 'Ways to obtain a course or column'): enrolment keys, redeem codes, orders paid offline, membership plans,
 * and the points ledger. What they give is written as a course_grants row (via key, code or order) or a
 * memberships row; the access policy (server/modules/access) reads those. All money is integer fen.
 */

/** What an order, a code batch or a grant gives: a course, a column or a membership plan. */
export const ITEM_KINDS = ['course', 'column', 'member'] as const;

/**
 * A course's enrolment key: a signed-in student of the school who types it enrols (a course_grants row via
 * 'key'), optionally limited to groups (comma list, '' all), a number of uses (null unlimited) and a window
 * (ms, null open). One key per course; a disabled key enrols nobody.
 */
export const enrolmentKeys = table(
  'enrolment_keys',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    groupIds: text('group_ids').notNull().default(''),
    maxUses: integer('max_uses'),
    used: integer('used').notNull().default(0),
    startsAt: integer('starts_at'),
    endsAt: integer('ends_at'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('enrolment_keys_course').on(t.courseId), index('enrolment_keys_school').on(t.schoolId)],
);

/**
 * A batch of redeem codes (card keys) for a course, column or membership plan: how many uses each code has,
 * how long what it gives lasts (days; null: the item's own validity or plan period), and until when the codes
 * may be redeemed. Disabling the batch disables every code of it.
 */
export const codeBatches = table(
  'code_batches',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    targetId: text('target_id').notNull(),
    title: text('title').notNull(),
    count: integer('count').notNull(),
    usesPerCode: integer('uses_per_code').notNull().default(1),
    days: integer('days'),
    expiresAt: integer('expires_at'),
    disabledAt: integer('disabled_at'),
    disabledBy: text('disabled_by'),
    createdBy: text('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('code_batches_school').on(t.schoolId, t.createdAt)],
);

/** One redeem code: unique text, its uses so far (never above maxUses), disabled on its own or by its batch. */
export const redeemCodes = table(
  'redeem_codes',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    batchId: text('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    maxUses: integer('max_uses').notNull(),
    used: integer('used').notNull().default(0),
    disabledAt: integer('disabled_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('redeem_codes_code').on(t.code), index('redeem_codes_batch').on(t.batchId)],
);

/** Each use of a code: by whom, when, from which address; a student uses one code once. */
export const codeRedemptions = table(
  'code_redemptions',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    codeId: text('code_id')
      .notNull()
      .references(() => redeemCodes.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    at: integer('at').notNull(),
  },
  (t) => [
    uniqueIndex('code_redemptions_once').on(t.codeId, t.studentId),
    index('code_redemptions_batch').on(t.batchId),
  ],
);

/**
 * An order (spec 7 'Orders and pay'; id is the order number students and the finance office read). Prices are
 * the item's at the moment of ordering (list price and amount to pay, fen). status: pending, paid, cancelled,
 * closed (timed out); deletedAt hides an order from the student's list until restored. A paid order's grant or
 * membership is named by grantRef.
 */
export const orders = table(
  'orders',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    targetId: text('target_id').notNull(),
    title: text('title').notNull(),
    priceFen: integer('price_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    renew: integer('renew', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'closed'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    paidAt: integer('paid_at'),
    paidFen: integer('paid_fen'),
    payWay: text('pay_way'),
    tradeNumber: text('trade_number'),
    payNote: text('pay_note'),
    confirmedBy: text('confirmed_by'),
    closedAt: integer('closed_at'),
    closedBy: text('closed_by'),
    deletedAt: integer('deleted_at'),
    grantRef: text('grant_ref'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('orders_school').on(t.schoolId, t.createdAt),
    index('orders_student').on(t.studentId, t.createdAt),
    index('orders_status').on(t.status, t.expiresAt),
  ],
);

/**
 * Every money change (issue rule 'Every money and grant change is audited'): an order created, confirmed,
 * cancelled, closed, deleted or restored, an invoice requested or handled; who (student, admin or system),
 * when, and the order's state before and after (JSON). No foreign keys: the trail outlives what it names.
 */
export const orderEvents = table(
  'order_events',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id').notNull(),
    orderId: text('order_id').notNull(),
    action: text('action').notNull(),
    actorKind: text('actor_kind', { enum: ['student', 'admin', 'system'] }).notNull(),
    actorId: text('actor_id'),
    before: text('before'),
    after: text('after'),
    at: integer('at').notNull(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.at), index('order_events_school').on(t.schoolId, t.at)],
);

/** A school's offline payment: whether it sells, its instructions (sanitised HTML), how long an order waits. */
export const paymentSettings = table('payment_settings', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  instructions: text('instructions').notNull().default(''),
  timeoutHours: integer('timeout_hours').notNull().default(72),
  updatedBy: text('updated_by'),
  updatedAt: integer('updated_at').notNull(),
});

/** The administrators who may confirm payments (admins/payadminslist), besides the school's main account. */
export const payAdmins = table(
  'pay_admins',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    adminId: text('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.adminId] })],
);

/** An invoice request for a paid order (invoices/add), one per order, handled in the back office. */
export const invoices = table(
  'invoices',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['personal', 'company'] }).notNull(),
    title: text('title').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    email: text('email').notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: ['requested', 'issued', 'refused'] }).notNull(),
    note: text('note').notNull().default(''),
    handledBy: text('handled_by'),
    handledAt: integer('handled_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('invoices_order').on(t.orderId), index('invoices_school').on(t.schoolId, t.createdAt)],
);

/** A membership plan (member/plan): every course of its categories (JSON id list) for `days` days, at a price. */
export const memberPlans = table(
  'member_plans',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceFen: integer('price_fen').notNull().default(0),
    days: integer('days').notNull(),
    categoryIds: text('category_ids').notNull().default('[]'),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('member_plans_school').on(t.schoolId)],
);

/**
 * A student's membership of a plan from `since` to `until` (inclusive ms): obtained by an order, a code or an
 * administrator (via, and ref the order, code or admin id). Renewing extends from the later of now and the
 * current end by a new row; revoking keeps the row (revokedAt).
 */
export const memberships = table(
  'memberships',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => memberPlans.id, { onDelete: 'cascade' }),
    since: integer('since').notNull(),
    until: integer('until').notNull(),
    via: text('via', { enum: ['order', 'code', 'admin'] }).notNull(),
    ref: text('ref').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [index('memberships_student').on(t.studentId), index('memberships_plan').on(t.planId)],
);

/** The points rules a school sets: points per event and a daily limit (0: none), each on or off. */
export const POINT_RULES = ['studyTime', 'chapterDone', 'courseDone', 'examPassed', 'dailyFirst'] as const;

export const pointRules = table(
  'point_rules',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    rule: text('rule', { enum: POINT_RULES }).notNull(),
    points: integer('points').notNull().default(0),
    dailyLimit: integer('daily_limit').notNull().default(0),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.rule] })],
);

/**
 * The points ledger: every change a row with its reason (a rule, 'clear' by an administrator, 'adjust'), what
 * it was for (ref: the chapter, course, exam or day; unique per student and reason so an event counts once),
 * the day it counts towards a daily limit (yyyy-MM-dd, server time), and who made it (admin id or null).
 * A student's points are the sum of their rows: nothing to drift.
 */
export const pointLedger = table(
  'point_ledger',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref').notNull(),
    day: text('day').notNull(),
    actorId: text('actor_id'),
    at: integer('at').notNull(),
  },
  (t) => [
    uniqueIndex('point_ledger_once').on(t.studentId, t.reason, t.ref),
    index('point_ledger_day').on(t.studentId, t.day, t.reason),
    index('point_ledger_school').on(t.schoolId, t.at),
  ],
);
