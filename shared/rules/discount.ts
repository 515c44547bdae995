/**
 * Discount (spec 4): shown when the original price is above the current price (actual); zh-CN shows
 * actual/price times 10 with one decimal and 折, en-gb shows the percent off.
 *
 * Decisions (the spec is silent):
 * - No discount (null) when price is 0 or less, when either price is unreadable, and when actual is 0 or less:
 *   a free course with an original price shows as free, with no discount label.
 * - One decimal is rounded half up on the decimal value (no floating-point drift), then kept within
 *   0.1 to 9.9, so a real discount never reads 10.0折 (e.g. 9.95) nor 0.0折.
 * - Percent off is round((1 - actual/price) * 100), kept within 1 to 99 for the same reason.
 */
import type { Locale } from '../constants';
import { readAmount, type Money } from './course-status';

/** The discount words per locale (spec 4: 折; en-gb: percent off). */
export const DISCOUNT_WORDS: Record<Locale, string> = { 'zh-CN': '折', 'en-gb': '% off' };

export interface Discount {
  /** actual/price times 10, one decimal (8.5 means 8.5折). */
  tenths: number;
  /** Percent off, a whole number (15 means 15% off). */
  percentOff: number;
  /** The label in the locale: '8.5折' or '15% off'. */
  label: string;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Rounds half up after removing floating-point noise (19.9 * 100 / 20 is 99.49999999999999). */
const roundHalfUp = (value: number) => Math.round(Number(value.toFixed(8)));

/** True when a discount is shown: both prices readable, price above actual, and the course not free. */
export function hasDiscount(price: Money | null | undefined, actual: Money | null | undefined): boolean {
  const original = readAmount(price);
  const current = readAmount(actual);
  return Number.isFinite(original) && Number.isFinite(current) && original > 0 && current > 0 && original > current;
}

/** actual/price times 10 with one decimal (within 0.1 and 9.9), or null when no discount is shown. */
export function discountTenths(price: Money | null | undefined, actual: Money | null | undefined): number | null {
  if (!hasDiscount(price, actual)) return null;
  return clamp(roundHalfUp((readAmount(actual) * 100) / readAmount(price)), 1, 99) / 10;
}

/** round((1 - actual/price) * 100) within 1 and 99, or null when no discount is shown. */
export function discountPercentOff(price: Money | null | undefined, actual: Money | null | undefined): number | null {
  if (!hasDiscount(price, actual)) return null;
  const original = readAmount(price);
  return clamp(roundHalfUp(((original - readAmount(actual)) * 100) / original), 1, 99);
}

/** The discount with its label in the locale ('8.5折', '15% off'), or null when no discount is shown. */
export function discount(
  price: Money | null | undefined,
  actual: Money | null | undefined,
  locale: Locale,
): Discount | null {
  const tenths = discountTenths(price, actual);
  const percentOff = discountPercentOff(price, actual);
  if (tenths === null || percentOff === null) return null;
  const label =
    locale === 'en-gb' ? `${percentOff}${DISCOUNT_WORDS['en-gb']}` : `${tenths.toFixed(1)}${DISCOUNT_WORDS['zh-CN']}`;
  return { tenths, percentOff, label };
}

/** Just the label of the discount in the locale, or null when no discount is shown. */
export function discountLabel(
  price: Money | null | undefined,
  actual: Money | null | undefined,
  locale: Locale,
): string | null {
  return discount(price, actual, locale)?.label ?? null;
}
