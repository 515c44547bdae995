/**
 * The back office of orders (issue 15 'Orders': the order list with filters, totals and export, the detail with
 * its trail, confirming a payment, cancelling, the payment settings, the pay administrators, invoices).
 *
 * Rules chosen here:
 * - reading needs the 'setting' permission (the call declarations); confirming and cancelling also need the
 *   school's main account or an administrator listed in pay_admins; only the main account changes that list;
 * - confirming marks the order paid and gives the item in ONE transaction (access/entitle: a course or column as
 *   a grant row via 'order' with the order as ref, a renewal ending at renewalEnd; a plan by joinMembership).
 *   The order moves from pending to paid only if it is still pending, so of two confirmations one wins and the
 *   other is 409 and changes nothing;
 * - an amount different from the order's needs a note (400); a price changed since the order (or an item no
 *   longer for sale) is 409: the student orders again at the new price;
 * - a renewal whose course is no longer renewable when confirmed (its holding ran out meanwhile) gives the
 *   course from the confirmation with the course's validity, which is what a renewal from now would give.
 */
import type { Db } from '../../db/client';
import type { z } from 'zod';
import { confirmRefusal, effectiveStatus } from '../../../shared/rules/order-price';
import {
  ORDER_ERRORS,
  type AdminOrder,
  type zConfirmPayment,
  type zInvoiceListQuery,
  type zOrderListQuery,
  type PaySettings,
  type zHandleInvoice,
} from '../../../shared/schemas/orders';
import { dateToMs } from '../../../shared/rules/course-status';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, forbidden, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { entitle, joinMembership, renewalEnd } from '../access/entitle';
import { courseGranted } from '../notices/events';
import { findItem, type OrderItem } from './order-items';
import { event, freshOrder, snapshot, toOrder, type Actor } from './order-state';
import * as office from './office.repository';
import * as repo from './orders.repository';
import { invoiceReply, priceChanged } from './orders.service';
import { mapAsync } from '../../lib/sequential';

/** The administrator acting (route()'s admin). */
export interface Admin {
  userId: string;
  schoolId: string;
}

const actorOf = (admin: Admin): Actor => ({ kind: 'admin', id: admin.userId });

/** The main account (no parent) or a pay administrator of the school. */
export async function canConfirm(ctx: AppContext, admin: Admin): Promise<boolean> {
  const row = await office.findAdminRow(ctx.db, admin.userId);
  if (!row || row.disabled || row.schoolId !== admin.schoolId) return false;
  return row.parentId === null || (await office.isPayAdmin(ctx.db, admin.schoolId, admin.userId));
}

const isMain = async (ctx: AppContext, admin: Admin) => {
  const row = await office.findAdminRow(ctx.db, admin.userId);
  return !!row && !row.disabled && row.parentId === null && row.schoolId === admin.schoolId;
};

function toAdminOrder(
  row: { order: repo.OrderRow; username: string; studentName: string },
  now: number,
  invoice: AdminOrder['invoice'],
): AdminOrder {
  return {
    ...toOrder(row.order, now, invoice),
    sid: row.order.studentId,
    username: row.username,
    student_name: row.studentName,
    note: row.order.payNote,
    confirmed_by: row.order.confirmedBy,
  };
}

/** The filter's days as instants: from the first of its first day to the last of its last. */
function filterOf(ctx: AppContext, schoolId: string, query: z.output<typeof zOrderListQuery> | repo.AdminFilter) {
  const q = query as z.output<typeof zOrderListQuery>;
  const from = q.from ? dateToMs(q.from, 'start') : null;
  const to = q.to ? dateToMs(q.to, 'end') : null;
  return {
    schoolId,
    status: q.status,
    kind: q.kind,
    item: q.item,
    student: q.student,
    number: q.number,
    from,
    to,
    now: ctx.now(),
  };
}

/** GET order/list. */
export async function listOrders(ctx: AppContext, admin: Admin, query: z.output<typeof zOrderListQuery>) {
  const { rows, total, totals } = await repo.adminOrders(
    ctx.db,
    filterOf(ctx, admin.schoolId, query),
    query.num,
    (query.page - 1) * query.num,
  );
  const invoices = await repo.invoiceStates(
    ctx.db,
    rows.map((row) => row.order.id),
  );
  const now = ctx.now();
  return {
    total,
    list: rows.map((row) => toAdminOrder(row, now, invoices.get(row.order.id) ?? null)),
    totals: { count: totals.count, paid_count: totals.paidCount, paid_fen: totals.paidFen },
  };
}

/** Every order of the filter (up to max), for the export. */
export async function exportRows(ctx: AppContext, admin: Admin, query: z.output<typeof zOrderListQuery>, max: number) {
  const { rows, totals } = await repo.adminOrders(ctx.db, filterOf(ctx, admin.schoolId, query), max, 0);
  const now = ctx.now();
  return { rows: rows.map((row) => toAdminOrder(row, now, null)), totals, capped: totals.count > max };
}

