import type { Ware } from '../../../shared/schemas/learning';
import { useT } from '../../i18n';

/** The study page of an exercise chapter, its questions in the quiz dialog (issue 6 'Chapter exercises'). */
export default function ExerciseChapter({ ware }: { ware: Ware; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="learn-status" role="status" data-testid="learn-exercise" data-cid={ware.cid}>
      <p>{t('learn.exercise')}</p>
    </div>
  );
}
