/**
 * Orders paid offline, the pay pages, payment settings, pay administrators and invoices (issue 15 items 5 and 8;
 * spec 7 'Orders and pay'). Student calls keep the spec's names; back-office calls are named in the same style.
 *
 * Permissions (chosen here): the back office reads orders, invoices and the payment settings with the 'setting'
 * permission group; confirming or cancelling an order also needs the school's main account or an administrator
 * listed in pay_admins (403 otherwise); only the main account changes that list. Another school's order is 404.
 */
import * as s from '../schemas/orders';
import { defineCall } from '../contract';

const student = { access: 'student', tags: ['orders'], noStore: true } as const;
/** Ordering is open to anyone signed in so that an administrator learns why not (403 studentOnly). */
const buyer = { access: 'signedIn', tags: ['orders'], noStore: true } as const;
const office = { access: { admin: 'setting' }, tags: ['orders (back office)'], noStore: true } as const;

export const orderCalls = {
  submit: defineCall({
    ...buyer,
    method: 'POST',
    path: 'submitorde',
    summary:
      'Orders a course, column or membership plan {kind, id, renew} at its price now (fen). A pending order for ' +
      'the same item at the same price is returned instead of a second (created false). Refused: 403 for an ' +
      'account that is no student (请使用学员账号进行操作！) or outside the course groups ' +
      '(designatedGroup), 404 ' +
      'another school or unknown, 409 not for sale (unpublished), 400 free, 409 already held (data.renewable; ' +
      'renew true makes a renewal order), 409 when the school takes no orders.',
    body: s.zNewOrder,
    reply: s.zSubmitted,
  }),
  memberPay: defineCall({
    ...buyer,
    method: 'POST',
    path: 'member/pay',
    summary: 'Orders a membership plan {planid}: submitorde with kind member (a held plan is renewed from its end).',
    body: s.zNewMemberOrder,
    reply: s.zSubmitted,
  }),
  pay: defineCall({
    ...student,
    method: 'GET',
    path: 'pay',
    summary:
      "What the pay page shows for one of the student's orders: number, item, amount (fen), state, expiry, the " +
      "school's offline payment instructions (sanitised HTML), whether the price changed since (order again).",
    query: s.zOrderQuery,
    reply: s.zPayInfo,
  }),
  queryOnline: defineCall({
    ...student,
    method: 'GET',
    path: 'wechat/queryorder',
    summary:
      'Online payment status: always 409 "online payment is not configured in the lan release"; pay offline ' +
      'and poll checkorder.',
    query: s.zQueryOnline,
    reply: s.zOrderState,
  }),
  check: defineCall({
    ...student,
    method: 'GET',
    path: 'checkorder',
    summary: "The state of one of the student's orders (the pay page polls it): pending, paid, cancelled, closed.",
    query: s.zOrderQuery,
    reply: s.zOrderState,
  }),
  checkBuy: defineCall({
    ...student,
    method: 'GET',
    path: 'checkbuy',
    summary:
      'Does the student hold the course or column now (the access policy): isbuy, the course status, ' +
      'whether it may be renewed and its last valid instant.',
    query: s.zCheckBuyQuery,
    reply: s.zCheckBuy,
  }),
  checkPlan: defineCall({
    ...student,
    method: 'GET',
    path: 'checkplan',
    summary: 'Does the student hold the membership plan now, and until when.',
    query: s.zCheckPlanQuery,
    reply: s.zCheckPlan,
  }),
  columnDiscount: defineCall({
    access: 'public',
    tags: ['orders'],
    method: 'GET',
    path: 'columndiscount',
    summary:
      "A published column's discount: its price against the sum of its visible courses' prices (fen), the " +
      'amount saved and the discount in tenths (8.5 = 8.5折) and percent off.',
    query: s.zColumnDiscountQuery,
    reply: s.zColumnDiscount,
  }),
  mine: defineCall({
    ...student,
    method: 'GET',
    path: 'getorders',
    summary: "The student's orders, newest first, paged; deleted=1 lists the deleted ones (to restore).",
    query: s.zMyOrdersQuery,
    reply: s.zOrderPage,
  }),
  tradeRecord: defineCall({
    ...student,
    method: 'GET',
    path: 'member/traderecord',
    summary: "The student's membership orders, newest first, paged (the back office lists them with kind member).",
    query: s.zMyOrdersQuery,
    reply: s.zOrderPage,
  }),
  cancel: defineCall({
    ...student,
    method: 'POST',
    path: 'cancelorder',
    summary: "Cancels one of the student's pending orders; 409 for an order that is not pending.",
    body: s.zOrderBody,
    reply: s.zOrder,
  }),
  remove: defineCall({
    ...student,
    method: 'POST',
    path: 'deleteorder',
    summary: "Hides one of the student's orders that is no longer pending from the list (restoreorder undoes it).",
    body: s.zOrderBody,
    reply: s.zOrder,
  }),
  restore: defineCall({
    ...student,
    method: 'POST',
    path: 'restoreorder',
    summary: 'Restores a deleted order to the list; restoring one that is not deleted changes nothing.',
    body: s.zOrderBody,
    reply: s.zOrder,
  }),
  invoice: defineCall({
    ...student,
    method: 'POST',
    path: 'invoices/add',
    summary:
      'Asks an invoice for a paid order of the student (personal or company with its tax number, title, e-mail); ' +
      'one per order (409 for a second, 409 for an order not paid).',
    body: s.zNewInvoice,
    reply: s.zInvoice,
  }),

  // ---- back office ----
  list: defineCall({
    ...office,
    method: 'GET',
    path: 'order/list',
    summary:
      'The school orders filtered by state, kind, item, student, number and creation dates (inclusive days), ' +
      'newest first, paged, with the totals of the filter (count, paid count and paid fen).',
    query: s.zOrderListQuery,
    reply: s.zAdminOrderPage,
  }),
  detail: defineCall({
    ...office,
    method: 'GET',
    path: 'order/detail',
    summary: 'One order of the school with its trail (who, when, before, after) and whether the caller may confirm.',
    query: s.zOrderQuery,
    reply: s.zOrderDetail,
  }),
  confirm: defineCall({
    ...office,
    method: 'POST',
    path: 'order/confirm',
    summary:
      'Confirms the payment of a pending order {orderid, amount_fen, way, trade_number, note} and gives the item ' +
      'in one transaction (main account or pay administrator). 409 when not pending (a second confirm changes ' +
      'nothing), when the price changed since the order, and 400 when the amount differs without a note.',
    body: s.zConfirmPayment,
    reply: s.zOrderDetail,
  }),
  cancelByAdmin: defineCall({
    ...office,
    method: 'POST',
    path: 'order/cancel',
    summary: 'Cancels a pending order of the school (main account or pay administrator), with a note.',
    body: s.zCancelOrder,
    reply: s.zOrderDetail,
  }),
  settings: defineCall({
    ...office,
    method: 'GET',
    path: 'paysetting/get',
    summary: "The school's offline payment settings: taking orders, instructions (HTML), payment time (hours).",
    reply: s.zPaySettings,
  }),
  saveSettings: defineCall({
    ...office,
    method: 'POST',
    path: 'paysetting/save',
    summary: 'Saves the offline payment settings (who and when are kept); the instructions are sanitised HTML.',
    body: s.zPaySettings,
    reply: s.zPaySettings,
  }),
  settingsAudit: defineCall({
    ...office,
    method: 'GET',
    path: 'paysetting/audit',
    summary:
      "The trail of the school's payment settings and pay administrators (who, when, before, after; " +
      'subject_name: the administrator added or removed), newest first, paged.',
    query: s.zSettingsTrailQuery,
    reply: s.zSettingsTrail,
  }),
  payAdmins: defineCall({
    ...office,
    method: 'GET',
    path: 'admins/payadminslist',
    summary: "The school's administrators and which may confirm payments (can_change: the caller is the main account).",
    reply: s.zPayAdmins,
  }),
  addPayAdmin: defineCall({
    ...office,
    method: 'POST',
    path: 'admins/payadmins/add',
    summary: 'Lets an administrator of the school confirm payments (main account only).',
    body: s.zPayAdminBody,
    reply: s.zPayAdmins,
  }),
  removePayAdmin: defineCall({
    ...office,
    method: 'POST',
    path: 'admins/payadmins/remove',
    summary: 'Stops an administrator confirming payments (main account only).',
    body: s.zPayAdminBody,
    reply: s.zPayAdmins,
  }),
  invoices: defineCall({
    ...office,
    method: 'GET',
    path: 'invoice/list',
    summary: "The school's invoice requests, newest first, by state, paged.",
    query: s.zInvoiceListQuery,
    reply: s.zInvoicePage,
  }),
  handleInvoice: defineCall({
    ...office,
    method: 'POST',
    path: 'invoice/handle',
    summary: 'Marks an invoice request issued or refused with a note; audited in the order trail.',
    body: s.zHandleInvoice,
    reply: s.zInvoice,
  }),
};
