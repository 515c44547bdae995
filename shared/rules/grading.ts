/**
 * Grading of one answer, on the server (spec 3 'Question detail', 5 'Quiz', 9 option
 * letters A to N and short answer max 500). Pure: the server grades with it, and the quiz dialog uses the same
 * checks before it submits (an answer must be chosen or typed first).
 *
 * Spec 3 'Question detail': "type (0 single choice, 1 multiple choice, 2 true/false, other short answer) ...
 * answer (comma-separated option ids for types 0 and 1; 0 or 1 for true/false where 0 means true; text
 * otherwise)". Spec 5 'Quiz': "Multiple-choice answers are sent as ascending ids joined by commas."
 *
 * Choices where the spec is silent:
 * - A multiple-choice answer is right only when the set of ids equals the correct set (any order, repeats
 *   ignored); there is no partial credit: getpoint is the question's points or 0.
 * - Ids are compared as written after trimming; ascending means numeric order when every id is a number,
 *   else text order.
 * - A short answer is not graded here: it waits for a teacher's mark (status 'pending').
 */
import { characters } from './text';

export const QUESTION_TYPE = { single: 0, multiple: 1, trueFalse: 2, short: 3 } as const;
export type QuestionKind = 'single' | 'multiple' | 'trueFalse' | 'short';

/** Spec 9: option letters A to N (at most 14 options). */
export const OPTION_LETTERS = 'ABCDEFGHIJKLMN';
export const MAX_OPTIONS = OPTION_LETTERS.length;
/** Spec 9: short answer max 500 characters. */
export const SHORT_ANSWER_MAX = 500;

/** The kind of a question type number: 0, 1, 2, and any other number is a short answer. */
export function questionKind(type: number | string): QuestionKind {
  const value = Number(type);
  if (value === QUESTION_TYPE.single) return 'single';
  if (value === QUESTION_TYPE.multiple) return 'multiple';
  if (value === QUESTION_TYPE.trueFalse) return 'trueFalse';
  return 'short';
}

/** The letter of the option at a position (0 → A ... 13 → N); '' past N. */
export function optionLetter(index: number): string {
  return Number.isInteger(index) && index >= 0 && index < MAX_OPTIONS ? OPTION_LETTERS[index] : '';
}

/** The ids of a choice answer: trimmed, without blanks or repeats, ascending. */
export function choiceIds(answer: string | readonly string[]): string[] {
  const ids = [
    ...new Set(
      (typeof answer === 'string' ? answer.split(',') : answer)
        .map((id) => String(id).trim())
        .filter((id) => id !== ''),
    ),
  ];
  const numeric = ids.every((id) => /^\d+$/.test(id));
  return ids.sort(numeric ? (a, b) => Number(a) - Number(b) : undefined);
}

/** Spec 5 'Quiz': a multiple-choice answer as it is sent, ascending ids joined by commas. */
export function choiceAnswer(ids: string | readonly string[]): string {
  return choiceIds(ids).join(',');
}

/** An answer as kept: choices as ascending ids joined by commas (spec 5), true/false trimmed, text as typed. */
export function storedAnswer(type: number | string, given: string): string {
  const kind = questionKind(type);
  if (kind === 'single' || kind === 'multiple') return choiceAnswer(given);
  if (kind === 'trueFalse') return given.trim();
  return given;
}

/**
 * Spec 5 'Quiz': "an answer must be chosen or typed (single choice id, at least one multiple-choice id,
 * true/false chosen, or non-empty text)"; a short answer also at most 500 characters. The reason is the
 * message to show, null when the answer may be submitted.
 */
export function answerProblem(type: number | string, answer: string): 'choose' | 'tooLong' | null {
  const kind = questionKind(type);
  if (kind === 'single') return choiceIds(answer).length === 1 ? null : 'choose';
  if (kind === 'multiple') return choiceIds(answer).length >= 1 ? null : 'choose';
  if (kind === 'trueFalse') return answer.trim() === '0' || answer.trim() === '1' ? null : 'choose';
  if (answer.trim() === '') return 'choose';
  return characters(answer).length > SHORT_ANSWER_MAX ? 'tooLong' : null;
}

export type Grade = { status: 'graded'; isRight: boolean; getpoint: number } | { status: 'pending'; getpoint: 0 };

/** A question as grading reads it. */
export interface GradedQuestion {
  type: number | string;
  /** The correct answer as stored (spec 3). */
  answer: string;
  point: number;
}

/** Grades one answer (submit answer's isRight and getpoint): choices by set, true/false by 0/1, short answers wait for marking. */
export function gradeAnswer(question: GradedQuestion, given: string): Grade {
  const kind = questionKind(question.type);
  if (kind === 'short') return { status: 'pending', getpoint: 0 };
  let isRight: boolean;
  if (kind === 'trueFalse') {
    isRight = (given.trim() === '0' || given.trim() === '1') && given.trim() === question.answer.trim();
  } else {
    const right = choiceIds(question.answer);
    const chosen = choiceIds(given);
    const sizeOk = kind === 'single' ? chosen.length === 1 : chosen.length >= 1;
    isRight = sizeOk && right.length === chosen.length && right.every((id, i) => id === chosen[i]);
  }
  return { status: 'graded', isRight, getpoint: isRight ? Math.max(0, question.point) : 0 };
}
