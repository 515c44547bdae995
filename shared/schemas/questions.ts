/**
 * Questions as they travel (issue 6; spec 3 'Question detail': type, content, answer, optiondata (oid,
 * content), point, showAnswer; spec 9 option letters A to N, short answer max 500). The student's shape never
 * carries the answer: the correct answer reaches the browser only in the reply to the student's own submit,
 * and only when show-answer applies (issue 6 'Grading on the server').
 *
 * The back office's question bank schemas (zQuestion, zNewQuestion ...) are added below by the bank's module.
 */
import * as z from 'zod';
import { MAX_OPTIONS } from '../rules/grading';
import { zId } from './common';

/** An option of a choice question: its stable id (a number as text) and its content (sanitised HTML). */
export const zQuestionOption = z.object({ oid: z.string().regex(/^\d{1,3}$/), content: z.string().max(5000) });
export type QuestionOption = z.infer<typeof zQuestionOption>;
export const zQuestionOptions = z.array(zQuestionOption).max(MAX_OPTIONS);

/** Reads a questions.options column (JSON); [] when it cannot be read. */
export function parseOptions(text: string): QuestionOption[] {
  try {
    const parsed = zQuestionOptions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Spec 3 'Question detail' as a student receives it before answering: no answer, no explanation. */
export const zStudentQuestion = z.object({
  qid: zId,
  /** 0 single choice, 1 multiple choice, 2 true/false ('0' means true), 3 short answer. */
  type: z.number().int(),
  content: z.string(),
  optiondata: z.array(zQuestionOption),
  point: z.number(),
  /** Whether the correct answer is shown after the student submits. */
  showAnswer: z.boolean(),
});
export type StudentQuestion = z.infer<typeof zStudentQuestion>;

/** Spec 3 'Submit-answer response' isRight, getpoint; with show-answer, the correct answer and its explanation. */
export const zAnswerResult = z.object({
  qid: zId,
  /** 'pending': a short answer waiting for a teacher's mark (isRight false and getpoint 0 until then). */
  status: z.enum(['graded', 'pending']),
  isRight: z.boolean(),
  getpoint: z.number(),
  /** The answer the student gave, as stored. */
  given: z.string(),
  /** The correct answer (spec 3 form), present only when show-answer applies. */
  answer: z.string().optional(),
  explanation: z.string().optional(),
});
export type AnswerResult = z.infer<typeof zAnswerResult>;
