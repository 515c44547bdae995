import { useEffect } from 'react';
import type { Failure } from '../../../shared/envelope';
import type { MessageKey } from '../../../shared/i18n';
import { studyRefusalOf, type StudyRefusal } from '../../../shared/schemas/learning';
import { useBootstrap } from '../../bootstrap';
import { alert } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useChapters } from '../../hooks/useCatalogue';
import { useT } from '../../i18n';
import { loginHref } from '../../urls';
import { LearnLayout } from './LearnLayout';
import { courseChapterHref } from './links';

const MESSAGES: Record<Exclude<StudyRefusal, 'courseRemoved'>, MessageKey> = {
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
export function Refusal({ failure, code, coid, cid, onRetry }: { failure: Failure; code: string; coid: string; cid: string; onRetry: () => void }) {
  const t = useT();
  const boot = useBootstrap();
  const refusal = studyRefusalOf(failure.error);
  const removed = refusal === 'courseRemoved';
  const { data: chapters } = useChapters(removed ? null : coid);

  useEffect(() => {
    if (!removed) return;
    const data = (failure.data ?? {}) as { hashUID?: string };
    const back = data.hashUID || boot.hashUID;
    void alert({ text: t('errors.courseRemoved') }).then(() => window.location.replace(`/u/${back}`));
  }, [removed, failure, boot.hashUID, t]);
  if (removed) return <Loading />;

  const text = refusal ? t(MESSAGES[refusal]) : t('learn.loadFailed', { error: failure.error });
  return (
    <LearnLayout frame={{ code, courseTitle: '', title: '', cid, chapters }}>
      <div className="learn-refusal" role="alert" data-testid="learn-refusal" data-refusal={refusal ?? 'error'}>
        <p>{text}</p>
        <div className="learn-status-actions">
          {refusal === 'noLogin' && (
            <a className="btn btn-primary" href={loginHref(boot)}>
              {t('learn.signIn')}
            </a>
          )}
          {refusal === 'endOfTrial' && (
            <a className="btn btn-primary" href={`/course/${code}#/introduce/info`} data-testid="learn-buy">
              {t('learn.buy')}
            </a>
          )}
          {!refusal && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t('learn.retry')}
            </button>
          )}
          <a className="btn btn-light" href={courseChapterHref(code)}>
            {t('learn.backToCourse')}
          </a>
        </div>
      </div>
    </LearnLayout>
  );
}