/** An order of the school (closed first when its time ran out), or 404. */
async function schoolOrder(ctx: AppContext, admin: Admin, orderid: string): Promise<repo.OrderRow> {
  const row = await repo.findOrder(ctx.db, orderid);
  if (!row || row.schoolId !== admin.schoolId) throw notFound(ORDER_ERRORS.notFound);
  return await freshOrder(ctx, row);
}

/** GET order/detail. */
export async function orderDetail(ctx: AppContext, admin: Admin, orderid: string) {
  await schoolOrder(ctx, admin, orderid);
  const view = await repo.adminOrder(ctx.db, admin.schoolId, orderid);
  if (!view) throw notFound(ORDER_ERRORS.notFound);
  const invoice = (await repo.invoiceStates(ctx.db, [orderid])).get(orderid) ?? null;
  const parse = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);
  return {
    order: toAdminOrder(view, ctx.now(), invoice),
    events: (await repo.eventsOf(ctx.db, orderid)).map((row) => ({
      id: row.id,
      action: row.action,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      actor_name: row.adminName ?? row.studentName ?? null,
      before: parse(row.before),
      after: parse(row.after),
      at: row.at,
    })),
    can_confirm: await canConfirm(ctx, admin),
  };
}

/** Gives the order's item to its student inside the transaction; answers the grant or membership id. */
async function give(ctx: AppContext, tx: Db, order: repo.OrderRow, item: OrderItem, at: number): Promise<string> {
  const who = { schoolId: order.schoolId, studentId: order.studentId, via: 'order' as const, ref: order.id, at };
  if (item.kind === 'member')
    return (await joinMembership(tx, ctx.ids, { ...who, planId: item.id, days: item.days })).id;
  // Issue 16: the student is told of the course or column the paid order gives.
  await courseGranted(
    { tx, ctx, at },
    { schoolId: order.schoolId, studentId: order.studentId },
    { kind: item.kind, id: item.id, title: item.title },
  );
  if (item.kind === 'column') {
    await repo.bookColumn(tx, order.studentId, item.id, at);
    return await entitle(tx, ctx.ids, { ...who, kind: 'column', targetId: item.id, expiresAt: null });
  }
  const student = { role: 'student' as const, schoolId: order.schoolId, userId: order.studentId, tokenHash: '' };
  const expiresAt = order.renew && item.course ? await renewalEnd(ctx, student, item.course) : null;
  return await entitle(tx, ctx.ids, { ...who, kind: 'course', targetId: item.id, expiresAt });
}

/** POST order/confirm. */
export async function confirmPaid(ctx: AppContext, admin: Admin, input: z.output<typeof zConfirmPayment>) {
  const row = await schoolOrder(ctx, admin, input.orderid);
  if (!(await canConfirm(ctx, admin))) throw forbidden(ORDER_ERRORS.notPayAdmin);
  const refusal = confirmRefusal(row, { paidFen: input.amount_fen, note: input.note });
  if (refusal === 'notPending') throw conflict(ORDER_ERRORS.notPending, { status: effectiveStatus(row, ctx.now()) });
  if (refusal === 'noteRequired') throw new AppError(400, ORDER_ERRORS.noteRequired, { field: 'note' });
  if (refusal) throw badInput(ORDER_ERRORS.badAmount, { field: 'amount_fen' });
  const item = await findItem(ctx, row.kind, row.targetId);
  if (!item || (await priceChanged(ctx, row))) throw conflict(ORDER_ERRORS.priceChanged);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const set = {
      status: 'paid' as const,
      paidAt: now,
      paidFen: input.amount_fen,
      payWay: input.way,
      tradeNumber: input.trade_number,
      payNote: input.note,
      confirmedBy: admin.userId,
      updatedAt: now,
    };
    if ((await repo.moveOrder(tx, row.id, 'pending', set)) === 0) throw conflict(ORDER_ERRORS.notPending);
    const grantRef = await give(ctx, tx, row, item, now);
    await repo.updateOrder(tx, row.id, { grantRef });
    const after = { ...row, ...set, grantRef };
    await repo.insertEvents(tx, [event(ctx, row, 'confirm', actorOf(admin), snapshot(row), snapshot(after), now)]);
  });
  if (item.kind === 'column') ctx.catalogueCache.bump(row.schoolId);
  return await orderDetail(ctx, admin, row.id);
}

/** POST order/cancel. */
export async function cancelByAdmin(ctx: AppContext, admin: Admin, input: { orderid: string; note: string }) {
  const row = await schoolOrder(ctx, admin, input.orderid);
  if (!(await canConfirm(ctx, admin))) throw forbidden(ORDER_ERRORS.notPayAdmin);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const set = {
      status: 'cancelled' as const,
      closedAt: now,
      closedBy: admin.userId,
      payNote: input.note || null,
      updatedAt: now,
    };
    if ((await repo.moveOrder(tx, row.id, 'pending', set)) === 0) throw conflict(ORDER_ERRORS.notPending);
    await repo.insertEvents(tx, [
      event(ctx, row, 'cancel', actorOf(admin), snapshot(row), snapshot({ ...row, ...set }), now),
    ]);
  });
  return await orderDetail(ctx, admin, row.id);
}

