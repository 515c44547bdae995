import { Link } from 'react-router';
import { recordsCalls } from '../../../../shared/calls/records';
import type { ChapterExam, ExamResult } from '../../../../shared/schemas/exam-records';
import { RECORDS_PAGE_SIZE as PAGE_SIZE } from '../../../api/records';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { CourseToolbar, detailPath, ExportButtons, useRecordFormat, type ViewProps } from './parts';

/** A student's outcome on an exam: passed (green), awaiting a mark (grey), not passed (red). */
export function ExamOutcome({ row }: { row: Pick<ExamResult, 'passed' | 'pending'> }) {
  const t = useT();
  const [state, key] = row.passed
    ? (['1', 'admin.records.exam.passed'] as const)
    : row.pending
      ? (['0', 'admin.records.exam.pending'] as const)
      : (['2', 'admin.records.exam.failed'] as const);
  return (
    <span className={`rec-verify is-${state}`} data-testid="exam-outcome">
      {t(key)}
    </span>
  );
}

/** Each chapter exam of the course with its full and pass marks and its totals over the students. */
export function ExamTotalsTable({ rows, empty }: { rows: ChapterExam[]; empty: boolean }) {
  const t = useT();
  return (
    <DataTable
      className="ac-table rec-table"
      actions={false}
      columns={[
        t('admin.records.col.chapter'),
        t('admin.records.col.exam'),
        t('admin.records.col.maxScore'),
        t('admin.records.col.passScore'),
        t('admin.records.col.studentsPassed'),
        t('admin.records.col.passRate'),
        t('admin.records.col.averageBest'),
      ]}
      empty={empty && t('admin.records.exam.noExams')}
    >
      {rows.map((row) => (
        <tr key={row.exam_id} data-testid="exam-total-row" data-exam={row.exam_id}>
          <td data-label={t('admin.records.col.chapter')}>{row.chapter}</td>
          <td data-label={t('admin.records.col.exam')}>{row.exam_title}</td>
          <td data-label={t('admin.records.col.maxScore')}>{row.total_score}</td>
          <td data-label={t('admin.records.col.passScore')}>{row.pass_score}</td>
          <td data-label={t('admin.records.col.studentsPassed')} data-testid="exam-passed-of">
            {t('admin.records.exam.passedOf', { passed: row.passed, sat: row.sat })}
          </td>
          <td data-label={t('admin.records.col.passRate')} data-testid="exam-pass-rate">
            {t('admin.records.exam.rate', { rate: Math.round(row.pass_rate * 100) })}
          </td>
          <td data-label={t('admin.records.col.averageBest')} data-testid="exam-average">
            {row.average_score}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Chapter exams: the chosen course's exams on chapters (exam chapters and stage exams) with their totals,
 * and each student's sittings in sum (count, best and last score, passed, last handed in); both exportable,
 * each student's chapter detail one click away.
 */
export function ExamsView({ params, page, setFilter }: ViewProps) {
  const t = useT();
  const format = useRecordFormat();
  const coid = params.get('coid') ?? '';
  const { data, error, mutate } = useCall(recordsCalls.exams, coid ? { query: { coid, page, num: PAGE_SIZE } } : null, {
    keepPreviousData: true,
  });
  const results = coid ? (data?.results.list ?? []) : [];
  const exams = coid ? (data?.exams ?? []) : [];

  return (
    <>
      <CourseToolbar coid={coid} view="exams" setFilter={setFilter} />
      {!coid ? (
        <p className="ac-empty">{t('admin.records.noCourse')}</p>
      ) : error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <>
          <h2 className="section-title">{t('admin.records.exam.results')}</h2>
          <DataTable
            className="ac-table rec-table"
            columns={[
              t('admin.records.col.name'),
              t('admin.records.col.chapter'),
              t('admin.records.col.sittings'),
              t('admin.records.col.bestScore'),
              t('admin.records.col.lastScore'),
              t('admin.records.col.result'),
              t('admin.records.col.lastSat'),
            ]}
            empty={data && results.length === 0 && t('admin.records.exam.empty')}
          >
            {results.map((row) => (
              <tr key={`${row.sid}:${row.exam_id}`} data-testid="exam-result-row" data-sid={row.sid} data-cid={row.cid}>
                <PersonCell label={t('admin.records.col.name')} name={row.name} username={row.username} />
                <td data-label={t('admin.records.col.chapter')}>{row.chapter}</td>
                <td data-label={t('admin.records.col.sittings')} data-testid="exam-sittings">
                  {row.sittings}
                </td>
                <td data-label={t('admin.records.col.bestScore')} data-testid="exam-best">
                  {t('admin.records.ex.scoreOf', { score: row.best_score, max: row.total_score })}
                </td>
                <td data-label={t('admin.records.col.lastScore')} data-testid="exam-last">
                  {row.last_score}
                </td>
                <td data-label={t('admin.records.col.result')}>
                  <ExamOutcome row={row} />
                </td>
                <td data-label={t('admin.records.col.lastSat')} className="ac-muted">
                  {format.when(row.last_sat_at)}
                </td>
                <RowActions>
                  <Link className="btn btn-small" to={detailPath(row.sid, coid)} data-testid="exam-result-detail">
                    {t('admin.records.detail')}
                  </Link>
                </RowActions>
              </tr>
            ))}
          </DataTable>
          {data && (
            <Pager
              page={page}
              num={PAGE_SIZE}
              total={data.results.total}
              onPage={(next) => setFilter({ page: String(next) })}
            />
          )}
          <div className="rec-section-head">
            <h2 className="section-title">{t('admin.records.exam.totals')}</h2>
            <ExportButtons query={{ view: 'examtotals', coid }} />
          </div>
          <ExamTotalsTable rows={exams} empty={!!data && exams.length === 0} />
        </>
      )}
    </>
  );
}
