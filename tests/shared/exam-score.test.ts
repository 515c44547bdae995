import { describe, expect, it } from 'vitest';
import { roundScore, sittingScore, type ScoredAnswer } from '../../shared/rules/exam-score';

const graded = (point: number): ScoredAnswer => ({ status: 'graded', point });

describe('sittingScore (short answers wait for a mark, then count)', () => {
  it.each<[string, ScoredAnswer[], number, { score: number; pendingMarks: number; passed: boolean }]>([
    ['nothing answered', [], 60, { score: 0, pendingMarks: 0, passed: false }],
    ['nothing answered, pass score 0', [], 0, { score: 0, pendingMarks: 0, passed: true }],
    ['graded points add up', [graded(40), graded(30), graded(0)], 60, { score: 70, pendingMarks: 0, passed: true }],
    ['just below the pass score', [graded(59.5)], 60, { score: 59.5, pendingMarks: 0, passed: false }],
    ['exactly the pass score', [graded(60)], 60, { score: 60, pendingMarks: 0, passed: true }],
    [
      'a short answer waiting: not passed yet',
      [graded(80), { status: 'pending', point: 0 }],
      60,
      { score: 80, pendingMarks: 1, passed: false },
    ],
    [
      'the short answer marked: counts',
      [graded(50), { status: 'marked', point: 15 }],
      60,
      { score: 65, pendingMarks: 0, passed: true },
    ],
    [
      'saved but never submitted answers score nothing',
      [{ status: 'saved', point: 10 }],
      5,
      { score: 0, pendingMarks: 0, passed: false },
    ],
    ['negative points are never taken off', [graded(10), graded(-5)], 10, { score: 10, pendingMarks: 0, passed: true }],
    ['no float noise', [graded(0.1), graded(0.2)], 0.3, { score: 0.3, pendingMarks: 0, passed: true }],
  ])('%s', (_name, answers, pass, expected) => expect(sittingScore(answers, pass)).toEqual(expected));

  it('rounds to two decimals', () => {
    expect(roundScore(1.005 + 2)).toBe(3.01);
    expect(roundScore(2 / 3)).toBe(0.67);
  });
});
