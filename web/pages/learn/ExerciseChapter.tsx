import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ExerciseList, ExerciseState } from '../../../shared/schemas/exercises';
import { EXERCISE_ERRORS } from '../../../shared/schemas/exercises';
import type { Ware } from '../../../shared/schemas/learning';
import type { MessageKey } from '../../../shared/i18n';
import { Loading } from '../../components/Loading';
import { exerciseCalls } from '../../../shared/calls/exercises';
import { request } from '../../api/client';
import { useT } from '../../i18n';

const QuizDialog = lazy(() => import('../../components/dialogs/QuizDialog'));

const STATE_TEXT: Record<ExerciseState, MessageKey> = {
  right: 'quiz.state.right',
  wrong: 'quiz.state.wrong',
  pending: 'quiz.state.pending',
  unanswered: 'quiz.state.unanswered',
};

/** A question's text without markup, for the list. */
const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/**
 * The study page of an exercise chapter: its questions with the student's state
 * (right, wrong, waiting for a mark, not answered), a button to start or continue the quiz dialog on the
 * questions still pending, and the done state once none is. When the dialog closes (the exercises-updated
 * event) the list and the ware are fetched again, so the chapter's progress and the next chapter's lock follow.
 */
export default function ExerciseChapter({ ware, onRetry }: { ware: Ware; onRetry: () => void }) {
  const t = useT();
  const [list, setList] = useState<ExerciseList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    const reply = await request(exerciseCalls.list, { body: { coid: ware.coid, cid: ware.cid } });
    if (reply.status === 'ok') {
      setList(reply.data);
      setFailure(null);
    } else setFailure(reply.error);
  }, [ware.coid, ware.cid]);

  useEffect(() => {
    void load();
  }, [load]);

  const handleClose = useCallback(() => {
    setOpen(false);
    void load();
    onRetry();
  }, [load, onRetry]);

  if (failure) {
    const text =
      failure === EXERCISE_ERRORS.viewMode
        ? t('quiz.viewMode')
        : failure === EXERCISE_ERRORS.noExercises
          ? t('quiz.page.none')
          : t('quiz.loadFailed');
    return (
      <div
        className="learn-status"
        role="status"
        data-testid="learn-exercise"
        data-cid={ware.cid}
        data-failure={failure}
      >
        <p>{text}</p>
      </div>
    );
  }
  if (!list) return <Loading />;

  const started = list.questions.some((q) => q.state !== 'unanswered');
  return (
    <div className="exercise-chapter" data-testid="learn-exercise" data-cid={ware.cid} data-done={list.done}>
      <div className="exercise-summary">
        <div>
          <h2>{list.exer.title}</h2>
          <p data-testid="exercise-summary">
            {t('quiz.page.summary', { total: list.total, pending: list.pending.length })}
          </p>
        </div>
        {list.done ? (
          <span className="exercise-done" data-testid="exercise-done">
            ✓ {t('quiz.page.done')}
          </span>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} data-testid="exercise-start">
            {started ? t('quiz.page.continue') : t('quiz.page.start')}
          </button>
        )}
      </div>
      <ol className="exercise-list">
        {list.questions.map((question, index) => (
          <li
            key={question.qid}
            className="exercise-item"
            data-testid="exercise-item"
            data-qid={question.qid}
            data-state={question.state}
          >
            <span>{index + 1}.</span>
            <span className="exercise-item-text">{plain(question.content)}</span>
            <span className={`exercise-state is-${question.state}`}>{t(STATE_TEXT[question.state])}</span>
          </li>
        ))}
      </ol>
      {open && (
        <Suspense fallback={null}>
          <QuizDialog coid={ware.coid} cid={ware.cid} onClose={handleClose} />
        </Suspense>
      )}
    </div>
  );
}
