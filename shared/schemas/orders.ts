/**
 * Orders paid offline, the pay pages, payment settings, pay administrators and invoices (issue 15 items 5 and 8;
 * spec 7 'Orders and pay', 'invoices/add', 'admins/payadminslist'). Money is integer fen (…_fen fields).
 * The states and price rules are shared/rules/order-price.ts.
 */
import * as z from 'zod';
import { MAX_ORDER_FEN, ORDER_KINDS, ORDER_STATUSES } from '../rules/order-price';
import { zId, zQueryNum, zQueryPage } from './common';

/** Most rows one page of an order, invoice or trade list holds. */
export const ORDER_PAGE_MAX = 100;
/** Most rows an export holds. */
export const ORDER_EXPORT_MAX = 50_000;
/** Longest payment instructions (HTML) a school may write. */
export const INSTRUCTIONS_MAX = 20_000;
/** Payment time limits an administrator may choose (hours). */
export const TIMEOUT_HOURS = { min: 1, max: 720 } as const;

export const ORDER_ERRORS = {
  alreadyHeld: 'already held',
  notRenewable: 'course cannot be renewed',
  ended: 'course ended',
  free: 'nothing to pay: the item is free',
  notForSale: 'not for sale',
  paymentDisabled: 'the school takes no orders: ask the school how to obtain it',
  notFound: 'order not found',
  notPending: 'order is not pending',
  priceChanged: 'price changed since the order: order again',
  noteRequired: 'a note is required when the amount differs from the order',
  badAmount: 'amount must be a positive number of fen',
  notPayAdmin: 'only the main account or a pay administrator may confirm payments',
  mainOnly: 'only the main account may change the pay administrators',
  onlineNotConfigured: 'online payment is not configured in the lan release',
  notPaid: 'order is not paid',
  invoiceExists: 'an invoice was already requested for this order',
  notDeletable: 'a pending order cannot be deleted: cancel it first',
  invoiceHandled: 'invoice already handled',
} as const;

export const zOrderKind = z.enum(ORDER_KINDS);
export const zOrderStatus = z.enum(ORDER_STATUSES);
/** The ways an administrator records a payment. */
export const PAY_WAYS = ['transfer', 'cash', 'card', 'other'] as const;
export const INVOICE_KINDS = ['personal', 'company'] as const;
export const INVOICE_STATUSES = ['requested', 'issued', 'refused'] as const;

/** An order number (yyyyMMdd + ten digits). */
export const zOrderId = z.string().regex(/^\d{18}$/, 'must be an order number');

/** POST submitorde: a course (renew: a renewal of a held one), a column or a membership plan. */
export const zNewOrder = z.object({ kind: zOrderKind, id: zId, renew: z.boolean().default(false) });
/** POST member/pay. */
export const zNewMemberOrder = z.object({ planid: zId });

/** An order as its student and the back office read it. */
export const zOrder = z.object({
  orderid: z.string(),
  kind: zOrderKind,
  id: z.string(),
  title: z.string(),
  price_fen: z.number().int(),
  amount_fen: z.number().int(),
  renew: z.boolean(),
  /** The state now (a pending order past its expiry reads closed). */
  status: zOrderStatus,
  created_at: z.number(),
  expires_at: z.number(),
  paid_at: z.number().nullable(),
  paid_fen: z.number().int().nullable(),
  way: z.string().nullable(),
  trade_number: z.string().nullable(),
  closed_at: z.number().nullable(),
  deleted: z.boolean(),
  /** The invoice requested for it, if any. */
  invoice: z.enum(INVOICE_STATUSES).nullable(),
});
export type Order = z.infer<typeof zOrder>;

/** What submitorde answers: the order (an existing pending one for the same item is returned) and whether it is new. */
export const zSubmitted = z.object({ order: zOrder, created: z.boolean() });

/** GET pay / checkorder: the order of the signed-in student. */
export const zOrderQuery = z.object({ orderid: zOrderId });
/** POST cancelorder / restoreorder / deleteorder. */
export const zOrderBody = z.object({ orderid: zOrderId });

/** GET pay: what the pay page shows. */
export const zPayInfo = z.object({
  order: zOrder,
  /** The school's offline payment instructions (sanitised HTML). */
  instructions: z.string(),
  /** The item's price changed since the order: it can no longer be paid (order again). */
  price_changed: z.boolean(),
  /** Online payment: never in the lan release. */
  online: z.literal(false),
  /** The item's page (course or column code) to go back to; '' for a membership plan. */
  code: z.string(),
});
export type PayInfo = z.infer<typeof zPayInfo>;

/** GET checkorder. */
export const zOrderState = z.object({ orderid: z.string(), status: zOrderStatus, paid_at: z.number().nullable() });

/** GET checkbuy: does the signed-in student hold this course or column now. */
export const zCheckBuyQuery = z.object({ kind: z.enum(['course', 'column']), id: zId });
export const zCheckBuy = z.object({
  isbuy: z.boolean(),
  /** Spec 4 'Course status' for a course (0 available … 3 needs purchase); null for a column. */
  status: z.number().int().nullable(),
  renew: z.boolean(),
  limitedDate: z.number().nullable(),
});

/** GET checkplan. */
export const zCheckPlanQuery = z.object({ planid: zId });
export const zCheckPlan = z.object({ held: z.boolean(), until: z.number().nullable() });

/** GET columndiscount. */
export const zColumnDiscountQuery = z.object({ id: zId });
export const zColumnDiscount = z.object({
  sum_fen: z.number().int(),
  actual_fen: z.number().int(),
  saved_fen: z.number().int(),
  tenths: z.number().nullable(),
  percent_off: z.number().int().nullable(),
  courses: z.array(z.object({ coid: z.string(), title: z.string(), actual_fen: z.number().int() })),
});

