import { describe, expect, it } from 'vitest';
import {
  badgeText,
  courseBadge,
  EXPIRING_WINDOW_MS,
  expiryOf,
  formatRemaining,
  formatTimeTips,
  isAlmostExpiring,
  learningProgressText,
  remainingValidity,
  remainingValidityText,
  timeTips,
} from '../../shared/rules/expiring';
import { DAY_MS } from '../../shared/rules/course-status';

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime();
const HOUR = 3_600_000;
const MIN = 60_000;
const now = at(2026, 3, 1, 12);

// Spec 9: "Expiring window 0 to 864e6 ms (10 days)." Spec 4: "Shown only if remaining time is 0 to 10 days."
describe('isAlmostExpiring (spec 4 / 9: remaining time 0 to 10 days)', () => {
  it('864e6 ms is 10 days', () => expect(EXPIRING_WINDOW_MS).toBe(10 * DAY_MS));
  it.each([
    ['exactly 10 days left: shown', now + 10 * DAY_MS, true],
    ['10 days and 1 ms left: not shown', now + 10 * DAY_MS + 1, false],
    ['9 days left: shown', now + 9 * DAY_MS, true],
    ['exactly 0 left: shown', now, true],
    ['1 ms past: expired, not shown', now - 1, false],
    ['a week past: not shown', now - 7 * DAY_MS, false],
    ['never expires: not shown', null, false],
  ] as const)('%s', (_name, expiry, expected) => expect(isAlmostExpiring(expiry, now)).toBe(expected));
});

// Spec 4: "timeTips shows days if at least one day remains, otherwise hours, otherwise minutes."
describe('timeTips (spec 4: days, else hours, else minutes)', () => {
  it.each([
    ['10 days', 10 * DAY_MS, { unit: 'day', amount: 10 }],
    ['exactly 1 day', DAY_MS, { unit: 'day', amount: 1 }],
    ['1 day 23 hours is 1 day', DAY_MS + 23 * HOUR, { unit: 'day', amount: 1 }],
    ['1 ms short of a day is 23 hours', DAY_MS - 1, { unit: 'hour', amount: 23 }],
    ['exactly 1 hour', HOUR, { unit: 'hour', amount: 1 }],
    ['59 minutes 59 seconds is 59 minutes', HOUR - 1000, { unit: 'minute', amount: 59 }],
    ['1 minute', MIN, { unit: 'minute', amount: 1 }],
    ['59 seconds is 0 minutes', 59_000, { unit: 'minute', amount: 0 }],
    ['0', 0, { unit: 'minute', amount: 0 }],
    ['negative counts as 0', -5 * MIN, { unit: 'minute', amount: 0 }],
  ] as const)('%s', (_name, ms, expected) => expect(timeTips(ms)).toEqual(expected));

  it.each([
    [{ unit: 'day', amount: 3 }, '3天', '3 days'],
    [{ unit: 'day', amount: 1 }, '1天', '1 day'],
    [{ unit: 'hour', amount: 5 }, '5小时', '5 hours'],
    [{ unit: 'hour', amount: 1 }, '1小时', '1 hour'],
    [{ unit: 'minute', amount: 0 }, '0分钟', '0 minutes'],
    [{ unit: 'minute', amount: 1 }, '1分钟', '1 minute'],
  ] as const)('%o reads %s / %s', (tips, zh, en) => {
    expect(formatTimeTips(tips, 'zh-CN')).toBe(zh);
    expect(formatTimeTips(tips, 'en-gb')).toBe(en);
  });
});

