/** Shapes of the exercise replies (shared/schemas/exercises.ts): the student's question never carries the answer. */
import { type StudentQuestion, parseOptions } from '../../../shared/schemas/questions';
import type { ChapterExer, ExerciseState, SetQuestion } from '../../../shared/schemas/exercises';
import { learnLetter } from '../../../shared/schemas/chapters';
import { characters } from '../../../shared/rules/text';
import { sanitizeRichText } from '../../lib/sanitize';
import { plainText } from '../questions/question-validation';
import type { ChapterSetRow, ExerciseAnswerRow, SetQuestionRow } from './exercises.repository';

/** The length of a question's excerpt in the back office's lists. */
const EXCERPT_CHARS = 60;

/** Whether the correct answer and explanation may follow this question's submit: the set's and the question's flag. */
export const showsAnswer = (row: SetQuestionRow) => row.setShowAnswer && row.questionShowAnswer;

/** Spec 3 'Question detail' as the student receives it before answering (no answer, no explanation); HTML sanitised on display. */
export function toStudentQuestion(row: SetQuestionRow): StudentQuestion {
  return {
    qid: row.qid,
    type: row.type,
    content: sanitizeRichText(row.content),
    optiondata: parseOptions(row.options).map((option) => ({
      oid: option.oid,
      content: sanitizeRichText(option.content),
    })),
    point: row.point,
    showAnswer: showsAnswer(row),
  };
}

/** A question's state for the student: right, a short answer waiting for a mark, answered wrong, or not answered. */
export function stateOf(answer: ExerciseAnswerRow | undefined): ExerciseState {
  if (!answer) return 'unanswered';
  if (answer.isRight) return 'right';
  if (answer.status === 'pending') return 'pending';
  return 'wrong';
}

/** Spec 3 'Chapter' exer: the chapter's study page as path (see shared/schemas/exercises.ts), eid, title, esid. */
export function toExer(set: ChapterSetRow, code: string, chapterType: number): ChapterExer {
  return {
    path: `/u/learn/${code}/${set.chapterId}/${learnLetter(chapterType) || 'o'}`,
    eid: set.eid,
    title: set.title,
    esid: set.esid,
  };
}

/** A question's text without markup (the bank's plainText), cut to EXCERPT_CHARS characters. */
export function excerptOf(html: string): string {
  const chars = characters(plainText(html));
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : chars.join('');
}

/** A set's question as the back office lists it. */
export function toSetQuestion(row: SetQuestionRow): SetQuestion {
  return {
    qid: row.qid,
    type: row.type,
    excerpt: excerptOf(row.content),
    point: row.point,
    showanswer: row.setShowAnswer,
  };
}
