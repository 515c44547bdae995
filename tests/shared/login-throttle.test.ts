import { describe, expect, it } from 'vitest';
import { countFailure, retryAfterSeconds } from '../../shared/rules/login-throttle';
import { LOGIN_THROTTLE } from '../../shared/constants';

describe('login throttling', () => {
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
