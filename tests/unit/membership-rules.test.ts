import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/rules/course-status';
import {
  fenToYuanText,
  isSoonExpiring,
  membershipState,
  remainingDays,
  yuanTextToFen,
} from '../../shared/rules/membership';

describe('membership rules', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.1', 10],
    ['0.29', 29],
    ['19.99', 1999],
    [' 3.07 ', 307],
    ['1000000', 100_000_000],
    ['1000000.01', null],
    ['-1', null],
    ['1.234', null],
    ['1e3', null],
    ['', null],
    ['.5', null],
    ['12.', null],
    ['abc', null],
  ])('yuan %j is %j fen', (text, fen) => {
    expect(yuanTextToFen(text)).toBe(fen);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [1999, '19.99'],
    [100_000_000, '1000000.00'],
  ])('%j fen reads %j', (fen, text) => {
    expect(fenToYuanText(fen)).toBe(text);
  });

  const now = Date.UTC(2031, 0, 1);
  it.each([
    ['ends later today', now + 3_600_000, 1],
    ['ends at this instant', now, 1],
    ['one day exactly', now + DAY_MS, 1],
    ['a day and an instant', now + DAY_MS + 1, 2],
    ['thirty days', now + 30 * DAY_MS, 30],
    ['over', now - 1, 0],
  ])('remaining days: %s', (_name, until, days) => {
    expect(remainingDays(until, now)).toBe(days);
  });

  it.each([
    [{ until: now + 1, revokedAt: null }, 'active'],
    [{ until: now, revokedAt: null }, 'active'],
    [{ until: now - 1, revokedAt: null }, 'expired'],
    [{ until: now + DAY_MS, revokedAt: now - 5 }, 'revoked'],
  ] as const)('state of %j is %s', (row, state) => {
    expect(membershipState(row, now)).toBe(state);
  });

  it.each([
    [now + 6 * DAY_MS, true],
    [now + 7 * DAY_MS, false],
    [now, true],
    [now - 1, false],
  ])('ending at %j is soon expiring: %j', (until, soon) => {
    expect(isSoonExpiring(until, now)).toBe(soon);
  });
});