/** GET getorders / member/traderecord: the student's orders, newest first; deleted 1 lists the deleted ones. */
export const zMyOrdersQuery = z.object({
  deleted: z.coerce.number().int().min(0).max(1).default(0),
  page: zQueryPage,
  num: zQueryNum(ORDER_PAGE_MAX),
});
export const zOrderPage = z.object({ total: z.number().int(), list: z.array(zOrder) });

/** GET wechat/queryorder: always 409 in the lan release. */
export const zQueryOnline = z.object({ orderid: zOrderId.optional() });

// ---- back office ----

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd');

/** GET order/list and order/export filters. */
export const zOrderFilter = z.object({
  status: zOrderStatus.optional(),
  kind: zOrderKind.optional(),
  /** The item (course, column or plan id). */
  item: zId.optional(),
  /** The student's user name or name (contains). */
  student: z.string().trim().max(50).default(''),
  /** The order number (contains). */
  number: z.string().trim().max(18).default(''),
  from: zDay.optional(),
  to: zDay.optional(),
});
export type OrderFilter = z.output<typeof zOrderFilter>;
export const zOrderListQuery = zOrderFilter.extend({ page: zQueryPage, num: zQueryNum(ORDER_PAGE_MAX) });
export const zOrderExportQuery = zOrderFilter.extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

export const zAdminOrder = zOrder.extend({
  sid: z.string(),
  username: z.string(),
  student_name: z.string(),
  note: z.string().nullable(),
  confirmed_by: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof zAdminOrder>;
export const zOrderTotals = z.object({ count: z.number().int(), paid_count: z.number().int(), paid_fen: z.number() });
export const zAdminOrderPage = z.object({ total: z.number().int(), list: z.array(zAdminOrder), totals: zOrderTotals });

/** One entry of an order's trail. */
export const zOrderEvent = z.object({
  id: z.string(),
  action: z.string(),
  actor_kind: z.enum(['student', 'admin', 'system']),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.number(),
});
export type OrderEvent = z.infer<typeof zOrderEvent>;
/**
 * GET paysetting/audit and point/rules/audit: the school's settings trail, newest first; subject_name is the
 * administrator a pay-administrator change was about (null otherwise).
 */
export const zSettingsTrailQuery = z.object({ page: zQueryPage, num: zQueryNum(ORDER_PAGE_MAX, 15) });
export const zSettingsTrail = z.object({
  total: z.number().int(),
  list: z.array(
    zOrderEvent.extend({
      subject_name: z.string().nullable(),
      /** The settings before and after: an object, or for point rules the list of every rule. */
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type SettingsTrail = z.infer<typeof zSettingsTrail>;
export const zOrderDetail = z.object({
  order: zAdminOrder,
  events: z.array(zOrderEvent),
  /** May this administrator confirm or cancel (main account or pay administrator)? */
  can_confirm: z.boolean(),
});

/** POST order/confirm. */
export const zConfirmPayment = z.object({
  orderid: zOrderId,
  amount_fen: z.number().int().min(1).max(MAX_ORDER_FEN),
  way: z.enum(PAY_WAYS),
  trade_number: z.string().trim().max(100).default(''),
  note: z.string().trim().max(500).default(''),
});
/** POST order/cancel. */
export const zCancelOrder = z.object({ orderid: zOrderId, note: z.string().trim().max(500).default('') });

/** GET / POST paysetting. */
export const zPaySettings = z.object({
  enabled: z.boolean(),
  instructions: z.string().max(INSTRUCTIONS_MAX),
  timeout_hours: z.number().int().min(TIMEOUT_HOURS.min).max(TIMEOUT_HOURS.max),
});
export type PaySettings = z.infer<typeof zPaySettings>;

/** admins/payadminslist: the administrators who may confirm, and the school's other administrators. */
export const zPayAdmin = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** The school's main account: it always confirms. */
  main: z.boolean(),
  pay_admin: z.boolean(),
});
export const zPayAdmins = z.object({ list: z.array(zPayAdmin), can_change: z.boolean() });
export const zPayAdminBody = z.object({ adminid: zId });

/** POST invoices/add. */
export const zNewInvoice = z
  .object({
    orderid: zOrderId,
    kind: z.enum(INVOICE_KINDS),
    title: z.string().trim().min(1).max(100),
    tax_number: z.string().trim().max(30).default(''),
    email: z.union([z.literal(''), z.email().max(100)]).default(''),
  })
  .refine((value) => value.kind === 'personal' || value.tax_number !== '', {
    path: ['tax_number'],
    message: 'a company invoice needs a tax number',
  });
export const zInvoice = z.object({
  id: z.string(),
  orderid: z.string(),
  kind: z.enum(INVOICE_KINDS),
  title: z.string(),
  tax_number: z.string(),
  email: z.string(),
  amount_fen: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  note: z.string(),
  created_at: z.number(),
  handled_at: z.number().nullable(),
  sid: z.string(),
  student_name: z.string(),
  order_title: z.string(),
});
export type Invoice = z.infer<typeof zInvoice>;
export const zInvoiceListQuery = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  page: zQueryPage,
  num: zQueryNum(ORDER_PAGE_MAX),
});
export const zInvoicePage = z.object({ total: z.number().int(), list: z.array(zInvoice) });
export const zHandleInvoice = z.object({
  id: zId,
  status: z.enum(['issued', 'refused']),
  note: z.string().trim().max(500).default(''),
});
