import { canCommitPlan, canPublishPlan, canReviewPlan } from '../../../../shared/rules/plan-review';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ERRORS, type Reply } from '../../../../shared/envelope';
import { PLAN_ERRORS, REASON_MAX } from '../../../../shared/schemas/plans';
import { toast } from '../../../components/feedback';
import { Loading } from '../../../components/Loading';
import { courseCalls } from '../../../../shared/calls/courses';
import { ApiError } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { LoadError } from '../../components/DataTable';
import { MissingRecord } from '../../components/MissingRecord';
import { Modal } from '../../components/Modal';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { useRevalidate } from '../../hooks/useRevalidate';
import { planCalls as calls } from '../../../../shared/calls/plans';
import type { PlanInfo } from '../../../../shared/schemas/plans';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { AssignPanel } from './AssignPanel';
import { KindLabel, StatusBadge } from './PlanBadges';

/** A plan is a course: publishing it is the course's publish call. */
const publishPlan = (coid: string, pub: boolean) =>
  request(courseCalls.publish, { body: { coid, pub: pub ? '1' : '0' } });

/** Reject with a reason (required, spec: the verify flow). */
function RejectDialog({ onClose, onReject }: { onClose: () => void; onReject: (reason: string) => Promise<boolean> }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const handleSubmit = async () => {
    if (!reason.trim()) return setError(t('admin.plans.reasonRequired'));
    setBusy(true);
    const done = await onReject(reason.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      title={t('admin.plans.rejectTitle')}
      submitText={t('admin.plans.reject')}
      danger
      busy={busy}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
      testId="reject-plan"
    >
      <Field label={t('admin.plans.reason')} error={error} name="reason">
        <textarea rows={4} maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </Modal>
  );
}

/**
 * One study plan (#/plans/{coid}): kind, review state and publication with the buttons that apply to the
 * viewer — submit for review (draft or rejected), approve and reject (committed; the main administrator
 * only), publish (approved only) — its stages and lessons (edited in the course editor), and who it is for.
 */
export default function PlanDetail() {
  const t = useT();
  const { coid = '' } = useParams();
  const revalidate = useRevalidate();
  const { data: plan, error, mutate } = useCall(calls.info, { query: { coid } });
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const act = async (work: () => Promise<Reply<unknown>>, done: string): Promise<boolean> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(reply.error === PLAN_ERRORS.notApproved ? t('admin.plans.notApproved') : failureText(t, reply));
      return false;
    }
    toast(done);
    await mutate();
    void revalidate(calls.list.path);
    return true;
  };

  if (error && !plan) {
    return error instanceof ApiError && error.reply.error === ERRORS.notFound ? (
      <MissingRecord backTo="/plans" backLabel="admin.plans.backToList" testId="plan-missing" />
    ) : (
      <LoadError onRetry={() => void mutate()} />
    );
  }
  if (!plan) return <Loading />;
  const status = plan.review.status;
  const canCommit = canCommitPlan(status);
  const canReview = canReviewPlan(status) && plan.canVerify;
  // The publish button toggles: unpublishing is always allowed, publishing only once approved.
  const canPublish = canPublishPlan(status, !plan.published);

  return (
    <div className="ac-page pl-detail" data-testid="plan-detail" data-status={status}>
      <PageHeader
        back={
          <Link to="/plans" className="ac-back" aria-label={t('admin.plans.backToList')}>
            ←
          </Link>
        }
        title={
          <>
            <span>{plan.title}</span>
            <StatusBadge status={status} />
            <span className={`ac-state ${plan.published ? 'is-on' : ''}`} data-testid="plan-published">
              {plan.published ? t('admin.plans.published') : t('admin.plans.unpublished')}
            </span>
          </>
        }
      >
        {canCommit && (
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={busy}
            onClick={() =>
              void act(() => request(calls.commit, { body: { coid: plan.coid } }), t('admin.plans.committed'))
            }
            data-testid="commit-plan"
          >
            {t('admin.plans.commit')}
          </button>
        )}
        {canReview && (
          <>
            <button
              type="button"
              className="btn btn-small btn-primary"
              disabled={busy}
              onClick={() =>
                void act(
                  () => request(calls.verify, { body: { coid: plan.coid, approve: true, reason: '' } }),
                  t('admin.plans.approved'),
                )
              }
              data-testid="approve-plan"
            >
              {t('admin.plans.approve')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-outline"
              disabled={busy}
              onClick={() => setRejecting(true)}
              data-testid="reject-plan-open"
            >
              {t('admin.plans.reject')}
            </button>
          </>
        )}
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || !canPublish}
          title={canPublish ? undefined : t('admin.plans.publishHint')}
          onClick={() =>
            void act(
              () => publishPlan(plan.coid, !plan.published),
              plan.published ? t('admin.plans.unpublishedDone') : t('admin.plans.publishedDone'),
            )
          }
          data-testid="publish-plan"
        >
          {plan.published ? t('admin.plans.unpublish') : t('admin.plans.publish')}
        </button>
      </PageHeader>

      <section className="card ac-card pl-summary">
        <dl className="pl-facts">
          <div>
            <dt>{t('admin.plans.kind')}</dt>
            <dd>
              <KindLabel kind={plan.kind} />
            </dd>
          </div>
          <div>
            <dt>{t('admin.plans.verify')}</dt>
            <dd>{plan.verify ? '✓' : '—'}</dd>
          </div>
          {plan.stage && (
            <div>
              <dt>{t('admin.plans.stageLabel')}</dt>
              <dd>
                {plan.stage.stage_year} · {t(`admin.plans.stageLabel${Math.min(2, plan.stage.label) as 0 | 1 | 2}`)}
                {plan.stage.label < 2 ? ` · ${plan.stage.stage_date}` : ''}
                {plan.stage.expire_limit ? ` · ${t('admin.plans.expireLimit')}` : ''}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('admin.plans.stages')}</dt>
            <dd>{t('admin.plans.stagesLessons', { stages: plan.stages, lessons: plan.lessons })}</dd>
          </div>
        </dl>
        {status === 'rejected' && plan.review.reason && (
          <p className="pl-note pl-note-danger" data-testid="reject-reason">
            {t('admin.plans.rejectedReason', { reason: plan.review.reason })}
          </p>
        )}
        {status === 'committed' && !plan.canVerify && <p className="pl-note">{t('admin.plans.waitingReview')}</p>}
        {!canPublish && <p className="ac-hint">{t('admin.plans.publishHint')}</p>}
      </section>

      <Stages plan={plan} />
      <AssignPanel
        coid={plan.coid}
        onChanged={() => {
          void mutate();
          void revalidate(calls.list.path);
        }}
      />
      {rejecting && (
        <RejectDialog
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            act(
              () => request(calls.verify, { body: { coid: plan.coid, approve: false, reason } }),
              t('admin.plans.rejected'),
            )
          }
        />
      )}
    </div>
  );
}

/** The plan's stages with their lessons; lessons are edited in the course editor's chapters tab. */
function Stages({ plan }: { plan: PlanInfo }) {
  const t = useT();
  return (
    <section className="card ac-card" aria-labelledby="plan-stages">
      <div className="ac-section-head">
        <h2 id="plan-stages" className="section-title">
          {t('admin.plans.stages')}
        </h2>
        <Link to={`/courses/${plan.coid}/chapters`} className="btn btn-small" data-testid="edit-lessons">
          {t('admin.plans.editLessons')}
        </Link>
      </div>
      <p className="ac-hint">{t('admin.plans.editHint')}</p>
      <ol className="pl-stages">
        {plan.stageList.map((stage, index) => (
          <li key={stage.cid} className="pl-stage" data-testid="plan-stage">
            <h3 className="ac-subtitle">{t('admin.plans.stageN', { index: index + 1, title: stage.title })}</h3>
            {stage.lessons.length === 0 ? (
              <p className="ac-muted">{t('admin.plans.noLessons')}</p>
            ) : (
              <ol className="pl-lessons">
                {stage.lessons.map((lesson) => (
                  <li key={lesson.cid} data-testid="plan-lesson">
                    {lesson.title}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
