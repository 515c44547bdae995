/**
 * Course validity (spec 3 'Course': ce_type / effect_type, ce_time / effect_time, settings.vaildBeginTime)
 * and the course status for a logged-in user (spec 4 'Course status').
 *
 * Representation chosen here (the spec is silent):
 * - ce_type 1 (days from purchase): ce_time is a number of days (number or numeric string), counted from buyDate (ms).
 * - ce_type 2 (fixed window): vaildBeginTime is the start and ce_time the end, each either ms or a date string
 *   'yyyy-MM-dd' / 'yyyy-MM-dd HH:mm:ss' (dashes are replaced by slashes before parsing, spec 5).
 *   A date-only start means 00:00:00.000 of that day; a date-only end means 23:59:59.999 of that day.
 * - Both ends are inclusive: a course is valid from the start instant up to and including limitedDate.
 * - Days from purchase count from the moment the user obtained the course (buyDate): bought, or for a free
 *   course obtained or first started (purchase.bought = held). Held with buyDate null is treated as unlimited
 *   rather than locking a holder out; a non-positive or unreadable day count means no limit. An unreadable
 *   window date means no bound on that side.
 * - Status order: 2 when a fixed window has ended (for everyone, bought or not) or a free course's days have
 *   run out (nothing to buy or renew); 3 when a paid course is not bought (even before its window opens, so it
 *   can be bought ahead) or a bought days-from-purchase course is past its limited date; 1 before a fixed
 *   window opens; else 0. Only paid days-from-purchase courses are renewable (renewUntil says how far).
 */

export const DAY_MS = 86_400_000;

/** Validity types of ce_type / effect_type (spec 3). */
export const VALIDITY = { permanent: 0, daysFromPurchase: 1, fixedWindow: 2 } as const;
export type ValidityType = (typeof VALIDITY)[keyof typeof VALIDITY];

/** Course status codes for a logged-in user (spec 4). */
export const COURSE_STATUS = { available: 0, notStarted: 1, ended: 2, needsPurchase: 3 } as const;
export type CourseStatusCode = (typeof COURSE_STATUS)[keyof typeof COURSE_STATUS];

/** A price as the data carries it: a number, or a decimal string. */
export type Money = number | string;
/** A date as the data carries it: ms since the epoch, or a date string with dashes. */
export type DateValue = number | string;

export interface CourseValidity {
  actual: Money;
  ce_type?: number | string | null;
  ce_time?: DateValue | null;
  /** Aliases used by some replies (spec 3: ce_type / effect_type, ce_time / effect_time). */
  effect_type?: number | string | null;
  effect_time?: DateValue | null;
  vaildBeginTime?: DateValue | null;
}

export interface Purchase {
  bought: boolean;
  /** When the user bought (or obtained) the course, in ms; null when unknown. */
  buyDate: number | null;
  /**
   * The holder's own last valid instant (ms, inclusive): an administrator's grant with a chosen end date. It
   * replaces the course's validity (ce_type and window) for this holder; absent or null keeps the course's.
   */
  until?: number | null;
}

export interface CourseStatus {
  status: CourseStatusCode;
  /** A limited-period course a buyer can still use, so it may be renewed. */
  renew: boolean;
  /** The last valid instant for this user (ms, inclusive); null when permanent or not yet counting. */
  limitedDate: number | null;
}

export interface ValidityWindow {
  start: number | null;
  end: number | null;
}

/** Reads a price; NaN when it is not a number (an empty string is not a price). */
export function readAmount(value: Money | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value);
}

/** True when the course costs nothing (spec 3: actual 0 is free); negative counts as 0, an unreadable price as paid. */
export function isFree(course: { actual: Money }): boolean {
  return readAmount(course.actual) <= 0;
}

const DATE_ONLY = /^\d{4}\/\d{1,2}\/\d{1,2}$/;

/** Reads ms or a dashed date string (dashes become slashes, spec 5); a date-only 'end' is the last ms of that day. */
export function dateToMs(value: DateValue | null | undefined, edge: 'start' | 'end' = 'start'): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const slashed = text.replace(/-/g, '/');
  let date = new Date(slashed);
  if (Number.isNaN(date.getTime())) date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  if (edge === 'end' && DATE_ONLY.test(slashed)) {
    return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() - 1;
  }
  return date.getTime();
}

