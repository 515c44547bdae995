/**
 * Rules of the back office's analytics (issue 18 'Back office analytics'; spec 7 'analysis and dashboard
 * statistics'): the period shown and the one before it, and how a course's completion is ranked. Days are
 * yyyy-MM-dd strings (the server's time zone, as learn_days); the arithmetic here is on the calendar only.
 */

/** The longest period an overview covers. */
export const PERIOD_MAX_DAYS = 366;

export interface Period {
  from: string;
  to: string;
  /** The period of the same length that ends the day before from. */
  prevFrom: string;
  prevTo: string;
  /** How many days each covers. */
  length: number;
}

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day n days after (or before, n < 0) the given one. */
export const addDays = (day: string, n: number): string => fromUtc(toUtc(day) + n * DAY_MS);

/** Days from a to b inclusive (0 when b is before a). */
export const daysBetween = (a: string, b: string): number =>
  Math.max(0, Math.round((toUtc(b) - toUtc(a)) / DAY_MS) + 1);

/** Every day of a range, in order. */
export function eachDay(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

/**
 * The period of an overview: from–to when both are given (from not after to, at most PERIOD_MAX_DAYS), else
 * the last `days` days ending today; and the previous period of the same length. null when from–to is not a
 * valid range.
 */
export function resolvePeriod(input: { days: number; from?: string; to?: string }, today: string): Period | null {
  let from: string;
  let to: string;
  if (input.from && input.to) {
    from = input.from;
    to = input.to;
    if (to < from || daysBetween(from, to) > PERIOD_MAX_DAYS) return null;
  } else {
    if (input.days < 1 || input.days > PERIOD_MAX_DAYS) return null;
    to = today;
    from = addDays(today, 1 - input.days);
  }
  const length = daysBetween(from, to);
  return { from, to, prevFrom: addDays(from, -length), prevTo: addDays(from, -1), length };
}

/** A course's completion rate, 0..1 (0 without learners). */
export const completionRate = (learners: number, completed: number): number =>
  learners > 0 ? Math.min(1, Math.max(0, completed / learners)) : 0;

/** A pass rate, 0..1 (null without sittings: nothing to say). */
export const passRate = (sittings: number, passed: number): number | null =>
  sittings > 0 ? Math.min(1, passed / sittings) : null;

/**
 * The courses with learners ranked by completion rate: the best first (ties: more learners first), and the
 * worst first for the bottom list; a course appears in both only when there are fewer than 2n of them.
 */
export function rankCourses<T extends { learners: number; completed: number }>(
  courses: readonly T[],
  n: number,
): { top: T[]; bottom: T[] } {
  const ranked = courses
    .filter((c) => c.learners > 0)
    .sort(
      (a, b) =>
        completionRate(b.learners, b.completed) - completionRate(a.learners, a.completed) || b.learners - a.learners,
    );
  return { top: ranked.slice(0, n), bottom: ranked.slice(-n).reverse() };
}
