/** Pieces shared by the analytics screens: the period picker, numbers with the previous period, hours. */
import { useState } from 'react';
import { useT } from '../../../i18n';

export type PeriodQuery = { days: number; from?: string; to?: string };

export const PRESET_DAYS = [7, 30, 90] as const;
export const hours = (ms: number) => Math.round((ms / 3_600_000) * 10) / 10;
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);
export const minutes = (ms: number) => `${Math.round(ms / 60_000)}′`;
export const seconds = (s: number) =>
  s > 0 ? `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}` : '–';

/** The period: 7/30/90 days, or from–to. */
export function PeriodPicker({ value, onChange }: { value: PeriodQuery; onChange: (next: PeriodQuery) => void }) {
  const t = useT();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const custom = !!(value.from && value.to);
  return (
    <div className="an-period" data-testid="analytics-period">
      {PRESET_DAYS.map((days) => (
        <button
          key={days}
          type="button"
          className={!custom && value.days === days ? 'btn btn-primary' : 'btn'}
          aria-pressed={!custom && value.days === days}
          onClick={() => onChange({ days })}
        >
          {t('admin.analytics.days', { n: days })}
        </button>
      ))}
      <label className="an-date">
        <span>{t('admin.analytics.from')}</span>
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="period-from" />
      </label>
      <label className="an-date">
        <span>{t('admin.analytics.to')}</span>
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="period-to" />
      </label>
      <button
        type="button"
        className="btn"
        disabled={!from || !to}
        onClick={() => onChange({ days: value.days, from, to })}
        data-testid="period-apply"
      >
        {t('admin.analytics.apply')}
      </button>
    </div>
  );
}

/** A figure of the period with the previous period's beside it. */
export function Kpi({
  label,
  now,
  before,
  id,
}: {
  label: string;
  now: string | number;
  before: string | number;
  id: string;
}) {
  const t = useT();
  return (
    <div className="an-kpi" data-testid={`kpi-${id}`}>
      <div className="an-kpi-label">{label}</div>
      <div className="an-kpi-value" data-testid={`kpi-${id}-value`}>
        {now}
      </div>
      <div className="an-kpi-prev">
        {t('admin.analytics.previous')}: <span data-testid={`kpi-${id}-prev`}>{before}</span>
      </div>
    </div>
  );
}
