/**
 * A student's grants merged per course (server/modules/access/holdings grantsByCourse): held since the earliest
 * grant; until null when one grant keeps the course's validity, else the latest chosen end.
 */
import { describe, expect, it } from 'vitest';
import { grantsByCourse } from '../../server/modules/access/holdings';

const row = (courseId: string, grantId: string, createdAt: number, expiresAt: number | null) => ({
  courseId,
  grantId,
  createdAt,
  expiresAt,
});

describe('grants merged per course', () => {
  it.each([
    ['one grant', [row('c', 'g1', 10, 50)], { since: 10, until: 50, grantIds: ['g1'] }],
    [
      'two ends: the later',
      [row('c', 'g1', 10, 50), row('c', 'g2', 5, 80)],
      { since: 5, until: 80, grantIds: ['g1', 'g2'] },
    ],
    [
      'an end and the course validity: the validity',
      [row('c', 'g1', 10, 50), row('c', 'g2', 20, null)],
      {
        since: 10,
        until: null,
        grantIds: ['g1', 'g2'],
      },
    ],
    [
      'the course validity first',
      [row('c', 'g1', 10, null), row('c', 'g2', 20, 90)],
      {
        since: 10,
        until: null,
        grantIds: ['g1', 'g2'],
      },
    ],
  ] as const)('%s', (_name, rows, expected) => {
    expect(grantsByCourse(rows).get('c')).toEqual(expected);
  });
  it('keeps courses apart', () => {
    const merged = grantsByCourse([row('a', 'g1', 1, null), row('b', 'g1', 1, null)]);
    expect([...merged.keys()]).toEqual(['a', 'b']);
  });
});
