import { LOGIN_THROTTLE } from '../constants';

export interface AttemptCounter {
  failures: number;
  firstAt: number;
  lockedUntil: number;
}

/** Seconds until a locked key may try again, or 0 when it is not locked. */
export function retryAfterSeconds(counter: AttemptCounter | undefined, now: number): number {
  if (!counter || counter.lockedUntil <= now) return 0;
  return Math.ceil((counter.lockedUntil - now) / 1000);
}

/**
 * Counts one more failure. Failures are counted within a window that starts at the first one;
 * reaching the limit locks the key for the lock period, and a lock that has run out starts afresh.
 */
export function countFailure(counter: AttemptCounter | undefined, now: number, limit: number): AttemptCounter {
  const fresh = !counter || now - counter.firstAt > LOGIN_THROTTLE.windowMs || (counter.lockedUntil !== 0 && counter.lockedUntil <= now);
  const failures = fresh ? 1 : counter.failures + 1;
  const firstAt = fresh ? now : counter.firstAt;
  return { failures, firstAt, lockedUntil: failures >= limit ? now + LOGIN_THROTTLE.lockMs : 0 };
}
