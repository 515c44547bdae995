/**
 * Almost-expiring courses and the student's course list (spec 3 'Almost-expiring course', 'Course list item';
 * spec 4 'Almost-expiring'; spec 9 "Expiring window 0 to 864e6 ms (10 days)", badges and list texts).
 *
 * Spec 4 'Almost-expiring': "timeTips shows days if at least one day remains, otherwise hours, otherwise
 * minutes. Shown only if remaining time is 0 to 10 days."
 * Spec 9: "Badges: expired red (#d52b2a) 'Expired'; else deleted 'Deleted'; else mandatory blue (#387dfe)
 * 'Required'. Text 'Remaining validity: {timeTips}' and 'Learning progress: {process}%' (hidden in column mode)."
 *
 * Choices where the spec is silent:
 * - The window is inclusive at both ends: exactly 0 ms and exactly 864e6 ms remaining are shown; a negative
 *   remainder (already expired) is not.
 * - Amounts are whole units rounded down (1 day 23 hours is '1 day'; 59 seconds is '0 minutes').
 * - The expiry of a student's course comes from shared/rules/course-status validityWindow: ce_type 1 counts
 *   ce_time days from addtime (ms or a dashed date), ce_type 2 ends at ce_time (a date-only end is the day's
 *   last ms), ce_type 0 never ends. A course without a price in the item counts as paid (it was bought).
 * - The deleted badge has no colour in the spec (null: the page's muted style).
 */
import type { Locale } from '../constants';
import { translate, type MessageKey } from '../i18n';
import { dateToMs, DAY_MS, validityWindow, type DateValue, type Money } from './course-status';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
/** Spec 9: "Expiring window 0 to 864e6 ms (10 days)". */
export const EXPIRING_WINDOW_MS = 864e6;

/** A student's course as the almost-expiring list reads it (spec 3). */
export interface ExpiringCourse {
  ce_type?: number | string | null;
  ce_time?: DateValue | null;
  /** When the student got the course: ms or a dashed date. */
  addtime?: DateValue | null;
  vaildBeginTime?: DateValue | null;
  actual?: Money;
}

/** The last valid instant (ms, inclusive) of a student's course; null when it never ends. */
export function expiryOf(course: ExpiringCourse): number | null {
  const buyDate = dateToMs(course.addtime ?? null);
  const window = validityWindow(
    {
      actual: course.actual ?? 1,
      ce_type: course.ce_type,
      ce_time: course.ce_time,
      vaildBeginTime: course.vaildBeginTime,
    },
    { bought: true, buyDate },
  );
  return window.end;
}

/** Spec 4 / 9: shown in the almost-expiring list only if the remaining time is 0 to 10 days (inclusive). */
export function isAlmostExpiring(expiry: number | null, now: number): boolean {
  if (expiry === null) return false;
  const remaining = expiry - now;
  return remaining >= 0 && remaining <= EXPIRING_WINDOW_MS;
}

export type TimeUnit = 'day' | 'hour' | 'minute';
export interface TimeTips {
  unit: TimeUnit;
  amount: number;
}

/** Spec 4: days if at least one day remains, otherwise hours, otherwise minutes (whole units, at least 0). */
export function timeTips(remainingMs: number): TimeTips {
  const ms = Number.isFinite(remainingMs) ? Math.max(0, remainingMs) : 0;
  if (ms >= DAY_MS) return { unit: 'day', amount: Math.floor(ms / DAY_MS) };
  if (ms >= HOUR_MS) return { unit: 'hour', amount: Math.floor(ms / HOUR_MS) };
  return { unit: 'minute', amount: Math.floor(ms / MINUTE_MS) };
}

const UNIT_KEYS: Record<TimeUnit, readonly [MessageKey, MessageKey]> = {
  day: ['learnRules.timeTips.day', 'learnRules.timeTips.days'],
  hour: ['learnRules.timeTips.hour', 'learnRules.timeTips.hours'],
  minute: ['learnRules.timeTips.minute', 'learnRules.timeTips.minutes'],
};

/** timeTips in words: '3天' / '3 days', '1 hour', '0 minutes'. */
export function formatTimeTips(tips: TimeTips, locale: Locale): string {
  const [one, many] = UNIT_KEYS[tips.unit];
  return translate(locale, tips.amount === 1 ? one : many, { n: tips.amount });
}

/** What a course list shows as remaining validity: a time, or that it never ends, or that it has ended. */
export type Remaining = { kind: 'permanent' } | { kind: 'expired' } | { kind: 'left'; tips: TimeTips };

export function remainingValidity(expiry: number | null, now: number): Remaining {
  if (expiry === null) return { kind: 'permanent' };
  if (now > expiry) return { kind: 'expired' };
  return { kind: 'left', tips: timeTips(expiry - now) };
}

/** The remaining validity in words. */
export function formatRemaining(remaining: Remaining, locale: Locale): string {
  if (remaining.kind === 'permanent') return translate(locale, 'learnRules.permanent');
  if (remaining.kind === 'expired') return translate(locale, 'learnRules.badge.expired');
  return formatTimeTips(remaining.tips, locale);
}

/** A 0/1 flag, boolean or numeric string as list items carry them. */
type Flag = boolean | number | string | null | undefined;
const on = (flag: Flag) =>
  flag === true ||
  (typeof flag !== 'boolean' && flag != null && flag !== '' && Number(flag) !== 0 && !Number.isNaN(Number(flag)));

/** Spec 3 'Course list item' fields the badge reads. */
export interface BadgeItem {
  isExpire?: Flag;
  isDelete?: Flag;
  /** The course is required by a study plan of the student. */
  required_courses?: Flag;
}

export type CourseBadge =
  | { kind: 'expired'; color: '#d52b2a' }
  | { kind: 'deleted'; color: null }
  | { kind: 'required'; color: '#387dfe' };

/** Spec 9 'Badges': expired red, else deleted, else required blue; null when none applies. */
export function courseBadge(item: BadgeItem): CourseBadge | null {
  if (on(item.isExpire)) return { kind: 'expired', color: '#d52b2a' };
  if (on(item.isDelete)) return { kind: 'deleted', color: null };
  if (on(item.required_courses)) return { kind: 'required', color: '#387dfe' };
  return null;
}

const BADGE_KEYS: Record<CourseBadge['kind'], MessageKey> = {
  expired: 'learnRules.badge.expired',
  deleted: 'learnRules.badge.deleted',
  required: 'learnRules.badge.required',
};

/** The badge's word ('Expired', 'Deleted', 'Required'). */
export function badgeText(badge: CourseBadge, locale: Locale): string {
  return translate(locale, BADGE_KEYS[badge.kind]);
}

/** Spec 9: 'Remaining validity: {timeTips}'. */
export function remainingValidityText(remaining: Remaining, locale: Locale): string {
  return translate(locale, 'learnRules.remainingValidity', { timeTips: formatRemaining(remaining, locale) });
}

/** Spec 9: 'Learning progress: {process}%', hidden (null) in column mode. */
export function learningProgressText(process: number, locale: Locale, columnMode = false): string | null {
  if (columnMode) return null;
  return translate(locale, 'learnRules.learningProgress', { process });
}
