import { describe, expect, it } from 'vitest';
import {
  ANSWER_ROW,
  chooseOption,
  initialQuiz,
  quizReducer,
  type QuizAction,
  type QuizQuestion,
  type QuizState,
} from '../../shared/rules/quiz';

const single = (qid: string, showAnswer: boolean): QuizQuestion => ({ qid, type: 0, showAnswer });
const multiple = (qid: string, showAnswer: boolean): QuizQuestion => ({ qid, type: 1, showAnswer });
const trueFalse = (qid: string, showAnswer: boolean): QuizQuestion => ({ qid, type: 2, showAnswer });
const short = (qid: string, showAnswer: boolean): QuizQuestion => ({ qid, type: 3, showAnswer });

const run = (actions: QuizAction[], from: QuizState = initialQuiz()) => actions.reduce(quizReducer, from);
const right = (qid: string, given = '1') => ({
  type: 'answered' as const,
  result: { qid, isRight: true, status: 'graded' as const, given, answer: given },
});
const wrong = (qid: string, given = '2') => ({
  type: 'answered' as const,
  result: { qid, isRight: false, status: 'graded' as const, given, answer: '1' },
});
const load = (questions: QuizQuestion[]) => ({ type: 'loaded' as const, questions });
const choose = (oid: string) => ({ type: 'choose' as const, oid });
const press = { type: 'press' as const };

/** What a table row checks of the state. */
const view = (s: QuizState) => ({
  phase: s.phase,
  index: s.index,
  row: s.row,
  submitted: s.submitted,
  answer: s.answer,
  sending: s.sending,
  pending: s.pending,
  updated: s.exercisesUpdated,
});

// Spec 4 'Quiz dialog', each row quoting the sentence it checks.
describe('quiz dialog (spec 4 Quiz dialog)', () => {
  const onTwo = [single('a', true), single('b', true)];
  const offTwo = [single('a', false), single('b', false)];
  it.each<[string, QuizAction[], Partial<Awaited<ReturnType<typeof view>>>]>([
    ['"loading, then question shown"', [], { phase: 'loading' }],
    [
      '"loading, then question shown" (loaded)',
      [load(onTwo)],
      { phase: 'question', index: 0, row: ANSWER_ROW.submit, submitted: false },
    ],
    [
      '"Answer-row state: 1 submit button" (several, show-answer on)',
      [load(onTwo), choose('1')],
      { row: 1, answer: '1' },
    ],
    ['"2 next button (several questions)" (show-answer off: Next submits)', [load(offTwo)], { row: 2 }],
    [
      '"After submission the answer description shows ... options lock" (sending)',
      [load(onTwo), choose('1'), press],
      { sending: { qid: 'a', answer: '1', silent: false }, submitted: false },
    ],
    [
      '"After submission the answer description shows"',
      [load(onTwo), choose('1'), press, right('a')],
      { submitted: true, row: ANSWER_ROW.next },
    ],
    ['"options lock"', [load(onTwo), choose('1'), press, right('a'), choose('2')], { answer: '1', submitted: true }],
    [
      '"Several questions with show-answer on: Next moves on and resets selections"',
      [load(onTwo), choose('1'), press, wrong('a', '1'), press],
      { index: 1, answer: '', submitted: false, row: ANSWER_ROW.submit },
    ],
    [
      '"Several with show-answer off: Next submits silently"',
      [load(offTwo), choose('2'), press],
      { sending: { qid: 'a', answer: '2', silent: true } },
    ],
    [
      '"Several with show-answer off: Next submits silently and advances"',
      [load(offTwo), choose('2'), press, wrong('a')],
      { index: 1, submitted: false, answer: '' },
    ],
    [
      '"After the last question the next-mode resets" (the last has Submit)',
      [load(offTwo), choose('2'), press, wrong('a')],
      { row: ANSWER_ROW.submit },
    ],
    [
      '"After the last question the next-mode resets" (show-answer on: last gives Close)',
      [load(onTwo), choose('1'), press, right('a'), press, choose('1'), press, right('b')],
      { index: 1, row: ANSWER_ROW.close, submitted: true },
    ],
    [
      '"Single question: show-answer on gives a close button after submit"',
      [load([single('a', true)]), choose('1'), press, right('a')],
      { phase: 'question', row: ANSWER_ROW.close, submitted: true, updated: false },
    ],
    [
      '"Single question: show-answer on gives a close button" (Close emits the event)',
      [load([single('a', true)]), choose('1'), press, right('a'), press],
      { phase: 'closed', updated: true },
    ],
    [
      '"otherwise an exercises-updated event is emitted and the dialog closes"',
      [load([single('a', false)]), choose('1'), press, wrong('a')],
      { phase: 'closed', updated: true },
    ],
    [
      '"otherwise ... the dialog closes" (the last of several, show-answer off)',
      [load(offTwo), choose('1'), press, right('a'), choose('1'), press, right('b')],
      { phase: 'closed', updated: true, pending: [] },
    ],
    [
      '"A correctly answered question is removed from the exercise sets\' pending lists"',
      [load(onTwo), choose('1'), press, right('a')],
      { pending: ['b'] },
    ],
    [
      '"A correctly answered question is removed" (a wrong one stays)',
      [load(onTwo), choose('2'), press, wrong('a')],
      { pending: ['a', 'b'] },
    ],
  ])('%s', (_, actions, expected) => expect(view(run(actions))).toMatchObject(expected));
});

