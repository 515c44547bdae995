import { useState } from 'react';
import type { Ware } from '../../../shared/schemas/learning';
import { toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n';
import { currentPath } from '../../urls';
import { openExam, useChapterExams } from '../exams/api';
import { errorText } from '../exams/messages';

/**
 * The study page of an exam chapter (issue 6 'Exams'): the chapter's exam with my attempts and best result,
 * and Start / Continue to the sitting page through the sealed exam URL (returnURL back to this chapter).
 */
export default function ExamChapter({ ware }: { ware: Ware; onRetry: () => void }) {
  const t = useT();
  const attached = ware.exams.find((exam) => exam.cid === ware.cid);
  const list = useChapterExams(ware.coid, Boolean(attached) && ware.study.recorded);
  const [busy, setBusy] = useState(false);
  const exam = list.data?.list.find((item) => item.cid === ware.cid);
  if (!attached)
    return (
      <div className="learn-status" role="status" data-testid="learn-exam" data-cid={ware.cid}>
        <p>{t('exams.chapter.none')}</p>
      </div>
    );
  if (list.isLoading) return <Loading />;
  const go = async () => {
    setBusy(true);
    const error = await openExam({ coid: ware.coid, cid: ware.cid, returnURL: currentPath(), from: 'learn' });
    setBusy(false);
    if (error) toast(errorText(t, error));
  };
  const canGo = exam && (exam.state === 'available' || exam.state === 'inProgress');
  return (
    <section className="ex-chapter card" data-testid="learn-exam" data-cid={ware.cid} aria-labelledby="exam-chapter-title">
      <h2 id="exam-chapter-title">{exam?.title ?? ware.title}</h2>
      {exam ? (
        <>
          <p className="ex-line">
            <span>{t('exams.duration', { minutes: Math.round(exam.durationSec / 60) })}</span>
            <span>{exam.attempts > 0 ? t('exams.attempts', { used: exam.used, attempts: exam.attempts }) : t('exams.attemptsUnlimited', { used: exam.used })}</span>
            {exam.best !== null && <span data-testid="exam-best">{t('exams.best', { score: exam.best })}</span>}
            {exam.passed && <span className="ex-badge is-pass">{t('exams.passed')}</span>}
          </p>
          <p className={`ex-state ex-state-${exam.state}`}>{t(`exams.state.${exam.state}`)}</p>
          {canGo && (
            <div>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void go()} data-testid="exam-go">
                {exam.state === 'inProgress' ? t('exams.continue') : t('exams.start')}
              </button>
            </div>
          )}
        </>
      ) : (
        <p>{t('exams.chapter.locked')}</p>
      )}
    </section>
  );
}
