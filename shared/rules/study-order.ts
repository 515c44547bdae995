/**
 * Which chapters a student may open, by the course's order rules (spec 3 'Course' order_rest,
 * settings.exercOrder, level; 'Chapter' progress, passed, verify_status, exer; spec 4 'Ordered study',
 * 'Growth plan order'; spec 8 message keys couseOrderTip, orderTip, orderTip2; errorCode 1 = orderTip).
 *
 * The leaves a student opens, in order, come from shared/rules/learning studyOrder (subchapters of a chapter
 * that has them, else the chapter itself, headings skipped); this file adds the locks.
 *
 * Choices where the spec is silent:
 * - order_rest locks a chapter whose immediately previous chapter in study order is incomplete (spec: "the
 *   previous chapter"), with couseOrderTip; the first chapter is never locked by it.
 * - exercOrder ("a separate check applies") locks a chapter while any earlier chapter still has exercises
 *   pending (pendingExercises > 0: questions of its exercise set not yet answered correctly — spec 4 'Quiz
 *   dialog': "A correctly answered question is removed from the exercise sets' pending lists"), with orderTip2.
 *   It applies with or without order_rest; when both lock a chapter, order_rest's message is given.
 * - Growth plan order looks at top-level chapters (the plan's stages). A stage with no exam counts as passed
 *   (stagePassed); verify_status 1 is required only when the course setting verify is on.
 * - A study-plan course (type 3) is a growth plan at level 0 and a phase plan at level 1 (spec 3 'level').
 */
import { isComplete, type ProgressValue } from './progress';
import { studyOrder, type StudyChapter } from './learning';

/** Course settings read by the order rules (spec 3 'Course' order_rest, 'Course settings' exercOrder, verify). */
export interface OrderSettings {
  order_rest: boolean;
  exercOrder: boolean;
}

/** A chapter (leaf or heading) with the student's record. */
export interface OrderedChapter extends StudyChapter {
  /** The learn record's progress (0-1 or percent, spec 3). */
  progress: ProgressValue;
  /** Exercise questions of this chapter not yet answered correctly; 0 or absent when none. */
  pendingExercises?: number;
}

export interface OrderedChapterNode extends OrderedChapter {
  children: readonly OrderedChapter[];
}

/** Why a chapter is locked by the order rules (spec 8 message keys). */
export type OrderLock = { locked: false } | { locked: true; message: 'couseOrderTip' | 'orderTip2'; blockedBy: string };

const OPEN: OrderLock = { locked: false };

/** The leaves in study order, with their records (learning.ts studyOrder, fields kept). */
function orderedLeaves(chapters: readonly OrderedChapterNode[]): OrderedChapter[] {
  const byCid = new Map<string, OrderedChapter>();
  for (const chapter of chapters) {
    byCid.set(chapter.cid, chapter);
    for (const child of chapter.children) byCid.set(child.cid, child);
  }
  return studyOrder(chapters).map((chapter) => byCid.get(chapter.cid) as OrderedChapter);
}

/**
 * Spec 4 'Ordered study': "when order_rest is on, a chapter cannot start until the previous chapter is
 * complete; when exercOrder is on, a separate check applies." Returns the lock of every leaf by cid.
 */
export function studyLocks(chapters: readonly OrderedChapterNode[], settings: OrderSettings): Map<string, OrderLock> {
  const leaves = orderedLeaves(chapters);
  const locks = new Map<string, OrderLock>();
  let firstPending: string | null = null;
  leaves.forEach((chapter, index) => {
    const previous = leaves[index - 1];
    if (settings.order_rest && previous && !isComplete(previous.progress)) {
      locks.set(chapter.cid, { locked: true, message: 'couseOrderTip', blockedBy: previous.cid });
    } else if (settings.exercOrder && firstPending !== null) {
      locks.set(chapter.cid, { locked: true, message: 'orderTip2', blockedBy: firstPending });
    } else {
      locks.set(chapter.cid, OPEN);
    }
    if (firstPending === null && (chapter.pendingExercises ?? 0) > 0) firstPending = chapter.cid;
  });
  return locks;
}

/** The order lock of one chapter (open when it is not a leaf of the course). */
export function studyLock(chapters: readonly OrderedChapterNode[], settings: OrderSettings, cid: string): OrderLock {
  return studyLocks(chapters, settings).get(cid) ?? OPEN;
}

/** A top-level chapter of a study plan (a stage) with the student's records. */
export interface PlanChapter {
  cid: string;
  /** Its own progress, read when it has no subchapters. */
  progress: ProgressValue;
  /** The stage exam was passed (spec 3 'Chapter' passed). */
  passed: boolean;
  /** The review state (spec 3 'Chapter' verify_status); 1 = approved. */
  verify_status: number;
  /** The stage has an exam to pass; absent or false: nothing to pass. */
  stageExam?: boolean;
  children: readonly { cid: string; progress: ProgressValue }[];
}

/** Spec 3 'Chapter' passed: a stage with an exam must have passed it; a stage without one has nothing to pass. */
export function stagePassed(stage: Pick<PlanChapter, 'passed' | 'stageExam'>): boolean {
  return !stage.stageExam || stage.passed;
}

/** True when every subchapter of the stage (or the stage itself, without subchapters) is at progress 1. */
export function stageStudied(stage: Pick<PlanChapter, 'progress' | 'children'>): boolean {
  return stage.children.length > 0
    ? stage.children.every((child) => isComplete(child.progress))
    : isComplete(stage.progress);
}

/** Spec 4 'Growth plan order' for one earlier stage: all subchapters at 1, passed, and verified where verify is set. */
export function stageFinished(stage: PlanChapter, verify: boolean): boolean {
  return stageStudied(stage) && stagePassed(stage) && (!verify || Number(stage.verify_status) === 1);
}

export type GrowthOrder =
  | { ok: true }
  | { ok: false; message: 'orderTip'; redirect: 'studyDetail'; coid: string; blockedBy: string };

/**
 * Spec 4 'Growth plan order': "a chapter is reachable only if all earlier chapters have all subchapters at
 * progress 1, are passed, and (if verify is set) have verify_status 1; else the orderTip alert and redirect
 * to the study plan detail." cid may be a stage or one of its subchapters; an unknown cid is not refused here.
 */
export function growthPlanOrder(
  coid: string,
  stages: readonly PlanChapter[],
  verify: boolean,
  cid: string,
): GrowthOrder {
  const at = stages.findIndex((stage) => stage.cid === cid || stage.children.some((child) => child.cid === cid));
  if (at < 0) return { ok: true };
  const blocking = stages.slice(0, at).find((stage) => !stageFinished(stage, verify));
  if (!blocking) return { ok: true };
  return { ok: false, message: 'orderTip', redirect: 'studyDetail', coid, blockedBy: blocking.cid };
}

/** Study plan kinds (spec 3 'Course' level: 0 growth plan, 1 phase plan) of a study-plan course (type 3). */
export type PlanKind = 'growth' | 'phase';

/** The plan kind of a course: only a study-plan course (type 3) has one; level 0 growth, level 1 phase. */
export function planKind(course: { type: number | string; level: number | string }): PlanKind | null {
  if (Number(course.type) !== 3) return null;
  const level = Number(course.level);
  if (level === 0) return 'growth';
  if (level === 1) return 'phase';
  return null;
}
