import { useState } from 'react';
import { formatDateMinutes } from '../../../shared/rules/dates';
import type { ExamItem } from '../../../shared/schemas/exams';
import { toast } from '../../components/feedback';
import { useLocale, useT } from '../../i18n';
import { currentPath } from '../../urls';
import { openExam } from '../../api/exams';
import { errorText } from './messages';

/** An exam's attempts (used of allowed, or unlimited), best score and passed badge. */
export function ExamAttempts({ exam }: { exam: ExamItem }) {
  const t = useT();
  return (
    <>
      <span>
        {exam.attempts > 0
          ? t('exams.attempts', { used: exam.used, attempts: exam.attempts })
          : t('exams.attemptsUnlimited', { used: exam.used })}
      </span>
      {exam.best !== null && <span data-testid="exam-best">{t('exams.best', { score: exam.best })}</span>}
      {exam.passed && <span className="ex-badge is-pass">{t('exams.passed')}</span>}
    </>
  );
}

/**
 * Start / Continue, only while the exam may be sat: opens the sitting page through the sealed exam URL
 * (getExamToken, returnURL back to this page); a refusal shows as a toast.
 */
export function ExamGoButton({
  exam,
  target,
  from,
  className,
}: {
  exam: ExamItem;
  target: { examId: string } | { coid: string; cid: string };
  from: string;
  className: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (exam.state !== 'available' && exam.state !== 'inProgress') return null;
  const go = async () => {
    setBusy(true);
    const error = await openExam({ ...target, returnURL: currentPath(), from });
    setBusy(false);
    if (error) toast(errorText(t, error));
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void go()} data-testid="exam-go">
      {exam.state === 'inProgress' ? t('exams.continue') : t('exams.start')}
    </button>
  );
}

/** An exam of the student's lists: window, duration, attempts, best score, state, and Start / Continue. */
export function ExamCard({ exam, from }: { exam: ExamItem; from: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article className="ex-card card" data-testid="exam-card" data-exam={exam.id} data-state={exam.state}>
      <div className="ex-card-body">
        <h3 className="ex-card-title">{exam.title}</h3>
        <p className="ex-line">
          <span>{t('exams.duration', { minutes: Math.round(exam.durationSec / 60) })}</span>
          {exam.opensAt !== null && <span>{t('exams.opens', { time: formatDateMinutes(exam.opensAt, locale) })}</span>}
          {exam.closesAt !== null && (
            <span>{t('exams.closes', { time: formatDateMinutes(exam.closesAt, locale) })}</span>
          )}
        </p>
        <p className="ex-line">
          <ExamAttempts exam={exam} />
        </p>
      </div>
      <div className="ex-card-side">
        <span className={`ex-state ex-state-${exam.state}`}>{t(`exams.state.${exam.state}`)}</span>
        <ExamGoButton exam={exam} target={{ examId: exam.id }} from={from} className="btn btn-small btn-primary" />
      </div>
    </article>
  );
}
