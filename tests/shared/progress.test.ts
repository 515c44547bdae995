import { describe, expect, it } from 'vitest';
import {
  countComplete,
  courseProcess,
  displayPercent,
  isComplete,
  progressFraction,
  progressPercent,
} from '../../shared/rules/progress';

// Spec 4 'Progress': "a chapter is passed or not; progress below 1 is incomplete. Progress values at most 1
// are multiplied by 100 to give a percent." Spec 3 'Chapter': "progress (0-1 or percent; 1 = complete)".
describe('progressPercent (spec 4: values at most 1 are multiplied by 100)', () => {
  it.each([
    ['0 is 0 %', 0, 0],
    ['0.5 is 50 %', 0.5, 50],
    ['exactly 1 is 100 % (1 = complete)', 1, 100],
    ['above 1 is a percent already: 50', 50, 50],
    ['above 1 is a percent already: 1.5', 1.5, 1.5],
    ['100 stays 100', 100, 100],
    ['a percent above 100 is capped', 140, 100],
    ["a numeric string '0.25'", '0.25', 25],
    ['a negative value counts as 0', -0.3, 0],
    ['null counts as 0', null, 0],
    ["'' counts as 0", '', 0],
    ['NaN counts as 0', Number.NaN, 0],
    ['Infinity counts as 0', Number.POSITIVE_INFINITY, 0],
  ] as const)('%s', (_name, value, expected) => expect(progressPercent(value)).toBeCloseTo(expected, 10));
});

describe('isComplete (spec 3: 1 = complete; spec 4: progress below 1 is incomplete)', () => {
  it.each([
    ['1 is complete', 1, true],
    ['0.99 is incomplete', 0.99, false],
    ['0.999 is incomplete', 0.999, false],
    ['100 (a percent) is complete', 100, true],
    ['99.9 (a percent) is incomplete', 99.9, false],
    ['0 is incomplete', 0, false],
    ['undefined is incomplete', undefined, false],
  ] as const)('%s', (_name, value, expected) => expect(isComplete(value)).toBe(expected));

  it('fractions and counts', () => {
    expect(progressFraction(50)).toBe(0.5);
    expect(progressFraction(0.5)).toBe(0.5);
    expect(countComplete([1, 0.5, 100, '1', null])).toBe(3);
  });
});

describe('displayPercent: whole percent, an unfinished chapter never shows 100', () => {
  it.each([
    [0.29, 29],
    [0.995, 99],
    [1, 100],
    [0.07, 7],
    [33.7, 33],
  ] as const)('%s shows %s', (value, expected) => expect(displayPercent(value)).toBe(expected));
});

// Spec 3 'Almost-expiring course': "total_chapter, complete_chapter, ... derived process percentage".
describe('courseProcess (spec 3: process percentage from total_chapter and complete_chapter)', () => {
  it.each([
    ['no chapter done', 10, 0, 0],
    ['3 of 10', 10, 3, 30],
    ['1 of 3 is rounded down', 3, 1, 33],
    ['2 of 3 is rounded down', 3, 2, 66],
    ['all done', 7, 7, 100],
    ['more done than chapters is capped', 4, 9, 100],
    ['no chapters: 0, not NaN', 0, 0, 0],
    ['numeric strings as replies carry them', '8', '2', 25],
    ['missing values', null, undefined, 0],
  ] as const)('%s', (_name, total, complete, expected) => expect(courseProcess(total, complete)).toBe(expected));
});
