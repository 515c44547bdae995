import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SITTING_FILTERS, type SittingRow } from '../../../../shared/schemas/exam-admin';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import { apiUrl } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell } from '../../components/DataTable';
import { ListToolbar, SearchForm, Segmented } from '../../components/ListToolbar';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useFormatTime } from './format';

const PAGE_SIZE = 20;
const FILTERS = SITTING_FILTERS.map((key) => ({ key, label: `admin.exams.sittingFilter.${key}` as const }));

function PassCell({ row }: { row: SittingRow }) {
  const t = useT();
  if (row.status !== 'submitted') return <span className="ac-muted">{t('admin.exams.sitting.open')}</span>;
  if (row.pendingMarks > 0) return <span className="badge">{t('admin.exams.passed.pending')}</span>;
  return (
    <span className={`ac-state ${row.passed ? 'is-on' : ''}`}>
      {t(row.passed ? 'admin.exams.passed.yes' : 'admin.exams.passed.no')}
    </span>
  );
}

/** An exam's results (/exams/:id/results): its sittings (filter, search, pages), the per-question statistics and the XLSX export. */
export default function ResultsPage() {
  const t = useT();
  const formatTime = useFormatTime();
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const [key, setKey] = useState('');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const exam = useCall(calls.exam, { query: { id } });
  const sittings = useCall(
    calls.sittings,
    { query: { id, page, num: PAGE_SIZE, key, filter: filter.key } },
    { keepPreviousData: true },
  );
  const stats = useCall(calls.stats, { query: { id } });
  if (exam.error) return <MissingRecord backTo="/exams" backLabel="admin.menu.exams" />;
  const rows = sittings.data?.list ?? [];
  const summary = stats.data;

  return (
    <div className="ac-page" data-testid="exam-results-page">
      <PageHeader
        title={t('admin.exams.resultsOf', { title: exam.data?.title ?? '' })}
        back={<Link to="/exams">← {t('admin.menu.exams')}</Link>}
      >
        <a
          className="btn btn-small"
          href={apiUrl('examadmin/exam/export', { id })}
          download
          data-testid="export-results"
        >
          {t('admin.exams.export')}
        </a>
      </PageHeader>
      {summary && (
        <section className="card ac-card" data-testid="results-summary">
          <p>
            {t('admin.exams.summary', {
              submitted: summary.submitted,
              passed: summary.passed,
              average: summary.averageScore,
              highest: summary.highestScore,
              lowest: summary.lowestScore,
            })}
          </p>
        </section>
      )}
      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.exams.searchStudent')}
            onSearch={(value) => {
              setPage(1);
              setKey(value);
            }}
          />
          <Segmented
            label={t('admin.exams.state')}
            options={FILTERS}
            value={filter.key}
            onChange={(item) => {
              setPage(1);
              setFilter(item);
            }}
          />
        </ListToolbar>
        {sittings.error && !sittings.data ? (
          <LoadError onRetry={() => void sittings.mutate()} />
        ) : (
          <DataTable
            actions={false}
            columns={[
              t('admin.exams.col.name'),
              t('admin.exams.col.attempt'),
              t('admin.exams.col.startedAt'),
              t('admin.exams.col.submittedAt'),
              t('admin.exams.col.closedBy'),
              t('admin.exams.col.score'),
              t('admin.exams.col.passed'),
            ]}
            empty={sittings.data && rows.length === 0 && t('admin.exams.noSittings')}
          >
            {rows.map((row) => (
              <tr key={row.sittingId} data-testid="sitting-row" data-username={row.username}>
                <PersonCell label={t('admin.exams.col.name')} name={row.name} username={row.username} />
                <td data-label={t('admin.exams.col.attempt')}>{row.attempt}</td>
                <td data-label={t('admin.exams.col.startedAt')}>{formatTime(row.startedAt)}</td>
                <td data-label={t('admin.exams.col.submittedAt')}>{formatTime(row.submittedAt)}</td>
                <td data-label={t('admin.exams.col.closedBy')}>
                  {row.closedBy ? t(`admin.exams.closedBy.${row.closedBy}`) : ''}
                </td>
                <td data-label={t('admin.exams.col.score')} data-testid="sitting-score">
                  {row.score} / {row.totalScore}
                </td>
                <td data-label={t('admin.exams.col.passed')} data-testid="sitting-passed">
                  <PassCell row={row} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {sittings.data && <Pager page={page} num={PAGE_SIZE} total={sittings.data.total} onPage={setPage} />}
      </section>
      <section className="card ac-card" data-testid="question-stats">
        <h2 className="ac-subtitle">{t('admin.exams.file.stats')}</h2>
        <DataTable
          actions={false}
          columns={[
            t('admin.exams.stat.no'),
            t('admin.exams.stat.question'),
            t('admin.exams.stat.point'),
            t('admin.exams.stat.answered'),
            t('admin.exams.stat.right'),
            t('admin.exams.stat.rightRate'),
            t('admin.exams.stat.averagePoint'),
            t('admin.exams.stat.options'),
          ]}
          empty={summary && summary.questions.length === 0 && t('admin.exams.noSittings')}
        >
          {(summary?.questions ?? []).map((row, index) => (
            <tr key={row.qid} data-testid="stat-row" data-qid={row.qid}>
              <td>{index + 1}</td>
              <td>
                <span className="badge">{t(`admin.exams.kind.${row.type as 0 | 1 | 2 | 3}`)}</span>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizeRichText on the server */}
                <div className="ac-rich" dangerouslySetInnerHTML={{ __html: row.content }} />
              </td>
              <td>{row.point}</td>
              <td>
                {row.answered} / {row.sat}
              </td>
              <td>{row.right}</td>
              <td>{Math.round(row.rightRate * 1000) / 10}%</td>
              <td>{row.averagePoint}</td>
              <td>
                {row.options
                  .map(
                    (o) =>
                      `${o.letter || t(o.oid === '0' ? 'admin.exams.trueFalse.0' : 'admin.exams.trueFalse.1')}${o.right ? '✓' : ''} ${o.chosen}`,
                  )
                  .join(' · ')}
                {row.pending > 0 && <span className="badge">{t('admin.exams.marksDue', { count: row.pending })}</span>}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
