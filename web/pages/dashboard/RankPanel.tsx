import { useState } from 'react';
import type { RankMeasure, RankPeriod } from '../../../shared/rules/dashboard';
import { RANK_MEASURES, RANK_PERIODS } from '../../../shared/rules/dashboard';
import { formatDuration } from '../../../shared/rules/text';
import { DASHBOARD_ERRORS, type RankReply } from '../../../shared/schemas/dashboard';
import type { MessageKey } from '../../../shared/i18n';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../hooks/fetcher';
import { useRank } from '../../hooks/useDashboard';
import { useLocale, useT } from '../../i18n';

type Row = RankReply['top'][number];

/** Tabs of one choice (period or measure). */
function Tabs<T extends string>(props: { label: string; items: readonly T[]; value: T; onChange: (v: T) => void }) {
  const t = useT();
  return (
    <div className="ex-tabs" role="tablist" aria-label={props.label}>
      {props.items.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          aria-selected={props.value === item}
          className={`ex-tab${props.value === item ? ' is-active' : ''}`}
          onClick={() => props.onChange(item)}
          data-testid={`rank-tab-${item}`}
        >
          {t(`dashboard.rank.${RANK_PERIODS.includes(item as RankPeriod) ? 'period' : 'by'}.${item}` as MessageKey)}
        </button>
      ))}
    </div>
  );
}

/**
 * controller/rank (spec 2; issue 18): the student's places by study time and by points in the school and in
 * each of their groups, for this week, this month or all time, and the leaderboard of one scope with their own
 * row. When the school turned ranking off the call answers 404 and the screen says so.
 */
export function RankPanel() {
  const t = useT();
  const locale = useLocale();
  const [period, setPeriod] = useState<RankPeriod>('week');
  const [by, setBy] = useState<RankMeasure>('time');
  const [scope, setScope] = useState('');
  const { data, error, isLoading } = useRank({ period, by, scope }, true);
  const off = error instanceof ApiError && error.reply.error === DASHBOARD_ERRORS.rankingOff;
  if (off) return <p data-testid="rank-off">{t('dashboard.rank.off')}</p>;
  const show = (value: number, measure: RankMeasure) =>
    measure === 'time' ? formatDuration(value, locale) : t('dashboard.rank.points', { points: value });
  const scopeName = (item: RankReply['scopes'][number]) => (item.scope === '' ? t('dashboard.rank.school') : item.name);
  const row = (item: Row, key: string) => (
    <tr key={key} className={item.me ? 'is-me' : undefined} data-testid="rank-row" data-me={item.me}>
      <td>{item.rank}</td>
      <td>{item.me ? `${item.name}（${t('dashboard.rank.me')}）` : item.name}</td>
      <td>{show(item.value, by)}</td>
    </tr>
  );
  return (
    <div className="rank" data-testid="rank">
      <div className="rank-controls">
        <Tabs label={t('dashboard.rank.title')} items={RANK_PERIODS} value={period} onChange={setPeriod} />
        <Tabs label={t('dashboard.rank.col.value')} items={RANK_MEASURES} value={by} onChange={setBy} />
      </div>
      {isLoading && !data ? (
        <Loading />
      ) : error || !data ? (
        <p role="alert">{t('dashboard.rank.loadFailed')}</p>
      ) : (
        <>
          <h3 className="cc-block-title">{t('dashboard.rank.myPlaces')}</h3>
          <table className="rank-table" data-testid="rank-places">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.rank.col.name')}</th>
                <th scope="col">{t('dashboard.rank.by.time')}</th>
                <th scope="col">{t('dashboard.rank.by.points')}</th>
              </tr>
            </thead>
            <tbody>
              {data.scopes.map((item) => (
                <tr key={item.scope} data-testid="rank-place" data-scope={item.scope}>
                  <th scope="row">
                    <button
                      type="button"
                      className={`rank-scope${item.scope === data.scope ? ' is-active' : ''}`}
                      aria-pressed={item.scope === data.scope}
                      onClick={() => setScope(item.scope)}
                    >
                      {scopeName(item)}
                    </button>
                  </th>
                  <td>{t('dashboard.rank.place', { rank: item.time.rank, of: item.time.of })}</td>
                  <td>{t('dashboard.rank.place', { rank: item.points.rank, of: item.points.of })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="cc-block-title">
            {t('dashboard.rank.top')} · {scopeName(data.scopes.find((item) => item.scope === data.scope)!)}
          </h3>
          {data.top.length === 0 ? (
            <p className="cc-empty">{t('dashboard.rank.empty')}</p>
          ) : (
            <table className="rank-table" data-testid="rank-top">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.rank.col.rank')}</th>
                  <th scope="col">{t('dashboard.rank.col.name')}</th>
                  <th scope="col">{t(`dashboard.rank.by.${by}`)}</th>
                </tr>
              </thead>
              <tbody>
                {data.top.map((item, i) => row(item, String(i)))}
                {!data.top.some((item) => item.me) && row(data.mine, 'mine')}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
