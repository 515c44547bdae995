import { describe, expect, it } from 'vitest';
import {
  examTotals,
  studentExamResult,
  type SettledSitting,
  type StudentExamResult,
} from '../../shared/rules/exam-results';

const sat = (score: number, submittedAt: number, more: Partial<SettledSitting> = {}): SettledSitting => ({
  score,
  totalScore: 30,
  passScore: 20,
  passed: score >= 20,
  pendingMarks: 0,
  submittedAt,
  ...more,
});

describe("studentExamResult (a student's sittings of an exam in sum)", () => {
  it.each<[string, SettledSitting[], StudentExamResult | null]>([
    ['no sitting', [], null],
    [
      'one failed sitting',
      [sat(10, 100)],
      { sittings: 1, best: 10, last: 10, passed: false, pending: false, totalScore: 30, passScore: 20, lastAt: 100 },
    ],
    [
      'a pass is kept after a worse sitting; last is the latest submitted',
      [sat(10, 100), sat(25, 200), sat(15, 300)],
      { sittings: 3, best: 25, last: 15, passed: true, pending: false, totalScore: 30, passScore: 20, lastAt: 300 },
    ],
    [
      'order given does not matter',
      [sat(15, 300), sat(25, 200)],
      { sittings: 2, best: 25, last: 15, passed: true, pending: false, totalScore: 30, passScore: 20, lastAt: 300 },
    ],
    [
      'the latest awaits a mark, with the full and pass marks it was sat with',
      [sat(12, 100), sat(20, 200, { passed: false, pendingMarks: 1, totalScore: 40, passScore: 24 })],
      { sittings: 2, best: 20, last: 20, passed: false, pending: true, totalScore: 40, passScore: 24, lastAt: 200 },
    ],
  ])('%s', (_name, sittings, expected) => expect(studentExamResult(sittings)).toEqual(expected));
});

describe("examTotals (an exam's students: who sat, who passed, the average best)", () => {
  it.each<[string, { best: number; passed: boolean }[], Awaited<ReturnType<typeof examTotals>>]>([
    ['nobody sat', [], { sat: 0, passed: 0, passRate: 0, average: 0 }],
    ['one of one passed', [{ best: 25, passed: true }], { sat: 1, passed: 1, passRate: 1, average: 25 }],
    [
      'one of three passed',
      [
        { best: 25, passed: true },
        { best: 10, passed: false },
        { best: 0, passed: false },
      ],
      { sat: 3, passed: 1, passRate: 0.3333, average: 11.67 },
    ],
  ])('%s', (_name, results, expected) => expect(examTotals(results)).toEqual(expected));
});
