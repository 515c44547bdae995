/**
 * The score of an exam sitting (short answers
 * wait for a teacher's mark in the back office, then count). Pure: the server settles a sitting with it
 * after submission, at the deadline and after every mark; the back office shows the same figures.
 *
 * Choices where the spec is silent:
 * - A sitting's score is the sum of the points of its graded and marked answers; a question left unanswered
 *   scores 0. Scores are kept to two decimals.
 * - A sitting with short answers still waiting for a mark is not passed yet (pendingMarks > 0); it may pass
 *   once they are marked. A pass needs score >= passScore.
 */
export type SittingAnswerStatus = 'saved' | 'graded' | 'pending' | 'marked';

export interface ScoredAnswer {
  status: SittingAnswerStatus;
  point: number;
}

export interface SittingScore {
  score: number;
  pendingMarks: number;
  passed: boolean;
}

/** Two decimals, without float noise (0.1 + 0.2 → 0.3). */
export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Spec-silent rule above: the score, the marks still due and the pass of a submitted sitting. */
export function sittingScore(answers: readonly ScoredAnswer[], passScore: number): SittingScore {
  let score = 0;
  let pendingMarks = 0;
  for (const answer of answers) {
    if (answer.status === 'graded' || answer.status === 'marked') score += Math.max(0, answer.point);
    else if (answer.status === 'pending') pendingMarks += 1;
  }
  score = roundScore(score);
  return { score, pendingMarks, passed: pendingMarks === 0 && score >= passScore };
}
