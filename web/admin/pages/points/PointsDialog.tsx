import { useState } from 'react';
import { creditCalls } from '../../../../shared/calls/credits';
import { pointCalls } from '../../../../shared/calls/points';
import { creditTenths, formatCredit } from '../../../../shared/rules/study-credits';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useLocale, useT } from '../../../i18n';
import { reasonText, signed } from '../../../pages/mypoints/reason';
import { DataTable, LoadError } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { Pager } from '../../components/Pager';
import { clearPoints } from './clear';

const PAGE_SIZE = 10;

/** A student's points and history (student/pointdetail), with the clear (asked first). */
export function PointsDialog({ sid, name, onClose }: { sid: string; name: string; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const revalidate = useRevalidate();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const detail = useCall(pointCalls.detail, { query: { sid, page, num: PAGE_SIZE } }, { keepPreviousData: true });
  // Issue 18: the student's study credits beside the points (within the administrator's categories).
  const credits = useCall(creditCalls.detail, { query: { sid } }).data;
  const handleClear = async () => {
    setBusy(true);
    const cleared = await clearPoints(t, [sid]);
    setBusy(false);
    if (!cleared) return;
    await detail.mutate();
    await revalidate(pointCalls.points.path);
  };
  return (
    <Modal
      title={t('admin.points.detailTitle', { name })}
      submitText={t('admin.points.close')}
      onSubmit={onClose}
      onClose={onClose}
      wide
      testId="points-detail"
    >
      {detail.error && !detail.data ? (
        <LoadError onRetry={() => void detail.mutate()} />
      ) : (
        detail.data && (
          <>
            {credits && (
              <p className="ac-hint" data-testid="points-study-credits">
                {t('admin.points.studyCredits', {
                  credit: formatCredit(creditTenths(credits.total)),
                  courses: credits.list.length,
                })}
              </p>
            )}
            <div className="ac-bulk">
              <span data-testid="points-summary">
                {t('admin.points.summary', { points: detail.data.points, week: detail.data.week })}
              </span>
              <button
                type="button"
                className="btn btn-small btn-danger-outline"
                disabled={busy || detail.data.points === 0}
                onClick={() => void handleClear()}
                data-testid="points-clear-one"
              >
                {t('admin.points.clear')}
              </button>
            </div>
            <DataTable
              actions={false}
              columns={[
                t('admin.points.col.change'),
                t('admin.points.col.reason'),
                t('admin.points.col.at'),
                t('admin.points.col.by'),
              ]}
              empty={detail.data.list.length === 0 && t('admin.points.ledgerEmpty')}
            >
              {detail.data.list.map((row) => (
                <tr key={row.id} data-testid="points-detail-row" data-reason={row.reason}>
                  <td data-label={t('admin.points.col.change')}>{signed(row.delta)}</td>
                  <td data-label={t('admin.points.col.reason')}>{reasonText(t, row)}</td>
                  <td data-label={t('admin.points.col.at')}>{formatDateMinutes(row.at, locale)}</td>
                  <td data-label={t('admin.points.col.by')}>{row.actor_name ?? ''}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} num={PAGE_SIZE} total={detail.data.total} onPage={setPage} />
          </>
        )
      )}
    </Modal>
  );
}
