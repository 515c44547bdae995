/**
 * An order as the replies show it, its trail entries, and closing overdue orders (on read and by the sweep).
 * Every change of an order writes an order_events row in the same transaction: who (student, admin, system),
 * when, and the order's state before and after.
 */
import type { Db } from '../../db/client';
import { effectiveStatus } from '../../../shared/rules/order-price';
import type { Order } from '../../../shared/schemas/orders';
import type { AppContext } from '../../context';
import * as repo from './orders.repository';

export type Actor = { kind: 'student' | 'admin' | 'system'; id: string | null };
export const SYSTEM: Actor = { kind: 'system', id: null };

/** The order's state as the trail records it. */
export function snapshot(row: repo.OrderRow): Record<string, unknown> {
  return {
    status: row.status,
    amount_fen: row.amountFen,
    paid_fen: row.paidFen,
    way: row.payWay,
    trade_number: row.tradeNumber,
    note: row.payNote,
    deleted: row.deletedAt !== null,
    grant_ref: row.grantRef,
  };
}

/** One trail entry of a change to the order: its state before (null: it is new) and after. */
export function event(
  ctx: AppContext,
  order: { id: string; schoolId: string },
  action: string,
  actor: Actor,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  at: number,
): repo.EventInsert {
  return {
    id: ctx.ids.next(),
    schoolId: order.schoolId,
    orderId: order.id,
    action,
    actorKind: actor.kind,
    actorId: actor.id,
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
    at,
  };
}

/** The order as a reply shows it (the state now). */
export function toOrder(row: repo.OrderRow, now: number, invoice: Order['invoice'] = null): Order {
  return {
    orderid: row.id,
    kind: row.kind,
    id: row.targetId,
    title: row.title,
    price_fen: row.priceFen,
    amount_fen: row.amountFen,
    renew: row.renew,
    status: effectiveStatus(row, now),
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    paid_at: row.paidAt,
    paid_fen: row.paidFen,
    way: row.payWay,
    trade_number: row.tradeNumber,
    closed_at: row.closedAt ?? (effectiveStatus(row, now) === 'closed' ? row.expiresAt : null),
    deleted: row.deletedAt !== null,
    invoice,
  };
}

/**
 * Closes a pending order (inside the caller's transaction) when its time ran out or its price changed; the
 * trail says why. Answers the row as it is after (unchanged when it had moved already).
 */
export async function closeOrder(
  ctx: AppContext,
  tx: Db,
  row: repo.OrderRow,
  reason: 'timeout' | 'priceChanged',
  actor: Actor,
): Promise<repo.OrderRow> {
  const now = ctx.now();
  const set = { status: 'closed' as const, closedAt: now, closedBy: actor.id, updatedAt: now };
  if ((await repo.moveOrder(tx, row.id, 'pending', set)) === 0) return (await repo.findOrder(tx, row.id)) ?? row;
  const after = { ...row, ...set };
  await repo.insertEvents(tx, [event(ctx, row, 'close', actor, snapshot(row), { ...snapshot(after), reason }, now)]);
  return after;
}

/** Writes the closing of every pending order past its expiry (the periodic sweep); answers how many. */
export async function closeOverdueOrders(ctx: AppContext, batch = 500): Promise<number> {
  let closed = 0;
  for (;;) {
    const rows = await repo.overdueOrders(ctx.db, ctx.now(), batch);
    if (rows.length === 0) return closed;
    await ctx.db.transaction(async (tx) => {
      for (const row of rows) await closeOrder(ctx, tx, row, 'timeout', SYSTEM);
    });
    closed += rows.length;
    if (rows.length < batch) return closed;
  }
}

/** The order read now: a pending order past its expiry is closed first (on read). */
export async function freshOrder(ctx: AppContext, row: repo.OrderRow): Promise<repo.OrderRow> {
  if (effectiveStatus(row, ctx.now()) !== 'closed' || row.status !== 'pending') return row;
  return await ctx.db.transaction(async (tx) => await closeOrder(ctx, tx, row, 'timeout', SYSTEM));
}
