import type { ExerciseList, SubmitResult } from '../../../shared/schemas/exercises';
import { call } from '../../api/client';

/** The calls of the quiz dialog and the exercise pages (the chapter's exercises, spec 7 submit answer). */

/** The chapter's exercises for the quiz: the questions without answers, each with the student's state. */
export const getExercises = (coid: string, cid: string) => call<ExerciseList>('exer/list', { method: 'POST', body: { coid, cid } });

/** Submit answer {coid, cid, qid, answer, type}: graded on the server. */
export const submitAnswer = (body: { coid: string; cid: string; qid: string; answer: string; type: number }) => call<SubmitResult>('exer/answer', { method: 'POST', body });

/** The window event the quiz dialog emits when it closes (spec 4 'exercises-updated'): the page refreshes its ware and pending state. */
export const EXERCISES_UPDATED_EVENT = 'lanxue:exercises-updated';
export interface ExercisesUpdated {
  coid: string;
  cid: string;
  /** The questions still pending as the dialog last knew them. */
  pending: string[];
}

export function emitExercisesUpdated(detail: ExercisesUpdated): void {
  window.dispatchEvent(new CustomEvent<ExercisesUpdated>(EXERCISES_UPDATED_EVENT, { detail }));
}