// Spec 5 'Quiz': "an answer must be chosen or typed ... else a 2-second toast. Short answer max 500 characters."
describe('answer must be given first (spec 5 Quiz)', () => {
  it.each<[string, QuizQuestion, QuizAction[], 'choose' | 'tooLong']>([
    ['single choice: no id', single('a', true), [], 'choose'],
    ['multiple choice: none chosen', multiple('a', true), [choose('1'), choose('1')], 'choose'],
    ['true/false not chosen', trueFalse('a', true), [], 'choose'],
    ['short answer: blank text', short('a', true), [{ type: 'typed', text: '   ' }], 'choose'],
    ['short answer: 501 characters', short('a', true), [{ type: 'typed', text: '答'.repeat(501) }], 'tooLong'],
  ])('%s → toast %s, nothing sent', (_, question, actions, reason) => {
    const state = run([load([question]), ...actions, press]);
    expect(state.toast?.reason).toBe(reason);
    expect(state.sending).toBeNull();
    expect(state.phase).toBe('question');
    // The same toast again shows again (a new seq).
    expect(quizReducer(state, press).toast?.seq).toBe((state.toast?.seq ?? 0) + 1);
  });

  it('short answer of 500 characters is sent', () => {
    expect(
      run([load([short('a', true)]), { type: 'typed', text: '答'.repeat(500) }, press]).sending?.answer,
    ).toHaveLength(500);
  });
});

// Spec 5 'Quiz': "Multiple-choice answers are sent as ascending ids joined by commas."
describe('choosing options (spec 5: ascending ids joined by commas; true/false 0 means true)', () => {
  it.each<[number, string, string, string]>([
    [1, '', '3', '3'],
    [1, '3', '1', '1,3'],
    [1, '1,3', '2', '1,2,3'],
    [1, '1,2,3', '2', '1,3'],
    [1, '9', '10', '9,10'],
    [0, '1', '2', '2'],
    [2, '', '0', '0'],
    [2, '0', '1', '1'],
  ])('type %s: "%s" + %s → "%s"', (type, answer, oid, sent) => expect(chooseOption(type, answer, oid)).toBe(sent));

  it('a multiple-choice answer travels sorted whatever the clicking order', () => {
    expect(run([load([multiple('m', true)]), choose('4'), choose('2'), choose('3'), press]).sending).toEqual({
      qid: 'm',
      answer: '2,3,4',
      silent: false,
    });
  });
});

describe('failures and guards', () => {
  it('a failed submit keeps the question open with the error', () => {
    const state = run([
      load([single('a', true)]),
      choose('1'),
      press,
      { type: 'sendFailed', error: 'question not in exercises' },
    ]);
    expect(view(state)).toMatchObject({ phase: 'question', submitted: false, answer: '1', sending: null });
    expect(state.error).toBe('question not in exercises');
  });
  it('a grade for another question than the one sent is ignored', () => {
    const sent = run([load([single('a', true)]), choose('1'), press]);
    expect(quizReducer(sent, right('zzz'))).toBe(sent);
  });
  it('nothing can be chosen or pressed while a submit is on its way', () => {
    const sent = run([load([multiple('a', true)]), choose('1'), press]);
    expect(quizReducer(sent, choose('2'))).toBe(sent);
    expect(quizReducer(sent, press)).toBe(sent);
  });
  it('no questions: failed; a load error: failed with its text', () => {
    expect(run([load([])]).phase).toBe('failed');
    expect(run([{ type: 'loadFailed', error: 'switchToViewMode' }])).toMatchObject({
      phase: 'failed',
      error: 'switchToViewMode',
    });
  });
  it('closing at any time emits the exercises-updated event', () => {
    expect(run([load([single('a', true), single('b', true)]), { type: 'close' }])).toMatchObject({
      phase: 'closed',
      exercisesUpdated: true,
    });
  });
});
