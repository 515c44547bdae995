/**
 * What happens when a student moves on from a chapter (spec 4 'Next chapter flow', 'Paid course not
 * purchased'; spec 3 'Course settings' signature, verify; 'Chapter' free, showgrade, passed, verify_status;
 * spec 6 "grading follows showgrade"; spec 8 message key lastSection).
 *
 * Spec 4 'Next chapter flow': "all subchapters done and stage not passed: the stage exam opens. Done but not
 * verified: alert that the stage is finished and review can be requested in the back office. After the last
 * chapter the course is complete (message lastSection). If a signature is required and no signature image
 * exists, the signature dialog appears. If grading is enabled and the user has not rated, the rating dialog
 * appears, then a thanks message."
 * Spec 4 'Paid course not purchased': "the end-of-trial dialog offers Buy course, which goes to pay."
 *
 * Order of the checks, as the spec lists them:
 *   1. the stage of the current chapter is all studied and its exam not passed → stageExam;
 *   2. studied (and passed) but not verified while verify is on → awaitReview;
 *   3. a next chapter exists → next, or endOfTrial when the course is not owned and that chapter is not free;
 *   4. none: finished with lastSection, then signature (required and missing), then rating (grading on and not
 *      rated), then thanks (only after the rating, as the spec words it).
 * Choice where the spec is silent: the stage checks (1, 2) apply when leaving the stage — when the next
 * chapter is in another stage or there is none — so re-reading an earlier subchapter of a finished stage
 * moves on inside the stage. Leaving a cid that is not a study leaf (a heading) goes to the first leaf of
 * its stage, or of the course; with no leaves at all the course counts as finished.
 *
 * Spec 5 'Exam dialog' (stageExamDialog): "when skipping is not allowed and the test is already passed, no
 * dialog shows; skipping is offered only in the optional case".
 */
import { studyOrder, type StudyChapter } from './learning';
import { stagePassed, stageStudied, type PlanChapter } from './study-order';

/** A chapter of the flow: a study leaf with its stage data and the trial flag. */
export interface FlowChapter extends StudyChapter {
  progress: number | string | null | undefined;
  /** spec 3 'Chapter' free: open to everyone as a trial. */
  free: boolean;
}

/** A top-level chapter (a stage) of the flow; the plan fields may be left out for an ordinary course. */
export interface FlowStage extends FlowChapter, Partial<Pick<PlanChapter, 'passed' | 'verify_status' | 'stageExam'>> {
  children: readonly FlowChapter[];
}

export interface FlowInput {
  coid: string;
  chapters: readonly FlowStage[];
  /** The chapter the student leaves. */
  cid: string;
  /** The student owns the course (free, or bought and not past its limited date). */
  owned: boolean;
  /** Course settings verify and signature (spec 3). */
  verify: boolean;
  signature: boolean;
  /** A signature image exists for the course (stu/checksignature hasImg). */
  hasSignature: boolean;
  /** Grading is on for the chapter (showgrade) and the student has not rated it yet (check grade hasVal). */
  gradingOn: boolean;
  rated: boolean;
}

/** The dialogs shown after the course is complete, in order. */
export type FinishDialog = 'signature' | 'rating' | 'thanks';

export type NextStep =
  | { step: 'stageExam'; stageCid: string }
  | { step: 'awaitReview'; stageCid: string; message: 'stageReview' }
  | { step: 'next'; cid: string; learnType: string }
  | { step: 'endOfTrial'; cid: string; action: 'buy'; coid: string }
  | { step: 'finished'; message: 'lastSection'; dialogs: FinishDialog[] };

/**
 * Spec 4: after the last chapter — signature where required and missing, rating where grading is on and not
 * yet rated, then thanks (which follows the rating).
 */
export function finishDialogs(
  input: Pick<FlowInput, 'signature' | 'hasSignature' | 'gradingOn' | 'rated'>,
): FinishDialog[] {
  const dialogs: FinishDialog[] = [];
  if (input.signature && !input.hasSignature) dialogs.push('signature');
  if (input.gradingOn && !input.rated) dialogs.push('rating', 'thanks');
  return dialogs;
}

/** Spec 4 'Paid course not purchased': a chapter the student may not open without buying (the trial ends there). */
export function trialEnds(owned: boolean, chapter: Pick<FlowChapter, 'free'>): boolean {
  return !owned && !chapter.free;
}

/** Where the end-of-trial dialog's Buy course goes (spec 2 'Payment': app.pay on mobile, app.pay.confirm on desktop). */
export function buyRoute(mobile: boolean): 'app.pay' | 'app.pay.confirm' {
  return mobile ? 'app.pay' : 'app.pay.confirm';
}

/** Spec 4 'Next chapter flow': the next step after chapter `cid`, in the order described above. */
export function nextChapterStep(input: FlowInput): NextStep {
  const order = studyOrder(input.chapters);
  const at = order.findIndex((chapter) => chapter.cid === input.cid);
  const stage = input.chapters.find(
    (top) => top.cid === input.cid || top.children.some((child) => child.cid === input.cid),
  );
  // A cid that is not a study leaf (a stage heading, or unknown) moves to the first leaf of its stage or of the course.
  const next =
    at >= 0
      ? order[at + 1]
      : (order.find((leaf) => stage?.children.some((child) => child.cid === leaf.cid)) ?? order[0]);
  const nextStage = next
    ? input.chapters.find((top) => top.cid === next.cid || top.children.some((child) => child.cid === next.cid))
    : undefined;

  if (at >= 0 && stage && nextStage !== stage && stageStudied(stage)) {
    if (!stagePassed({ passed: stage.passed ?? false, stageExam: stage.stageExam }))
      return { step: 'stageExam', stageCid: stage.cid };
    if (input.verify && Number(stage.verify_status) !== 1)
      return { step: 'awaitReview', stageCid: stage.cid, message: 'stageReview' };
  }
  if (next) {
    const chapter =
      nextStage?.cid === next.cid ? nextStage : nextStage?.children.find((child) => child.cid === next.cid);
    if (chapter && trialEnds(input.owned, chapter))
      return { step: 'endOfTrial', cid: next.cid, action: 'buy', coid: input.coid };
    return { step: 'next', cid: next.cid, learnType: next.learnType };
  }
  return { step: 'finished', message: 'lastSection', dialogs: finishDialogs(input) };
}

/** A stage's exam as the study page knows it (the ware's exams): may be skipped, passed by this student. */
export interface StageExam {
  optional: boolean;
  passed: boolean;
}

/** The stage-exam dialog's buttons: go to the exam, or skip it to the next chapter. */
export type StageExamButton = 'go' | 'skip';

/**
 * Spec 5 'Exam dialog': "when skipping is not allowed and the test is already passed, no dialog shows;
 * skipping is offered only in the optional case". The buttons of the dialog the stageExam step opens, or null
 * for no dialog (the flow goes on to the next chapter): a required exam passed → null; a required exam not
 * passed → Go only; an optional exam → Skip and Go. No exam attached: nothing to sit, no dialog.
 */
export function stageExamDialog(exam: StageExam | undefined): StageExamButton[] | null {
  if (!exam) return null;
  if (exam.optional) return ['skip', 'go'];
  return exam.passed ? null : ['go'];
}
