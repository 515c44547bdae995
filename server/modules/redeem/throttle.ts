/**
 * The attempt throttle of enrolment keys and redeem codes (shared/rules/redeem-code REDEEM_THROTTLE): failed
 * attempts per student and per address in a sliding window, kept in the database (throttles/recent-events.ts)
 * so every app node counts them. Successes do not count. A locked student or address answers 429 'too many
 * attempts' with retry-after.
 */
import { REDEEM_THROTTLE, waitSeconds } from '../../../shared/rules/redeem-code';
import { REDEEM_ERRORS } from '../../../shared/schemas/redeem';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { addEvent, recentTimes } from '../throttles/recent-events';

/** The keys an attempt counts under: the student, and the address. */
const keysOf = (studentId: string, ip: string) => [`redeem:s:${studentId}`, `redeem:a:${ip}`] as const;

/** 429 when the student or the address has failed too often within the window. */
export async function assertNotThrottled(ctx: AppContext, studentId: string, ip: string): Promise<void> {
  const now = ctx.now();
  const since = now - REDEEM_THROTTLE.windowMs;
  const [student, address] = keysOf(studentId, ip);
  const wait = Math.max(
    waitSeconds(await recentTimes(ctx.db, student, since), now, REDEEM_THROTTLE.windowMs, REDEEM_THROTTLE.perStudent),
    waitSeconds(await recentTimes(ctx.db, address, since), now, REDEEM_THROTTLE.windowMs, REDEEM_THROTTLE.perAddress),
  );
  if (wait > 0) throw new AppError(429, REDEEM_ERRORS.tooMany, { retryAfter: wait }, { 'retry-after': String(wait) });
}

/** Counts a failed attempt of the student from the address. */
export async function countFailure(ctx: AppContext, studentId: string, ip: string): Promise<void> {
  const now = ctx.now();
  await addEvent(ctx.db, keysOf(studentId, ip), now, now - REDEEM_THROTTLE.windowMs);
}
