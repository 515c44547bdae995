/**
 * The study page's flow: the chapter list's progress and locks, the chapter-complete
 * tip, the next chapter flow with its dialogs (end of trial, stage exam, awaiting review, finished, then the
 * signature and rating dialogs and thanks), the staged plan's opening window, and the switch and leave
 * reminders that hold study. The decisions are shared/rules (next-chapter, study-order, activity,
 * learn-messages); this hook wires them to the heartbeat's replies, the media's end and the buttons.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  stageExamDialog,
  type FinishDialog,
  type NextStep,
  type StageExamButton,
} from '../../../shared/rules/next-chapter';
import { learnRuleText } from '../../../shared/rules/learn-messages';
import { displayPercent, isComplete } from '../../../shared/rules/progress';
import type { StudyLock, Ware } from '../../../shared/schemas/learning';
import type { HeartbeatReply } from '../../../shared/schemas/records';
import { useBootstrap } from '../../bootstrap';
import { alert } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useActivity } from '../../hooks/useActivity';
import { STUDY_HOLD_EVENT, type StudyHooks } from '../../hooks/useHeartbeat';
import { useLocale, useT } from '../../i18n';
import { currentPath, isSameSitePath } from '../../urls';
import { openExam } from '../../api/exams';
import { errorText } from '../exams/messages';
import type { NavStudy } from './ChapterNav';
import { RatingDialog, SignatureDialog } from './dialogs/finishDialogs';
import { ReminderDialog } from './dialogs/ReminderDialog';
import { StageWindowDialog, type StageWindowInfo } from './dialogs/StageWindowDialog';
import { StudyDialog, type DialogAction } from './dialogs/StudyDialog';
import { BUY_QUERY } from '../../paths';
import { courseChapterHref, courseInfoHref, learnHref, planHref } from './links';
import { allComplete, chapterState, leafOf, lockOf, nextStepOf, progressOf, type StudyView } from './study-state';

type FlowDialog =
  | { kind: 'chapterTip'; step: NextStep }
  | { kind: 'ended'; step: NextStep }
  | { kind: 'endOfTrial' }
  | { kind: 'stageExam'; stageCid: string; buttons: StageExamButton[] }
  | { kind: 'finished'; dialogs: FinishDialog[] }
  | { kind: 'finish'; queue: FinishDialog[] }
  | { kind: 'stage'; info: StageWindowInfo };

/** How long after a media's end to wait for the heartbeat's reply (which may say the chapter is complete). */
const ENDED_WAIT_MS = 2500;

/**
 * Spec 4 'Chapter-tip dialog': "The button goes to the return url, except in yks mode when the button
 * says back to center or the url has dashboard or mycourse_m, where it just closes." The return url is the
 * page's return parameter, else the course page.
 */
function tipReturn(model: string, code: string): { toCenter: boolean; href: string } {
  const wanted = new URLSearchParams(window.location.search).get('return') ?? '';
  const toCenter = model === 'yks' || /dashboard|mycourse_m/.test(wanted);
  return { toCenter, href: isSameSitePath(wanted) ? wanted : courseChapterHref(code) };
}

export interface StudyFlow {
  hooks: StudyHooks;
  nav: NavStudy | undefined;
  onNext: (() => void) | undefined;
  onFinish: (() => void) | undefined;
  finished: boolean;
  dialogs: ReactNode;
}

