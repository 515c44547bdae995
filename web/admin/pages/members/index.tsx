import { useState } from 'react';
import { memberCalls } from '../../../../shared/calls/members';
import type { AdminPlan } from '../../../../shared/schemas/members';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { GrantPlanDialog } from './GrantPlanDialog';
import { HoldersPanel } from './HoldersPanel';
import { PlanDialog } from './PlanDialog';

/**
 * Membership plans (issue 15 item 6): the figures, the plans with their current members, and per plan edit,
 * grant, members (with revoke and the change history) and delete. Buying a plan is the orders area's.
 */
export default function MembersPage() {
  const t = useT();
  const plans = useCall(memberCalls.list, {});
  const figures = useCall(memberCalls.dashboard, {});
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminPlan | null>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = plans.data?.list ?? [];
  const shown = list.find((plan) => plan.id === showing) ?? null;
  const refresh = () => Promise.all([plans.mutate(), figures.mutate()]);

  const handleDelete = async (plan: AdminPlan) => {
    setBusy(true);
    const reply = await request(memberCalls.remove, { body: { id: plan.id } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.members.deleted'));
    if (showing === plan.id) setShowing(null);
    await refresh();
  };

  const numbers = figures.data;
  return (
    <div className="ac-page" data-testid="members-page">
      <PageHeader title={t('admin.members.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="plan-new">
          {t('admin.members.new')}
        </button>
      </PageHeader>
      <p className="ac-hint">{t('admin.members.hint')}</p>
      {numbers && (
        <dl className="ac-figures card ac-card" aria-label={t('admin.members.figures')} data-testid="member-figures">
          {(
            [
              ['admin.members.figure.plans', numbers.plans],
              ['admin.members.figure.active', numbers.active_members],
              ['admin.members.figure.joined', numbers.joined_30_days],
              ['admin.members.figure.soon', numbers.soon_expiring],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="info-row">
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <section className="card ac-card">
        {plans.error && <LoadError onRetry={() => void plans.mutate()} />}
        <DataTable
          columns={[
            t('admin.members.col.title'),
            t('admin.members.col.price'),
            t('admin.members.col.days'),
            t('admin.members.col.categories'),
            t('admin.members.col.holders'),
            t('admin.members.col.state'),
          ]}
          empty={plans.data && list.length === 0 ? t('admin.members.empty') : undefined}
        >
          {list.map((plan) => (
            <tr key={plan.id} data-testid="plan-row" data-title={plan.title}>
              <td data-label={t('admin.members.col.title')} className="ac-strong">
                {plan.title}
              </td>
              <td data-label={t('admin.members.col.price')}>{t('admin.members.yuan', { price: plan.price })}</td>
              <td data-label={t('admin.members.col.days')}>{t('admin.members.dayCount', { n: plan.days })}</td>
              <td data-label={t('admin.members.col.categories')}>
                {plan.categories.map((category) => category.title).join('、')}
              </td>
              <td data-label={t('admin.members.col.holders')} data-testid="plan-holders">
                {plan.holders}
              </td>
              <td data-label={t('admin.members.col.state')}>
                {plan.published ? t('admin.members.on') : t('admin.members.off')}
              </td>
              <RowActions>
                <button type="button" className="btn btn-small" onClick={() => setEditing(plan)}>
                  {t('admin.members.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  disabled={!plan.published}
                  onClick={() => setGranting(plan)}
                  data-testid="plan-grant"
                >
                  {t('admin.members.grant')}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-pressed={showing === plan.id}
                  onClick={() => setShowing(showing === plan.id ? null : plan.id)}
                  data-testid="plan-holders-open"
                >
                  {t('admin.members.holders')}
                </button>
                <DeleteButton
                  busy={busy}
                  confirmText={t('admin.members.deleteConfirm', { title: plan.title })}
                  onDelete={() => handleDelete(plan)}
                />
              </RowActions>
            </tr>
          ))}
        </DataTable>
      </section>
      {shown && <HoldersPanel key={shown.id} plan={shown} onChanged={() => void refresh()} />}
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {granting && (
        <GrantPlanDialog
          plan={granting}
          onClose={() => setGranting(null)}
          onGranted={() => {
            setGranting(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
