/**
 * A student's grant rows per course (server/modules/access/holdings grantsByCourse): each row is one way of
 * holding, oldest first, with how it was obtained; the access policy's validityOf then takes the way that
 * serves the student best (an order's renewal row beside the first purchase, a grant's end beside a key's).
 */
import { describe, expect, it } from 'vitest';
import { VALIDITY, DAY_MS } from '../../shared/rules/course-status';
import { grantsByCourse } from '../../server/modules/access/holdings';
import { validityOf, type AccessCourse, type Holding } from '../../server/modules/access/policy';

type Via = 'admin' | 'key' | 'code' | 'order';
const row = (courseId: string, grantId: string, createdAt: number, expiresAt: number | null, via: Via = 'admin') => ({
  courseId,
  grantId,
  createdAt,
  expiresAt,
  via,
});

describe('grant rows per course', () => {
  it('keeps each row as a way, oldest first, with its via and ref', () => {
    const ways = grantsByCourse([row('c', 'g2', 20, 90, 'order'), row('c', 'g1', 10, null, 'key')]).get('c');
    expect(ways).toEqual([
      { via: 'key', since: 10, until: null, ref: 'g1' },
      { via: 'order', since: 20, until: 90, ref: 'g2' },
    ]);
  });
  it('keeps courses apart', () => {
    const merged = grantsByCourse([row('a', 'g1', 1, null), row('b', 'g1', 1, null)]);
    expect([...merged.keys()]).toEqual(['a', 'b']);
  });
});

describe('the best way of several', () => {
  const course = {
    id: 'c',
    schoolId: 's',
    catid: '0',
    published: true,
    deleted: false,
    isPrivate: false,
    type: 0,
    actualFen: 1000,
    ceType: VALIDITY.daysFromPurchase,
    ceTime: '3',
    settings: '{}',
    authenticationGid: '',
    orderRest: false,
    level: 0,
    label: 0,
  } satisfies AccessCourse;
  const way = (source: Holding['source'], since: number, until: number | null): Holding => ({
    source,
    since,
    until,
    required: false,
    others: [],
  });
  const now = 10 * DAY_MS;
  it.each([
    [
      'a renewal row reaches past the first purchase',
      [way('order', 8 * DAY_MS, null), way('order', now, 20 * DAY_MS)],
      20 * DAY_MS,
      'order',
    ],
    [
      'the course days from a key beat an earlier grant end',
      [way('admin', 0, 9 * DAY_MS), way('key', 9 * DAY_MS, null)],
      12 * DAY_MS,
      'key',
    ],
    [
      'a membership end beats lapsed days',
      [way('order', 0, null), way('member', 5 * DAY_MS, 40 * DAY_MS)],
      40 * DAY_MS,
      'member',
    ],
  ] as const)('%s', (_name, ways, end, source) => {
    const [first, ...others] = ways;
    const best = validityOf(course, { ...first, others }, now);
    expect(best.status.status).toBe(0);
    expect(best.status.limitedDate).toBe(end);
    expect(best.holding?.source).toBe(source);
  });
});
