/**
 * Login throttle (not in the spec). Two counters:
 * - one per account AND address: its first failures are free, then each further attempt from that address
 *   waits, the wait doubling with every failure up to a cap. Someone guessing from other addresses therefore
 *   never keeps the account's owner out, and a person who mistypes waits seconds, not a quarter of an hour.
 * - one per address (any account): past a limit within the window the address is locked for a while.
 * A counter starts afresh once it has been quiet for the window.
 */
import { LOGIN_THROTTLE } from '../constants';

export interface AttemptCounter {
  failures: number;
  firstAt: number;
  /** No attempt before this time (0: none waiting). */
  lockedUntil: number;
}

/** Seconds until a locked key may try again, or 0 when it is not locked. */
export function retryAfterSeconds(counter: AttemptCounter | undefined, now: number): number {
  if (!counter || counter.lockedUntil <= now) return 0;
  return Math.ceil((counter.lockedUntil - now) / 1000);
}

/** The wait after the n-th failure of one account from one address (0 while failures are free). */
export function delayAfter(failures: number): number {
  const over = failures - LOGIN_THROTTLE.freeFailures;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.maxDelayMs, LOGIN_THROTTLE.firstDelayMs * 2 ** over);
}

/** One more failure of an account from an address: a growing delay once the free failures are used. */
export function countDelayedFailure(counter: AttemptCounter | undefined, now: number): AttemptCounter {
  const quietSince = counter ? Math.max(counter.firstAt, counter.lockedUntil) : 0;
  const fresh = !counter || now - quietSince > LOGIN_THROTTLE.windowMs;
  const failures = fresh ? 1 : counter.failures + 1;
  const delay = delayAfter(failures);
  return { failures, firstAt: fresh ? now : counter.firstAt, lockedUntil: delay > 0 ? now + delay : 0 };
}

/**
 * One more failure of a key with a hard limit (an address, registrations): failures are counted within a
 * window that starts at the first one; reaching the limit locks the key for the lock period, and a lock
 * that has run out starts afresh.
 */
export function countFailure(counter: AttemptCounter | undefined, now: number, limit: number): AttemptCounter {
  const fresh =
    !counter ||
    now - counter.firstAt > LOGIN_THROTTLE.windowMs ||
    (counter.lockedUntil !== 0 && counter.lockedUntil <= now);
  const failures = fresh ? 1 : counter.failures + 1;
  const firstAt = fresh ? now : counter.firstAt;
  return { failures, firstAt, lockedUntil: failures >= limit ? now + LOGIN_THROTTLE.lockMs : 0 };
}
