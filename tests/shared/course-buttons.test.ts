import { describe, expect, it } from 'vitest';
import {
  allowedByGroups,
  allowedGroupIds,
  canBuy,
  columnMainButton,
  courseMainButton,
  isGraphic,
  ownsColumn,
  purchaseRefusal,
  subscribeFreeColumn,
  type ButtonCourse,
  type ColumnBuyState,
  type CourseAction,
  type CourseLearner,
  type PurchaseCheck,
  type RefusalKey,
} from '../../shared/rules/course-buttons';

const paid: ButtonCourse = { type: 0, actual: 99 };
const free: ButtonCourse = { type: 0, actual: 0 };
const live: ButtonCourse = { type: 1, actual: 0 };
const paidLive: ButtonCourse = { type: 1, actual: 50 };
const graphicFree: ButtonCourse = { type: 4, actual: 0, graphic: 1 };
const graphicPaid: ButtonCourse = { type: 4, actual: 9.9, graphic: true };
const learner = (status: CourseLearner['status'], bought: boolean, hasRecord = false): CourseLearner => ({
  status,
  bought,
  hasRecord,
});

describe('course main button (spec 4)', () => {
  it.each([
    ['"paid and not bought shows buy"', paid, learner(3, false), 'buy', false],
    ['"or expired if status 2"', paid, learner(2, false), 'expired', true],
    ['paid, not bought, window not open: still buy', paid, learner(1, false), 'buy', false],
    ['paid, bought but past the limited date (3): buy again', paid, learner(3, true), 'buy', false],
    ['"free ... shows start learning"', free, learner(0, false), 'start', false],
    ['"bought shows start learning"', paid, learner(0, true), 'start', false],
    ['"continue learning if a record exists"', paid, learner(0, true, true), 'continue', false],
    ['free with a record: continue', free, learner(0, false, true), 'continue', false],
    ['"a live course shows start live"', live, learner(0, false), 'startLive', false],
    ['live with a record: still start live', live, learner(0, false, true), 'startLive', false],
    ['paid live not bought: buy', paidLive, learner(3, false), 'buy', false],
    ['"1 not yet started (disabled, 未开始)"', free, learner(1, false), 'notStarted', true],
    ['bought, not yet started', paid, learner(1, true), 'notStarted', true],
    ['"2 ended/expired (disabled, 已过期)" for a free course', free, learner(2, false), 'expired', true],
    ['bought and ended: expired', paid, learner(2, true, true), 'expired', true],
    ['"Graphic: free and not owned shows obtain"', graphicFree, learner(0, false), 'obtain', false],
    ['graphic owned, on the intro page: continue', graphicFree, learner(0, true), 'continue', false],
    ['graphic paid, not bought: buy', graphicPaid, learner(3, false), 'buy', false],
    ['graphic paid, bought: continue', graphicPaid, learner(0, true, true), 'continue', false],
    [
      'type 4 without the graphic flag (a column entry) is an ordinary course',
      { type: 4, actual: 0 },
      learner(0, false),
      'start',
      false,
    ],
  ] as [string, ButtonCourse, CourseLearner, CourseAction, boolean][])(
    '%s',
    (_name, course, state, action, disabled) => {
      expect(courseMainButton(course, state)).toEqual({ action, disabled });
    },
  );

  it('"owned shows comment" while reading the graphic detail', () => {
    expect(courseMainButton(graphicFree, learner(0, true), { reading: true })).toEqual({
      action: 'comment',
      disabled: false,
    });
    expect(courseMainButton(graphicFree, learner(0, false), { reading: true })).toEqual({
      action: 'obtain',
      disabled: false,
    });
  });

  it.each([
    [{ type: 4, graphic: 1 }, true],
    [{ type: '4', graphic: true }, true],
    [{ type: 4, graphic: 0 }, false],
    [{ type: 4 }, false],
    [{ type: 1, graphic: 1 }, false],
  ] as [Pick<ButtonCourse, 'type' | 'graphic'>, boolean][])('isGraphic(%o) is %s', (course, expected) =>
    expect(isGraphic(course)).toBe(expected),
  );
});

