import { describe, expect, it } from 'vitest';
import {
  dashboardDetour,
  type DashboardVisit,
  LOGO_HEIGHT,
  LOGO_HEIGHT_WIDE,
  logoHeight,
  myPlanShown,
  PLAN_DETAIL_PATH,
} from '../../shared/rules/dashboard';

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