/** The validity type of a course: 0 permanent, 1 days from purchase, 2 fixed window; unknown values count as 0. */
export function validityType(course: CourseValidity): ValidityType {
  const raw = Number(course.ce_type ?? course.effect_type ?? 0);
  return raw === 1 || raw === 2 ? raw : 0;
}

/** The span (inclusive, ms) in which this user may study the course; null ends are unbounded. */
export function validityWindow(course: CourseValidity, purchase: Purchase): ValidityWindow {
  if (purchase.bought && purchase.until != null) return { start: null, end: purchase.until };
  const type = validityType(course);
  const time = course.ce_time ?? course.effect_time ?? null;
  if (type === VALIDITY.fixedWindow) {
    return { start: dateToMs(course.vaildBeginTime, 'start'), end: dateToMs(time, 'end') };
  }
  if (type === VALIDITY.daysFromPurchase && purchase.bought && purchase.buyDate !== null) {
    const days = readAmount(time);
    if (Number.isFinite(days) && days > 0) return { start: null, end: purchase.buyDate + days * DAY_MS };
  }
  return { start: null, end: null };
}

/** Course status for a logged-in user (spec 4): {status 0|1|2|3, renew, limitedDate}, in the order described above. */
export function courseStatus(course: CourseValidity, purchase: Purchase, now: number): CourseStatus {
  if (purchase.bought && purchase.until != null) {
    // A chosen end date: valid up to it whatever the course's terms; past it a paid course can be bought again.
    if (now <= purchase.until) return { status: COURSE_STATUS.available, renew: false, limitedDate: purchase.until };
    const status = isFree(course) ? COURSE_STATUS.ended : COURSE_STATUS.needsPurchase;
    return { status, renew: false, limitedDate: purchase.until };
  }
  const type = validityType(course);
  const owned = isFree(course) || purchase.bought;
  const { start, end } = validityWindow(course, purchase);
  if (type === VALIDITY.fixedWindow) {
    if (end !== null && now > end) return { status: COURSE_STATUS.ended, renew: false, limitedDate: end };
    if (!owned) return { status: COURSE_STATUS.needsPurchase, renew: false, limitedDate: end };
    if (start !== null && now < start) return { status: COURSE_STATUS.notStarted, renew: false, limitedDate: end };
    return { status: COURSE_STATUS.available, renew: false, limitedDate: end };
  }
  if (!owned) return { status: COURSE_STATUS.needsPurchase, renew: false, limitedDate: null };
  if (end !== null) {
    const free = isFree(course);
    if (now > end)
      return { status: free ? COURSE_STATUS.ended : COURSE_STATUS.needsPurchase, renew: false, limitedDate: end };
    return { status: COURSE_STATUS.available, renew: !free, limitedDate: end };
  }
  return { status: COURSE_STATUS.available, renew: false, limitedDate: null };
}

/**
 * Renewing a limited-period course (spec 3 renew): the new last valid instant is the later of now and the
 * current end, plus the course's days. null when the course cannot be renewed (not days-from-purchase, or no
 * readable day count).
 */
export function renewUntil(course: CourseValidity, currentEnd: number | null, now: number): number | null {
  if (validityType(course) !== VALIDITY.daysFromPurchase) return null;
  const days = readAmount(course.ce_time ?? course.effect_time ?? null);
  if (!Number.isFinite(days) || days <= 0) return null;
  return Math.max(now, currentEnd ?? now) + days * DAY_MS;
}

const STATUS_RANK: Record<CourseStatusCode, number> = { 0: 3, 1: 2, 3: 1, 2: 0 };

/**
 * Of two statuses of one course for one person who holds it more than one way (bought and granted, say), the
 * one that serves them better: available before not started before needs purchase before ended; of two equal,
 * the later end (null, permanent, is latest).
 */
export function betterStatus(a: CourseStatus, b: CourseStatus): CourseStatus {
  const rank = STATUS_RANK[b.status] - STATUS_RANK[a.status];
  if (rank !== 0) return rank > 0 ? b : a;
  if (a.limitedDate === null) return a;
  if (b.limitedDate === null) return b;
  return b.limitedDate > a.limitedDate ? b : a;
}
