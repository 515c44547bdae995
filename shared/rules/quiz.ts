/**
 * The quiz dialog of chapter exercises as a pure state machine (spec 4 'Quiz dialog'; spec 5 'Quiz'). The
 * dialog (web/components/dialogs/QuizDialog.tsx) renders the state and performs the one effect it asks for
 * (`sending`: submit this answer), then reports the server's grade back with 'answered'.
 *
 * Spec 4 'Quiz dialog': "loading, then question shown. Answer-row state: 1 submit button, 2 next button
 * (several questions), 0 close button. After submission the answer description shows (chosen answer with
 * correct/incorrect mark and the correct answer); options lock. Several questions with show-answer on: Next
 * moves on and resets selections. Several with show-answer off: Next submits silently and advances. After the
 * last question the next-mode resets. Single question: show-answer on gives a close button after submit;
 * otherwise an exercises-updated event is emitted and the dialog closes. A correctly answered question is
 * removed from the exercise sets' pending lists."
 * Spec 5 'Quiz': "an answer must be chosen or typed ... else a 2-second toast. Short answer max 500
 * characters. Multiple-choice answers are sent as ascending ids joined by commas."
 *
 * Choices where the spec is silent:
 * - Show-answer is read per question (the set holds it per question): the current question's flag decides.
 * - "After the last question the next-mode resets": the last question of several has the submit button
 *   again and ends as a single question does (close button with show-answer, else event and close).
 * - Closing the dialog in any way emits the exercises-updated event, so the page refreshes what is pending.
 * - A failed submit keeps the question as it was (answer kept, options open) with the server's error.
 */
import { answerProblem, choiceAnswer, choiceIds, questionKind } from './grading';

/** Spec 4 answer-row states. */
export const ANSWER_ROW = { close: 0, submit: 1, next: 2 } as const;
export type AnswerRow = (typeof ANSWER_ROW)[keyof typeof ANSWER_ROW];

/** A question as the dialog's machine reads it. */
export interface QuizQuestion {
  qid: string;
  type: number;
  showAnswer: boolean;
}

/** The server's grade of a submit, as the machine reads it. */
export interface QuizResult {
  qid: string;
  isRight: boolean;
  status: 'graded' | 'pending';
  given: string;
  answer?: string;
  explanation?: string;
}

export interface QuizState<Q extends QuizQuestion = QuizQuestion> {
  phase: 'loading' | 'question' | 'closed' | 'failed';
  questions: Q[];
  index: number;
  /** The answer being given, in the form it is sent (ascending ids joined by commas for choices). */
  answer: string;
  /** The answer row's button (spec 4). */
  row: AnswerRow;
  /** The answer description shows and the options are locked. */
  submitted: boolean;
  result: QuizResult | null;
  /** The submit the dialog must send now (silent: show-answer off, several questions — advance when graded). */
  sending: { qid: string; answer: string; silent: boolean } | null;
  /** Question ids still pending (spec 4: a correctly answered question leaves the list). */
  pending: string[];
  /** The 2-second toast (spec 5), seq grows with every toast so the same one shows again. */
  toast: { reason: 'choose' | 'tooLong'; seq: number } | null;
  /** The server's error of a failed submit or load. */
  error: string | null;
  /** The exercises-updated event to emit (set when the dialog closes). */
  exercisesUpdated: boolean;
}

export type QuizAction<Q extends QuizQuestion = QuizQuestion> =
  | { type: 'loaded'; questions: Q[]; pending?: string[] }
  | { type: 'loadFailed'; error: string }
  | { type: 'choose'; oid: string }
  | { type: 'typed'; text: string }
  | { type: 'press' }
  | { type: 'answered'; result: QuizResult }
  | { type: 'sendFailed'; error: string }
  | { type: 'close' };

/** The machine before anything is loaded. */
export function initialQuiz<Q extends QuizQuestion>(): QuizState<Q> {
  return {
    phase: 'loading',
    questions: [],
    index: 0,
    answer: '',
    row: ANSWER_ROW.submit,
    submitted: false,
    result: null,
    sending: null,
    pending: [],
    toast: null,
    error: null,
    exercisesUpdated: false,
  };
}