// Spec 3 'Almost-expiring course': "total_chapter, complete_chapter, addtime, ce_type, ce_time".
// Spec 3 'Course': "ce_type / effect_type (validity: 0 permanent, 1 days from purchase, 2 fixed window)".
describe('expiryOf (spec 3: addtime, ce_type, ce_time)', () => {
  it.each([
    ['ce_type 0 never ends', { ce_type: 0, ce_time: '', addtime: now }, null],
    ['ce_type 1: 30 days from addtime', { ce_type: 1, ce_time: 30, addtime: now }, now + 30 * DAY_MS],
    [
      "ce_type 1 with a dashed addtime and '1' day",
      { ce_type: '1', ce_time: '1', addtime: '2026-03-01 12:00:00' },
      at(2026, 3, 2, 12),
    ],
    [
      'ce_type 1 over 29 February in a leap year',
      { ce_type: 1, ce_time: 1, addtime: at(2028, 2, 28, 9) },
      at(2028, 2, 29, 9),
    ],
    [
      'ce_type 1 over 28 February in a common year',
      { ce_type: 1, ce_time: 1, addtime: at(2027, 2, 28, 9) },
      at(2027, 3, 1, 9),
    ],
    ['ce_type 1 with 0 days never ends', { ce_type: 1, ce_time: 0, addtime: now }, null],
    [
      'ce_type 2: the end date, last ms of that day',
      { ce_type: 2, ce_time: '2026-03-05', addtime: now },
      at(2026, 3, 5, 23, 59, 59, 999),
    ],
    ['ce_type 2 at 31 December', { ce_type: 2, ce_time: '2026-12-31' }, at(2026, 12, 31, 23, 59, 59, 999)],
  ] as const)('%s', (_name, course, expected) => expect(expiryOf(course)).toBe(expected));

  it('a course bought 25 days ago for 30 days is almost expiring, with 5 days left', () => {
    const expiry = expiryOf({ ce_type: 1, ce_time: 30, addtime: now - 25 * DAY_MS });
    expect(isAlmostExpiring(expiry, now)).toBe(true);
    expect(remainingValidity(expiry, now)).toEqual({ kind: 'left', tips: { unit: 'day', amount: 5 } });
  });
});

describe('remaining validity (spec 9: "Remaining validity: {timeTips}")', () => {
  it.each([
    ['permanent', null, '剩余有效期：永久有效', 'Remaining validity: Permanent'],
    ['2 days', now + 2 * DAY_MS + HOUR, '剩余有效期：2天', 'Remaining validity: 2 days'],
    ['3 hours', now + 3 * HOUR, '剩余有效期：3小时', 'Remaining validity: 3 hours'],
    ['expired', now - 1, '剩余有效期：已过期', 'Remaining validity: Expired'],
  ] as const)('%s', (_name, expiry, zh, en) => {
    const remaining = remainingValidity(expiry, now);
    expect(remainingValidityText(remaining, 'zh-CN')).toBe(zh);
    expect(remainingValidityText(remaining, 'en-gb')).toBe(en);
  });

  it('at the expiry instant a course is still valid (0 minutes)', () => {
    expect(remainingValidity(now, now)).toEqual({ kind: 'left', tips: { unit: 'minute', amount: 0 } });
    expect(formatRemaining({ kind: 'expired' }, 'en-gb')).toBe('Expired');
  });

  it("'Learning progress: {process}%' is hidden in column mode", () => {
    expect(learningProgressText(30, 'en-gb')).toBe('Learning progress: 30%');
    expect(learningProgressText(30, 'zh-CN')).toBe('学习进度：30%');
    expect(learningProgressText(30, 'en-gb', true)).toBeNull();
  });
});

// Spec 9: "Badges: expired red (#d52b2a) 'Expired'; else deleted 'Deleted'; else mandatory blue (#387dfe) 'Required'."
describe('courseBadge (spec 9 Badges)', () => {
  it.each([
    [
      'expired and deleted and required: Expired',
      { isExpire: 1, isDelete: 1, required_courses: 1 },
      { kind: 'expired', color: '#d52b2a' },
      'Expired',
    ],
    [
      'deleted and required: Deleted',
      { isExpire: 0, isDelete: 1, required_courses: 1 },
      { kind: 'deleted', color: null },
      'Deleted',
    ],
    [
      'required only: Required in blue',
      { isExpire: false, isDelete: false, required_courses: true },
      { kind: 'required', color: '#387dfe' },
      'Required',
    ],
    ["flags as strings: '1' expired", { isExpire: '1' }, { kind: 'expired', color: '#d52b2a' }, 'Expired'],
  ] as const)('%s', (_name, item, badge, word) => {
    expect(courseBadge(item)).toEqual(badge);
    expect(badgeText(courseBadge(item)!, 'en-gb')).toBe(word);
  });

  it.each([
    ['nothing set', {}],
    ["'0' flags", { isExpire: '0', isDelete: '0', required_courses: '0' }],
    ['false and null', { isExpire: false, isDelete: null, required_courses: undefined }],
    ['empty strings', { isExpire: '', isDelete: '', required_courses: '' }],
  ] as const)('%s: no badge', (_name, item) => expect(courseBadge(item)).toBeNull());

  it('Chinese words', () => {
    expect(badgeText({ kind: 'required', color: '#387dfe' }, 'zh-CN')).toBe('必修');
    expect(badgeText({ kind: 'expired', color: '#d52b2a' }, 'zh-CN')).toBe('已过期');
  });
});
