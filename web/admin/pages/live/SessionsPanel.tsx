import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { zLiveStatus, type LiveStatusName } from '../../../../shared/schemas/live-admin';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { useRowAction } from '../../hooks/useRowAction';
import { SessionForm } from './SessionForm';
import { StatusBadge, When } from './parts';

const PAGE_SIZE = 20;
/** While a session is live its viewers change: the list refreshes this often. */
const REFRESH_MS = 15_000;

/** The sessions with filters (course, status), scheduling, and each session's link to its panel. */
export function SessionsPanel({ creating, onCreating }: { creating: boolean; onCreating: (on: boolean) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [coid, setCoid] = useState('');
  const [status, setStatus] = useState<LiveStatusName | ''>('');
  const [page, setPage] = useState(1);
  const { data: options } = useCall(liveAdminCalls.options, {});
  const query = { coid: coid || undefined, status: status || undefined, page, num: PAGE_SIZE };
  const list = useCall(liveAdminCalls.list, { query }, { keepPreviousData: true, refreshInterval: REFRESH_MS });
  const rows = list.data?.list ?? [];
  const { busy, run } = useRowAction(() => list.mutate());
  const remove = (id: string) => request(liveAdminCalls.remove, { body: { id } });

  return (
    <section className="card ac-card" data-testid="live-sessions">
      <ListToolbar>
        <div className="live-filters">
          <select
            aria-label={t('admin.live.course')}
            value={coid}
            onChange={(event) => {
              setPage(1);
              setCoid(event.target.value);
            }}
            data-testid="live-filter-course"
          >
            <option value="">{t('admin.live.allCourses')}</option>
            {(options?.courses ?? []).map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
          <select
            aria-label={t('admin.live.status')}
            value={status}
            onChange={(event) => {
              setPage(1);
              setStatus(event.target.value as LiveStatusName | '');
            }}
            data-testid="live-filter-status"
          >
            <option value="">{t('admin.live.allStatus')}</option>
            {zLiveStatus.options.map((name) => (
              <option key={name} value={name}>
                {t(`admin.live.status.${name}`)}
              </option>
            ))}
          </select>
        </div>
      </ListToolbar>
      {list.error && !list.data ? (
        <LoadError onRetry={() => void list.mutate()} />
      ) : (
        <DataTable
          columns={[
            t('admin.live.name'),
            t('admin.live.startAt'),
            t('admin.live.teacher'),
            t('admin.live.status'),
            t('admin.live.viewers'),
            t('admin.live.attendance'),
          ]}
          empty={list.data && rows.length === 0 && t('admin.live.empty')}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="live-row" data-id={row.id}>
              <td data-label={t('admin.live.name')}>
                <Link to={`/live/${row.id}`} className="ac-strong">
                  {row.title}
                </Link>
                <p className="ac-muted">{row.courseTitle}</p>
              </td>
              <td data-label={t('admin.live.startAt')}>
                <When at={row.startAt} />
                <p className="ac-muted">
                  <When at={row.endAt} />
                </p>
              </td>
              <td data-label={t('admin.live.teacher')}>{row.teacher?.name ?? '—'}</td>
              <td data-label={t('admin.live.status')}>
                <StatusBadge status={row.status} />
              </td>
              <td data-label={t('admin.live.viewers')}>{row.status === 'live' ? row.viewers : '—'}</td>
              <td data-label={t('admin.live.attendance')}>{row.attendance}</td>
              <RowActions>
                <Link className="btn btn-small" to={`/live/${row.id}`} data-testid="live-open">
                  {t('admin.live.open')}
                </Link>
                {row.status !== 'live' && (
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.live.deleteOne', { title: row.title })}
                    onDelete={() => run(() => remove(row.id), t('admin.live.deleted'))}
                  />
                )}
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} num={PAGE_SIZE} total={list.data.total} onPage={setPage} />}
      {creating && (
        <SessionForm
          onClose={() => onCreating(false)}
          onSaved={(id) => {
            onCreating(false);
            void list.mutate();
            navigate(`/live/${id}`);
          }}
        />
      )}
    </section>
  );
}
