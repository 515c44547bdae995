import { describe, expect, it } from 'vitest';
import { addDays, completionRate, passRate, rankCourses, resolvePeriod } from '../../shared/rules/analytics';

describe('analytics period (issue 18: a chosen period with the previous period beside it)', () => {
  it.each([
    [
      { days: 7 },
      '2026-03-05',
      { from: '2026-02-27', to: '2026-03-05', prevFrom: '2026-02-20', prevTo: '2026-02-26', length: 7 },
    ],
    [
      { days: 1 },
      '2026-01-01',
      { from: '2026-01-01', to: '2026-01-01', prevFrom: '2025-12-31', prevTo: '2025-12-31', length: 1 },
    ],
    [
      { days: 30, from: '2024-02-28', to: '2024-03-01' },
      '2026-01-01',
      { from: '2024-02-28', to: '2024-03-01', prevFrom: '2024-02-25', prevTo: '2024-02-27', length: 3 },
    ],
  ])('%j on %s', (input, today, expected) => {
    expect(resolvePeriod(input, today)).toEqual(expected);
  });
  it.each([
    [{ days: 0 }],
    [{ days: 367 }],
    [{ days: 7, from: '2026-03-02', to: '2026-03-01' }],
    [{ days: 7, from: '2024-01-01', to: '2025-01-02' }],
  ])('refuses %j', (input) => {
    expect(resolvePeriod(input, '2026-03-05')).toBeNull();
  });
  it('adds days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('completion and pass rates, course ranking', () => {
  it.each([
    [0, 0, 0],
    [4, 1, 0.25],
    [2, 3, 1],
  ])('completionRate(%i, %i) = %d', (learners, completed, rate) => {
    expect(completionRate(learners, completed)).toBe(rate);
  });
  it('passRate is null without sittings', () => {
    expect(passRate(0, 0)).toBeNull();
    expect(passRate(4, 3)).toBe(0.75);
  });
  it('ranks courses with learners by rate, more learners first on ties; bottom is worst first', () => {
    const c = (id: string, learners: number, completed: number) => ({ id, learners, completed });
    const { top, bottom } = rankCourses([c('a', 10, 5), c('b', 0, 0), c('c', 4, 4), c('d', 8, 4), c('e', 5, 0)], 2);
    expect(top.map((x) => x.id)).toEqual(['c', 'a']);
    expect(bottom.map((x) => x.id)).toEqual(['e', 'd']);
  });
});
