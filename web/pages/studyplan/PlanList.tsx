import { Link } from 'react-router';
import { learningProgressText } from '../../../shared/rules/expiring';
import { filterTitle } from '../../../shared/rules/text';
import type { StudentPlan } from '../../../shared/schemas/plans';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useMyPlans } from '../../hooks/useMyPlans';
import { useLocale, useT } from '../../i18n';
import { dashboardPlanPath, studyDetailPath } from '../../paths';
import { ProgressBar } from './ProgressBar';

/**
 * Where the plan screens live: the school site's study/plan and study/detail pages, or the dashboard's
 * controller/myplan and controller/studyplandetailstu (whose headings sit under the dashboard's own).
 */
export type PlanPlace = 'site' | 'dashboard';

/** The way into a plan's detail: the study detail page, or studyplandetailstu inside the dashboard. */
export function PlanLink({ place, coid, className, children }: PlanLinkProps) {
  if (place === 'dashboard')
    return (
      <Link to={dashboardPlanPath(coid)} className={className}>
        {children}
      </Link>
    );
  return (
    <SiteLink to={studyDetailPath(coid)} className={className}>
      {children}
    </SiteLink>
  );
}
interface PlanLinkProps {
  place: PlanPlace;
  coid: string;
  className: string;
  children: React.ReactNode;
}

/** One plan of the list: cover, kind, stages, progress and the way into its detail. */
function PlanCard({ plan, place }: { plan: StudentPlan; place: PlanPlace }) {
  const t = useT();
  const locale = useLocale();
  const Title = place === 'dashboard' ? 'h3' : 'h2';
  return (
    <article className="sp-card" data-testid="my-plan" data-coid={plan.coid}>
      <div className="sp-card-media">
        <CourseCover img={plan.img} title={plan.title} seed={plan.coid} />
        <span className={`sp-kind sp-kind-${plan.kind}`}>{t(`plans.kind.${plan.kind}`)}</span>
      </div>
      <div className="sp-card-body">
        <Title className="sp-card-title" title={plan.title}>
          {filterTitle(plan.title)}
        </Title>
        <p className="sp-line">
          {t('plans.stageCount', { count: plan.stages })} ·{' '}
          {t('plans.lessonCount', { complete: plan.progress.complete, total: plan.progress.total })}
        </p>
        <ProgressBar
          percent={plan.progress.process}
          label={learningProgressText(plan.progress.process, locale) ?? ''}
        />
        <div className="sp-card-foot">
          <PlanLink place={place} coid={plan.coid} className="btn btn-small btn-primary">
            {t('plans.open')}
          </PlanLink>
        </div>
      </div>
    </article>
  );
}

/**
 * The student's plans (studyplan/stu/list): the cards, or the empty state, or the failure with a retry. A
 * 'no login' answer reloads the page (spec 8).
 */
export function PlanList({ place }: { place: PlanPlace }) {
  const t = useT();
  const { data, error, isLoading, mutate, leaving } = useMyPlans(true);
  if (leaving || isLoading) return <Loading />;
  if (error)
    return (
      <div className="sp-empty" role="alert">
        <p>{t('plans.loadFailed')}</p>
        <button type="button" className="btn btn-small" onClick={() => void mutate()}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (!data || data.list.length === 0)
    return (
      <div className="sp-empty" data-testid="plans-empty">
        <p>{t('plans.empty')}</p>
      </div>
    );
  return (
    <div className="sp-grid" data-testid="plan-list">
      {data.list.map((plan) => (
        <PlanCard key={plan.coid} plan={plan} place={place} />
      ))}
    </div>
  );
}
