import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { PlanList } from './PlanList';

/**
 * My study plans (#/study/plan, spec 2 'study/plan'; the dashboard's myplan shows the same list): the plans
 * assigned to the student or their groups, approved and published, with progress. Students only (else sign in).
 */
export default function StudyPlanPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  if (!allowed) return <Loading />;
  return (
    <section
      className={isMobile ? 'sp-page sp-page-mobile' : 'card sp-page'}
      aria-labelledby="study-plan-title"
      data-testid="study-plan-page"
    >
      <h1 id="study-plan-title" className="page-title">
        {t('plans.title')}
      </h1>
      <PlanList place="site" />
    </section>
  );
}
