import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { examCalls } from '../../../shared/calls/exams';
import type { Sitting } from '../../../shared/schemas/exams';
import { request } from '../../api/client';
import { confirm } from '../../components/feedback';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { isSameSitePath } from '../../urls';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { ROUTES } from '../../paths';
import { ExamResult } from './ExamResult';
import { errorText } from './messages';
import { QuestionCard } from './QuestionCard';
import { useAnswerSaver } from './useAnswerSaver';

/** mm:ss (or h:mm:ss) of a number of milliseconds. */
function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * Sitting an exam (#/exam/{examId}?key&returnURL&exid&from&s&token, spec 7 'Exam URLs'): the exid (sealed by
 * the server) or the exam id starts or resumes the sitting; the questions (letters A to N), answers saved as
 * given with a saving/saved indicator, a countdown on the server's clock (its now against the deadline), submit
 * with a confirm; at the deadline the server closes the paper and the page shows the result.
 */
export default function SittingPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  const { examId = '' } = useParams();
  const [params] = useSearchParams();
  const [sitting, setSitting] = useState<Sitting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [left, setLeft] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const offset = useRef(0);
  const returnURL = params.get('returnURL') ?? '';

  const receive = useCallback((data: Sitting) => {
    offset.current = data.now - Date.now();
    setSitting(data);
    setAnswers(Object.fromEntries(data.answers.map((a) => [a.qid, a.answer])));
    setLeft(data.deadlineAt - data.now);
  }, []);

  const reload = useCallback(async () => {
    if (!sitting) return;
    const reply = await request(examCalls.sitting, { query: { sittingId: sitting.sittingId } });
    if (reply.status === 'ok') receive(reply.data);
  }, [sitting, receive]);

  const saver = useAnswerSaver(sitting?.status === 'open' ? sitting.sittingId : null, () => void reload());

  // biome-ignore lint/correctness/useExhaustiveDependencies: the sitting starts once per exam
  useEffect(() => {
    if (!allowed) return;
    const exid = params.get('exid');
    const token = params.get('token') ?? undefined;
    let stop = false;
    void request(examCalls.start, { body: exid ? { exid, token } : { examId } }).then((reply) => {
      if (stop) return;
      if (reply.status === 'ok') receive(reply.data);
      else setError(reply.error);
    });
    return () => {
      stop = true;
    };
  }, [allowed, examId]);

  // The countdown: the server's deadline against the server's clock (its now, offset from ours).
  const open = sitting?.status === 'open';
  useEffect(() => {
    if (!sitting || !open) return;
    const tick = () => setLeft(sitting.deadlineAt - (Date.now() + offset.current));
    tick();
    const id = window.setInterval(tick, 500);
    return () => window.clearInterval(id);
  }, [sitting, open]);

  // At the deadline the server closes the sitting; read it until it says so.
  useEffect(() => {
    if (!open || left > 0) return;
    const id = window.setTimeout(() => void reload(), 800);
    return () => window.clearTimeout(id);
  }, [open, left, reload]);

  const change = (qid: string, answer: string) => {
    setAnswers((current) => ({ ...current, [qid]: answer }));
    saver.queue(qid, answer);
  };

  const unanswered = useMemo(
    () => (sitting ? sitting.questions.filter((q) => !(answers[q.qid] ?? '').trim()).length : 0),
    [sitting, answers],
  );

  const submit = async () => {
    if (!sitting) return;
    const ok = await confirm({
      text: unanswered > 0 ? t('exams.confirmUnanswered', { count: unanswered }) : t('exams.confirmSubmit'),
    });
    if (!ok) return;
    setSubmitting(true);
    await saver.flush();
    const reply = await request(examCalls.submit, { body: { sittingId: sitting.sittingId } });
    setSubmitting(false);
    if (reply.status === 'ok') receive(reply.data);
    else if (reply.error === 'sittingClosed') await reload();
    else setError(reply.error);
  };

  if (!allowed) return <Loading />;
  const back = isSameSitePath(returnURL) ? (
    <a className="btn btn-small" href={returnURL} data-testid="exam-back">
      {t('exams.back')}
    </a>
  ) : (
    <SiteLink to={isMobile ? ROUTES.myExam : ROUTES.exams} className="btn btn-small" data-testid="exam-back">
      {t('exams.back')}
    </SiteLink>
  );
  if (error && !sitting)
    return (
      <section className="ex-page card" role="alert" data-testid="exam-error">
        <p>{errorText(t, error)}</p>
        {back}
      </section>
    );
  if (!sitting) return <Loading />;

  const done = sitting.questions.filter((q) => (answers[q.qid] ?? '').trim() !== '').length;
  return (
    <section
      className={`ex-page${isMobile ? ' ex-page-mobile' : ''}`}
      data-testid="exam-sitting"
      data-status={sitting.status}
      aria-labelledby="exam-title"
    >
      <header className="ex-bar card">
        <h1 id="exam-title" className="page-title">
          {sitting.title}
        </h1>
        {open && (
          <div className="ex-bar-right">
            <span className="ex-answered">{t('exams.answered', { done, total: sitting.questions.length })}</span>
            <span
              className={`ex-save ex-save-${saver.state}`}
              data-testid="exam-save-state"
              data-state={saver.state}
              aria-live="polite"
            >
              {saver.state === 'saving'
                ? t('exams.saving')
                : saver.state === 'saved'
                  ? t('exams.saved')
                  : saver.state === 'failed'
                    ? t('exams.saveFailed')
                    : ''}
            </span>
            <span
              className={`ex-timer${left < 60_000 ? ' is-urgent' : ''}`}
              role="timer"
              aria-label={t('exams.timeLeft')}
              data-testid="exam-timer"
            >
              {clock(left)}
            </span>
          </div>
        )}
        {!open && back}
      </header>
      {error && (
        <p className="ex-note" role="alert">
          {errorText(t, error)}
        </p>
      )}
      {sitting.status === 'submitted' && <ExamResult sitting={sitting} />}
      {open && (
        <>
          <div className="ex-questions">
            {sitting.questions.map((question, index) => (
              <QuestionCard
                key={question.qid}
                question={question}
                index={index}
                answer={answers[question.qid] ?? ''}
                disabled={left <= 0 || submitting}
                onChange={(answer) => change(question.qid, answer)}
              />
            ))}
          </div>
          <div className="ex-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void submit()}
              disabled={submitting || left <= 0}
              data-testid="exam-submit"
            >
              {t('exams.submit')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
