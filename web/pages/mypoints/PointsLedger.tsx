import { useState } from 'react';
import { pointCalls } from '../../../shared/calls/points';
import { formatDateMinutes } from '../../../shared/rules/dates';
import { Loading } from '../../components/Loading';
import { useCall } from '../../hooks/useCall';
import { useLocale, useT } from '../../i18n';
import { reasonText, signed } from './reason';

const PAGE_SIZE = 15;

/**
 * The signed-in student's points (mypoints): the total, this week's earnings and the history with each
 * reason in words, paged. The dashboard's controller/credit and the phone page mypoints_m show it.
 */
export function PointsLedger() {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const mine = useCall(pointCalls.mine, { query: { page, num: PAGE_SIZE } }, { keepPreviousData: true });
  if (mine.error && !mine.data)
    return (
      <div className="pt-error" role="alert">
        <p>{t('points.loadError')}</p>
        <button type="button" className="btn" onClick={() => void mine.mutate()}>
          {t('points.retry')}
        </button>
      </div>
    );
  if (!mine.data) return <Loading />;
  const { points, week, total, list } = mine.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="pt-ledger" data-testid="points-ledger">
      <dl className="pt-summary">
        <div className="pt-figure">
          <dt>{t('points.total')}</dt>
          <dd data-testid="points-total">{points}</dd>
        </div>
        <div className="pt-figure">
          <dt>{t('points.week')}</dt>
          <dd data-testid="points-week">{week}</dd>
        </div>
      </dl>
      <h2 className="section-title">{t('points.ledger')}</h2>
      {list.length === 0 ? (
        <p className="page-muted" data-testid="points-empty">
          {t('points.empty')}
        </p>
      ) : (
        <ul className="pt-rows">
          {list.map((row) => (
            <li key={row.id} className="pt-row" data-testid="points-row" data-reason={row.reason}>
              <div>
                <p className="pt-reason">{reasonText(t, row)}</p>
                <p className="page-muted">{formatDateMinutes(row.at, locale)}</p>
              </div>
              <span className={`pt-delta${row.delta < 0 ? ' is-minus' : ''}`}>{signed(row.delta)}</span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pt-pager">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('points.prev')}
          </button>
          <span className="page-muted">{t('points.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('points.next')}
          </button>
        </div>
      )}
    </div>
  );
}
