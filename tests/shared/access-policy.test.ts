/**
 * The decision tables the access policy (server/modules/access/policy.ts) asks: validity types (spec 3
 * ce_type), a grant's chosen end date, the best of several ways of holding, renewal, spec 5 'Buying is refused…' and the groups rule, and the course status of spec 4.
 */
import { describe, expect, it } from 'vitest';
import { allowedByGroups, purchaseRefusal, type PurchaseCheck } from '../../shared/rules/course-buttons';
import {
  betterStatus,
  COURSE_STATUS,
  courseStatus,
  DAY_MS,
  renewUntil,
  type CourseStatus,
  type CourseValidity,
  type Purchase,
} from '../../shared/rules/course-status';

const since = Date.UTC(2030, 0, 10, 8);
const held: Purchase = { bought: true, buyDate: since };
const none: Purchase = { bought: false, buyDate: null };

describe('validity types for a holder (ce_type 0, 1, 2; free and paid)', () => {
  const window = { ce_type: 2, vaildBeginTime: since + DAY_MS, ce_time: since + 10 * DAY_MS };
  const cases: [
    string,
    CourseValidity,
    Purchase,
    number,
    { status: number; renew: boolean; limitedDate: number | null },
  ][] = [
    [
      '0 permanent, paid, held',
      { actual: 5, ce_type: 0 },
      held,
      since + 999 * DAY_MS,
      { status: 0, renew: false, limitedDate: null },
    ],
    [
      '0 permanent, paid, not held: 3',
      { actual: 5, ce_type: 0 },
      none,
      since,
      { status: 3, renew: false, limitedDate: null },
    ],
    [
      '1 paid, within its days: renewable',
      { actual: 5, ce_type: 1, ce_time: 3 },
      held,
      since + DAY_MS,
      { status: 0, renew: true, limitedDate: since + 3 * DAY_MS },
    ],
    [
      '1 paid, past its days: 3 (buy again)',
      { actual: 5, ce_type: 1, ce_time: 3 },
      held,
      since + 4 * DAY_MS,
      { status: 3, renew: false, limitedDate: since + 3 * DAY_MS },
    ],
    [
      '1 free, held: counts from obtaining',
      { actual: 0, ce_type: 1, ce_time: 3 },
      held,
      since + DAY_MS,
      { status: 0, renew: false, limitedDate: since + 3 * DAY_MS },
    ],
    [
      '1 free, past its days: 2 ended',
      { actual: 0, ce_type: 1, ce_time: 3 },
      held,
      since + 4 * DAY_MS,
      { status: 2, renew: false, limitedDate: since + 3 * DAY_MS },
    ],
    [
      '1 free, not held: not counting yet',
      { actual: 0, ce_type: 1, ce_time: 3 },
      none,
      since,
      { status: 0, renew: false, limitedDate: null },
    ],
    [
      '2 window, before it opens: 1',
      { actual: 0, ...window },
      held,
      since,
      { status: 1, renew: false, limitedDate: since + 10 * DAY_MS },
    ],
    [
      '2 window, open: 0',
      { actual: 5, ...window },
      held,
      since + 2 * DAY_MS,
      { status: 0, renew: false, limitedDate: since + 10 * DAY_MS },
    ],
    [
      '2 window, ended: 2 for everyone',
      { actual: 5, ...window },
      none,
      since + 11 * DAY_MS,
      { status: 2, renew: false, limitedDate: since + 10 * DAY_MS },
    ],
    [
      '2 window, paid, not bought: 3',
      { actual: 5, ...window },
      none,
      since + 2 * DAY_MS,
      { status: 3, renew: false, limitedDate: since + 10 * DAY_MS },
    ],
  ];
  it.each(cases)('%s', (_name, course, purchase, now, expected) => {
    expect(courseStatus(course, purchase, now)).toEqual(expected);
  });
  it('status codes are the spec 4 ones', () => {
    expect(COURSE_STATUS).toEqual({ available: 0, notStarted: 1, ended: 2, needsPurchase: 3 });
  });
});

