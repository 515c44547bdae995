/**
 * A group's and a student's study (#/analytics/group/:gid, #/analytics/student/:sid): study time in the period
 * and in all, courses and completion, exportable as XLSX.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { analyticsCalls } from '../../../../shared/calls/analytics';
import { formatDate } from '../../../../shared/rules/dates';
import { eachDay } from '../../../../shared/rules/analytics';
import { downloadAnalytics } from '../../../api/analytics';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { hours, PeriodPicker, type PeriodQuery } from './parts';
import { TimeChart } from './TimeChart';

function ExportButton({ onExport }: { onExport: () => ReturnType<typeof downloadAnalytics> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const handle = async () => {
    setBusy(true);
    const result = await onExport();
    setBusy(false);
    if (!result.ok) toast(result.error);
  };
  return (
    <button type="button" className="btn" disabled={busy} onClick={handle} data-testid="analytics-export">
      {t('admin.analytics.export')}
    </button>
  );
}

export function GroupAnalyticsPage() {
  const t = useT();
  const { gid = '' } = useParams();
  const [period, setPeriod] = useState<PeriodQuery>({ days: 30 });
  const { data } = useCall(analyticsCalls.group, { query: { ...period, gid } }, { keepPreviousData: true });
  return (
    <div className="an-page" data-testid="group-analytics">
      <PageHeader title={`${t('admin.analytics.groupTitle')}${data ? ` · ${data.group.name}` : ''}`}>
        <ExportButton onExport={() => downloadAnalytics('analysis/group/export', { ...period, gid })} />
      </PageHeader>
      <section className="card an-card">
        <PeriodPicker value={period} onChange={setPeriod} />
        <DataTable
          actions={false}
          columns={[
            t('admin.analytics.name'),
            t('admin.analytics.periodHours'),
            t('admin.analytics.totalHours'),
            t('admin.analytics.courses'),
            t('admin.analytics.completed'),
            t('admin.analytics.lastDay'),
          ]}
          empty={data?.members.length === 0 && t('admin.analytics.none')}
        >
          {data?.members.map((m) => (
            <tr key={m.sid} data-testid="member-row">
              <td data-label={t('admin.analytics.name')}>
                <Link to={`/analytics/student/${m.sid}`}>{m.name}</Link>
              </td>
              <td data-label={t('admin.analytics.periodHours')}>{hours(m.periodMs)}</td>
              <td data-label={t('admin.analytics.totalHours')}>{hours(m.totalMs)}</td>
              <td data-label={t('admin.analytics.courses')}>{m.courses}</td>
              <td data-label={t('admin.analytics.completed')}>{m.completed}</td>
              <td data-label={t('admin.analytics.lastDay')}>{m.lastDay ?? t('admin.analytics.never')}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

export function StudentAnalyticsPage() {
  const t = useT();
  const { sid = '' } = useParams();
  const [period, setPeriod] = useState<PeriodQuery>({ days: 30 });
  const { data } = useCall(analyticsCalls.student, { query: { ...period, sid } }, { keepPreviousData: true });
  const chart = useMemo(() => {
    if (!data) return null;
    const days = eachDay(data.period.from, data.period.to);
    const byDay = new Map(data.days.map((d) => [d.day, d.ms]));
    return {
      days,
      series: [
        { label: t('admin.analytics.hours'), values: days.map((d) => hours(byDay.get(d) ?? 0)), color: '#1f9d55' },
      ],
    };
  }, [data, t]);
  return (
    <div className="an-page" data-testid="student-analytics">
      <PageHeader title={`${t('admin.analytics.studentTitle')}${data ? ` · ${data.student.name}` : ''}`}>
        <ExportButton onExport={() => downloadAnalytics('analysis/student/export', { ...period, sid })} />
      </PageHeader>
      <section className="card an-card">
        <PeriodPicker value={period} onChange={setPeriod} />
        {chart && <TimeChart days={chart.days} series={chart.series} testId="chart-student" />}
      </section>
      <section className="card an-card">
        <DataTable
          actions={false}
          columns={[
            t('admin.analytics.course'),
            t('admin.analytics.process'),
            t('admin.analytics.totalHours'),
            t('admin.analytics.lastVisit'),
            t('admin.analytics.completedAt'),
          ]}
          empty={data?.courses.length === 0 && t('admin.analytics.none')}
        >
          {data?.courses.map((c) => (
            <tr key={c.coid} data-testid="student-course-row">
              <td data-label={t('admin.analytics.course')}>
                <Link to={`/analytics/course/${c.coid}`}>{c.title}</Link>
              </td>
              <td data-label={t('admin.analytics.process')}>{c.process}%</td>
              <td data-label={t('admin.analytics.totalHours')}>{hours(c.effMs)}</td>
              <td data-label={t('admin.analytics.lastVisit')}>{formatDate(c.lastVisitAt, 'yyyy-MM-dd HH:mm')}</td>
              <td data-label={t('admin.analytics.completedAt')}>
                {c.completedAt ? formatDate(c.completedAt, 'yyyy-MM-dd HH:mm') : ''}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
