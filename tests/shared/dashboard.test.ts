import { describe, expect, it } from 'vitest';
import {
  competitionPlaces,
  competitionRank,
  nextToStudy,
  periodStart,
  weekDays,
  dashboardDetour,
  type DashboardVisit,
  LOGO_HEIGHT,
  LOGO_HEIGHT_WIDE,
  logoHeight,
  myPlanShown,
  PLAN_DETAIL_PATH,
} from '../../shared/rules/dashboard';

describe('control centre and rank rules (shared/rules/dashboard)', () => {
  it.each([
    ['week', '2026-11-26', '2026-11-23'],
    ['week', '2026-11-23', '2026-11-23'],
    ['week', '2026-11-29', '2026-11-23'],
    ['month', '2026-11-26', '2026-11-01'],
    ['all', '2026-11-26', ''],
  ] as const)('periodStart(%s, %s) = %s', (period, today, start) => {
    expect(periodStart(period, today)).toBe(start);
  });

  it('weekDays: Monday to Sunday, across a month end', () => {
    expect(weekDays('2026-12-02')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it.each([
    [[], 0, 1],
    [[], 5, 1],
    [[9, 5, 5, 1], 9, 1],
    [[9, 5, 5, 1], 5, 2],
    [[9, 5, 5, 1], 1, 4],
    [[9, 5, 5, 1], 0, 5],
    [[9, 5, 5, 1], 7, 2],
    [[9, 5, 5, 1], 10, 1],
  ])('competitionRank(%j, %d) = %d', (sorted, value, rank) => {
    expect(competitionRank(sorted, value)).toBe(rank);
  });

  it('competitionPlaces: ties share a place', () => {
    expect(competitionPlaces([9, 5, 5, 1, 1, 0])).toEqual([1, 2, 2, 4, 4, 6]);
  });

  const leaves = (...progress: number[]) => progress.map((p, i) => ({ cid: `c${i}`, progress: p }));
  it.each([
    ['last studied, incomplete: continue it', leaves(1, 0.5, 0), 'c1', 'c1'],
    ['last studied, complete: the next incomplete after it', leaves(1, 1, 0, 0), 'c1', 'c2'],
    ['skips complete chapters after it', leaves(0, 1, 1, 0), 'c1', 'c3'],
    ['nothing after it: the first incomplete of the course', leaves(0, 1, 1), 'c2', 'c0'],
    ['never studied: the first incomplete', leaves(1, 0), '', 'c1'],
    [
      'percent progress (100 = complete)',
      [
        { cid: 'a', progress: 100 },
        { cid: 'b', progress: 40 },
      ],
      'a',
      'b',
    ],
  ])('nextToStudy: %s', (_name, order, last, next) => {
    expect(nextToStudy(order, last)?.cid).toBe(next);
  });

  it('nextToStudy: none when every chapter is complete, or there are none', () => {
    expect(nextToStudy(leaves(1, 1), 'c0')).toBeNull();
    expect(nextToStudy([], '')).toBeNull();
  });
});

describe('dashboard logo height (spec 9: "Logo height 62 (53 if width more than twice its height)")', () => {
  it.each([
    ['square', 100, 100, 62],
    ['tall', 40, 120, 62],
    ['exactly twice as wide', 200, 100, 62],
    ['just over twice as wide', 201, 100, 53],
    ['a wide banner', 600, 62, 53],
    ['size not known yet', 0, 0, 62],
    ['broken image', 0, 50, 62],
  ] as const)('%s', (_name, width, height, expected) => expect(logoHeight(width, height)).toBe(expected));

  it('names its constants', () => {
    expect([LOGO_HEIGHT, LOGO_HEIGHT_WIDE]).toEqual([62, 53]);
  });
});

describe('my plan entry (spec 2: "When exam mode is on and ver is lan, my-plan is removed")', () => {
  it.each([
    [false, 'lan', true],
    [true, 'lan', false],
    [false, 'online', true],
    [true, 'online', true],
  ] as const)('exam mode %s, ver %s: shown %s', (examModel, ver, shown) =>
    expect(myPlanShown(examModel, ver)).toBe(shown),
  );
});

describe('dashboard guard (spec 2 "Page guards")', () => {
  const student: DashboardVisit = {
    role: 'student',
    sid: '7',
    ownerId: '1',
    mobile: false,
    pathname: '/controller',
    coid: '',
  };
  it.each([
    ['a student on a desktop stays', {}, null],
    ['a guest signs in', { role: 'guest', sid: '' }, { to: 'login' }],
    ['an administrator signs in as a student', { role: 'admin' }, { to: 'login' }],
    ['the owner id is refused', { sid: '1' }, { to: 'login' }],
    ['no id is refused', { sid: '' }, { to: 'login' }],
    ['a phone goes to the personal centre', { mobile: true }, { to: 'personalCenter' }],
    [
      'a phone on studyplandetailstu with coid goes to the study detail page',
      { mobile: true, pathname: PLAN_DETAIL_PATH, coid: '42' },
      { to: 'studyDetail', coid: '42' },
    ],
    [
      'a phone on studyplandetailstu without coid goes to the personal centre',
      { mobile: true, pathname: PLAN_DETAIL_PATH },
      { to: 'personalCenter' },
    ],
    ['a guest phone signs in first', { role: 'guest', sid: '', mobile: true }, { to: 'login' }],
    ['a desktop on studyplandetailstu stays', { pathname: PLAN_DETAIL_PATH, coid: '42' }, null],
  ] as const)('%s', (_name, change, expected) =>
    expect(dashboardDetour({ ...student, ...change } as DashboardVisit)).toEqual(expected),
  );
});
