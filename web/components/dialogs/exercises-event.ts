/**
 * The window event the quiz dialog emits when it closes (spec 4 'exercises-updated'): the page refreshes its
 * ware and pending state.
 */
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
