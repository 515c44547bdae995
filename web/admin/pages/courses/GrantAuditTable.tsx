import { useState } from 'react';
import { grantCalls } from '../../../../shared/calls/grants';
import { formatDate } from '../../../../shared/rules/dates';
import type { GrantAuditRow } from '../../../../shared/schemas/grants';
import { useCall } from '../../../hooks/useCall';
import { useT, type Translate } from '../../../i18n';
import { DataTable, LoadError } from '../../components/DataTable';
import { Pager } from '../../components/Pager';

const PAGE_SIZE = 20;
const when = (ms: number) => formatDate(ms, 'yyyy-MM-dd HH:mm');
const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

/** A grant's state in words: its end date (or the course validity), and whether it was revoked. */
function stateText(t: Translate, state: GrantAuditRow['before']): string {
  if (!state) return '—';
  if (state.revoked_at !== null) return t('admin.grants.audit.revokedAt', { day: day(state.revoked_at) });
  return state.until === null ? t('admin.grants.courseValidity') : day(state.until);
}

/**
 * The audit trail of grants (grant/audit: issue rule 'Every money and grant change is audited'): who granted,
 * changed or revoked what, to whom, when, and the grant's end before and after; newest first, paged. Filtered by
 * a course, a column or a student.
 */
export function GrantAuditTable({ filter }: { filter: { coid?: string; column_id?: string; sid?: string } }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const trail = useCall(grantCalls.audit, { query: { ...filter, page, num: PAGE_SIZE } }, { keepPreviousData: true });
  const rows = trail.data?.list ?? [];
  if (trail.error && !trail.data) return <LoadError onRetry={() => void trail.mutate()} />;
  return (
    <div data-testid="grant-audit">
      <DataTable
        actions={false}
        columns={[
          t('admin.grants.audit.at'),
          t('admin.grants.audit.action'),
          t('admin.grants.audit.by'),
          t('admin.grants.audit.what'),
          t('admin.grants.audit.to'),
          t('admin.grants.audit.before'),
          t('admin.grants.audit.after'),
        ]}
        empty={trail.data && rows.length === 0 && t('admin.grants.audit.empty')}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="audit-row" data-action={row.action}>
            <td data-label={t('admin.grants.audit.at')}>{when(row.at)}</td>
            <td data-label={t('admin.grants.audit.action')}>{t(`admin.grants.audit.${row.action}`)}</td>
            <td data-label={t('admin.grants.audit.by')}>{row.actor_name ?? row.actor_id}</td>
            <td data-label={t('admin.grants.audit.what')}>{row.title ?? ''}</td>
            <td data-label={t('admin.grants.audit.to')}>
              {row.group_name !== null
                ? t('admin.grants.audit.group', { group: row.group_name })
                : (row.student_name ?? row.sid ?? '')}
            </td>
            <td data-label={t('admin.grants.audit.before')}>{stateText(t, row.before)}</td>
            <td data-label={t('admin.grants.audit.after')}>{stateText(t, row.after)}</td>
          </tr>
        ))}
      </DataTable>
      {trail.data && <Pager page={page} num={PAGE_SIZE} total={trail.data.total} onPage={setPage} />}
    </div>
  );
}