describe("a grant's chosen end date replaces the course's validity", () => {
  const granted = (until: number): Purchase => ({ bought: true, buyDate: since, until });
  const window = { ce_type: 2, vaildBeginTime: since + 5 * DAY_MS, ce_time: since + 10 * DAY_MS };
  it.each([
    ['permanent paid course, before the end', { actual: 5, ce_type: 0 }, 3, 1, { status: 0, end: 3 }],
    ['permanent paid course, after the end: buy again', { actual: 5, ce_type: 0 }, 3, 4, { status: 3, end: 3 }],
    ['free course, after the end: ended', { actual: 0, ce_type: 0 }, 3, 4, { status: 2, end: 3 }],
    ['days course: the date, not the days', { actual: 5, ce_type: 1, ce_time: 2 }, 20, 10, { status: 0, end: 20 }],
    ['a window not yet open: open for the grantee', { actual: 5, ...window }, 20, 1, { status: 0, end: 20 }],
    ['a window ended: still open for the grantee', { actual: 5, ...window }, 20, 15, { status: 0, end: 20 }],
  ] as const)('%s', (_name, course, untilDays, nowDays, expected) => {
    const status = courseStatus(course, granted(since + untilDays * DAY_MS), since + nowDays * DAY_MS);
    expect(status).toEqual({ status: expected.status, renew: false, limitedDate: since + expected.end * DAY_MS });
  });
  it('an end of null keeps the course rules (ce_type 1 counts from the grant)', () => {
    const course = { actual: 5, ce_type: 1, ce_time: 3 };
    expect(courseStatus(course, { bought: true, buyDate: since, until: null }, since + DAY_MS)).toEqual(
      courseStatus(course, held, since + DAY_MS),
    );
  });
});

describe('the best of several ways of holding a course', () => {
  const st = (status: CourseStatus['status'], limitedDate: number | null): CourseStatus => ({
    status,
    renew: false,
    limitedDate,
  });
  it.each([
    ['available beats needs purchase', st(3, 5), st(0, 2), st(0, 2)],
    ['available beats not started', st(1, 9), st(0, 2), st(0, 2)],
    ['not started beats ended', st(2, 9), st(1, 2), st(1, 2)],
    ['needs purchase beats ended', st(2, 9), st(3, 2), st(3, 2)],
    ['of two available, the later end', st(0, 5), st(0, 7), st(0, 7)],
    ['of two available, permanent is latest', st(0, 5), st(0, null), st(0, null)],
    ['equal: the first stays', st(0, null), st(0, null), st(0, null)],
  ] as const)('%s', (_name, a, b, expected) => {
    expect(betterStatus(a, b)).toEqual(expected);
    expect(betterStatus(b, a)).toEqual(expected);
  });
});

describe('renew: extends from the later of now and the current end', () => {
  const days30: CourseValidity = { actual: 5, ce_type: 1, ce_time: 30 };
  it.each([
    ['still valid: from the current end', days30, since + 10 * DAY_MS, since, since + 40 * DAY_MS],
    ['already lapsed: from now', days30, since, since + 20 * DAY_MS, since + 50 * DAY_MS],
    ['no end yet: from now', days30, null, since, since + 30 * DAY_MS],
    ['a fixed window is not renewable', { actual: 5, ce_type: 2, ce_time: '2030-02-01' }, since, since, null],
    ['a permanent course is not renewable', { actual: 5, ce_type: 0 }, since, since, null],
    ['no readable days: not renewable', { actual: 5, ce_type: 1, ce_time: 'x' }, since, since, null],
  ] as const)('%s', (_name, course, end, now, expected) => {
    expect(renewUntil(course, end, now)).toBe(expected);
  });
});

describe('spec 5: buying, obtaining and subscribing are refused in order', () => {
  const student = { uid: 's1', sid: 's1', gid: ['g1'] };
  const base: PurchaseCheck = { viewer: student, ownerId: 'school', authentication_gid: '' };
  it.each([
    ['a guest: noLogin', { ...base, viewer: null }, 'noLogin'],
    [
      'the school owner: 请使用学员账号进行操作！',
      { ...base, viewer: { uid: 'school', sid: 'school', gid: [] } },
      'studentOnly',
    ],
    [
      'an administrator (no student id): studentOnly',
      { ...base, viewer: { uid: 'a1', sid: '0', gid: [] } },
      'studentOnly',
    ],
    ['outside the course groups: designatedGroup', { ...base, authentication_gid: 'g2,g3' }, 'designatedGroup'],
    ['inside one of the groups: allowed', { ...base, authentication_gid: 'g2,g1' }, null],
    ['no group restriction: allowed', base, null],
    ["a '0' entry allows all groups", { ...base, authentication_gid: '0,g2' }, null],
  ] as const)('%s', (_name, check, expected) => {
    expect(purchaseRefusal(check)).toBe(expected);
  });
  it.each([
    ['', [], true],
    ['0', [], true],
    ['g1', [], false],
    ['g1, g2', ['g2'], true],
    ['g1', ['g3'], false],
  ] as const)('groups %j for %j: %s', (gid, groups, expected) => {
    expect(allowedByGroups(gid, groups)).toBe(expected);
  });
});
