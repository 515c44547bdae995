import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Ware } from '../../../shared/schemas/learning';
import { EXERCISES_UPDATED_EVENT, type ExercisesUpdated } from '../../components/dialogs/exercises-event';
import { useT } from '../../i18n';

const QuizDialog = lazy(() => import('../../components/dialogs/QuizDialog'));

/**
 * 'Exercises (n)' on the study page of a chapter that carries an exercise set (spec 3 'Chapter' exer,
 * exerc_count): opens the quiz dialog on the questions still pending. When the dialog's exercises-updated
 * event says none is pending any more and exercOrder is on, the ware is fetched again so the next chapter's
 * lock (orderTip2) follows.
 */
export function ExercisesButton({ ware, onUpdated }: { ware: Ware; onUpdated: () => void }) {
  const t = useT();
  const own = ware.exercises.find((item) => item.cid === ware.cid);
  const [pending, setPending] = useState(own?.exerc_pending ?? 0);
  const [open, setOpen] = useState(false);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<ExercisesUpdated>).detail;
      if (detail.cid !== ware.cid) return;
      const before = pendingRef.current;
      setPending(detail.pending.length);
      if (before > 0 && detail.pending.length === 0 && ware.study.settings.exercOrder) onUpdated();
    };
    window.addEventListener(EXERCISES_UPDATED_EVENT, onEvent);
    return () => window.removeEventListener(EXERCISES_UPDATED_EVENT, onEvent);
  }, [ware.cid, ware.study.settings.exercOrder, onUpdated]);

  const handleClose = useCallback(() => setOpen(false), []);
  if (!own) return null;
  return (
    <div className="exercises-button-row">
      <button
        type="button"
        className="btn btn-light btn-small"
        onClick={() => setOpen(true)}
        data-testid="learn-exercises"
        data-pending={pending}
      >
        {t('quiz.open', { n: own.exerc_count })}
        {pending === 0 && ' ✓'}
      </button>
      {open && (
        <Suspense fallback={null}>
          <QuizDialog coid={ware.coid} cid={ware.cid} onClose={handleClose} />
        </Suspense>
      )}
    </div>
  );
}
