import { useState } from 'react';
import { formatDateMinutes } from '../../../shared/rules/dates';
import type { ExamItem } from '../../../shared/schemas/exams';
import { toast } from '../../components/feedback';
import { useLocale, useT } from '../../i18n';
import { currentPath } from '../../urls';
import { openExam } from './api';
import { errorText } from './messages';

/** An exam of the student's lists: window, duration, attempts, best score, state, and Start / Continue. */
export function ExamCard({ exam, from }: { exam: ExamItem; from: string }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const canGo = exam.state === 'available' || exam.state === 'inProgress';
  const go = async () => {
    setBusy(true);
    const error = await openExam({ examId: exam.id, returnURL: currentPath(), from });
    setBusy(false);
    if (error) toast(errorText(t, error));
  };
  return (
    <article className="ex-card card" data-testid="exam-card" data-exam={exam.id} data-state={exam.state}>
      <div className="ex-card-body">
        <h3 className="ex-card-title">{exam.title}</h3>
        <p className="ex-line">
          <span>{t('exams.duration', { minutes: Math.round(exam.durationSec / 60) })}</span>
          {exam.opensAt !== null && <span>{t('exams.opens', { time: formatDateMinutes(exam.opensAt, locale) })}</span>}
          {exam.closesAt !== null && <span>{t('exams.closes', { time: formatDateMinutes(exam.closesAt, locale) })}</span>}
        </p>
        <p className="ex-line">
          <span>{exam.attempts > 0 ? t('exams.attempts', { used: exam.used, attempts: exam.attempts }) : t('exams.attemptsUnlimited', { used: exam.used })}</span>
          {exam.best !== null && <span data-testid="exam-best">{t('exams.best', { score: exam.best })}</span>}
          {exam.passed && <span className="ex-badge is-pass">{t('exams.passed')}</span>}
        </p>
      </div>
      <div className="ex-card-side">
        <span className={`ex-state ex-state-${exam.state}`}>{t(`exams.state.${exam.state}`)}</span>
        {canGo && (
          <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void go()} data-testid="exam-go">
            {exam.state === 'inProgress' ? t('exams.continue') : t('exams.start')}
          </button>
        )}
      </div>
    </article>
  );
}
