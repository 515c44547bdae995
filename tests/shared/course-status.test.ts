import { describe, expect, it } from 'vitest';
import {
  courseStatus,
  dateToMs,
  DAY_MS,
  isFree,
  readAmount,
  validityType,
  validityWindow,
  type CourseStatus,
  type CourseValidity,
  type Purchase,
} from '../../shared/rules/course-status';

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime();
const buyDate = at(2026, 3, 1, 10);
const bought: Purchase = { bought: true, buyDate };
const notBought: Purchase = { bought: false, buyDate: null };
const startOf = at(2026, 5, 1);
const endOf = at(2026, 5, 31, 23, 59, 59, 999);

describe('isFree (spec 3: actual 0 free, greater than 0 paid)', () => {
  it.each([
    ['0 is free', 0, true],
    ["'0' is free", '0', true],
    ["'0.00' is free", '0.00', true],
    ['a negative price counts as 0', -5, true],
    ['0.01 is paid', 0.01, false],
    ["'29.90' is paid", '29.90', false],
    ["'' is unreadable, so paid", '', false],
    ["'abc' is unreadable, so paid", 'abc', false],
  ])('%s', (_name, actual, expected) => expect(isFree({ actual })).toBe(expected));

  it('reads amounts', () => {
    expect(readAmount(' 12.5 ')).toBe(12.5);
    expect(readAmount(null)).toBeNaN();
  });
});

describe('dateToMs (spec 5: date strings have dashes replaced by slashes)', () => {
  it.each([
    ['ms stay ms', 1_700_000_000_000, 'start', 1_700_000_000_000],
    ['a digit string is ms', '1700000000000', 'start', 1_700_000_000_000],
    ['a date-only start is midnight', '2026-05-01', 'start', startOf],
    ['a date-only end is the last ms of that day', '2026-05-31', 'end', endOf],
    ['a date with a time is that instant, even as an end', '2026-05-31 12:30:00', 'end', at(2026, 5, 31, 12, 30)],
    ['slashes are read too', '2026/05/01', 'start', startOf],
    ['an empty string is no date', '', 'start', null],
    ['text is no date', 'soon', 'end', null],
    ['null is no date', null, 'start', null],
    ['NaN is no date', Number.NaN, 'start', null],
  ] as const)('%s', (_name, value, edge, expected) => expect(dateToMs(value, edge)).toBe(expected));
});

describe('validity (spec 3: 0 permanent, 1 days from purchase, 2 fixed window)', () => {
  it.each([
    ['ce_type 0', { actual: 10, ce_type: 0 }, 0],
    ["ce_type '1'", { actual: 10, ce_type: '1' }, 1],
    ['effect_type 2', { actual: 10, effect_type: 2 }, 2],
    ['unknown 7 counts as permanent', { actual: 10, ce_type: 7 }, 0],
    ['missing counts as permanent', { actual: 10 }, 0],
  ] as const)('type: %s', (_name, course, expected) => expect(validityType(course)).toBe(expected));

  it.each([
    ['permanent has no bounds', { actual: 10, ce_type: 0, ce_time: 30 }, bought, { start: null, end: null }],
    [
      '30 days from purchase',
      { actual: 10, ce_type: 1, ce_time: 30 },
      bought,
      { start: null, end: buyDate + 30 * DAY_MS },
    ],
    [
      "'7' days from purchase (effect_time)",
      { actual: 10, effect_type: 1, effect_time: '7' },
      bought,
      { start: null, end: buyDate + 7 * DAY_MS },
    ],
    [
      'days do not count before purchase',
      { actual: 10, ce_type: 1, ce_time: 30 },
      notBought,
      { start: null, end: null },
    ],
    [
      'bought with buyDate null: no known end',
      { actual: 10, ce_type: 1, ce_time: 30 },
      { bought: true, buyDate: null },
      { start: null, end: null },
    ],
    ['0 days means no limit', { actual: 10, ce_type: 1, ce_time: 0 }, bought, { start: null, end: null }],
    // A free course's days count from when the student obtained (or first started) it, as its intro page says.
    [
      'days limit a free course held since buyDate',
      { actual: 0, ce_type: 1, ce_time: 30 },
      bought,
      { start: null, end: buyDate + 30 * DAY_MS },
    ],
    [
      'fixed window from date strings',
      { actual: 10, ce_type: 2, vaildBeginTime: '2026-05-01', ce_time: '2026-05-31' },
      notBought,
      { start: startOf, end: endOf },
    ],
    [
      'fixed window from ms',
      { actual: 10, ce_type: 2, vaildBeginTime: startOf, ce_time: endOf },
      notBought,
      { start: startOf, end: endOf },
    ],
    [
      'fixed window without a start',
      { actual: 10, ce_type: 2, ce_time: '2026-05-31' },
      notBought,
      { start: null, end: endOf },
    ],
  ] as [string, CourseValidity, Purchase, object][])('window: %s', (_name, course, purchase, expected) => {
    expect(validityWindow(course, purchase)).toEqual(expected);
  });
});

