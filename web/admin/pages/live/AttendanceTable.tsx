import { useState } from 'react';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { apiUrl } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { Minutes, When } from './parts';

const PAGE_SIZE = 20;
const LIVE_REFRESH_MS = 10_000;

/** A session's attendance (live/attendance), longest first, with its XLSX export. */
export function AttendanceTable({ id, live }: { id: string; live: boolean }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const list = useCall(
    liveAdminCalls.attendance,
    { query: { id, page, num: PAGE_SIZE } },
    { keepPreviousData: true, refreshInterval: live ? LIVE_REFRESH_MS : 0 },
  );
  const rows = list.data?.list ?? [];
  return (
    <section className="card ac-card live-section" data-testid="live-attendance">
      <div className="live-section-head">
        <h2>{t('admin.live.attendanceTitle')}</h2>
        <a
          className="btn btn-small"
          href={apiUrl('live/attendance/export', { id })}
          download
          data-testid="live-attendance-export"
        >
          {t('admin.live.export')}
        </a>
      </div>
      {list.error && !list.data ? (
        <LoadError onRetry={() => void list.mutate()} />
      ) : (
        <DataTable
          actions={false}
          columns={[
            t('admin.live.col.name'),
            t('admin.live.col.groups'),
            t('admin.live.col.minutes'),
            t('admin.live.col.firstAt'),
            t('admin.live.col.lastAt'),
          ]}
          empty={list.data && rows.length === 0 && t('admin.live.attendanceEmpty')}
        >
          {rows.map((row) => (
            <tr key={row.studentId} data-testid="live-attendance-row">
              <PersonCell label={t('admin.live.col.name')} name={row.name} username={row.account} />
              <td data-label={t('admin.live.col.groups')}>{row.groups.join(', ') || '—'}</td>
              <td data-label={t('admin.live.col.minutes')}>
                <Minutes seconds={row.seconds} />
              </td>
              <td data-label={t('admin.live.col.firstAt')}>
                <When at={row.firstAt} />
              </td>
              <td data-label={t('admin.live.col.lastAt')}>
                <When at={row.lastAt} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
    </section>
  );
}
