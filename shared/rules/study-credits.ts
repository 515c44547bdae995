/**
 * Study credits (学分, issue 18 'my credits … points and study credits'). The spec names the credit page but
 * no credit field, so this is the platform's own rule, as a school keeps credits:
 *
 * - A course may carry a credit value from 0 to 99.9 in steps of 0.1; 0 (or empty in the form) gives none.
 * - It is stored as whole tenths (2.5 → 25), never as a floating-point number; sums are taken in tenths.
 * - A student earns the course's value once, when their course record becomes complete, at the value of that
 *   moment: changing a course's credit applies to later completions only (server/db/schema/credits.ts).
 */
import * as z from 'zod';

/** The highest credit a course may carry, and the same in tenths. */
export const CREDIT_MAX = 99.9;
export const CREDIT_MAX_TENTHS = 999;

/** Whole tenths of a credit value (2.5 → 25), rounding away the binary noise of 0.1 steps. */
export function creditTenths(value: number): number {
  return Math.round(value * 10);
}

/** A credit value as calls carry it (tenths / 10). */
export function creditValue(tenths: number): number {
  return tenths / 10;
}

const oneDecimal = (value: number) => Math.abs(creditTenths(value) - value * 10) < 1e-6;

/** A course's credit in calls: 0 to 99.9, at most one decimal. */
export const zCredit = z
  .number()
  .min(0, 'must not be negative')
  .max(CREDIT_MAX, `must be at most ${CREDIT_MAX}`)
  .refine(oneDecimal, 'must have at most one decimal');

/**
 * A credit as typed in a form ('2.5', '3', ' 0.5 ', '' for none), in tenths; null when it is not one
 * (a sign, a comma, two decimals, above 99.9).
 */
export function parseCredit(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d)0*)?$/.exec(text.trim());
  if (text.trim() === '') return 0;
  if (!match) return null;
  return Number(match[1]) * 10 + Number(match[2] ?? 0);
}

/** Tenths as a person reads them: 25 → '2.5', 30 → '3', 0 → '0' (integer arithmetic, no rounding surprises). */
export function formatCredit(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`;
}

/** The form's text for a stored credit: '' when the course gives none. */
export function creditText(tenths: number): string {
  return tenths > 0 ? formatCredit(tenths) : '';
}
