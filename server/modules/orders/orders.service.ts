/**
 * A student's orders (spec 7 'Orders and pay': submitorde, pay, checkorder, checkbuy, checkplan, columndiscount,
 * getorders, cancelorder, restoreorder; member/pay, member/traderecord; invoices/add). Who may buy what is the
 * access policy's (access/policy buyRefusal, holdingOf, validityOf); prices are shared/rules/order-price.
 *
 * Rules chosen here:
 * - a course held and valid is 409 'already held' (data.renewable); renew true orders a renewal when the policy
 *   says it is renewable (else 409); an ended course (a fixed window over) is 409 'course ended';
 * - a column held (subscribed, or given by a grant row) is 409 'already held'; a membership plan held is renewed
 *   from its end (access/entitle joinMembership), so ordering it again is allowed;
 * - a pending order for the same item (and renew) at the same amount is returned; one at another amount (the
 *   price changed) is closed and a new order made;
 * - the school must take orders (payment_settings.enabled), else 409 paymentDisabled;
 * - a student may hide (delete) an order that is no longer pending and restore it; cancelling is for pending
 *   orders only. Every change is in the order's trail.
 */
import { randomInt } from 'node:crypto';
import {
  columnDiscount,
  deletable,
  effectiveStatus,
  isPayable,
  orderExpiry,
  orderNumber,
} from '../../../shared/rules/order-price';
import { COURSE_STATUS } from '../../../shared/rules/course-status';
import {
  ORDER_ERRORS,
  type Invoice,
  type Order,
  type PayInfo,
  type zNewInvoice,
  type zNewOrder,
} from '../../../shared/schemas/orders';
import type { z } from 'zod';
import type { AppContext, Auth } from '../../context';
import { AppError, badInput, conflict, forbidden, noLogin, notFound } from '../../lib/errors';
import { membershipEnd } from '../access/entitle';
import { buyRefusal, holdingOf, holdsColumn, validityOf } from '../access/policy';
import { findItem, schoolItem, type OrderItem } from './order-items';
import { closeOrder, event, freshOrder, snapshot, toOrder, type Actor } from './order-state';
import * as office from './office.repository';
import * as repo from './orders.repository';
import { paymentOf } from './payment';

type SignedIn = Exclude<Auth, { role: 'guest' }>;
type Student = SignedIn & { role: 'student' };

const DEFAULT_TIMEOUT_HOURS = 72;
const actorOf = (student: Student): Actor => ({ kind: 'student', id: student.userId });

/** The caller as a buyer: 403 studentOnly for an administrator (请使用学员账号进行操作！). */
function buyer(auth: SignedIn): Student {
  if (auth.role !== 'student') throw forbidden('studentOnly');
  return auth as Student;
}

/** Whether this order is a renewal; throws the refusal when the student may not order the item. */
async function orderKind(ctx: AppContext, student: Student, item: OrderItem, renew: boolean): Promise<boolean> {
  if (item.kind === 'column') {
    if (await holdsColumn(ctx, student, item.id)) throw conflict(ORDER_ERRORS.alreadyHeld);
    return false;
  }
  if (item.kind === 'member' || !item.course) return false;
  const { status } = validityOf(item.course, await holdingOf(ctx, student, item.course), ctx.now());
  if (renew) {
    if (!status.renew) throw conflict(ORDER_ERRORS.notRenewable);
    return true;
  }
  if (status.status === COURSE_STATUS.needsPurchase) return false;
  if (status.status === COURSE_STATUS.ended) throw conflict(ORDER_ERRORS.ended);
  throw conflict(ORDER_ERRORS.alreadyHeld, { renewable: status.renew });
}

/** A new order number no order has. */
async function freshNumber(ctx: AppContext, at: number): Promise<string> {
  for (;;) {
    const id = orderNumber(at, String(randomInt(0, 10_000_000_000)).padStart(10, '0'));
    if (!(await repo.findOrder(ctx.db, id))) return id;
  }
}

