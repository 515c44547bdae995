/**
 * Chapter exercises as they travel (graded on the server: gradeAnswer in shared/rules/grading; spec 3 'Chapter'
 * exer {path, eid, title, esid} and exerc_count, 'Question detail'; spec 7 course/exelist, course/updateExec,
 * exer/submit, check/exercise, 'Get question detail {qid}', 'Submit answer {coid,qid,answer,type}').
 *
 * The student never receives a question's answer or explanation before submitting it (zStudentQuestion);
 * the answer result (zAnswerResult) carries them only when the set's and the question's show-answer allow.
 *
 * Choices where the spec is silent:
 * - exer.path is the study page of the chapter whose exercises these are (/u/learn/{code}/{cid}/{letter}).
 * - Calls name the chapter as well as the question ({coid, cid, qid}): a question belongs to a chapter's set,
 *   and an answer is recorded per chapter (the same question may sit in two chapters' sets).
 * - type in a submit is what the client believes; the server grades by the stored question's type.
 */
import * as z from 'zod';
import { zAnswerResult, zStudentQuestion } from './questions';
import { zCode, zId } from './common';

/** Error strings of the exercise calls. */
export const EXERCISE_ERRORS = {
  /** Spec 5: "Showing a question window is refused when the parent id equals the user id, with a message to switch to view mode." */
  viewMode: 'switchToViewMode',
  /** The question is not in this chapter's exercise set. */
  notInSet: 'question not in exercises',
  /** The chapter has no exercise set. */
  noExercises: 'no exercises',
  /** course/updateExec: a question that is not the school's, or deleted. */
  unknownQuestion: 'unknown question',
  /** An answer that is not chosen/typed, or a short answer over 500 characters (shared/rules/grading answerProblem). */
  choose: 'answer required',
  tooLong: 'answer too long',
} as const;

/** At most this many questions in one exercise set. */
export const EXERCISE_SET_MAX = 200;
/** An exercise set's title. */
export const EXERCISE_TITLE_MAX = 100;

/** Spec 3 'Chapter' exer: the set's address, its id (eid), title and the chapter's link id (esid). */
export const zChapterExer = z.object({ path: z.string(), eid: z.string(), title: z.string(), esid: z.string() });
export type ChapterExer = z.infer<typeof zChapterExer>;

// ---------------------------------------------------------------- back office

/** POST course/exelist {coid}. */
export const zExeListBody = z.object({ coid: zId });

/** A question of a set as the back office lists it. */
export const zSetQuestion = z.object({
  qid: z.string(),
  type: z.number().int(),
  /** The question's text without markup, cut short. */
  excerpt: z.string(),
  point: z.number(),
  /** The set's show-answer flag for this question. */
  showanswer: z.boolean(),
});
export type SetQuestion = z.infer<typeof zSetQuestion>;

/** A chapter with its exercises (spec 3 'Chapter' exer and exerc_count). */
export const zChapterExercises = z.object({
  cid: z.string(),
  parent_id: z.string(),
  title: z.string(),
  type: z.number().int(),
  exer: zChapterExer.nullable(),
  exerc_count: z.number().int(),
  questions: z.array(zSetQuestion),
});
export type ChapterExercises = z.infer<typeof zChapterExercises>;

export const zExeList = z.object({ coid: z.string(), chapters: z.array(zChapterExercises) });
export type ExeList = z.infer<typeof zExeList>;

/** POST course/updateExec: the chapter's set in order; an empty list detaches it. */
export const zUpdateExec = z.object({
  coid: zId,
  cid: zId,
  title: z.string().trim().max(EXERCISE_TITLE_MAX).default(''),
  questions: z
    .array(
      z.object({
        qid: zId,
        showanswer: z
          .union([z.boolean(), z.literal(0), z.literal(1)])
          .transform(Boolean)
          .default(true),
      }),
    )
    .max(EXERCISE_SET_MAX)
    .refine((list) => new Set(list.map((q) => q.qid)).size === list.length, 'a question is listed twice'),
});
export type UpdateExec = z.input<typeof zUpdateExec>;

// ---------------------------------------------------------------- student

/** A chapter's exercises named by the student: the course (decimal or encoded) and the chapter. */
export const zExerciseRef = z.object({ coid: zCode, cid: zId });
/** Get question detail {qid} (spec 7), with the chapter whose set holds it. */
export const zQuestionRef = zExerciseRef.extend({ qid: zId });

/** A question's state for this student: answered right, answered wrong, a short answer waiting for a mark, not answered. */
export const EXERCISE_STATES = ['right', 'wrong', 'pending', 'unanswered'] as const;
export type ExerciseState = (typeof EXERCISE_STATES)[number];

/** A question of the chapter's set for the quiz, with this student's state (never the correct answer). */
export const zExerciseQuestion = zStudentQuestion.extend({ state: z.enum(EXERCISE_STATES) });
export type ExerciseQuestion = z.infer<typeof zExerciseQuestion>;

/** check/exercise: the questions still pending (not answered right, nor waiting for a mark) and whether none is. */
export const zExerciseCheck = z.object({ pending: z.array(z.string()), done: z.boolean(), total: z.number().int() });
export type ExerciseCheck = z.infer<typeof zExerciseCheck>;

/** The chapter's exercises for the quiz. */
export const zExerciseList = zExerciseCheck.extend({
  coid: z.string(),
  cid: z.string(),
  exer: zChapterExer,
  questions: z.array(zExerciseQuestion),
});
export type ExerciseList = z.infer<typeof zExerciseList>;

/** The answer as sent: choice ids (ascending, comma-joined), '0'/'1', or text (checked by answerProblem). */
const zGiven = z.string().max(2000);

/** Submit answer {coid, qid, answer, type} (spec 7), with the chapter. */
export const zSubmitAnswer = zQuestionRef.extend({ answer: zGiven, type: z.coerce.number().int().optional() });
export type SubmitAnswer = z.input<typeof zSubmitAnswer>;

/** exer/submit: several answers of one chapter at once. */
export const zExerSubmit = zExerciseRef.extend({
  answers: z
    .array(z.object({ qid: zId, answer: zGiven, type: z.coerce.number().int().optional() }))
    .min(1)
    .max(EXERCISE_SET_MAX)
    .refine((list) => new Set(list.map((a) => a.qid)).size === list.length, 'a question is answered twice'),
});

/** Submit answer's reply: the grade, and the chapter's pending state after it. */
export const zSubmitResult = zAnswerResult.extend({ pending: z.array(z.string()), done: z.boolean() });
export type SubmitResult = z.infer<typeof zSubmitResult>;

/** exer/submit's reply. */
export const zExerSubmitResult = zExerciseCheck.extend({ results: z.array(zAnswerResult) });
export type ExerSubmitResult = z.infer<typeof zExerSubmitResult>;
