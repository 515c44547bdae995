import { useState } from 'react';
import { studentCalls } from '../../../../shared/calls/students';
import { formatClock } from '../../../../shared/rules/text';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError } from '../../components/DataTable';

/** The school's study by month (learn/moth): learners and study time for each month of a chosen year. */
export function ActivityPanel() {
  const t = useT();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const months = useCall(studentCalls.learnMonths, { query: { year } }, { keepPreviousData: true });
  return (
    <section className="card ac-card" data-testid="study-activity">
      <div className="ac-filters">
        <h2 className="ac-subtitle">{t('admin.students.activity.title')}</h2>
        <select
          aria-label={t('admin.students.activity.year')}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          data-testid="activity-year"
        >
          {Array.from({ length: 6 }, (_, index) => thisYear - index).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      {months.error && !months.data ? (
        <LoadError onRetry={() => void months.mutate()} />
      ) : (
        <DataTable
          actions={false}
          columns={[
            t('admin.students.activity.month'),
            t('admin.students.activity.learners'),
            t('admin.students.activity.time'),
          ]}
        >
          {(months.data?.list ?? []).map((row) => (
            <tr key={row.month} data-testid="activity-row">
              <td data-label={t('admin.students.activity.month')}>
                {t('admin.students.activity.monthName', { month: row.month })}
              </td>
              <td data-label={t('admin.students.activity.learners')}>{row.learners}</td>
              <td data-label={t('admin.students.activity.time')}>{formatClock(row.seconds)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="ac-hint">{t('admin.students.activity.note')}</p>
    </section>
  );
}
