import { useState } from 'react';
import { informCalls } from '../../../../shared/calls/inform';
import { formatDateTime } from '../../../../shared/rules/dates';
import { INFORM_STATUSES, type InformStatus } from '../../../../shared/schemas/inform';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, LoadError, RowActions } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { INFORM_ERROR_KEYS } from './errors';

const PAGE_SIZE = 20;

/** Every queued e-mail and SMS with status, attempts, last error and times; filtered by status; a failed one retried. */
export function DeliveryLog() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<InformStatus | ''>('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const log = useCall(
    informCalls.log,
    { query: { status: status || undefined, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const rows = log.data?.list ?? [];
  const eventName = (event: string) => {
    const key = `admin.inform.event.${event}` as Parameters<typeof t>[0];
    const text = t(key);
    return text === key ? event : text;
  };

  const handleRetry = async (id: string) => {
    setBusy(true);
    const reply = await request(informCalls.retry, { body: { id } });
    setBusy(false);
    if (reply.status !== 'ok')
      return toast(INFORM_ERROR_KEYS[reply.error] ? t(INFORM_ERROR_KEYS[reply.error]) : failureText(t, reply));
    toast(t('admin.inform.log.retried'));
    await log.mutate();
  };

  return (
    <section className="card ac-card" data-testid="inform-log">
      <h2 className="section-title">{t('admin.inform.log')}</h2>
      <div className="ac-toolbar inform-log-toolbar">
        <label className="ac-label">
          {t('admin.inform.log.status')}
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as InformStatus | '');
              setPage(1);
            }}
            data-testid="inform-log-status"
          >
            <option value="">{t('admin.inform.log.all')}</option>
            {INFORM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.inform.log.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void log.mutate()}
          data-testid="inform-log-refresh"
        >
          {t('admin.inform.log.refresh')}
        </button>
      </div>
      {log.error && !log.data ? (
        <LoadError onRetry={() => void log.mutate()} />
      ) : (
        <DataTable
          columns={[
            t('admin.inform.log.created'),
            t('admin.inform.log.channel'),
            t('admin.inform.log.recipient'),
            t('admin.inform.log.event'),
            t('admin.inform.log.status'),
            t('admin.inform.log.attempts'),
            t('admin.inform.log.lastError'),
            t('admin.inform.log.sentAt'),
          ]}
          empty={log.data && rows.length === 0 && t('admin.inform.log.empty')}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="inform-delivery" data-status={row.status} data-recipient={row.recipient}>
              <td data-label={t('admin.inform.log.created')}>{formatDateTime(row.createdAt, locale)}</td>
              <td data-label={t('admin.inform.log.channel')}>{t(`admin.inform.channel.${row.channel}`)}</td>
              <td data-label={t('admin.inform.log.recipient')}>
                {row.recipient}
                {row.subject && <p className="ac-muted">{row.subject}</p>}
              </td>
              <td data-label={t('admin.inform.log.event')}>{eventName(row.event)}</td>
              <td data-label={t('admin.inform.log.status')}>
                <span className={`inform-status is-${row.status}`}>{t(`admin.inform.log.status.${row.status}`)}</span>
              </td>
              <td data-label={t('admin.inform.log.attempts')}>{row.attempts}</td>
              <td data-label={t('admin.inform.log.lastError')} className="inform-error-cell">
                {row.lastError}
              </td>
              <td data-label={t('admin.inform.log.sentAt')}>{row.sentAt ? formatDateTime(row.sentAt, locale) : ''}</td>
              <RowActions>
                {row.status === 'failed' && (
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => void handleRetry(row.id)}
                    data-testid="inform-retry"
                  >
                    {t('admin.inform.log.retry')}
                  </button>
                )}
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {log.data && <Pager page={page} num={PAGE_SIZE} total={log.data.total} onPage={setPage} />}
    </section>
  );
}
