import { useState } from 'react';
import { Link } from 'react-router';
import { planCalls } from '../../../../shared/calls/plans';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { CreatePlanDialog } from './CreatePlanDialog';
import { KindLabel, StatusBadge } from './PlanBadges';

const PAGE_SIZE = 20;
const FILTERS = [
  { key: 'all', status: undefined, label: 'admin.plans.filter.all' },
  { key: 'draft', status: 'draft', label: 'admin.plans.status.draft' },
  { key: 'committed', status: 'committed', label: 'admin.plans.status.committed' },
  { key: 'approved', status: 'approved', label: 'admin.plans.status.approved' },
  { key: 'rejected', status: 'rejected', label: 'admin.plans.status.rejected' },
] as const;

/**
 * Study plans (学习计划, permission course; spec 1): the school's plans with kind, stages, audience,
 * review state and publication; filtered by review state; a new plan is made from courses in a dialog.
 */
export default function PlansPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const [creating, setCreating] = useState(false);
  const { data, error, mutate } = useCall(
    planCalls.list,
    { query: { page, num: PAGE_SIZE, status: filter.status } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];

  return (
    <div className="ac-page" data-testid="plans-page">
      <PageHeader title={t('admin.plans.title')}>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => setCreating(true)}
          data-testid="new-plan"
        >
          {t('admin.plans.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <Segmented
            label={t('admin.plans.state')}
            options={FILTERS}
            value={filter.key}
            onChange={(item) => {
              setPage(1);
              setFilter(item);
            }}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            className="ac-table pl-table"
            columns={[
              t('admin.plans.planTitle'),
              t('admin.plans.kind'),
              t('admin.plans.stages'),
              t('admin.plans.assigned'),
              t('admin.plans.state'),
              t('admin.plans.updated'),
            ]}
            empty={data && rows.length === 0 && t('admin.plans.empty')}
          >
            {rows.map((row) => (
              <tr key={row.coid} data-testid="plan-row" data-coid={row.coid}>
                <td data-label={t('admin.plans.planTitle')}>
                  <Link to={`/plans/${row.coid}`} className="ac-strong">
                    {row.title}
                  </Link>
                </td>
                <td data-label={t('admin.plans.kind')}>
                  <KindLabel kind={row.kind} />
                </td>
                <td data-label={t('admin.plans.stages')}>
                  {t('admin.plans.stagesLessons', { stages: row.stages, lessons: row.lessons })}
                </td>
                <td data-label={t('admin.plans.assigned')}>
                  {t('admin.plans.assignedCount', { students: row.students, groups: row.groups })}
                </td>
                <td data-label={t('admin.plans.state')}>
                  <span className="pl-states">
                    <StatusBadge status={row.status} />
                    <span className={`ac-state ${row.published ? 'is-on' : ''}`} data-testid="plan-published">
                      {row.published ? t('admin.plans.published') : t('admin.plans.unpublished')}
                    </span>
                  </span>
                </td>
                <td data-label={t('admin.plans.updated')} className="ac-muted">
                  {row.update_time.slice(0, 16)}
                </td>
                <RowActions>
                  <Link to={`/plans/${row.coid}`} className="btn btn-small" data-testid="open-plan">
                    {t('admin.plans.open')}
                  </Link>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {creating && <CreatePlanDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
