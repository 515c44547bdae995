/**
 * The study page's view of the student's study (ware.study), kept current between ware calls by
 * the heartbeat replies, and what the shared rules say from it: the locks shown in the chapter list and
 * the next step (shared/rules/next-chapter nextChapterStep, spec 4 'Next chapter flow'). No rule is
 * re-implemented here; this file only builds the rules' inputs from the ware.
 */
import { nextChapterStep, type FlowStage, type NextStep } from '../../../shared/rules/next-chapter';
import { isComplete } from '../../../shared/rules/progress';
import { studyLocks, type OrderedChapterNode } from '../../../shared/rules/study-order';
import type { ChapterNode } from '../../../shared/schemas/chapters';
import type { StudyChapterState, StudyLock, Ware, WareStudy } from '../../../shared/schemas/learning';

/** The study as the page knows it now: the server's, with the progress heartbeats reported since. */
export interface StudyView {
  study: WareStudy;
  /** Progress (0..1) reported by heartbeat replies since the ware was fetched, by cid. */
  progress: Record<string, number>;
}

/** A chapter's record as known now (the server's, with a later progress). */
export function chapterState(view: StudyView, cid: string): StudyChapterState | undefined {
  const own = view.study.chapters.find((chapter) => chapter.cid === cid);
  if (!own) return undefined;
  const later = view.progress[cid];
  return later !== undefined && later > own.progress ? { ...own, progress: later } : own;
}

export const progressOf = (view: StudyView, cid: string): number => chapterState(view, cid)?.progress ?? 0;

/**
 * The lock of a chapter now. The server's locks are taken as they are, except the order_rest lock
 * (couseOrderTip), which a chapter completed on this page since may have lifted: it is asked again of
 * shared/rules/study-order studyLocks with the progress known now (exercises, plans and stage windows
 * do not change by studying here, so their locks stay until the next ware call says otherwise).
 */
export function lockOf(view: StudyView, tree: readonly ChapterNode[], cid: string): StudyLock | null {
  const lock = chapterState(view, cid)?.lock ?? null;
  if (!lock || lock.message !== 'couseOrderTip') return lock;
  const nodes: OrderedChapterNode[] = tree.map((top) => ({
    cid: top.cid,
    title: top.title,
    learnType: top.learnType,
    progress: progressOf(view, top.cid),
    children: top.children.map((child) => ({
      cid: child.cid,
      title: child.title,
      learnType: child.learnType,
      progress: progressOf(view, child.cid),
    })),
  }));
  const now = studyLocks(nodes, { order_rest: view.study.settings.order_rest, exercOrder: false }).get(cid);
  return now?.locked ? { message: now.message, blockedBy: now.blockedBy } : null;
}

/** True when every study chapter of the course is complete (spec 4 'Progress': 1 = complete). */
export function allComplete(view: StudyView): boolean {
  return view.study.chapters.every((chapter) => isComplete(progressOf(view, chapter.cid)));
}

/**
 * A stage's review state (spec 3 'Chapter' verify_status). The server keeps it on the stage's own record;
 * the ware lists study leaves only, so for a stage with subchapters it is read from the lock the server put
 * on the next stage's chapters: a growth plan locks them (orderTip) while the stage is not approved.
 */
function stageVerified(view: StudyView, tree: readonly ChapterNode[], index: number): number {
  const top = tree[index]!;
  const own = view.study.chapters.find((chapter) => chapter.cid === top.cid);
  if (own) return own.verify_status;
  const after = tree.slice(index + 1).flatMap((next) => (next.children.length > 0 ? next.children : [next]));
  const blocked = after.some((leaf) => {
    const lock = chapterState(view, leaf.cid)?.lock;
    return lock?.message === 'orderTip' && lock.blockedBy === top.cid;
  });
  return blocked ? 0 : 1;
}

/**
 * Spec 4 'Next chapter flow' from chapter `cid`: the rule's input built from the ware; a stage has an exam
 * when the ware's exams name its chapter. Passed is the stage's learn record where the ware lists it
 * (a stage without lessons); a stage with lessons is not a study chapter of the ware, so its exam's passed
 * (the ware's exams) stands for it, and a stage with neither counts as passed.
 */
export function nextStepOf(ware: Ware, view: StudyView, cid: string = ware.cid): NextStep {
  const tree = ware.chapters.chapters;
  const study = view.study;
  const stages: FlowStage[] = tree.map((top, index) => {
    const exam = ware.exams.find((item) => item.cid === top.cid);
    return {
      cid: top.cid,
      title: top.title,
      learnType: top.learnType,
      free: top.free,
      progress: progressOf(view, top.cid),
      passed: chapterState(view, top.cid)?.passed ?? exam?.passed ?? true,
      verify_status: stageVerified(view, tree, index),
      stageExam: exam !== undefined,
      children: top.children.map((child) => ({
        cid: child.cid,
        title: child.title,
        learnType: child.learnType,
        free: child.free || top.free,
        progress: progressOf(view, child.cid),
      })),
    };
  });
  return nextChapterStep({
    coid: ware.coid,
    chapters: stages,
    cid,
    owned: study.owned || ware.preview,
    // Review applies to study plans (spec 4 'Growth plan order'); an ordinary course has no stages to review.
    verify: study.settings.verify && study.settings.plan !== null,
    signature: study.settings.signature,
    hasSignature: study.hasSignature,
    gradingOn: study.gradingOn,
    rated: study.rated,
  });
}

/** A study leaf of the tree by cid (title and learn letter for links). */
export function leafOf(tree: readonly ChapterNode[], cid: string): ChapterNode | undefined {
  for (const top of tree) {
    if (top.cid === cid) return top;
    const child = top.children.find((c) => c.cid === cid);
    if (child) return child;
  }
  return undefined;
}
