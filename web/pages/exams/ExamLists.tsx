import { useState } from 'react';
import { formatDateMinutes } from '../../../shared/rules/dates';
import { Loading } from '../../components/Loading';
import { useLocale, useT } from '../../i18n';
import { examCalls } from '../../../shared/calls/exams';
import { EXAM_READS } from '../../api/exams';
import { useCall } from '../../hooks/useCall';
import { ExamCard } from './ExamCard';

/** The exam categories (at most 10, spec 9) as tabs, and the chosen category's exams ('' = all). */
export function ExamList({ from }: { from: string }) {
  const t = useT();
  const [catid, setCatid] = useState('');
  const categories = useCall(examCalls.categories, { query: { page: 0, num: 10 } }, EXAM_READS);
  const list = useCall(examCalls.list, { query: { catid, page: 1, num: 50 } }, EXAM_READS);
  return (
    <div className="ex-lists">
      <div className="ex-tabs" role="tablist" data-testid="exam-categories">
        {[{ catid: '', title: t('exams.all') }, ...(categories.data?.list ?? [])].map((category) => (
          <button
            key={category.catid}
            type="button"
            role="tab"
            aria-selected={catid === category.catid}
            className={`ex-tab${catid === category.catid ? ' is-active' : ''}`}
            onClick={() => setCatid(category.catid)}
          >
            {category.title}
          </button>
        ))}
      </div>
      {list.isLoading ? (
        <Loading />
      ) : list.error ? (
        <p role="alert">{t('exams.loadFailed')}</p>
      ) : !list.data || list.data.list.length === 0 ? (
        <p className="ex-empty" data-testid="exams-empty">
          {t('exams.empty')}
        </p>
      ) : (
        <div className="ex-grid" data-testid="exam-list">
          {list.data.list.map((exam) => (
            <ExamCard key={exam.id} exam={exam} from={from} />
          ))}
        </div>
      )}
    </div>
  );
}

/** My sittings (stu/exams): the dashboard's exam records. */
export function ExamRecords() {
  const t = useT();
  const locale = useLocale();
  const { data, error, isLoading } = useCall(examCalls.mySittings, { query: { page: 1, num: 50 } }, EXAM_READS);
  if (isLoading) return <Loading />;
  if (error) return <p role="alert">{t('exams.loadFailed')}</p>;
  if (!data || data.list.length === 0) return <p className="ex-empty">{t('exams.records.empty')}</p>;
  return (
    <table className="ex-table" data-testid="exam-records">
      <thead>
        <tr>
          <th>{t('exams.records.exam')}</th>
          <th>{t('exams.records.started')}</th>
          <th>{t('exams.records.submitted')}</th>
          <th>{t('exams.records.score')}</th>
        </tr>
      </thead>
      <tbody>
        {data.list.map((row) => (
          <tr key={row.sittingId} data-testid="exam-record">
            <td>
              {row.title} <span className="ex-muted">{t('exams.records.attempt', { n: row.attempt })}</span>
            </td>
            <td>{formatDateMinutes(row.startedAt, locale)}</td>
            <td>
              {row.submittedAt !== null ? formatDateMinutes(row.submittedAt, locale) : t('exams.records.open')}
              {row.closedBy === 'deadline' && <span className="ex-muted"> · {t('exams.records.byDeadline')}</span>}
            </td>
            <td>
              {row.status === 'open'
                ? '—'
                : row.score === null
                  ? t('exams.records.hidden')
                  : `${row.score} / ${row.totalScore}`}
              {row.passed !== null && (
                <span className={`ex-badge ${row.passed ? 'is-pass' : 'is-fail'}`}>
                  {row.passed ? t('exams.result.passed') : t('exams.result.failed')}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
