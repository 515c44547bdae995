import { describe, expect, it } from 'vitest';
import {
  buyRoute,
  finishDialogs,
  nextChapterStep,
  stageExamDialog,
  trialEnds,
  type FlowChapter,
  type FlowInput,
  type FlowStage,
} from '../../shared/rules/next-chapter';

const leaf = (cid: string, progress = 1, free = false): FlowChapter => ({
  cid,
  title: cid,
  learnType: 'v',
  progress,
  free,
});
const stage = (cid: string, children: FlowChapter[], extra: Partial<FlowStage> = {}): FlowStage => ({
  ...leaf(cid, 0),
  learnType: children.length > 0 ? '' : 'v',
  passed: false,
  verify_status: 0,
  children,
  ...extra,
});

const base = (chapters: FlowStage[], cid: string, over: Partial<FlowInput> = {}): FlowInput => ({
  coid: 'C1',
  chapters,
  cid,
  owned: true,
  verify: false,
  signature: false,
  hasSignature: false,
  gradingOn: false,
  rated: false,
  ...over,
});

// Spec 4 'Next chapter flow': "all subchapters done and stage not passed: the stage exam opens. Done but not
// verified: alert that the stage is finished and review can be requested in the back office. After the last
// chapter the course is complete (message lastSection). If a signature is required and no signature image
// exists, the signature dialog appears. If grading is enabled and the user has not rated, the rating dialog
// appears, then a thanks message."
describe('nextChapterStep (spec 4 Next chapter flow, in the spec order)', () => {
  const plan = (s1: Partial<FlowStage>, progress = [1, 1]) => [
    stage('s1', [leaf('a', progress[0]), leaf('b', progress[1])], { stageExam: true, ...s1 }),
    stage('s2', [leaf('c', 0)], { stageExam: true }),
  ];
  it.each([
    ['inside a stage: the next subchapter', plan({}, [1, 0]), 'a', {}, { step: 'next', cid: 'b', learnType: 'v' }],
    [
      'all subchapters done and the stage not passed: the stage exam opens',
      plan({ passed: false }),
      'b',
      {},
      { step: 'stageExam', stageCid: 's1' },
    ],
    [
      'not all subchapters done: on to the next stage, no exam yet',
      plan({ passed: false }, [0.5, 1]),
      'b',
      {},
      { step: 'next', cid: 'c', learnType: 'v' },
    ],
    [
      'done and passed but not verified, verify on: review can be requested',
      plan({ passed: true, verify_status: 0 }),
      'b',
      { verify: true },
      { step: 'awaitReview', stageCid: 's1', message: 'stageReview' },
    ],
    [
      'done, passed and verified: the next stage',
      plan({ passed: true, verify_status: 1 }),
      'b',
      { verify: true },
      { step: 'next', cid: 'c', learnType: 'v' },
    ],
    [
      'done and passed, verify off: verify_status is not read',
      plan({ passed: true, verify_status: 0 }),
      'b',
      {},
      { step: 'next', cid: 'c', learnType: 'v' },
    ],
    [
      'not passed comes before not verified',
      plan({ passed: false, verify_status: 0 }),
      'b',
      { verify: true },
      { step: 'stageExam', stageCid: 's1' },
    ],
    [
      'a stage without an exam has nothing to pass',
      plan({ stageExam: false }),
      'b',
      {},
      { step: 'next', cid: 'c', learnType: 'v' },
    ],
    [
      're-reading a finished stage moves on inside it',
      plan({ passed: false }),
      'a',
      {},
      { step: 'next', cid: 'b', learnType: 'v' },
    ],
    ['a stage heading goes to its first subchapter', plan({}), 's2', {}, { step: 'next', cid: 'c', learnType: 'v' }],
  ] as const)('%s', (_name, chapters, cid, over, expected) =>
    expect(nextChapterStep(base(chapters, cid, over))).toEqual(expected),
  );

  const course = [stage('x', [], { progress: 1 }), stage('y', [], { progress: 1 })];
  it.each([
    ['after the last chapter: lastSection, nothing else', {}, []],
    ['signature required and missing: the signature dialog', { signature: true, hasSignature: false }, ['signature']],
    ['signature required and present: no dialog', { signature: true, hasSignature: true }, []],
    ['grading on and not rated: rating, then thanks', { gradingOn: true, rated: false }, ['rating', 'thanks']],
    ['grading on and rated: nothing', { gradingOn: true, rated: true }, []],
    ['grading off: no rating even when not rated', { gradingOn: false, rated: false }, []],
    ['signature before rating, then thanks', { signature: true, gradingOn: true }, ['signature', 'rating', 'thanks']],
  ] as const)('%s', (_name, over, dialogs) =>
    expect(nextChapterStep(base(course, 'y', over))).toEqual({ step: 'finished', message: 'lastSection', dialogs }),
  );

  it('the last stage passes through its exam before lastSection', () => {
    const last = [stage('s1', [leaf('a', 1)], { stageExam: true, passed: false })];
    expect(nextChapterStep(base(last, 'a'))).toEqual({ step: 'stageExam', stageCid: 's1' });
    expect(nextChapterStep(base([{ ...last[0], passed: true }], 'a', { signature: true }))).toEqual({
      step: 'finished',
      message: 'lastSection',
      dialogs: ['signature'],
    });
  });

  it('a course with no study chapters is finished', () => {
    expect(nextChapterStep(base([], 'x'))).toEqual({ step: 'finished', message: 'lastSection', dialogs: [] });
  });
});