const several = (state: QuizState) => state.questions.length > 1;
const isLast = (state: QuizState) => state.index >= state.questions.length - 1;
export const currentQuestion = <Q extends QuizQuestion>(state: QuizState<Q>): Q | null =>
  state.questions[state.index] ?? null;

/** The row before submitting: Next that submits silently (several, show-answer off, not the last), else Submit. */
function rowBefore(state: QuizState): AnswerRow {
  const question = currentQuestion(state);
  return question && several(state) && !isLast(state) && !question.showAnswer ? ANSWER_ROW.next : ANSWER_ROW.submit;
}

/** Shows the question at index with a fresh answer (selections reset). */
function showAt<Q extends QuizQuestion>(state: QuizState<Q>, index: number): QuizState<Q> {
  const next = {
    ...state,
    phase: 'question' as const,
    index,
    answer: '',
    submitted: false,
    result: null,
    sending: null,
    error: null,
  };
  return { ...next, row: rowBefore(next) };
}

const closed = <Q extends QuizQuestion>(state: QuizState<Q>): QuizState<Q> => ({
  ...state,
  phase: 'closed',
  sending: null,
  exercisesUpdated: true,
});

/** The answer after choosing option oid: single → that id; multiple → toggled, ascending; true/false → '0' (true) or '1'. */
export function chooseOption(type: number, answer: string, oid: string): string {
  const kind = questionKind(type);
  if (kind === 'multiple') {
    const ids = choiceIds(answer);
    return choiceAnswer(ids.includes(oid) ? ids.filter((id) => id !== oid) : [...ids, oid]);
  }
  return oid;
}

/** The quiz dialog's reducer (see the header for the spec's words). */
export function quizReducer<Q extends QuizQuestion>(state: QuizState<Q>, action: QuizAction<Q>): QuizState<Q> {
  switch (action.type) {
    case 'loaded':
      if (action.questions.length === 0) return { ...state, phase: 'failed', error: 'empty' };
      return showAt(
        { ...state, questions: action.questions, pending: action.pending ?? action.questions.map((q) => q.qid) },
        0,
      );
    case 'loadFailed':
      return { ...state, phase: 'failed', error: action.error };
    case 'choose':
    case 'typed': {
      const question = currentQuestion(state);
      // Options lock after submission (and while a submit is on its way).
      if (state.phase !== 'question' || !question || state.submitted || state.sending) return state;
      const answer = action.type === 'choose' ? chooseOption(question.type, state.answer, action.oid) : action.text;
      return { ...state, answer, toast: null, error: null };
    }
    case 'press': {
      const question = currentQuestion(state);
      if (state.phase !== 'question' || !question || state.sending) return state;
      if (state.row === ANSWER_ROW.close) return closed(state);
      if (state.submitted) return isLast(state) ? closed(state) : showAt(state, state.index + 1);
      const problem = answerProblem(question.type, state.answer);
      if (problem) return { ...state, toast: { reason: problem, seq: (state.toast?.seq ?? 0) + 1 } };
      return {
        ...state,
        toast: null,
        error: null,
        sending: { qid: question.qid, answer: state.answer, silent: state.row === ANSWER_ROW.next },
      };
    }
    case 'answered': {
      const { sending } = state;
      if (!sending || sending.qid !== action.result.qid) return state;
      const pending = action.result.isRight ? state.pending.filter((qid) => qid !== action.result.qid) : state.pending;
      const graded = { ...state, pending, sending: null, result: action.result };
      if (sending.silent) return showAt(graded, state.index + 1);
      const question = currentQuestion(state)!;
      if (!question.showAnswer) return closed(graded);
      return { ...graded, submitted: true, row: several(state) && !isLast(state) ? ANSWER_ROW.next : ANSWER_ROW.close };
    }
    case 'sendFailed':
      return { ...state, sending: null, error: action.error };
    case 'close':
      return closed(state);
  }
}
