/**
 * The fastest credited playback speed (issue 18 'Records a school can trust'; spec 3 'Heartbeat record': the
 * server, not the client, decides what counts). The heartbeat rule lets a run of video or audio advance at
 * most this rate × wall time (plus its slack), and the player's speed menu offers nothing faster.
 *
 * - A school sets it in its settings (schools.settings maxRate), a course in its own (courses.settings
 *   maxRate); the course wins when set (0 = follow the school), the school's default is 2× (the player's
 *   fastest speed, as before).
 * - The steps are the player's: 1 (full-length viewing), 1.25, 1.5, 2.
 */
import * as z from 'zod';

/** The speeds a school or course may choose as the fastest credited one. */
export const CREDITED_RATES = [1, 1.25, 1.5, 2] as const;
export type CreditedRate = (typeof CREDITED_RATES)[number];
/** The default fastest credited speed (the player's fastest). */
export const DEFAULT_MAX_RATE: CreditedRate = 2;
/** The speeds the player's menu knows (slower than 1× is always allowed). */
export const PLAYER_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

const isRate = (value: number): value is CreditedRate => (CREDITED_RATES as readonly number[]).includes(value);

/** A school's fastest credited speed. */
export const zCreditedRate = z.number().refine((value): boolean => isRate(value), 'must be one of 1, 1.25, 1.5, 2');
/** A course's: 0 follows the school. */
export const zCourseRate = z
  .number()
  .refine((value): boolean => value === 0 || isRate(value), "must be 0 (the school's) or one of 1, 1.25, 1.5, 2");

/** The fastest credited speed of a course: its own when set, else its school's, else the default. */
export function creditedRate(courseRate: number | undefined, schoolRate: number | undefined): CreditedRate {
  if (courseRate !== undefined && isRate(courseRate)) return courseRate;
  if (schoolRate !== undefined && isRate(schoolRate)) return schoolRate;
  return DEFAULT_MAX_RATE;
}

/** The speeds the player's menu offers under a fastest credited speed. */
export function allowedRates(maxRate: number): number[] {
  return PLAYER_RATES.filter((rate) => rate <= maxRate);
}
