import { useEffect, useState } from 'react';
import type { Failure } from '../../../shared/envelope';
import type { MessageKey } from '../../../shared/i18n';
import { learnRuleText } from '../../../shared/rules/learn-messages';
import {
  studyRefusalOf,
  zStudyLock,
  zStudyWindow,
  type StudyLock,
  type StudyRefusal,
} from '../../../shared/schemas/learning';
import { useBootstrap } from '../../bootstrap';
import { alert } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useChapters } from '../../hooks/useCatalogue';
import { useLocale, useT } from '../../i18n';
import { loginHref } from '../../urls';
import { StageWindowDialog } from './dialogs/StageWindowDialog';
import { leafOf } from './study-state';
import { LearnLayout } from './LearnLayout';
import { courseChapterHref, courseInfoHref, learnHref, planHref } from './links';

/**
 * A chapter refused because the order rules lock it (shared/rules/study-order: the server refuses it, 403,
 * with the lock's message key as the error and {blockedBy, window} in the data).
 */
function lockRefusalOf(
  failure: Failure,
): { lock: StudyLock; window: { start: number; end: number | null } | null } | null {
  const message = zStudyLock.shape.message.safeParse(failure.error);
  if (!message.success) return null;
  const data = (failure.data ?? {}) as { blockedBy?: unknown; window?: unknown };
  const opening = zStudyWindow.safeParse(data.window);
  return {
    lock: { message: message.data, blockedBy: typeof data.blockedBy === 'string' ? data.blockedBy : '' },
    window: opening.success ? opening.data : null,
  };
}

/** The refusals that are not order locks (those say the rule's own message). */
const MESSAGES: Record<Exclude<StudyRefusal, 'courseRemoved' | StudyLock['message']>, MessageKey> = {
  noLogin: 'learn.refusal.noLogin',
  studentOnly: 'learn.refusal.studentOnly',
  otherSchool: 'learn.refusal.otherSchool',
  designatedGroup: 'learn.refusal.designatedGroup',
  endOfTrial: 'learn.refusal.endOfTrial',
  notStarted: 'learn.refusal.notStarted',
  expired: 'learn.refusal.expired',
  noChapter: 'learn.refusal.noChapter',
};

/**
 * Why this chapter cannot be studied, with the chapter list beside it and a way on: sign in, buy the
 * course (end of trial, spec 4 'Paid course not purchased'), or back to the course. A removed course
 * alerts 该课程已下架 and goes to the school's page (spec 2 Page guards). Other failures offer a retry.
 */
export function Refusal({
  failure,
  code,
  coid,
  cid,
  onRetry,
}: {
  failure: Failure;
  code: string;
  coid: string;
  cid: string;
  onRetry: () => void;
}) {
  const t = useT();
  const boot = useBootstrap();
  const locale = useLocale();
  const locked = lockRefusalOf(failure);
  // Not a lock: one of MESSAGES' refusals, or courseRemoved (studyRefusalOf knows no other keys).
  const refusal = locked ? null : (studyRefusalOf(failure.error) as keyof typeof MESSAGES | 'courseRemoved' | null);
  const removed = refusal === 'courseRemoved';
  const staged =
    locked && (locked.lock.message === 'stageNotOpen' || locked.lock.message === 'stageClosed')
      ? locked.lock.message
      : null;
  const [windowOpen, setWindowOpen] = useState(true);
  const { data: chapters } = useChapters(removed ? null : coid);

  useEffect(() => {
    if (!removed) return;
    const data = (failure.data ?? {}) as { hashUID?: string };
    const back = data.hashUID || boot.hashUID;
    void alert({ text: t('errors.courseRemoved') }).then(() => window.location.replace(`/u/${back}`));
  }, [removed, failure, boot.hashUID, t]);
  // Spec 4 'Growth plan order': "else the orderTip alert and redirect to the study plan detail".
  useEffect(() => {
    if (locked?.lock.message !== 'orderTip') return;
    void alert({ text: learnRuleText('orderTip', locale) }).then(() => window.location.assign(planHref(boot, coid)));
  }, [locked?.lock.message, locale, boot, coid]);
  if (removed) return <Loading />;

  const text = locked
    ? learnRuleText(locked.lock.message, locale)
    : refusal
      ? t(MESSAGES[refusal])
      : t('learn.loadFailed', { error: failure.error });
  const blocking = locked?.lock.blockedBy && chapters ? leafOf(chapters.chapters, locked.lock.blockedBy) : undefined;
  return (
    <LearnLayout frame={{ code, courseTitle: '', title: '', cid, chapters }}>
      <div
        className="learn-refusal"
        role="alert"
        data-testid="learn-refusal"
        data-refusal={locked ? locked.lock.message : (refusal ?? 'error')}
      >
        <p>{text}</p>
        <div className="learn-status-actions">
          {refusal === 'noLogin' && (
            <a className="btn btn-primary" href={loginHref(boot)}>
              {t('learn.signIn')}
            </a>
          )}
          {refusal === 'endOfTrial' && (
            <a className="btn btn-primary" href={courseInfoHref(code)} data-testid="learn-buy">
              {t('learn.buy')}
            </a>
          )}
          {blocking && (
            <a
              className="btn btn-primary"
              href={learnHref(code, blocking.cid, blocking.learnType)}
              data-testid="learn-go-blocking"
            >
              {t('learn.flow.goBlocking', { title: blocking.title })}
            </a>
          )}
          {!refusal && !locked && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t('learn.retry')}
            </button>
          )}
          <a className="btn btn-light" href={courseChapterHref(code)}>
            {t('learn.backToCourse')}
          </a>
        </div>
      </div>
      {staged && windowOpen && (
        <StageWindowDialog
          info={{ message: staged, window: locked?.window ?? null }}
          planHref={planHref(boot, coid)}
          onConfirm={() => setWindowOpen(false)}
        />
      )}
    </LearnLayout>
  );
}