// Spec 4 'Paid course not purchased': "the end-of-trial dialog offers Buy course, which goes to pay."
describe('end of trial (spec 4 Paid course not purchased)', () => {
  const trial = [
    stage('t', [leaf('f1', 1, true), leaf('f2', 1, true), leaf('p1', 0, false)]),
    stage('u', [], { free: true }),
  ];
  it.each([
    ['not bought: a free chapter follows, go on', false, 'f1', { step: 'next', cid: 'f2', learnType: 'v' }],
    [
      'not bought: a paid chapter follows, the trial ends with Buy course',
      false,
      'f2',
      { step: 'endOfTrial', cid: 'p1', action: 'buy', coid: 'C1' },
    ],
    ['bought: the paid chapter opens', true, 'f2', { step: 'next', cid: 'p1', learnType: 'v' }],
    [
      'not bought: a free top-level chapter after a paid one opens',
      false,
      'p1',
      { step: 'next', cid: 'u', learnType: 'v' },
    ],
  ] as const)('%s', (_name, owned, cid, expected) =>
    expect(nextChapterStep(base(trial, cid, { owned }))).toEqual(expected),
  );

  it.each([
    [false, false, true],
    [false, true, false],
    [true, false, false],
    [true, true, false],
  ] as const)('owned %s, free %s: the trial ends %s', (owned, free, expected) =>
    expect(trialEnds(owned, { free })).toBe(expected),
  );

  it('Buy course goes to pay (spec 2: app.pay on mobile, app.pay.confirm on desktop)', () => {
    expect(buyRoute(true)).toBe('app.pay');
    expect(buyRoute(false)).toBe('app.pay.confirm');
  });

  it('finishDialogs alone', () => {
    expect(finishDialogs({ signature: true, hasSignature: false, gradingOn: true, rated: true })).toEqual([
      'signature',
    ]);
  });
});

// Spec 5 'Exam dialog': "when skipping is not allowed and the test is already passed, no dialog shows; skipping
// is offered only in the optional case."
describe('stageExamDialog (spec 5 Exam dialog)', () => {
  it.each([
    ['required, not passed: Go only (no skipping)', { optional: false, passed: false }, ['go']],
    ['required and already passed: no dialog', { optional: false, passed: true }, null],
    ['optional, not passed: Skip and Go', { optional: true, passed: false }, ['skip', 'go']],
    ['optional and passed: skipping is still offered', { optional: true, passed: true }, ['skip', 'go']],
    ['no exam attached: nothing to sit, no dialog', undefined, null],
  ] as const)('%s', (_name, exam, buttons) => expect(stageExamDialog(exam)).toEqual(buttons));
});
