import type { Ware } from '../../../shared/schemas/learning';
import { useT } from '../../i18n';

/** The study page of an exam chapter, its exam sat in the exam page (issue 6 'Exams'). */
export default function ExamChapter({ ware }: { ware: Ware; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="learn-status" role="status" data-testid="learn-exam" data-cid={ware.cid}>
      <p>{t('learn.exam')}</p>
    </div>
  );
}
