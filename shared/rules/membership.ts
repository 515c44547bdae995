/**
 * Pure rules of membership plans (issue 15 item 6): a plan's price typed in yuan becomes integer fen without
 * floating point, a membership's remaining days and its state. Used by the server and the pages.
 */
import { DAY_MS } from './course-status';

/** Most a plan may cost, in yuan (as the course prices' limit). */
export const PLAN_PRICE_MAX_YUAN = 1_000_000;
/** Longest plan period, in days (about 30 years). */
export const PLAN_DAYS_MAX = 10_950;
/** A membership ending within this many days is 'soon expiring' (back-office figures). */
export const MEMBER_SOON_DAYS = 7;

/** The price typed by an administrator ('12', '12.5', '12.50'): digits, at most two decimals. */
export const YUAN_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** Yuan text to integer fen ('12.5' → 1250), read digit by digit; null when it is no price or above the limit. */
export function yuanTextToFen(text: string): number | null {
  const value = text.trim();
  if (!YUAN_TEXT.test(value)) return null;
  const [whole, decimals = ''] = value.split('.');
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return fen > PLAN_PRICE_MAX_YUAN * 100 ? null : fen;
}

/** Integer fen as yuan text with two decimals (1250 → '12.50'). */
export function fenToYuanText(fen: number): string {
  const whole = Math.floor(fen / 100);
  return `${whole}.${String(fen % 100).padStart(2, '0')}`;
}

export type MembershipState = 'active' | 'expired' | 'revoked';

/** A membership row's state at `now` (until is its last valid instant, inclusive). */
export function membershipState(row: { until: number; revokedAt: number | null }, now: number): MembershipState {
  if (row.revokedAt !== null) return 'revoked';
  return row.until >= now ? 'active' : 'expired';
}

/** Whole days left until `until`, a started day counting as one (at least 1 while it lasts); 0 once it is over. */
export function remainingDays(until: number, now: number): number {
  if (until < now) return 0;
  return Math.max(1, Math.ceil((until - now) / DAY_MS));
}

/** True when an active membership ends within MEMBER_SOON_DAYS days. */
export function isSoonExpiring(until: number, now: number): boolean {
  return until >= now && until - now < MEMBER_SOON_DAYS * DAY_MS;
}
