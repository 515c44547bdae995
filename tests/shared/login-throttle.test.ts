import { describe, expect, it } from 'vitest';
import { countDelayedFailure, countFailure, delayAfter, retryAfterSeconds } from '../../shared/rules/login-throttle';
import { LOGIN_THROTTLE } from '../../shared/constants';

describe('login throttling: the per-address counter (hard limit)', () => {
  const t0 = 1_000_000;

  it('locks a key when the limit of failures is reached within the window', () => {
    let counter = countFailure(undefined, t0, 3);
    expect(counter).toEqual({ failures: 1, firstAt: t0, lockedUntil: 0 });
    counter = countFailure(counter, t0 + 1000, 3);
    expect(counter.lockedUntil).toBe(0);
    counter = countFailure(counter, t0 + 2000, 3);
    expect(counter.lockedUntil).toBe(t0 + 2000 + LOGIN_THROTTLE.lockMs);
    expect(retryAfterSeconds(counter, t0 + 2000)).toBe(LOGIN_THROTTLE.lockMs / 1000);
  });

  it.each([
    ['no counter', undefined, t0, 0],
    ['not locked', { failures: 2, firstAt: t0, lockedUntil: 0 }, t0, 0],
    ['locked, 90.5 s left', { failures: 5, firstAt: t0, lockedUntil: t0 + 90_500 }, t0, 91],
    ['lock ran out', { failures: 5, firstAt: t0, lockedUntil: t0 + 10 }, t0 + 10, 0],
  ])('retry after: %s', (_name, counter, now, expected) => {
    expect(retryAfterSeconds(counter, now)).toBe(expected);
  });

  it('starts afresh after the window or after a lock has run out', () => {
    const old = { failures: 4, firstAt: t0, lockedUntil: 0 };
    expect(countFailure(old, t0 + LOGIN_THROTTLE.windowMs + 1, 5).failures).toBe(1);
    const locked = { failures: 5, firstAt: t0, lockedUntil: t0 + 100 };
    expect(countFailure(locked, t0 + 101, 5)).toEqual({ failures: 1, firstAt: t0 + 101, lockedUntil: 0 });
  });
});

describe('login throttling: one account from one address (growing delays, never a lock for everyone)', () => {
  const t0 = 1_000_000;
  const { freeFailures, firstDelayMs, maxDelayMs, windowMs } = LOGIN_THROTTLE;

  it.each([
    [1, 0],
    [freeFailures - 1, 0],
    [freeFailures, firstDelayMs],
    [freeFailures + 1, 2 * firstDelayMs],
    [freeFailures + 2, 4 * firstDelayMs],
    [freeFailures + 4, 16 * firstDelayMs],
    [freeFailures + 5, maxDelayMs],
    [freeFailures + 50, maxDelayMs],
  ])('after %i failures the next attempt waits %i ms', (failures, wait) => {
    expect(delayAfter(failures)).toBe(Math.min(wait, maxDelayMs));
  });

  it('counts failures, then makes each further attempt wait longer', () => {
    let counter: Awaited<ReturnType<typeof countDelayedFailure>> | undefined;
    let now = t0;
    for (let i = 1; i < freeFailures; i++) {
      counter = countDelayedFailure(counter, (now += 1000));
      expect(counter).toEqual({ failures: i, firstAt: t0 + 1000, lockedUntil: 0 });
    }
    counter = countDelayedFailure(counter, (now += 1000));
    expect(counter.lockedUntil).toBe(now + firstDelayMs);
    expect(retryAfterSeconds(counter, now)).toBe(firstDelayMs / 1000);
    now = counter.lockedUntil;
    counter = countDelayedFailure(counter, now);
    expect(counter).toMatchObject({ failures: freeFailures + 1, lockedUntil: now + 2 * firstDelayMs });
  });

  it.each([
    ['no counter', undefined, t0, 1],
    ['free failures, quiet for less than the window', { failures: 3, firstAt: t0, lockedUntil: 0 }, t0 + windowMs, 4],
    [
      'free failures, quiet for longer than the window',
      { failures: 3, firstAt: t0, lockedUntil: 0 },
      t0 + windowMs + 1,
      1,
    ],
    [
      'waiting counters count from their wait',
      { failures: 9, firstAt: t0, lockedUntil: t0 + windowMs },
      t0 + 2 * windowMs,
      10,
    ],
    [
      'quiet for the window after the wait',
      { failures: 9, firstAt: t0, lockedUntil: t0 + windowMs },
      t0 + 2 * windowMs + 1,
      1,
    ],
  ])('starts afresh only after a quiet window: %s', (_name, counter, now, failures) => {
    expect(countDelayedFailure(counter, now).failures).toBe(failures);
  });
});
