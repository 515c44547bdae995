/**
 * The overview an institution's manager opens every morning (issue 18 'Back office analytics'), on the back
 * office's landing page: a period beside the previous one, the daily charts, courses by completion, groups by
 * study time and the students who have not studied in N days (with export). A lazy chunk with uPlot.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { analyticsCalls } from '../../../../shared/calls/analytics';
import { INACTIVE_DAYS_DEFAULT, type Overview } from '../../../../shared/schemas/analytics';
import { downloadAnalytics } from '../../../api/analytics';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable } from '../../components/DataTable';
import { hours, Kpi, PeriodPicker, percent, type PeriodQuery } from './parts';
import { TimeChart } from './TimeChart';

export default function AnalyticsOverview() {
  const t = useT();
  const [period, setPeriod] = useState<PeriodQuery>({ days: 30 });
  const [idle, setIdle] = useState(INACTIVE_DAYS_DEFAULT);
  const { data } = useCall(analyticsCalls.overview, { query: { ...period, idle } }, { keepPreviousData: true });
  return (
    <div className="an-page" data-testid="analytics-overview">
      <section className="card an-card">
        <div className="an-head">
          <h2 className="section-title">{t('admin.analytics.title')}</h2>
          <Link to="/analytics/course" className="btn" data-testid="to-course-analytics">
            {t('admin.analytics.courseTitle')}
          </Link>
        </div>
        <PeriodPicker value={period} onChange={setPeriod} />
        {data?.scoped && <p className="page-muted">{t('admin.analytics.scoped')}</p>}
        {data && (
          <p className="page-muted" data-testid="analytics-range">
            {data.period.from} ~ {data.period.to} · {t('admin.analytics.previous')}: {data.period.prevFrom} ~{' '}
            {data.period.prevTo}
          </p>
        )}
      </section>
      {data && <Figures data={data} />}
      {data && <Rankings data={data} />}
      {data && <Inactive data={data} idle={idle} onIdle={setIdle} />}
    </div>
  );
}

function Figures({ data }: { data: Overview }) {
  const t = useT();
  const { current: c, previous: p } = data;
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const active = useMemo(
    () => [
      { label: t('admin.analytics.current'), values: data.days.map((d) => d.active), color: '#387dfe' },
      {
        label: t('admin.analytics.previous'),
        values: data.days.map((d) => d.prevActive),
        color: '#9aa5b1',
        dashed: true,
      },
    ],
    [data, t],
  );
  const studied = useMemo(
    () => [
      { label: t('admin.analytics.current'), values: data.days.map((d) => hours(d.ms)), color: '#1f9d55' },
      {
        label: t('admin.analytics.previous'),
        values: data.days.map((d) => hours(d.prevMs)),
        color: '#9aa5b1',
        dashed: true,
      },
    ],
    [data, t],
  );
  return (
    <>
      <section className="an-kpis">
        <Kpi id="hours" label={t('admin.analytics.kpi.hours')} now={hours(c.ms)} before={hours(p.ms)} />
        <Kpi id="active" label={t('admin.analytics.kpi.active')} now={c.activeAvg} before={p.activeAvg} />
        <Kpi id="enrolments" label={t('admin.analytics.kpi.enrolments')} now={c.enrolments} before={p.enrolments} />
        <Kpi id="completions" label={t('admin.analytics.kpi.completions')} now={c.completions} before={p.completions} />
        <Kpi id="sittings" label={t('admin.analytics.kpi.sittings')} now={c.sittings} before={p.sittings} />
        <Kpi
          id="pass"
          label={t('admin.analytics.kpi.passRate')}
          now={percent(c.passRate)}
          before={percent(p.passRate)}
        />
      </section>
      <section className="an-charts">
        <div className="card an-card">
          <h3 className="section-title">{t('admin.analytics.chart.active')}</h3>
          <TimeChart days={days} series={active} testId="chart-active" />
        </div>
        <div className="card an-card">
          <h3 className="section-title">{t('admin.analytics.chart.hours')}</h3>
          <TimeChart days={days} series={studied} testId="chart-hours" />
        </div>
      </section>
    </>
  );
}

function CourseTable({ rows, testId }: { rows: Overview['courses']['top']; testId: string }) {
  const t = useT();
  return (
    <DataTable
      actions={false}
      columns={[
        t('admin.analytics.course'),
        t('admin.analytics.learners'),
        t('admin.analytics.completed'),
        t('admin.analytics.rate'),
      ]}
      empty={rows.length === 0 && t('admin.analytics.none')}
    >
      {rows.map((row) => (
        <tr key={row.coid} data-testid={testId} data-id={row.coid}>
          <td data-label={t('admin.analytics.course')}>
            <Link to={`/analytics/course/${row.coid}`}>{row.title}</Link>
          </td>
          <td data-label={t('admin.analytics.learners')}>{row.learners}</td>
          <td data-label={t('admin.analytics.completed')}>{row.completed}</td>
          <td data-label={t('admin.analytics.rate')}>{percent(row.rate)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Rankings({ data }: { data: Overview }) {
  const t = useT();
  return (
    <section className="an-grid">
      <div className="card an-card">
        <h3 className="section-title">{t('admin.analytics.top')}</h3>
        <CourseTable rows={data.courses.top} testId="top-course" />
      </div>
      <div className="card an-card">
        <h3 className="section-title">{t('admin.analytics.bottom')}</h3>
        <CourseTable rows={data.courses.bottom} testId="bottom-course" />
      </div>
      <div className="card an-card">
        <h3 className="section-title">{t('admin.analytics.groups')}</h3>
        <DataTable
          actions={false}
          columns={[t('admin.analytics.group'), t('admin.analytics.hours'), t('admin.analytics.students')]}
          empty={data.groups.length === 0 && t('admin.analytics.none')}
        >
          {data.groups.map((g) => (
            <tr key={g.gid} data-testid="group-row">
              <td data-label={t('admin.analytics.group')}>
                <Link to={`/analytics/group/${g.gid}`}>{g.name}</Link>
              </td>
              <td data-label={t('admin.analytics.hours')}>{hours(g.ms)}</td>
              <td data-label={t('admin.analytics.students')}>{g.members}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </section>
  );
}

function Inactive({ data, idle, onIdle }: { data: Overview; idle: number; onIdle: (n: number) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    setBusy(true);
    const result = await downloadAnalytics('analysis/inactive/export', { idle });
    setBusy(false);
    if (!result.ok) toast(result.error);
  };
  return (
    <section className="card an-card" data-testid="inactive">
      <div className="an-head">
        <h3 className="section-title">{t('admin.analytics.inactive', { n: idle, total: data.inactive.total })}</h3>
        <label className="an-date">
          <span>{t('admin.analytics.idle')}</span>
          <input
            type="number"
            min={1}
            max={3650}
            value={idle}
            onChange={(e) => onIdle(Math.min(3650, Math.max(1, Number(e.target.value) || 1)))}
            data-testid="idle-days"
          />
        </label>
        <button type="button" className="btn" disabled={busy} onClick={handleExport} data-testid="inactive-export">
          {t('admin.analytics.export')}
        </button>
      </div>
      <DataTable
        actions={false}
        columns={[t('admin.analytics.name'), t('admin.analytics.username'), t('admin.analytics.lastDay')]}
        empty={data.inactive.students.length === 0 && t('admin.analytics.none')}
      >
        {data.inactive.students.map((s) => (
          <tr key={s.sid} data-testid="inactive-row">
            <td data-label={t('admin.analytics.name')}>
              <Link to={`/analytics/student/${s.sid}`}>{s.name}</Link>
            </td>
            <td data-label={t('admin.analytics.username')}>{s.username}</td>
            <td data-label={t('admin.analytics.lastDay')}>{s.lastDay ?? t('admin.analytics.never')}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
