import { describe, expect, it } from 'vitest';
import { pointsEarned, slotsCrossed, studySlotRef, STUDY_SLOT_MS, weekStart } from '../../shared/rules/points';

const MIN = 60_000;

describe('pointsEarned: a rule, its daily limit and what the day already earned', () => {
  it.each([
    // enabled, points, limit, earned today, earns
    [false, 5, 0, 0, 0],
    [true, 0, 0, 0, 0],
    [true, 5, 0, 0, 5],
    [true, 5, 0, 1000, 5],
    [true, 5, 12, 0, 5],
    [true, 5, 12, 10, 2],
    [true, 5, 12, 12, 0],
    [true, 5, 12, 15, 0],
    [true, 5, 5, 0, 5],
    [false, 5, 12, 0, 0],
  ])('enabled %s, %i points, limit %i, %i today → %i', (enabled, points, dailyLimit, today, earns) => {
    expect(pointsEarned({ enabled, points, dailyLimit }, today)).toBe(earns);
  });
});

describe('slotsCrossed: the 10-minute slots a stretch of study completes', () => {
  it.each([
    [0, 0, []],
    [0, 9 * MIN, []],
    [0, 10 * MIN, [1]],
    [9 * MIN, 2 * MIN, [1]],
    [10 * MIN, 1, []],
    [10 * MIN, 10 * MIN, [2]],
    [5 * MIN, 30 * MIN, [1, 2, 3]],
    [19 * MIN + 59_999, 1, [2]],
    [0, -5, []],
  ])('from %i ms adding %i ms → %j', (before, added, slots) => {
    expect(slotsCrossed(before, added)).toEqual(slots);
  });
  it('the slot is ten minutes and its ref names the day and the slot', () => {
    expect(STUDY_SLOT_MS).toBe(10 * MIN);
    expect(studySlotRef('2031-05-14', 3)).toBe('2031-05-14#3');
  });
});

describe('weekStart: the Monday of a day', () => {
  it.each([
    ['2031-05-12', '2031-05-12'],
    ['2031-05-14', '2031-05-12'],
    ['2031-05-18', '2031-05-12'],
    ['2031-05-19', '2031-05-19'],
    ['2031-01-01', '2030-12-30'],
    ['2024-03-03', '2024-02-26'],
  ])('%s → %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });
});
