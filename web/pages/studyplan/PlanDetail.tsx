import { Link } from 'react-router';
import { learningProgressText } from '../../../shared/rules/expiring';
import { learnRuleText, stageWindowText } from '../../../shared/rules/learn-messages';
import { progressPercent } from '../../../shared/rules/progress';
import type { StudentLesson, StudentPlanDetail, StudentStage } from '../../../shared/schemas/plans';
import { VERIFY_STATUS } from '../../../shared/schemas/records';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLocale, useT } from '../../i18n';
import { DASHBOARD_ROUTES, ROUTES } from '../../paths';
import { learnHref } from '../learn/links';
import { useMyPlan } from '../../hooks/useMyPlans';
import type { PlanPlace } from './PlanList';
import { ProgressBar } from './ProgressBar';

/** One lesson: its progress, and either its lock (the rule's words, the staged window) or the way to study it. */
function LessonRow({ plan, lesson, index }: { plan: StudentPlanDetail; lesson: StudentLesson; index: number }) {
  const t = useT();
  const locale = useLocale();
  const percent = progressPercent(lesson.progress);
  const action = lesson.complete ? 'plans.review' : percent > 0 ? 'plans.continue' : 'plans.start';
  const studyable = lesson.learnType !== '';
  return (
    <li
      className={`sp-lesson${lesson.lock ? ' is-locked' : ''}${lesson.complete ? ' is-complete' : ''}`}
      data-testid="plan-lesson"
      data-cid={lesson.cid}
      data-locked={lesson.lock ? 'true' : 'false'}
    >
      <span className="sp-lesson-index" aria-hidden="true">
        {lesson.lock ? (
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        ) : lesson.complete ? (
          '✓'
        ) : (
          index + 1
        )}
      </span>
      <div className="sp-lesson-main">
        <span className="sp-lesson-title">{lesson.title}</span>
        {lesson.window && (
          <span className="sp-lesson-window" data-testid="lesson-window" data-state={lesson.window.state}>
            {stageWindowText(lesson.window, locale)}
          </span>
        )}
        {/* A stage locked by the growth order says so once, above its lessons. */}
        {lesson.lock && lesson.lock.message !== 'orderTip' && (
          <span className="sp-lesson-lock" data-testid="lesson-lock">
            {learnRuleText(lesson.lock.message, locale)}
          </span>
        )}
      </div>
      <ProgressBar percent={percent} label={t('plans.percent', { percent })} small />
      <span className="sp-lesson-action">
        {lesson.lock || !studyable ? (
          <span className="sp-locked-text">{t('plans.locked')}</span>
        ) : (
          <a
            className={`btn btn-small ${lesson.complete ? 'btn-light' : 'btn-primary'}`}
            href={learnHref(plan.code, lesson.cid, lesson.learnType)}
            data-testid="lesson-link"
          >
            {t(action)}
          </a>
        )}
      </span>
    </li>
  );
}

interface StageProps {
  plan: StudentPlanDetail;
  stage: StudentStage;
  index: number;
  /** Inside the dashboard, under its screen title: one heading level lower. */
  nested: boolean;
}

/** A stage: its state (finished, in progress, locked by the growth order) and its review, then its lessons. */
function StageCard({ plan, stage, index, nested }: StageProps) {
  const t = useT();
  const Title = nested ? 'h4' : 'h2';
  const locale = useLocale();
  const state = stage.lock ? 'locked' : stage.finished ? 'finished' : 'inProgress';
  const stateText =
    state === 'locked'
      ? t('plans.stageLocked')
      : state === 'finished'
        ? t('plans.stageFinished')
        : t('plans.stageInProgress');
  const review =
    plan.verify && stage.studied
      ? stage.verify_status === VERIFY_STATUS.approved
        ? 'plans.reviewApproved'
        : stage.verify_status === VERIFY_STATUS.rejected
          ? 'plans.reviewRejected'
          : 'plans.reviewPending'
      : null;
  return (
    <section
      className={`sp-stage is-${state}`}
      data-testid="plan-stage"
      data-cid={stage.cid}
      data-state={state}
      aria-labelledby={`stage-${stage.cid}`}
    >
      <header className="sp-stage-head">
        <span className="sp-stage-no">{t('plans.stage', { index: index + 1 })}</span>
        <Title id={`stage-${stage.cid}`} className="sp-stage-title">
          {stage.title}
        </Title>
        <span className={`sp-stage-state is-${state}`} data-testid="stage-state">
          {stateText}
        </span>
      </header>
      {stage.lock && (
        <p className="sp-stage-lock" role="note" data-testid="stage-lock">
          {learnRuleText(stage.lock.message, locale)}
        </p>
      )}
      {review && (
        <p
          className={`sp-stage-review ${review === 'plans.reviewRejected' ? 'is-rejected' : ''}`}
          data-testid="stage-review"
        >
          {t(review)}
          {review === 'plans.reviewRejected' && stage.review_reason && (
            <span className="sp-stage-reason" data-testid="stage-review-reason">
              {t('plans.reviewReason', { reason: stage.review_reason })}
            </span>
          )}
        </p>
      )}
      <ol className="sp-lessons">
        {stage.lessons.map((lesson, at) => (
          <LessonRow key={lesson.cid} plan={plan} lesson={lesson} index={at} />
        ))}
      </ol>
    </section>
  );
}

