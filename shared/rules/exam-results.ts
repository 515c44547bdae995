/**
 * A student's sittings of one exam in sum, and an exam's totals over its students: what the back office's
 * records show beside exercise results (issue 18 'Records a school can trust'). Pure. Each sitting's score
 * and pass are those settled by the grading rule (exam-score sittingScore); nothing is graded again here.
 *
 * Choices where the spec is silent:
 * - Only submitted sittings count (one still being answered has no score yet), as the exam's statistics do.
 * - Best is the highest score; last is the score of the latest submitted sitting (submission time).
 * - A student has passed when any sitting passed: a pass is never taken back by a later, worse sitting
 *   (as the chapter's passed flag, exams/sitting-score.ts).
 * - Awaiting a mark: the latest sitting still has short answers to mark (it may pass once marked).
 * - An exam's totals count students, not sittings: who sat it, who passed, the pass rate (passed / sat)
 *   and the average of each student's best score.
 */
import { roundScore } from './exam-score';

export interface SettledSitting {
  score: number;
  totalScore: number;
  passScore: number;
  passed: boolean;
  pendingMarks: number;
  submittedAt: number;
}

export interface StudentExamResult {
  sittings: number;
  best: number;
  last: number;
  passed: boolean;
  /** The latest sitting still waits for a teacher's mark. */
  pending: boolean;
  /** Full marks and pass mark of the latest sitting (as it was sat). */
  totalScore: number;
  passScore: number;
  lastAt: number;
}

/** A student's submitted sittings of one exam in sum; null when there are none. */
export function studentExamResult(sittings: readonly SettledSitting[]): StudentExamResult | null {
  if (sittings.length === 0) return null;
  const latest = sittings.reduce((a, b) => (b.submittedAt > a.submittedAt ? b : a));
  return {
    sittings: sittings.length,
    best: Math.max(...sittings.map((sitting) => sitting.score)),
    last: latest.score,
    passed: sittings.some((sitting) => sitting.passed),
    pending: latest.pendingMarks > 0,
    totalScore: latest.totalScore,
    passScore: latest.passScore,
    lastAt: latest.submittedAt,
  };
}

export interface ExamTotals {
  /** Students with a submitted sitting. */
  sat: number;
  passed: number;
  /** passed / sat, 0 to 1 (0 when nobody sat). */
  passRate: number;
  /** The average of the students' best scores (0 when nobody sat). */
  average: number;
}

/** An exam's totals over its students' results. */
export function examTotals(results: readonly Pick<StudentExamResult, 'best' | 'passed'>[]): ExamTotals {
  const sat = results.length;
  const passed = results.filter((result) => result.passed).length;
  const sum = results.reduce((total, result) => total + result.best, 0);
  return {
    sat,
    passed,
    passRate: sat > 0 ? Math.round((passed / sat) * 10_000) / 10_000 : 0,
    average: sat > 0 ? roundScore(sum / sat) : 0,
  };
}
