/**
 * A course's analysis (#/analytics/course/:coid): learners and completion, study per day beside the previous
 * period, the chapters' funnel in course order (started and finished: where learners drop out), average time
 * against the chapter's length, ratings and questions.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { analyticsCalls } from '../../../../shared/calls/analytics';
import type { CourseAnalytics } from '../../../../shared/schemas/analytics';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { hours, Kpi, minutes, PeriodPicker, percent, seconds, type PeriodQuery } from './parts';
import { TimeChart } from './TimeChart';

export default function CourseAnalyticsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { coid = '' } = useParams();
  const [period, setPeriod] = useState<PeriodQuery>({ days: 30 });
  const { data: list } = useCall(analyticsCalls.courses, {});
  const { data } = useCall(analyticsCalls.course, coid ? { query: { ...period, coid } } : null, {
    keepPreviousData: true,
  });
  return (
    <div className="an-page" data-testid="course-analytics">
      <PageHeader title={t('admin.analytics.courseTitle')} />
      <section className="card an-card">
        <label className="an-date an-pick">
          <span>{t('admin.analytics.pickCourse')}</span>
          <select
            value={coid}
            onChange={(e) => navigate(`/analytics/course/${e.target.value}`)}
            data-testid="course-pick"
          >
            <option value="">—</option>
            {list?.courses.map((c) => (
              <option key={c.coid} value={c.coid}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <PeriodPicker value={period} onChange={setPeriod} />
      </section>
      {coid && data?.course.coid === coid && <CourseFigures data={data} />}
    </div>
  );
}

function CourseFigures({ data }: { data: CourseAnalytics }) {
  const t = useT();
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const series = useMemo(
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
  const { course, ratings } = data;
  const top = Math.max(1, ...data.funnel.map((c) => c.started));
  return (
    <>
      <section className="an-kpis">
        <Kpi id="learners" label={t('admin.analytics.learners')} now={course.learners} before="–" />
        <Kpi id="completed" label={t('admin.analytics.completed')} now={course.completed} before="–" />
        <Kpi id="rate" label={t('admin.analytics.rate')} now={percent(course.rate)} before="–" />
        <Kpi
          id="ratings"
          label={t('admin.analytics.ratings')}
          now={ratings.average ?? '–'}
          before={t('admin.analytics.ratingAvg', { avg: ratings.average ?? '–', count: ratings.count })}
        />
        <Kpi id="questions" label={t('admin.analytics.questions')} now={data.questions} before="–" />
      </section>
      <section className="card an-card">
        <h3 className="section-title">{t('admin.analytics.chart.hours')}</h3>
        <TimeChart days={days} series={series} testId="chart-course" />
      </section>
      <section className="card an-card" data-testid="funnel">
        <h3 className="section-title">{t('admin.analytics.funnel')}</h3>
        <DataTable
          actions={false}
          columns={[
            t('admin.analytics.chapter'),
            t('admin.analytics.started'),
            t('admin.analytics.finished'),
            t('admin.analytics.avgTime'),
            t('admin.analytics.duration'),
            t('admin.analytics.questions'),
          ]}
          empty={data.funnel.length === 0 && t('admin.analytics.none')}
        >
          {data.funnel.map((c) => (
            <tr key={c.cid} data-testid="funnel-row" data-id={c.cid}>
              <td data-label={t('admin.analytics.chapter')}>
                <div>{c.title || course.title}</div>
                <div className="an-bar" aria-hidden="true">
                  <i className="an-bar-started" style={{ width: `${(c.started / top) * 100}%` }} />
                  <i className="an-bar-finished" style={{ width: `${(c.finished / top) * 100}%` }} />
                </div>
              </td>
              <td data-label={t('admin.analytics.started')} data-testid="funnel-started">
                {c.started}
              </td>
              <td data-label={t('admin.analytics.finished')} data-testid="funnel-finished">
                {c.finished}
              </td>
              <td data-label={t('admin.analytics.avgTime')}>{minutes(c.avgMs)}</td>
              <td data-label={t('admin.analytics.duration')}>{seconds(c.durationSec)}</td>
              <td data-label={t('admin.analytics.questions')}>{c.questions}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