/** POST submitorde / member/pay. */
export async function submitOrder(ctx: AppContext, auth: SignedIn, input: z.output<typeof zNewOrder>) {
  const student = buyer(auth);
  const item = await schoolItem(ctx, student.schoolId, input.kind, input.id);
  if (!item.forSale) throw conflict(ORDER_ERRORS.notForSale);
  const refusal = await buyRefusal(ctx, student, item);
  if (refusal === 'noLogin') throw noLogin();
  if (refusal) throw forbidden(refusal);
  if (!isPayable(item.price)) throw badInput(ORDER_ERRORS.free);
  const renew = await orderKind(ctx, student, item, input.renew);
  const settings = await office.findSettings(ctx.db, student.schoolId);
  if (!settings?.enabled) throw conflict(ORDER_ERRORS.paymentDisabled);
  const now = ctx.now();
  const actor = actorOf(student);
  return await ctx.db.transaction(async (tx) => {
    for (const row of await repo.pendingOrdersOf(tx, student.userId, item.kind, item.id, renew)) {
      if (effectiveStatus(row, now) !== 'pending') await closeOrder(ctx, tx, row, 'timeout', actor);
      else if (row.amountFen !== item.price.amountFen) await closeOrder(ctx, tx, row, 'priceChanged', actor);
      else return { order: toOrder(row, now), created: false };
    }
    const row: repo.OrderRow = {
      id: await freshNumber(ctx, now),
      schoolId: student.schoolId,
      studentId: student.userId,
      kind: item.kind,
      targetId: item.id,
      title: item.title,
      priceFen: item.price.priceFen,
      amountFen: item.price.amountFen,
      renew,
      status: 'pending',
      createdAt: now,
      expiresAt: orderExpiry(now, settings.timeoutHours || DEFAULT_TIMEOUT_HOURS),
      paidAt: null,
      paidFen: null,
      payWay: null,
      tradeNumber: null,
      payNote: null,
      confirmedBy: null,
      closedAt: null,
      closedBy: null,
      deletedAt: null,
      grantRef: null,
      updatedAt: now,
    };
    await repo.insertOrder(tx, row);
    await repo.insertEvents(tx, [event(ctx, row, 'create', actor, null, snapshot(row), now)]);
    return { order: toOrder(row, now), created: true };
  });
}

/** One of the student's orders (closed first when its time ran out), or 404. */
async function myOrder(ctx: AppContext, student: Student, orderid: string): Promise<repo.OrderRow> {
  const row = await repo.findOrder(ctx.db, orderid);
  if (!row || row.studentId !== student.userId) throw notFound(ORDER_ERRORS.notFound);
  return await freshOrder(ctx, row);
}

/** Whether the item's price now differs from the order's (or it is no longer for sale). */
export async function priceChanged(ctx: AppContext, row: repo.OrderRow): Promise<boolean> {
  const item = await findItem(ctx, row.kind, row.targetId);
  return !item?.forSale || item.price.amountFen !== row.amountFen;
}

const invoiceOf = async (ctx: AppContext, orderId: string) =>
  (await repo.invoiceStates(ctx.db, [orderId])).get(orderId) ?? null;

/** GET pay. */
export async function payInfo(ctx: AppContext, student: Student, orderid: string): Promise<PayInfo> {
  const row = await myOrder(ctx, student, orderid);
  const order = toOrder(row, ctx.now(), await invoiceOf(ctx, row.id));
  const code = row.kind === 'member' ? '' : ctx.courseCodec.encode(row.targetId);
  return {
    order,
    instructions: await paymentOf(ctx, row.schoolId).instructions(ctx, row.schoolId),
    price_changed: order.status === 'pending' && (await priceChanged(ctx, row)),
    online: false,
    code,
  };
}

/** GET checkorder. */
export async function checkOrder(ctx: AppContext, student: Student, orderid: string) {
  const row = await myOrder(ctx, student, orderid);
  return { orderid: row.id, status: effectiveStatus(row, ctx.now()), paid_at: row.paidAt };
}

/** GET wechat/queryorder: the provider answers (offline: 409 online payment not configured). */
export async function queryOnline(ctx: AppContext, student: Student, orderid: string | undefined) {
  const row = orderid ? await myOrder(ctx, student, orderid) : undefined;
  const status = paymentOf(ctx, student.schoolId).query(ctx, row ?? null);
  return { orderid: row?.id ?? '', status, paid_at: row?.paidAt ?? null };
}

/** GET checkbuy: a course or a column, through the access policy. */
export async function checkBuy(ctx: AppContext, student: Student, input: { kind: 'course' | 'column'; id: string }) {
  const item = await schoolItem(ctx, student.schoolId, input.kind, input.id);
  if (!item.course) {
    const isbuy = await holdsColumn(ctx, student, item.id);
    return { isbuy, status: null, renew: false, limitedDate: null };
  }
  const { holding, status } = validityOf(item.course, await holdingOf(ctx, student, item.course), ctx.now());
  const isbuy = holding !== null && status.status !== COURSE_STATUS.needsPurchase;
  return { isbuy, status: status.status, renew: status.renew, limitedDate: status.limitedDate };
}

/** GET checkplan: the end of the student's current membership of the plan. */
export async function checkPlan(ctx: AppContext, student: Student, planid: string) {
  await schoolItem(ctx, student.schoolId, 'member', planid);
  const until = await membershipEnd(ctx.db, student.userId, planid);
  const held = until !== null && until >= ctx.now();
  return { held, until: held ? until : null };
}

