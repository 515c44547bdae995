/**
 * Whether a student may start an exam now (an opening window, attempts allowed, one
 * sitting at a time per student). Pure: the server refuses a start with it, and the exam lists show the same
 * state on their Start / Continue buttons.
 *
 * Choices where the spec is silent:
 * - A sitting of this exam still open comes first ('inProgress': Continue), even past the window's end: the
 *   server closes it at its own deadline, which never passes the window's end.
 * - Then the window: before opensAt 'notOpen', at or after closesAt 'closed' (null: no bound).
 * - Then the attempts: attempts 0 means unlimited; used sittings (submitted ones) ≥ attempts → 'noAttempts'.
 * - Otherwise 'available'.
 */
export type ExamWindowState = 'notOpen' | 'closed' | 'noAttempts' | 'inProgress' | 'available';

export interface ExamWindowInput {
  opensAt: number | null;
  closesAt: number | null;
  /** Attempts allowed; 0 = unlimited. */
  attempts: number;
  /** The student's sittings of this exam (open ones included). */
  used: number;
  /** The student has an open sitting of this exam. */
  inProgress: boolean;
}

/** The state of an exam for a student at `now` (the rule above). */
export function examWindow(exam: ExamWindowInput, now: number): ExamWindowState {
  if (exam.inProgress) return 'inProgress';
  if (exam.opensAt !== null && now < exam.opensAt) return 'notOpen';
  if (exam.closesAt !== null && now >= exam.closesAt) return 'closed';
  if (exam.attempts > 0 && exam.used >= exam.attempts) return 'noAttempts';
  return 'available';
}

/** Attempts left (null: unlimited). */
export function attemptsLeft(attempts: number, used: number): number | null {
  return attempts > 0 ? Math.max(0, attempts - used) : null;
}

/** A sitting's deadline: the duration from the start, cut at the window's end when there is one. */
export function sittingDeadline(startedAt: number, durationSec: number, closesAt: number | null): number {
  const end = startedAt + durationSec * 1000;
  return closesAt === null ? end : Math.min(end, closesAt);
}
