import { describe, expect, it } from 'vitest';
import { fillMessage, messageAreas, translate } from '../../shared/i18n';
import {
  badgeText,
  EXPIRY_NOTICE_DAYS,
  expiryThreshold,
  NOTICE_PARAM_MAX,
  NOTICE_WORDED_KINDS,
  noticeLink,
  noticeWording,
} from '../../shared/rules/notices';
import { NOTICE_KINDS } from '../../server/modules/notices/notify';

const DAY = 86_400_000;

describe('notice wording by kind', () => {
  it('every kind the notice service writes has its own template, in both languages', () => {
    expect([...NOTICE_WORDED_KINDS].sort()).toEqual([...NOTICE_KINDS].sort());
    const [zh, en] = messageAreas.notices as unknown as [Record<string, string>, Record<string, string>];
    for (const kind of NOTICE_KINDS) {
      const { key } = noticeWording(kind, { outcome: 'approved' });
      expect(zh[key], `${kind} zh`).toBeTruthy();
      expect(en[key], `${kind} en`).toBeTruthy();
    }
  });

  it.each<[string, unknown, string, Record<string, string | number>]>([
    ['a grant names the title', { title: 'Algebra' }, 'notice.kind.course.granted', { title: 'Algebra' }],
    ['a missing title reads empty', {}, 'notice.kind.course.granted', { title: '' }],
    ['extra params are dropped', { title: 'A', evil: '<b>' }, 'notice.kind.course.granted', { title: 'A' }],
    [
      'days arrive as text and become a number',
      { title: 'A', days: '7' },
      'notice.kind.course.expiring',
      { title: 'A', days: 7 },
    ],
    ['objects are not values', { title: { toString: 'x' } }, 'notice.kind.exam.published', { title: '' }],
    [
      'a mark keeps its score',
      { title: 'Final', score: 88.5 },
      'notice.kind.exam.marked',
      { title: 'Final', score: 88.5 },
    ],
    ['params that are not an object', ['x'], 'notice.kind.plan.assigned', { title: '' }],
  ])('%s', (_name, params, key, vars) => {
    const kind = key.replace('notice.kind.', '');
    expect(noticeWording(kind, params)).toEqual({ key, vars });
  });

  it.each([
    ['approved', 'notice.kind.review.decided.approved'],
    ['rejected', 'notice.kind.review.decided.rejected'],
    ['anything else', 'notice.kind.review.decided.rejected'],
  ])('a review %s picks its template', (outcome, key) => {
    expect(noticeWording('review.decided', { title: 'S1', outcome }).key).toBe(key);
  });

  it('an unknown kind gets the general template', () => {
    expect(noticeWording('something.new', { title: 'x' })).toEqual({ key: 'notice.kind.other', vars: {} });
  });

  it('a long title is cut with an ellipsis', () => {
    const { vars } = noticeWording('course.granted', { title: '课'.repeat(500) });
    expect(Array.from(String(vars.title))).toHaveLength(NOTICE_PARAM_MAX);
    expect(String(vars.title).endsWith('…')).toBe(true);
  });

  it('the templates read well in both languages', () => {
    const expiring = noticeWording('course.expiring', { title: 'Algebra', days: 1 });
    expect(translate('en-gb', expiring.key, expiring.vars)).toBe('«Algebra» expires within 1 day');
    expect(translate('zh-CN', expiring.key, expiring.vars)).toBe('「Algebra」将在 1 天内过期');
    const seven = noticeWording('course.expiring', { title: 'Algebra', days: 7 });
    expect(translate('en-gb', seven.key, seven.vars)).toBe('«Algebra» expires within 7 days');
    expect(fillMessage('en-gb', '{count, plural, one {# unread notice} other {# unread notices}}', { count: 2 })).toBe(
      '2 unread notices',
    );
  });
});

describe('notice links and badges', () => {
  it.each([
    ['/course/abc', '/course/abc'],
    ['/dashboard#/controller/myexam', '/dashboard#/controller/myexam'],
    ['https://evil.example/', ''],
    ['//evil.example/', ''],
    ['javascript:alert(1)', ''],
    ['', ''],
  ])('link %s is followed as %s', (link, expected) => {
    expect(noticeLink(link)).toBe(expected);
  });

  it.each([
    [0, ''],
    [-1, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
  ])('badge of %i reads %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('course expiry thresholds (once per grant and threshold)', () => {
  it.each<[string, number, number | null]>([
    ['more than a week left: nothing yet', 8 * DAY, null],
    ['exactly a week left', 7 * DAY, 7],
    ['three days left: the week threshold', 3 * DAY, 7],
    ['a day left: the day threshold', DAY, 1],
    ['an hour left: the day threshold', DAY / 24, 1],
    ['already over: nothing (it has expired)', 0, null],
  ])('%s', (_name, left, expected) => {
    expect(expiryThreshold(left, DAY)).toBe(expected);
  });

  it('thresholds run from the widest to the narrowest', () => {
    expect([...EXPIRY_NOTICE_DAYS]).toEqual([...EXPIRY_NOTICE_DAYS].sort((a, b) => b - a));
  });
});
