import { useState } from 'react';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { StatusBadge, thisMonth, When } from './parts';

/** live/bill: a month's live use per session (live minutes, peak viewers, attendees, minutes watched) and totals. */
export function BillPanel() {
  const t = useT();
  const [month, setMonth] = useState(thisMonth());
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const bill = useCall(liveAdminCalls.bill, valid ? { query: { month } } : null, { keepPreviousData: true });
  const rows = bill.data?.list ?? [];
  const totals = bill.data?.totals;
  return (
    <section className="card ac-card" data-testid="live-bill">
      <ListToolbar>
        <div className="live-filters">
          <label className="ac-label" htmlFor="live-bill-month">
            {t('admin.live.month')}
          </label>
          <input
            id="live-bill-month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            data-testid="live-bill-month"
          />
        </div>
      </ListToolbar>
      {bill.error && !bill.data ? (
        <LoadError onRetry={() => void bill.mutate()} />
      ) : (
        <DataTable
          actions={false}
          columns={[
            t('admin.live.name'),
            t('admin.live.startAt'),
            t('admin.live.status'),
            t('admin.live.bill.liveMinutes'),
            t('admin.live.bill.peak'),
            t('admin.live.bill.attendees'),
            t('admin.live.bill.attendedMinutes'),
          ]}
          empty={bill.data && rows.length === 0 && t('admin.live.bill.empty')}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="live-bill-row">
              <td data-label={t('admin.live.name')}>
                <span className="ac-strong">{row.title}</span>
                <p className="ac-muted">{row.courseTitle}</p>
              </td>
              <td data-label={t('admin.live.startAt')}>
                <When at={row.startAt} />
              </td>
              <td data-label={t('admin.live.status')}>
                <StatusBadge status={row.status} />
              </td>
              <td data-label={t('admin.live.bill.liveMinutes')}>{row.liveMinutes}</td>
              <td data-label={t('admin.live.bill.peak')}>{row.peakViewers}</td>
              <td data-label={t('admin.live.bill.attendees')}>{row.attendees}</td>
              <td data-label={t('admin.live.bill.attendedMinutes')}>{row.attendedMinutes}</td>
            </tr>
          ))}
          {totals && rows.length > 0 && (
            <tr className="live-bill-total" data-testid="live-bill-total">
              <td data-label={t('admin.live.name')} colSpan={3}>
                {t('admin.live.bill.total', { sessions: totals.sessions })}
              </td>
              <td data-label={t('admin.live.bill.liveMinutes')}>{totals.liveMinutes}</td>
              <td data-label={t('admin.live.bill.peak')}>{totals.peakViewers}</td>
              <td data-label={t('admin.live.bill.attendees')}>{totals.attendees}</td>
              <td data-label={t('admin.live.bill.attendedMinutes')}>{totals.attendedMinutes}</td>
            </tr>
          )}
        </DataTable>
      )}
    </section>
  );
}