/** Back to my plans: study/plan, or the dashboard's myplan (where that entry exists). */
function BackLink({ toDashboard }: { toDashboard: boolean }) {
  const t = useT();
  const content = (
    <>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t('plans.back')}</span>
    </>
  );
  return toDashboard ? (
    <Link to={DASHBOARD_ROUTES.myPlan} className="sp-back">
      {content}
    </Link>
  ) : (
    <SiteLink to={ROUTES.studyPlan} className="sp-back">
      {content}
    </SiteLink>
  );
}

interface PlanDetailProps {
  coid: string;
  place: PlanPlace;
  /** In the dashboard: whether its myplan entry exists to go back to (else back goes to study/plan). */
  backInDashboard?: boolean;
}

/**
 * One of my study plans (studyplan/stu/info): its stages in order with their lessons, my progress, and the
 * locks of spec 4 'Growth plan order' and 'Staged plan' decided by the server, with each staged lesson's
 * opening window. On the site it is the page's main heading; in the dashboard it sits under the screen title.
 */
export function PlanDetail({ coid, place, backInDashboard = false }: PlanDetailProps) {
  const t = useT();
  const locale = useLocale();
  const isMobile = useIsMobile();
  const { data: plan, error, isLoading, mutate, notFound, leaving } = useMyPlan(coid, true);
  if (leaving || isLoading) return <Loading />;
  const nested = place === 'dashboard';
  const frame = nested ? 'sp-page sp-page-nested' : isMobile ? 'sp-page sp-page-mobile' : 'card sp-page';
  const back = <BackLink toDashboard={nested && backInDashboard} />;
  if (!plan) {
    return (
      <section className={frame} role="alert" data-testid="plan-missing">
        {back}
        <p className="sp-empty">{notFound ? t('plans.notFound') : t('plans.loadFailed')}</p>
        {!notFound && error ? (
          <button type="button" className="btn btn-small" onClick={() => void mutate()}>
            {t('common.retry')}
          </button>
        ) : null}
      </section>
    );
  }

  const Title = nested ? 'h3' : 'h1';
  const notes = [
    plan.kind === 'growth' ? t('plans.growthNote') : null,
    plan.kind === 'staged' ? t('plans.stagedNote') : null,
    plan.verify ? t('plans.verifyNote') : null,
  ].filter(Boolean);
  return (
    <section className={frame} aria-labelledby="plan-title" data-testid="study-detail-page" data-kind={plan.kind}>
      {back}
      <header className="sp-detail-head">
        <span className={`sp-kind sp-kind-${plan.kind}`}>{t(`plans.kind.${plan.kind}`)}</span>
        <Title id="plan-title" className="page-title">
          {plan.title}
        </Title>
        <p className="sp-line">
          {t('plans.stageCount', { count: plan.stages })} ·{' '}
          {t('plans.lessonCount', { complete: plan.progress.complete, total: plan.progress.total })}
        </p>
        <ProgressBar
          percent={plan.progress.process}
          label={learningProgressText(plan.progress.process, locale) ?? ''}
        />
        {notes.map((note) => (
          <p key={note} className="sp-note">
            {note}
          </p>
        ))}
      </header>
      <div className="sp-stages">
        {plan.stageList.map((stage, index) => (
          <StageCard key={stage.cid} plan={plan} stage={stage} index={index} nested={nested} />
        ))}
      </div>
    </section>
  );
}
