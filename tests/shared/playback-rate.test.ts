import { describe, expect, it } from 'vitest';
import {
  allowedRates,
  creditedRate,
  DEFAULT_MAX_RATE,
  zCourseRate,
  zCreditedRate,
} from '../../shared/rules/playback-rate';

describe('the fastest credited playback speed (shared/rules/playback-rate)', () => {
  // [course's (0 = the school's), school's, credited]
  it.each<[number | undefined, number | undefined, number]>([
    [undefined, undefined, 2],
    [0, undefined, 2],
    [0, 1, 1],
    [0, 1.5, 1.5],
    [1, 2, 1],
    [1.25, 1, 1.25],
    [2, 1, 2],
    [0, 3, 2], // an unknown stored value reads as the default
    [0.5, 1.5, 1.5],
  ])('course %s, school %s → %s', (course, school, credited) => {
    expect(creditedRate(course, school)).toBe(credited);
  });

  it.each([
    [1, [0.75, 1]],
    [1.25, [0.75, 1, 1.25]],
    [1.5, [0.75, 1, 1.25, 1.5]],
    [2, [0.75, 1, 1.25, 1.5, 2]],
  ])('the player offers up to %s×: %j', (max, rates) => {
    expect(allowedRates(max)).toEqual(rates);
  });

  it('accepts only the player’s steps (a course may also say 0: the school’s)', () => {
    expect(DEFAULT_MAX_RATE).toBe(2);
    for (const rate of [1, 1.25, 1.5, 2]) expect(zCreditedRate.safeParse(rate).success).toBe(true);
    for (const rate of [0, 0.75, 1.1, 3, -1]) expect(zCreditedRate.safeParse(rate).success).toBe(false);
    expect(zCourseRate.safeParse(0).success).toBe(true);
    expect(zCourseRate.safeParse(2.5).success).toBe(false);
  });
});