export function useStudyFlow(ware: Ware): StudyFlow {
  const boot = useBootstrap();
  const t = useT();
  const locale = useLocale();
  const { study } = ware;
  const tree = ware.chapters.chapters;
  const recorded = study.recorded;

  const [progress, setProgress] = useState<Record<string, number>>({});
  const [signed, setSigned] = useState(study.hasSignature);
  const [rated, setRated] = useState(study.rated);
  const view: StudyView = useMemo(
    () => ({ study: { ...study, hasSignature: signed, rated }, progress }),
    [study, signed, rated, progress],
  );
  const viewRef = useRef(view);
  viewRef.current = view;
  const [dialog, setDialog] = useState<FlowDialog | null>(null);
  const dialogRef = useRef(dialog);
  dialogRef.current = dialog;

  const plan = planHref(boot, ware.coid);

  const showLock = useCallback(
    (cid: string, lock: StudyLock) => {
      if (lock.message === 'stageNotOpen' || lock.message === 'stageClosed') {
        setDialog({
          kind: 'stage',
          info: { message: lock.message, window: chapterState(viewRef.current, cid)?.window ?? null },
        });
        return;
      }
      // Spec 4 'Growth plan order': "else the orderTip alert and redirect to the study plan detail".
      if (lock.message === 'orderTip') {
        void alert({ text: learnRuleText('orderTip', locale) }).then(() => window.location.assign(plan));
        return;
      }
      void alert({ text: learnRuleText(lock.message, locale) });
    },
    [locale, plan],
  );

  /** Acts on a step of the next chapter flow (spec 4). */
  const runStep = useCallback(
    (step: NextStep) => {
      switch (step.step) {
        case 'next': {
          const lock = lockOf(viewRef.current, tree, step.cid);
          if (lock) {
            setDialog(null);
            showLock(step.cid, lock);
            return;
          }
          window.location.assign(learnHref(ware.code, step.cid, step.learnType));
          return;
        }
        case 'endOfTrial':
          setDialog({ kind: 'endOfTrial' });
          return;
        case 'stageExam': {
          // Spec 5 'Exam dialog' (shared/rules/next-chapter stageExamDialog): no dialog for a required exam already passed.
          const buttons = stageExamDialog(ware.exams.find((item) => item.cid === step.stageCid));
          if (!buttons) {
            setDialog(null);
            if (ware.next) window.location.assign(learnHref(ware.code, ware.next.cid, ware.next.learnType));
            return;
          }
          setDialog({ kind: 'stageExam', stageCid: step.stageCid, buttons });
          return;
        }
        case 'awaitReview':
          setDialog(null);
          void alert({ text: learnRuleText('stageReview', locale) });
          return;
        case 'finished':
          // The last chapter reached, but the course is complete only when every chapter is (spec 4 'Progress').
          if (recorded && !allComplete(viewRef.current)) {
            setDialog(null);
            void alert({ text: t('learn.flow.courseNotComplete') });
            return;
          }
          setDialog({ kind: 'finished', dialogs: recorded ? step.dialogs : [] });
      }
    },
    [tree, ware.code, ware.exams, ware.next, showLock, locale, recorded, t],
  );

  const runNext = useCallback(() => runStep(nextStepOf(ware, viewRef.current)), [ware, runStep]);

  // The heartbeat's replies: the progress the server decided; the chapter-complete tip when it turns complete.
  const onReply = useCallback(
    (reply: HeartbeatReply) => {
      if (reply.cid !== ware.cid) return;
      const before = viewRef.current;
      const was = isComplete(progressOf(before, reply.cid));
      const value = reply.completed ? 1 : reply.progress;
      if (value <= progressOf(before, reply.cid)) return;
      const next: StudyView = { ...before, progress: { ...before.progress, [reply.cid]: value } };
      viewRef.current = next;
      setProgress(next.progress);
      if (!was && isComplete(value) && recorded) {
        const open = dialogRef.current;
        if (!open || open.kind === 'ended') setDialog({ kind: 'chapterTip', step: nextStepOf(ware, next) });
      }
    },
    [ware, recorded],
  );
  const onReplyRef = useRef(onReply);
  onReplyRef.current = onReply;
  const held = useRef(false);
  const hooks = useMemo<StudyHooks>(() => ({ onReply: (reply) => onReplyRef.current(reply), held }), []);

  // The end of a video or audio runs the flow (after the heartbeat's reply, which may complete the chapter).
  useEffect(() => {
    let timer = 0;
    const onEnded = (event: Event) => {
      if (!(event.target instanceof HTMLMediaElement) || !event.target.closest('.learn-viewer')) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (!dialogRef.current) setDialog({ kind: 'ended', step: nextStepOf(ware, viewRef.current) });
      }, ENDED_WAIT_MS);
    };
    // Media events do not bubble: listen in the capture phase.
    document.addEventListener('ended', onEnded, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('ended', onEnded, true);
    };
  }, [ware]);

  // Spec 4 'Idle handling' and 'Activity detector': the reminders hold study (media paused, heartbeat paused).
  const activity = useActivity({ enabled: recorded && !ware.preview, settings: study.settings });
  const reminder = activity.reminder;
  useEffect(() => {
    if (!reminder) return;
    held.current = true;
    const paused: HTMLMediaElement[] = [];
    document.querySelectorAll<HTMLMediaElement>('.learn-viewer video, .learn-viewer audio').forEach((media) => {
      if (!media.paused) {
        media.pause();
        paused.push(media);
      }
    });
    window.dispatchEvent(new Event(STUDY_HOLD_EVENT));
    return () => {
      held.current = false;
      window.dispatchEvent(new Event(STUDY_HOLD_EVENT));
      for (const media of paused) void media.play().catch(() => undefined);
    };
  }, [reminder]);

  const close = () => setDialog(null);
  const current = leafOf(tree, ware.cid);
  const back = tipReturn(boot.model, ware.code);
  const returnAction: DialogAction = back.toCenter
    ? { label: t('learn.flow.backToCenter'), onClick: close, testId: 'flow-return' }
    : { label: t('learn.flow.return'), onClick: () => window.location.assign(back.href), testId: 'flow-return' };

  /** The line saying where the flow goes next, and its button. */
  const stepParts = (step: NextStep): { line: ReactNode; action: DialogAction } => {
    if (step.step === 'next') {
      const title = leafOf(tree, step.cid)?.title ?? '';
      return {
        line: <p className="studyflow-next">{t('learn.flow.nextIs', { title })}</p>,
        action: { label: t('learn.flow.goNext'), onClick: () => runStep(step), primary: true, testId: 'flow-next' },
      };
    }
    return {
      line: null,
      action: { label: t('learn.flow.continue'), onClick: () => runStep(step), primary: true, testId: 'flow-continue' },
    };
  };

  /**
   * The stage-exam dialog's buttons (spec 5 'Exam dialog', decided by stageExamDialog): Go opens the stage exam
   * through its sealed exam URL (back to this chapter afterwards); Skip goes on to the next chapter.
   */
  const stageExamAction = (stageCid: string, button: StageExamButton): DialogAction =>
    button === 'go'
      ? {
          label: t('exams.stage.go'),
          primary: true,
          testId: 'stage-exam-go',
          onClick: () =>
            void openExam({ coid: ware.coid, cid: stageCid, returnURL: currentPath(), from: 'learn' }).then((error) => {
              if (error) void alert({ text: errorText(t, error) });
            }),
        }
      : {
          label: t('exams.stage.skip'),
          testId: 'stage-exam-skip',
          onClick: ware.next
            ? () => window.location.assign(learnHref(ware.code, ware.next!.cid, ware.next!.learnType))
            : close,
        };

  let shown: ReactNode = null;
  if (dialog?.kind === 'chapterTip' || dialog?.kind === 'ended') {
    const parts = stepParts(dialog.step);
    const percent = displayPercent(progressOf(view, ware.cid));
    const complete = dialog.kind === 'chapterTip';
    shown = (
      <StudyDialog
        title={t(complete ? 'learn.flow.chapterTipTitle' : 'learn.flow.endedTitle')}
        testId={complete ? 'chapter-tip' : 'chapter-ended'}
        onClose={close}
        actions={[returnAction, parts.action]}
      >
        {complete && <p>{t('learn.flow.chapterTipText', { title: current?.title ?? ware.title })}</p>}
        {!complete && recorded && percent < 100 && <p>{t('learn.flow.notCompleteYet', { percent })}</p>}
        {parts.line}
      </StudyDialog>
    );
  } else if (dialog?.kind === 'endOfTrial') {
    // Spec 4 'Paid course not purchased': "the end-of-trial dialog offers Buy course, which goes to pay" —
    // the course page with ?buy=1 opens the same order dialog as its Buy button, then the pay page.
    shown = (
      <StudyDialog
        title={t('learn.flow.endOfTrialTitle')}
        testId="end-of-trial"
        onClose={close}
        actions={[
          { label: t('common.cancel'), onClick: close },
          {
            label: t('learn.flow.buy'),
            onClick: () => window.location.assign(`${courseInfoHref(ware.code)}?${BUY_QUERY}=1`),
            primary: true,
            testId: 'end-of-trial-buy',
          },
        ]}
      >
        <p>{t('learn.refusal.endOfTrial')}</p>
      </StudyDialog>
    );
  } else if (dialog?.kind === 'stageExam') {
    shown = (
      <StudyDialog
        title={t('learn.flow.stageExamTitle')}
        testId="stage-exam"
        onClose={close}
        actions={dialog.buttons.map((button) => stageExamAction(dialog.stageCid, button))}
      >
        <p>{learnRuleText('stageExam', locale)}</p>
      </StudyDialog>
    );
  } else if (dialog?.kind === 'finished') {
    const rest = dialog.dialogs;
    shown = (
      <StudyDialog
        title={t('learn.flow.finishedTitle')}
        testId="course-finished"
        actions={[
          {
            label: t('common.ok'),
            onClick: () => setDialog(rest.length > 0 ? { kind: 'finish', queue: rest } : null),
            primary: true,
            testId: 'course-finished-ok',
          },
        ]}
      >
        <p>{learnRuleText('lastSection', locale)}</p>
      </StudyDialog>
    );
  } else if (dialog?.kind === 'finish') {
    const [head, ...rest] = dialog.queue;
    const advance = () => setDialog(rest.length > 0 ? { kind: 'finish', queue: rest } : null);
    if (head === 'signature') {
      shown = (
        <Suspense fallback={<Loading />}>
          <SignatureDialog
            coid={ware.coid}
            cid={ware.cid}
            onClose={(saved) => {
              if (saved) setSigned(true);
              advance();
            }}
          />
        </Suspense>
      );
    } else if (head === 'rating') {
      shown = (
        <Suspense fallback={<Loading />}>
          <RatingDialog
            coid={ware.coid}
            cid={ware.cid}
            onClose={(done) => {
              // Thanks follows a rating (spec 4); closing without rating ends the flow.
              if (done) {
                setRated(true);
                advance();
              } else setDialog(null);
            }}
          />
        </Suspense>
      );
    } else if (head === 'thanks') {
      shown = (
        <StudyDialog
          title={t('learn.flow.thanksTitle')}
          testId="thanks"
          onClose={advance}
          actions={[{ label: t('common.ok'), onClick: advance, primary: true, testId: 'thanks-ok' }]}
        >
          <p>{learnRuleText('thanks', locale)}</p>
        </StudyDialog>
      );
    }
  } else if (dialog?.kind === 'stage') {
    shown = <StageWindowDialog info={dialog.info} planHref={plan} onConfirm={close} />;
  }

  const finished = recorded && allComplete(view);
  return {
    hooks,
    nav: recorded
      ? { progressOf: (cid) => progressOf(view, cid), lockOf: (cid) => lockOf(view, tree, cid), onLocked: showLock }
      : undefined,
    onNext: runNext,
    onFinish: recorded && !ware.next ? runNext : undefined,
    finished,
    dialogs: (
      <>
        {shown}
        {reminder && <ReminderDialog reminder={reminder} onContinue={activity.dismiss} />}
      </>
    ),
  };
}