// ---- payment settings ----

const DEFAULT_SETTINGS: PaySettings = { enabled: false, instructions: '', timeout_hours: 72 };

/** GET paysetting/get. */
export async function paySettings(ctx: AppContext, admin: Admin): Promise<PaySettings> {
  const row = await office.findSettings(ctx.db, admin.schoolId);
  if (!row) return DEFAULT_SETTINGS;
  return { enabled: row.enabled, instructions: row.instructions, timeout_hours: row.timeoutHours };
}

/**
 * POST paysetting/save: the instructions are sanitised; the change is kept in the trail (order_events action
 * 'paysetting.save', orderId the school's id: who, when, the settings before and after).
 */
export async function savePaySettings(ctx: AppContext, admin: Admin, input: PaySettings): Promise<PaySettings> {
  const now = ctx.now();
  const school = { id: admin.schoolId, schoolId: admin.schoolId };
  await ctx.db.transaction(async (tx) => {
    const before = await paySettings(ctx, admin);
    const after = { ...input, instructions: sanitizeRichText(input.instructions) };
    await office.saveSettings(tx, {
      schoolId: admin.schoolId,
      enabled: after.enabled,
      instructions: after.instructions,
      timeoutHours: after.timeout_hours,
      updatedBy: admin.userId,
      updatedAt: now,
    });
    await repo.insertEvents(tx, [event(ctx, school, 'paysetting.save', actorOf(admin), before, after, now)]);
  });
  return await paySettings(ctx, admin);
}

// ---- pay administrators ----

/** GET admins/payadminslist: the main account always confirms; sub-administrators when listed. */
export async function payAdmins(ctx: AppContext, admin: Admin) {
  const list = (await office.schoolAdmins(ctx.db, admin.schoolId)).map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    main: row.parentId === null,
    pay_admin: row.parentId === null || row.payAdmin !== null,
  }));
  return { list, can_change: await isMain(ctx, admin) };
}

/** POST admins/payadmins/add and remove (main account only; another school's administrator is 404); audited. */
export async function setPayAdmin(ctx: AppContext, admin: Admin, adminId: string, listed: boolean) {
  if (!(await isMain(ctx, admin))) throw forbidden(ORDER_ERRORS.mainOnly);
  const target = await office.findAdminRow(ctx.db, adminId);
  if (!target || target.schoolId !== admin.schoolId) throw notFound('admin not found');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const was = (await payAdmins(ctx, admin)).list.find((row) => row.id === adminId)?.pay_admin ?? false;
    if (listed) await office.addPayAdmin(tx, admin.schoolId, adminId, now);
    else await office.removePayAdmin(tx, admin.schoolId, adminId);
    // Who may confirm payments is a money change too: kept in the trail (orderId the administrator's id).
    if (was !== listed)
      await repo.insertEvents(tx, [
        event(
          ctx,
          { id: adminId, schoolId: admin.schoolId },
          listed ? 'payadmin.add' : 'payadmin.remove',
          actorOf(admin),
          { pay_admin: was },
          { pay_admin: listed },
          now,
        ),
      ]);
  });
  return await payAdmins(ctx, admin);
}

// ---- invoices ----

/** GET invoice/list. */
export async function listInvoices(ctx: AppContext, admin: Admin, query: z.output<typeof zInvoiceListQuery>) {
  const { rows, total } = await office.schoolInvoices(ctx.db, {
    schoolId: admin.schoolId,
    status: query.status,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { total, list: await mapAsync(rows, async (row) => await invoiceReply(ctx, row.invoice.id)) };
}

/** POST invoice/handle: a requested invoice becomes issued or refused, once; audited in the order's trail. */
export async function handleInvoice(ctx: AppContext, admin: Admin, input: z.output<typeof zHandleInvoice>) {
  const invoice = await office.findInvoice(ctx.db, input.id);
  if (!invoice || invoice.schoolId !== admin.schoolId) throw notFound('invoice not found');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const set = { status: input.status, note: input.note, handledBy: admin.userId, handledAt: now };
    if ((await office.updateInvoice(tx, invoice.id, set, 'requested')) === 0)
      throw conflict(ORDER_ERRORS.invoiceHandled);
    const order = { id: invoice.orderId, schoolId: invoice.schoolId };
    const before = { invoice: invoice.id, status: invoice.status };
    await repo.insertEvents(tx, [
      event(ctx, order, 'invoice', actorOf(admin), before, { ...before, status: input.status, note: input.note }, now),
    ]);
  });
  return await invoiceReply(ctx, invoice.id);
}
