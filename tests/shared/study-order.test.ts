import { describe, expect, it } from 'vitest';
import {
  growthPlanOrder,
  planKind,
  stageFinished,
  stagePassed,
  studyLock,
  studyLocks,
  type OrderedChapter,
  type OrderedChapterNode,
  type PlanChapter,
} from '../../shared/rules/study-order';

const leaf = (cid: string, progress: number, pendingExercises = 0, learnType = 'v'): OrderedChapter => ({
  cid,
  title: cid,
  learnType,
  progress,
  pendingExercises,
});
const top = (
  cid: string,
  progress: number,
  children: OrderedChapter[] = [],
  pendingExercises = 0,
): OrderedChapterNode => ({
  ...leaf(cid, progress, pendingExercises, children.length > 0 ? '' : 'v'),
  children,
});

// Spec 4 'Ordered study': "when order_rest is on, a chapter cannot start until the previous chapter is complete;
// when exercOrder is on, a separate check applies." Spec 8 message keys couseOrderTip, orderTip2.
describe('studyLock (spec 4 Ordered study, order_rest and exercOrder)', () => {
  // Study order: a, b1, b2, c (b is a chapter with two subchapters, h a heading without any).
  const course = (
    a: number,
    b1: number,
    b2: number,
    c: number,
    pending: Partial<Record<string, number>> = {},
  ): OrderedChapterNode[] => [
    top('a', a, [], pending.a ?? 0),
    top('b', 0, [leaf('b1', b1, pending.b1 ?? 0), leaf('b2', b2, pending.b2 ?? 0)]),
    { cid: 'h', title: 'h', learnType: '', progress: 0, children: [] },
    top('c', c, [], pending.c ?? 0),
  ];
  const off = { order_rest: false, exercOrder: false };
  const rest = { order_rest: true, exercOrder: false };
  const exerc = { order_rest: false, exercOrder: true };
  const both = { order_rest: true, exercOrder: true };

  it.each([
    ['order_rest off: nothing is locked', course(0, 0, 0, 0), off, 'c', { locked: false }],
    ['order_rest on: the first chapter is never locked', course(0, 0, 0, 0), rest, 'a', { locked: false }],
    [
      'order_rest on: previous chapter at 0.99 locks the next (below 1 is incomplete)',
      course(0.99, 0, 0, 0),
      rest,
      'b1',
      { locked: true, message: 'couseOrderTip', blockedBy: 'a' },
    ],
    ['order_rest on: previous chapter at 1 opens the next', course(1, 0, 0, 0), rest, 'b1', { locked: false }],
    ['order_rest on: a percent 100 is complete too', course(100, 0, 0, 0), rest, 'b1', { locked: false }],
    [
      'order_rest on: subchapters are chapters in study order (b1 blocks b2)',
      course(1, 0.5, 0, 0),
      rest,
      'b2',
      { locked: true, message: 'couseOrderTip', blockedBy: 'b1' },
    ],
    [
      'order_rest on: the heading without subchapters is skipped (b2 blocks c)',
      course(1, 1, 0.2, 0),
      rest,
      'c',
      { locked: true, message: 'couseOrderTip', blockedBy: 'b2' },
    ],
    ['order_rest on: only the previous chapter counts', course(0, 1, 1, 0), rest, 'c', { locked: false }],
    [
      'exercOrder on: pending exercises of an earlier chapter lock later ones',
      course(1, 1, 1, 0, { a: 2 }),
      exerc,
      'c',
      { locked: true, message: 'orderTip2', blockedBy: 'a' },
    ],
    [
      'exercOrder on: applies without order_rest even when progress is 0',
      course(0, 0, 0, 0, { a: 1 }),
      exerc,
      'b1',
      { locked: true, message: 'orderTip2', blockedBy: 'a' },
    ],
    [
      'exercOrder on: the first chapter with pending exercises is named',
      course(1, 1, 1, 0, { a: 1, b2: 4 }),
      exerc,
      'c',
      { locked: true, message: 'orderTip2', blockedBy: 'a' },
    ],
    [
      'exercOrder on: a chapter is not locked by its own exercises',
      course(0, 0, 0, 0, { a: 3 }),
      exerc,
      'a',
      { locked: false },
    ],
    ['exercOrder on: no pending exercises, nothing locked', course(0, 0, 0, 0), exerc, 'c', { locked: false }],
    ['exercOrder off: pending exercises do not lock', course(1, 1, 1, 0, { a: 2 }), rest, 'c', { locked: false }],
    [
      'both on: order_rest speaks first',
      course(0.5, 0, 0, 0, { a: 1 }),
      both,
      'b1',
      { locked: true, message: 'couseOrderTip', blockedBy: 'a' },
    ],
    [
      'both on: complete but exercises pending gives orderTip2',
      course(1, 0, 0, 0, { a: 1 }),
      both,
      'b1',
      { locked: true, message: 'orderTip2', blockedBy: 'a' },
    ],
    ['a stage heading is not a study leaf: open', course(0, 0, 0, 0), rest, 'b', { locked: false }],
    ['an unknown cid is open here (existence is checked elsewhere)', course(0, 0, 0, 0), rest, 'zz', { locked: false }],
  ] as const)('%s', (_name, chapters, settings, cid, expected) =>
    expect(studyLock(chapters, settings, cid)).toEqual(expected),
  );

  it('lists every study leaf, in order', () => {
    expect([...studyLocks(course(1, 0, 0, 0), rest).entries()].map(([cid, lock]) => [cid, lock.locked])).toEqual([
      ['a', false],
      ['b1', false],
      ['b2', true],
      ['c', true],
    ]);
  });
});

