import * as z from 'zod';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/**
 * Chapter exercise results in the back office's records (issue 18 'Records a school can trust'): each
 * student's results per chapter (questions answered, right, waiting for a mark, score, attempts) and each
 * question's statistics (how many answered it, how many right, the common wrong choices). Permission
 * 'student' and the administrator's school, like the other records views.
 */

/** GET learn/exercises {coid, sid?, page, num}: a course's exercise results (one student's with sid). */
export const zExerciseRecordsQuery = z.object({
  coid: zCode,
  sid: zId.optional(),
  page: zQueryPage,
  num: zQueryNum(200),
});
export type ExerciseRecordsQuery = z.output<typeof zExerciseRecordsQuery>;

/** A student's results on one chapter's exercises (their latest answer of each question). */
export const zExerciseResult = z.object({
  sid: z.string(),
  name: z.string(),
  username: z.string(),
  cid: z.string(),
  chapter: z.string(),
  /** Questions in the chapter's set now. */
  questions: z.number().int(),
  answered: z.number().int(),
  right: z.number().int(),
  /** Short answers waiting for a teacher's mark. */
  pending: z.number().int(),
  score: z.number(),
  /** The points of every question of the set. */
  max_score: z.number(),
  /** Submits in all (each answer sent again counts). */
  attempts: z.number().int(),
  last_answered: z.number(),
});
export type ExerciseResult = z.infer<typeof zExerciseResult>;

/** A wrong answer given to a choice or true/false question, as option letters ('A,C') or 'true'/'false'. */
export const zWrongChoice = z.object({ answer: z.string(), count: z.number().int() });

/** One question of a chapter's set, over every student's latest answer. */
export const zQuestionStat = z.object({
  cid: z.string(),
  chapter: z.string(),
  qid: z.string(),
  /** 0 single, 1 multiple, 2 true/false, 3 short answer. */
  type: z.number().int(),
  excerpt: z.string(),
  point: z.number(),
  answered: z.number().int(),
  right: z.number().int(),
  pending: z.number().int(),
  /** The most common wrong answers, most given first (at most 3; none for short answers). */
  wrong_choices: z.array(zWrongChoice),
});
export type QuestionStat = z.infer<typeof zQuestionStat>;

export const zExerciseRecords = z.object({
  coid: z.string(),
  title: z.string(),
  /** One row per student and chapter, latest answer first; only the student's with sid. */
  results: z.object({ list: z.array(zExerciseResult), total: z.number().int() }),
  /** Every question of the course's chapter sets, in study order (the student's answers only with sid). */
  questions: z.array(zQuestionStat),
});
export type ExerciseRecords = z.infer<typeof zExerciseRecords>;