describe('course status for a logged-in user (spec 4)', () => {
  const paidDays: CourseValidity = { actual: 99, ce_type: 1, ce_time: 30 };
  const limit = buyDate + 30 * DAY_MS;
  const paidWindow: CourseValidity = { actual: 99, ce_type: 2, vaildBeginTime: '2026-05-01', ce_time: '2026-05-31' };
  const freeWindow: CourseValidity = { ...paidWindow, actual: 0 };
  const ok = (limitedDate: number | null, renew = false): CourseStatus => ({ status: 0, renew, limitedDate });

  it.each([
    ['free permanent: 0 available', { actual: 0, ce_type: 0 }, notBought, buyDate, ok(null)],
    [
      'paid permanent not bought: 3 needs purchase',
      { actual: 99, ce_type: 0 },
      notBought,
      buyDate,
      { status: 3, renew: false, limitedDate: null },
    ],
    ['paid permanent bought: 0 available', { actual: 99, ce_type: 0 }, bought, buyDate, ok(null)],
    [
      'days course not bought: 3, no limited date yet',
      paidDays,
      notBought,
      buyDate,
      { status: 3, renew: false, limitedDate: null },
    ],
    [
      '"a limited-period course still valid for a buyer is flagged renewable"',
      paidDays,
      bought,
      buyDate + DAY_MS,
      ok(limit, true),
    ],
    ['limited date, exactly at the last instant: still valid', paidDays, bought, limit, ok(limit, true)],
    [
      '"bought and now past the limited date": 3',
      paidDays,
      bought,
      limit + 1,
      { status: 3, renew: false, limitedDate: limit },
    ],
    ['bought, buyDate null: available, nothing to renew', paidDays, { bought: true, buyDate: null }, buyDate, ok(null)],
    [
      'free days course past its days: 2 ended, nothing to renew',
      { actual: 0, ce_type: 1, ce_time: 1 },
      bought,
      buyDate + DAY_MS + 1,
      { status: 2, renew: false, limitedDate: buyDate + DAY_MS },
    ],
    [
      'free days course not yet held: available, not counting',
      { actual: 0, ce_type: 1, ce_time: 1 },
      notBought,
      limit,
      ok(null),
    ],
    [
      '"fixed-window course before start": 1 not yet started',
      freeWindow,
      notBought,
      startOf - 1,
      { status: 1, renew: false, limitedDate: endOf },
    ],
    ['fixed window, exactly at the start instant: 0', freeWindow, notBought, startOf, ok(endOf)],
    ['fixed window, exactly at the end instant: 0', freeWindow, notBought, endOf, ok(endOf)],
    [
      'fixed window, just past the end: 2 ended',
      freeWindow,
      notBought,
      endOf + 1,
      { status: 2, renew: false, limitedDate: endOf },
    ],
    [
      'paid window, bought, before start: 1',
      paidWindow,
      bought,
      startOf - 1,
      { status: 1, renew: false, limitedDate: endOf },
    ],
    ['paid window, bought, inside: 0, not renewable', paidWindow, bought, startOf + DAY_MS, ok(endOf)],
    ['paid window, bought, ended: 2', paidWindow, bought, endOf + 1, { status: 2, renew: false, limitedDate: endOf }],
    [
      'paid window, not bought, before start: 3 (can buy ahead)',
      paidWindow,
      notBought,
      startOf - 1,
      { status: 3, renew: false, limitedDate: endOf },
    ],
    [
      'paid window, not bought, ended: 2 (expired beats buy)',
      paidWindow,
      notBought,
      endOf + 1,
      { status: 2, renew: false, limitedDate: endOf },
    ],
    [
      'window with an unreadable end: no end',
      { actual: 0, ce_type: 2, vaildBeginTime: '2026-05-01', ce_time: 'x' },
      notBought,
      endOf + DAY_MS,
      ok(null),
    ],
  ] as [string, CourseValidity, Purchase, number, CourseStatus][])('%s', (_name, course, purchase, now, expected) => {
    expect(courseStatus(course, purchase, now)).toEqual(expected);
  });
});
