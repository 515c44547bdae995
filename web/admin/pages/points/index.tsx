import { useState } from 'react';
import { pointCalls } from '../../../../shared/calls/points';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { clearPoints } from './clear';
import { PointsDialog } from './PointsDialog';
import { RulesForm } from './RulesForm';

const PAGE_SIZE = 20;

/**
 * /points (学员积分, permission student; spec 7 Students points, pointdetail, clearpoint): the school's point
 * rules, then its students with their points and this week's earnings, searched and paged, each with the
 * history and the clear (one student or the selected ones, asked first).
 */
export default function PointsPage() {
  const t = useT();
  const [selected, setSelected] = useState<string[]>([]);
  const { params, page, setFilter } = useQueryFilters({}, () => setSelected([]));
  const keyword = params.get('keyword') ?? '';
  const list = useCall(pointCalls.points, { query: { keyword, page, num: PAGE_SIZE } }, { keepPreviousData: true });
  const [detailOf, setDetailOf] = useState<{ sid: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = list.data?.list ?? [];
  const visibleSelected = selected.filter((sid) => rows.some((row) => row.sid === sid));

  const handleClear = async (sids: string[]) => {
    setBusy(true);
    const cleared = await clearPoints(t, sids);
    setBusy(false);
    if (!cleared) return;
    setSelected([]);
    await list.mutate();
  };

  return (
    <div className="ac-page" data-testid="points-page">
      <PageHeader title={t('admin.points.title')} />
      <section className="card ac-card" aria-labelledby="point-rules-title">
        <h2 id="point-rules-title" className="section-title">
          {t('admin.points.rules')}
        </h2>
        <RulesForm />
      </section>

      <section className="card ac-card" aria-labelledby="student-points-title">
        <h2 id="student-points-title" className="section-title">
          {t('admin.points.students')}
        </h2>
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.points.searchPlaceholder')}
            initial={keyword}
            maxLength={50}
            onSearch={(next) => setFilter({ keyword: next })}
          />
        </ListToolbar>
        <div className="ac-bulk">
          <span className="ac-muted">{t('admin.common.selected', { count: visibleSelected.length })}</span>
          <button
            type="button"
            className="btn btn-small btn-danger-outline"
            disabled={visibleSelected.length === 0 || busy}
            onClick={() => void handleClear(visibleSelected)}
            data-testid="points-bulk-clear"
          >
            {t('admin.points.bulkClear')}
          </button>
        </div>
        {list.error && !list.data ? (
          <LoadError onRetry={() => void list.mutate()} />
        ) : (
          <DataTable
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectAll')}
                    checked={rows.length > 0 && visibleSelected.length === rows.length}
                    onChange={(event) => setSelected(event.target.checked ? rows.map((row) => row.sid) : [])}
                  />
                ),
                className: 'ac-col-check',
              },
              t('admin.points.col.student'),
              t('admin.points.col.total'),
              t('admin.points.col.week'),
            ]}
            empty={list.data && rows.length === 0 && t('admin.points.empty')}
          >
            {rows.map((row) => (
              <tr key={row.sid} data-testid="points-student" data-username={row.username}>
                <td className="ac-col-check">
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectRow', { title: row.name })}
                    checked={selected.includes(row.sid)}
                    onChange={(event) =>
                      setSelected((current) =>
                        event.target.checked ? [...current, row.sid] : current.filter((sid) => sid !== row.sid),
                      )
                    }
                  />
                </td>
                <PersonCell label={t('admin.points.col.student')} name={row.name} username={row.username} />
                <td data-label={t('admin.points.col.total')} data-testid="student-points-total">
                  {row.points}
                </td>
                <td data-label={t('admin.points.col.week')}>{row.week}</td>
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setDetailOf(row)}
                    data-testid="points-detail-open"
                  >
                    {t('admin.points.detail')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger-outline"
                    disabled={busy || row.points === 0}
                    onClick={() => void handleClear([row.sid])}
                    data-testid="points-clear"
                  >
                    {t('admin.points.clear')}
                  </button>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {list.data && (
          <Pager
            page={page}
            num={PAGE_SIZE}
            total={list.data.total}
            onPage={(next) => setFilter({ page: String(next) })}
          />
        )}
      </section>

      {detailOf && (
        <PointsDialog
          sid={detailOf.sid}
          name={detailOf.name}
          onClose={() => {
            setDetailOf(null);
            void list.mutate();
          }}
        />
      )}
    </div>
  );
}
