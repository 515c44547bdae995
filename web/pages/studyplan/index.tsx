import { learningProgressText } from '../../../shared/rules/expiring';
import { filterTitle } from '../../../shared/rules/text';
import type { StudentPlan } from '../../../shared/schemas/plans';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLocale, useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { studyDetailPath } from '../../paths';
import { useMyPlans } from '../../hooks/useMyPlans';
import { ProgressBar } from './ProgressBar';

/** One plan of the list: cover, kind, stages, progress and the way into its detail. */
function PlanCard({ plan }: { plan: StudentPlan }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article className="sp-card" data-testid="my-plan" data-coid={plan.coid}>
      <div className="sp-card-media">
        <CourseCover img={plan.img} title={plan.title} seed={plan.coid} />
        <span className={`sp-kind sp-kind-${plan.kind}`}>{t(`plans.kind.${plan.kind}`)}</span>
      </div>
      <div className="sp-card-body">
        <h2 className="sp-card-title" title={plan.title}>
          {filterTitle(plan.title)}
        </h2>
        <p className="sp-line">
          {t('plans.stageCount', { count: plan.stages })} ·{' '}
          {t('plans.lessonCount', { complete: plan.progress.complete, total: plan.progress.total })}
        </p>
        <ProgressBar
          percent={plan.progress.process}
          label={learningProgressText(plan.progress.process, locale) ?? ''}
        />
        <div className="sp-card-foot">
          <SiteLink to={studyDetailPath(plan.coid)} className="btn btn-small btn-primary">
            {t('plans.open')}
          </SiteLink>
        </div>
      </div>
    </article>
  );
}

/**
 * My study plans (#/study/plan, spec 2 'study/plan'; the dashboard's myplan): the plans assigned to the
 * student or their groups, approved and published, with progress. Students only (else sign in); a
 * 'no login' answer reloads the page (spec 8).
 */
export default function StudyPlanPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  const { data, error, isLoading, mutate, leaving } = useMyPlans(allowed);
  if (!allowed || leaving) return <Loading />;

  let body;
  if (isLoading) body = <Loading />;
  else if (error)
    body = (
      <div className="sp-empty" role="alert">
        <p>{t('plans.loadFailed')}</p>
        <button type="button" className="btn btn-small" onClick={() => void mutate()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (!data || data.list.length === 0)
    body = (
      <div className="sp-empty" data-testid="plans-empty">
        <p>{t('plans.empty')}</p>
      </div>
    );
  else
    body = (
      <div className="sp-grid" data-testid="plan-list">
        {data.list.map((plan) => (
          <PlanCard key={plan.coid} plan={plan} />
        ))}
      </div>
    );

  return (
    <section
      className={isMobile ? 'sp-page sp-page-mobile' : 'card sp-page'}
      aria-labelledby="study-plan-title"
      data-testid="study-plan-page"
    >
      <h1 id="study-plan-title" className="page-title">
        {t('plans.title')}
      </h1>
      {body}
    </section>
  );
}
