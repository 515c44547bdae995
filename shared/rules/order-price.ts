/**
 * Order prices and states (issue 15 'Orders'; spec 7 'Orders and pay'). Money is integer fen everywhere:
 * no rule here multiplies or divides a yuan amount.
 *
 * Decisions (the spec is silent):
 * - An order is made at the price of that moment: list price (priceFen, the 'price' shown struck through)
 *   and amount to pay (amountFen, the item's actual). A list price below the amount counts as the amount.
 * - columndiscount: a column's discount is its price against the sum of the current prices (actual) of its
 *   visible courses. Saved fen = sum − column price when positive, else 0; tenths = price/sum × 10 (one
 *   decimal, rounded half up, within 0.1 and 9.9) only when something is saved.
 * - Order states: pending (waiting for payment), paid, cancelled (by the student or an administrator), closed
 *   (its payment time ran out, or its item's price changed before payment). A pending order past its expiry
 *   is closed: effectiveStatus answers so on read, a sweep writes it.
 * - A confirmed amount that differs from the order's amount needs a note saying why (a partial transfer, a
 *   bank fee); an amount of 0 or less is refused.
 */
import { CURRENCY_SYMBOL } from './text';

/** The states of an order (orders.status). */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order buys. */
export const ORDER_KINDS = ['course', 'column', 'member'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The largest amount an order may carry: 10 million yuan, in fen (keeps every sum a safe integer). */
export const MAX_ORDER_FEN = 1_000_000_000;

export interface OrderPrice {
  /** The list price shown struck through (fen). */
  priceFen: number;
  /** What the student pays (fen). */
  amountFen: number;
}

const wholeFen = (fen: number) => (Number.isSafeInteger(fen) && fen > 0 ? fen : 0);

/** The price an order is made at: the item's actual and list price in fen (a list price below it counts as it). */
export function orderPrice(item: { actualFen: number; priceFen: number }): OrderPrice {
  const amountFen = wholeFen(item.actualFen);
  return { amountFen, priceFen: Math.max(amountFen, wholeFen(item.priceFen)) };
}

/** True when there is something to pay (a free item cannot be ordered). */
export const isPayable = (price: OrderPrice) => price.amountFen > 0;

export interface ColumnDiscount {
  /** The sum of the column's courses' current prices (fen). */
  sumFen: number;
  /** The column's price (fen). */
  actualFen: number;
  /** What buying the column saves against buying its courses one by one (fen, 0 when nothing). */
  savedFen: number;
  /** actualFen/sumFen × 10 with one decimal (8.5 means 8.5折), null when nothing is saved. */
  tenths: number | null;
  /** Percent off, a whole number within 1 and 99, null when nothing is saved. */
  percentOff: number | null;
}

/** Integer a × 10 / b rounded half up, in tenths (one decimal as an integer × 10). */
const ratioTenths = (part: number, whole: number) => Math.floor((part * 100 + Math.floor(whole / 2)) / whole);

/** The column's discount against the sum of its courses' prices (see the header). */
export function columnDiscount(columnActualFen: number, courseFens: readonly number[]): ColumnDiscount {
  const actualFen = wholeFen(columnActualFen);
  const sumFen = courseFens.reduce((sum, fen) => sum + wholeFen(fen), 0);
  const savedFen = Math.max(0, sumFen - actualFen);
  if (savedFen === 0 || sumFen === 0) return { sumFen, actualFen, savedFen, tenths: null, percentOff: null };
  const tenthsTimesTen = Math.min(99, Math.max(1, ratioTenths(actualFen, sumFen)));
  const percentOff = Math.min(99, Math.max(1, 100 - Math.floor((actualFen * 100 + Math.floor(sumFen / 2)) / sumFen)));
  return { sumFen, actualFen, savedFen, tenths: tenthsTimesTen / 10, percentOff };
}

/** Fen as a yuan text with two decimals, by integer arithmetic: 1230 → '12.30', -5 → '-0.05'. */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen as the price the pages show: the currency sign and two decimals (8850 → '￥88.50'). */
export const fenPrice = (fen: number) => `${CURRENCY_SYMBOL}${fenText(fen)}`;

/** Parses a yuan text ('12', '12.3', '12.30') into fen without floating point; null when unreadable. */
export function yuanToFen(text: string): number | null {
  const match = /^\s*(\d{1,8})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The status an order has now: a pending order past its expiry is closed. */
export function effectiveStatus(order: { status: OrderStatus; expiresAt: number }, now: number): OrderStatus {
  return order.status === 'pending' && now > order.expiresAt ? 'closed' : order.status;
}

/** When a new order's payment time runs out (inclusive ms). */
export const orderExpiry = (createdAt: number, timeoutHours: number) => createdAt + timeoutHours * 3_600_000 - 1;

/** Why a confirmation is refused, or null. */
export type ConfirmRefusal = 'notPending' | 'badAmount' | 'noteRequired';

/** May an administrator confirm this payment (see the header)? */
export function confirmRefusal(
  order: { status: OrderStatus; amountFen: number },
  payment: { paidFen: number; note: string },
): ConfirmRefusal | null {
  if (order.status !== 'pending') return 'notPending';
  if (!Number.isSafeInteger(payment.paidFen) || payment.paidFen <= 0) return 'badAmount';
  if (payment.paidFen !== order.amountFen && payment.note.trim() === '') return 'noteRequired';
  return null;
}

/** An order number: yyyyMMdd of the day (server time) and ten random digits (readable, not guessable in sequence). */
export function orderNumber(at: number, randomDigits: string): string {
  const day = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}${randomDigits.padStart(10, '0')}`;
}

/** Which student list entries may be deleted (hidden): every order that is no longer pending. */
export const deletable = (status: OrderStatus) => status !== 'pending';