// Spec 4 'Growth plan order': "a chapter is reachable only if all earlier chapters have all subchapters at
// progress 1, are passed, and (if verify is set) have verify_status 1; else the orderTip alert and redirect to
// the study plan detail."
describe('growthPlanOrder (spec 4 Growth plan order)', () => {
  const stage = (
    cid: string,
    progresses: number[],
    passed = true,
    verify_status = 1,
    stageExam = true,
  ): PlanChapter => ({
    cid,
    progress: 0,
    passed,
    verify_status,
    stageExam,
    children: progresses.map((progress, i) => ({ cid: `${cid}${i + 1}`, progress })),
  });
  const refused = (blockedBy: string) => ({
    ok: false,
    message: 'orderTip',
    redirect: 'studyDetail',
    coid: 'C1',
    blockedBy,
  });

  it.each([
    ['the first stage is always reachable', [stage('s', [0, 0], false, 0), stage('t', [0])], false, 's1', { ok: true }],
    [
      'all earlier subchapters at 1, passed, verified: reachable',
      [stage('s', [1, 1]), stage('t', [0])],
      true,
      't1',
      { ok: true },
    ],
    [
      'an earlier subchapter at 0.99: orderTip and the plan detail',
      [stage('s', [1, 0.99]), stage('t', [0])],
      false,
      't1',
      refused('s'),
    ],
    ['earlier stage not passed: orderTip', [stage('s', [1, 1], false), stage('t', [0])], false, 't1', refused('s')],
    [
      'a stage without an exam has nothing to pass',
      [stage('s', [1, 1], false, 1, false), stage('t', [0])],
      false,
      't1',
      { ok: true },
    ],
    [
      'verify set and verify_status 0: orderTip',
      [stage('s', [1, 1], true, 0), stage('t', [0])],
      true,
      't1',
      refused('s'),
    ],
    [
      'verify set and verify_status 2 (rejected): orderTip',
      [stage('s', [1, 1], true, 2), stage('t', [0])],
      true,
      't1',
      refused('s'),
    ],
    [
      'verify not set: verify_status is not read',
      [stage('s', [1, 1], true, 0), stage('t', [0])],
      false,
      't1',
      { ok: true },
    ],
    [
      'the stage heading itself is checked like its subchapters',
      [stage('s', [0]), stage('t', [0])],
      false,
      't',
      refused('s'),
    ],
    [
      'all earlier stages count, not just the previous one',
      [stage('s', [0.5]), stage('t', [1]), stage('u', [0])],
      false,
      'u1',
      refused('s'),
    ],
    ['a later stage does not matter', [stage('s', [1]), stage('t', [0], false, 0)], true, 's1', { ok: true }],
    ['an unknown chapter is not refused here', [stage('s', [0])], false, 'x', { ok: true }],
  ] as const)('%s', (_name, stages, verify, cid, expected) =>
    expect(growthPlanOrder('C1', stages, verify, cid)).toEqual(expected),
  );

  it('a stage without subchapters is read by its own progress', () => {
    const own: PlanChapter = { cid: 's', progress: 1, passed: true, verify_status: 1, stageExam: true, children: [] };
    expect(stageFinished(own, true)).toBe(true);
    expect(stageFinished({ ...own, progress: 0.5 }, true)).toBe(false);
    expect(stagePassed({ passed: false })).toBe(true);
    expect(stagePassed({ passed: false, stageExam: true })).toBe(false);
  });
});

// Spec 3 'Course': "type (... 3 study-plan course ...), level (0 growth plan or beginner, 1 phase plan or intermediate, 2 advanced)".
describe('planKind (spec 3 level words for a study-plan course)', () => {
  it.each([
    [3, 0, 'growth'],
    ['3', '1', 'phase'],
    [3, 2, null],
    [0, 0, null],
    [4, 1, null],
  ] as const)('type %s level %s: %s', (type, level, expected) => expect(planKind({ type, level })).toBe(expected));
});
