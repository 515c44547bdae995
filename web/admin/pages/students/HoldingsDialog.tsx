import { useState } from 'react';
import { grantCalls } from '../../../../shared/calls/grants';
import { formatDate } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { GrantAuditTable } from '../courses/GrantAuditTable';
import { wayText } from '../courses/LearnersTab';

const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

/**
 * What a student holds and why (grant/student): each course, how they hold it, since, until and its status now;
 * and the history of the grants to them or their groups (grant/audit).
 */
export function HoldingsDialog({ sid, name, onClose }: { sid: string; name: string; onClose: () => void }) {
  const t = useT();
  const [history, setHistory] = useState(false);
  const held = useCall(grantCalls.student, { query: { sid } });
  const rows = held.data?.list ?? [];
  return (
    <Modal
      title={t('admin.grants.holdingsTitle', { name })}
      submitText={t('admin.grants.close')}
      onSubmit={onClose}
      onClose={onClose}
      wide
      testId="student-holdings"
    >
      <div className="ac-filters">
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={history}
          onClick={() => setHistory(!history)}
          data-testid="toggle-grant-history"
        >
          {history ? t('admin.grants.holdingsView') : t('admin.grants.history')}
        </button>
      </div>
      {history ? (
        <GrantAuditTable filter={{ sid }} />
      ) : held.error && !held.data ? (
        <LoadError onRetry={() => void held.mutate()} />
      ) : (
        <DataTable
          actions={false}
          columns={[
            t('admin.grants.col.course'),
            t('admin.grants.col.way'),
            t('admin.grants.col.since'),
            t('admin.grants.col.until'),
            t('admin.grants.col.status'),
          ]}
          empty={held.data && rows.length === 0 && t('admin.grants.holdingsEmpty')}
        >
          {rows.map((row) => (
            <tr key={`${row.coid}:${row.way}:${row.grant_id ?? ''}`} data-testid="holding-row" data-coid={row.coid}>
              <td data-label={t('admin.grants.col.course')}>{row.title}</td>
              <td data-label={t('admin.grants.col.way')}>
                {wayText(t, row)}
                {row.granted_by && <p className="ac-muted">{row.granted_by}</p>}
              </td>
              <td data-label={t('admin.grants.col.since')}>{day(row.since)}</td>
              <td data-label={t('admin.grants.col.until')}>
                {row.limitedDate === null ? t('admin.grants.courseValidity') : day(row.limitedDate)}
              </td>
              <td data-label={t('admin.grants.col.status')}>
                {t(`admin.grants.status.${row.status as 0 | 1 | 2 | 3}`)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Modal>
  );
}