describe('column main button (spec 4)', () => {
  const column = (actual: number, isBook: boolean, infinite: boolean, book_count = 4): ColumnBuyState => ({
    actual,
    isBook,
    infinite,
    book_count,
  });
  it.each([
    ['"paid and bought: start learning"', column(30, false, true), 'start'],
    ['"paid and not bought: subscribe"', column(30, false, false), 'subscribe'],
    ['paid, booked but not purchased: subscribe', column(30, true, false), 'subscribe'],
    ['"free and booked: start learning"', column(0, true, false), 'start'],
    ['"free and not booked: subscribe"', column(0, false, false), 'subscribe'],
  ])('%s', (_name, state, action) => {
    expect(columnMainButton(state)).toEqual({ action, disabled: false });
    expect(ownsColumn(state)).toBe(action === 'start');
  });

  it.each([
    ['"sets isBook and increments bookCount"', column(0, false, false, 4), { isBook: true, book_count: 5 }],
    ['already booked: unchanged', column(0, true, false, 4), { isBook: true, book_count: 4 }],
    [
      'a paid column is bought, not subscribed: unchanged',
      column(30, false, false, 4),
      { isBook: false, book_count: 4 },
    ],
  ])('subscribe to a free column: %s', (_name, state, expected) => {
    const before = { ...state };
    expect(subscribeFreeColumn(state)).toMatchObject(expected);
    expect(state).toEqual(before);
  });
});

describe('allowed groups (spec 3: authentication_gid, comma list; 0 or empty = all)', () => {
  it.each([
    ["'0' allows everyone", '0', [], true],
    ["'' allows everyone", '', [], true],
    ['null allows everyone', null, ['3'], true],
    ['number 0 allows everyone', 0, [], true],
    ["'0,5' holds 0: everyone", '0,5', [], true],
    ["' 1, 2 ' with spaces, user in 2", ' 1, 2 ', ['2'], true],
    ["' 1, 2 ' with spaces, user in 3", ' 1, 2 ', ['3'], false],
    ["'1,2', user in no group", '1,2', [], false],
    ["'5', user group id with spaces", '5', [' 5 '], true],
    ["'5', user group as a number", '5', [5], true],
    ["'1,,2,' stray commas", '1,,2,', ['2'], true],
    ['number 7, user in 7', 7, ['7'], true],
    ["'12' does not allow group 1", '12', ['1'], false],
  ] as [string, string | number | null, (string | number)[], boolean][])('%s', (_name, gid, userGroups, expected) => {
    expect(allowedByGroups(gid, userGroups)).toBe(expected);
  });

  it('lists the allowed ids', () => {
    expect(allowedGroupIds(' 1, 2 ')).toEqual(['1', '2']);
    expect(allowedGroupIds('0')).toEqual([]);
  });
});

describe('purchase refusal (spec 5, 6)', () => {
  const student = { uid: '200', sid: '31', gid: ['5'] };
  const check = (
    viewer: PurchaseCheck['viewer'],
    authentication_gid: string = '0',
    ownerId = '100',
  ): PurchaseCheck => ({ viewer, ownerId, authentication_gid });
  it.each([
    ['"need login": not logged in', check(null), 'noLogin'],
    ['uid 0 is not logged in', check({ uid: '0', sid: '0', gid: [] }), 'noLogin'],
    ['"the school owner account" (owner id equals user id)', check({ uid: '100', sid: '', gid: [] }), 'studentOnly'],
    ['the owner even with a student id', check({ uid: '100', sid: '9', gid: [] }), 'studentOnly'],
    [
      '"a logged-in user without a student id" (请使用学员账号进行操作！)',
      check({ uid: '300', sid: '', gid: [] }),
      'studentOnly',
    ],
    ['student id 0 is no student id', check({ uid: '300', sid: '0', gid: [] }), 'studentOnly'],
    ['"users outside the allowed groups"', check(student, '1,2'), 'designatedGroup'],
    ['a student in an allowed group', check(student, ' 1, 5 '), null],
    ['a student, course open to all', check(student, ''), null],
    ['an empty owner id matches nobody', check(student, '0', ''), null],
  ] as [string, PurchaseCheck, RefusalKey | null][])('%s', (_name, input, expected) => {
    expect(purchaseRefusal(input)).toBe(expected);
    expect(canBuy(input)).toBe(expected === null);
  });
});