/** GET columndiscount: a published column of any school (a public page shows it). */
export async function columnDiscountOf(ctx: AppContext, id: string) {
  const item = await findItem(ctx, 'column', id);
  if (!item?.forSale) throw notFound('column not found');
  const courses = await repo.columnCourseprices(ctx.db, id);
  const discount = columnDiscount(
    item.price.amountFen,
    courses.map((course) => course.actualFen),
  );
  return {
    sum_fen: discount.sumFen,
    actual_fen: discount.actualFen,
    saved_fen: discount.savedFen,
    tenths: discount.tenths,
    percent_off: discount.percentOff,
    courses: courses.map((course) => ({ coid: course.id, title: course.title, actual_fen: course.actualFen })),
  };
}

/** GET getorders / member/traderecord. */
export async function myOrders(
  ctx: AppContext,
  student: Student,
  query: { deleted: number; page: number; num: number },
  kind?: 'member',
): Promise<{ total: number; list: Order[] }> {
  const { rows, total } = await repo.studentOrders(ctx.db, {
    studentId: student.userId,
    deleted: query.deleted === 1,
    kind,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  const invoices = await repo.invoiceStates(
    ctx.db,
    rows.map((row) => row.id),
  );
  const now = ctx.now();
  return { total, list: rows.map((row) => toOrder(row, now, invoices.get(row.id) ?? null)) };
}

/** POST cancelorder. */
export async function cancelMine(ctx: AppContext, student: Student, orderid: string): Promise<Order> {
  const row = await myOrder(ctx, student, orderid);
  const now = ctx.now();
  return await ctx.db.transaction(async (tx) => {
    const set = { status: 'cancelled' as const, closedAt: now, closedBy: student.userId, updatedAt: now };
    if ((await repo.moveOrder(tx, row.id, 'pending', set)) === 0) throw conflict(ORDER_ERRORS.notPending);
    const after = { ...row, ...set };
    await repo.insertEvents(tx, [event(ctx, row, 'cancel', actorOf(student), snapshot(row), snapshot(after), now)]);
    return toOrder(after, now, await invoiceOf(ctx, row.id));
  });
}

/** POST deleteorder (hide) and restoreorder: repeating changes nothing. */
export async function setDeleted(ctx: AppContext, student: Student, orderid: string, deleted: boolean): Promise<Order> {
  const row = await myOrder(ctx, student, orderid);
  const now = ctx.now();
  if (deleted && !deletable(row.status)) throw conflict(ORDER_ERRORS.notDeletable);
  if ((row.deletedAt !== null) === deleted) return toOrder(row, now, await invoiceOf(ctx, row.id));
  const after = { ...row, deletedAt: deleted ? now : null, updatedAt: now };
  await ctx.db.transaction(async (tx) => {
    await repo.updateOrder(tx, row.id, { deletedAt: after.deletedAt, updatedAt: now });
    await repo.insertEvents(tx, [
      event(ctx, row, deleted ? 'delete' : 'restore', actorOf(student), snapshot(row), snapshot(after), now),
    ]);
  });
  return toOrder(after, now, await invoiceOf(ctx, row.id));
}

/** POST invoices/add. */
export async function requestInvoice(
  ctx: AppContext,
  student: Student,
  input: z.output<typeof zNewInvoice>,
): Promise<Invoice> {
  const row = await myOrder(ctx, student, input.orderid);
  if (row.status !== 'paid') throw conflict(ORDER_ERRORS.notPaid);
  const now = ctx.now();
  const id = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    const inserted = await office.insertInvoice(tx, {
      id,
      schoolId: row.schoolId,
      orderId: row.id,
      studentId: student.userId,
      kind: input.kind,
      title: input.title,
      taxNumber: input.tax_number,
      email: input.email,
      amountFen: row.paidFen ?? row.amountFen,
      status: 'requested',
      createdAt: now,
    });
    if (!inserted) throw conflict(ORDER_ERRORS.invoiceExists);
    const after = {
      invoice: id,
      kind: input.kind,
      title: input.title,
      tax_number: input.tax_number,
      status: 'requested',
    };
    await repo.insertEvents(tx, [event(ctx, row, 'invoice', actorOf(student), null, after, now)]);
  });
  return await invoiceReply(ctx, id);
}

/** An invoice as replies show it. */
export async function invoiceReply(ctx: AppContext, id: string): Promise<Invoice> {
  const view = await office.invoiceView(ctx.db, id);
  if (!view) throw new AppError(404, 'invoice not found');
  const { invoice } = view;
  return {
    id: invoice.id,
    orderid: invoice.orderId,
    kind: invoice.kind,
    title: invoice.title,
    tax_number: invoice.taxNumber,
    email: invoice.email,
    amount_fen: invoice.amountFen,
    status: invoice.status,
    note: invoice.note,
    created_at: invoice.createdAt,
    handled_at: invoice.handledAt,
    sid: invoice.studentId,
    student_name: view.studentName,
    order_title: view.orderTitle,
  };
}
