import { Link } from 'react-router';
import { recordsCalls } from '../../../../shared/calls/records';
import type { QuestionStat } from '../../../../shared/schemas/exercise-records';
import { RECORDS_PAGE_SIZE as PAGE_SIZE } from '../../../api/records';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { CourseToolbar, detailPath, ExportButtons, useRecordFormat, type ViewProps } from './parts';

const TYPE_KEYS = [
  'admin.questions.type.0',
  'admin.questions.type.1',
  'admin.questions.type.2',
  'admin.questions.type.3',
] as const;

/** The common wrong answers of a question: option letters (or true/false) with how many gave each. */
function WrongChoices({ row }: { row: QuestionStat }) {
  const t = useT();
  if (row.wrong_choices.length === 0) return <span className="ac-muted">{t('admin.records.ex.none')}</span>;
  const word = (answer: string) =>
    answer === 'true' ? t('admin.records.ex.true') : answer === 'false' ? t('admin.records.ex.false') : answer;
  return (
    <span data-testid="wrong-choices">
      {row.wrong_choices.map((choice) => `${word(choice.answer)} (${choice.count})`).join('; ')}
    </span>
  );
}

/**
 * Exercises: the chosen course's chapter exercise results, each student's per chapter (answered, right,
 * awaiting a mark, score, attempts) and each question's statistics (answered, right, common wrong answers);
 * both exportable.
 */
export function ExercisesView({ params, page, setFilter }: ViewProps) {
  const t = useT();
  const format = useRecordFormat();
  const coid = params.get('coid') ?? '';
  const { data, error, mutate } = useCall(
    recordsCalls.exercises,
    coid ? { query: { coid, page, num: PAGE_SIZE } } : null,
    { keepPreviousData: true },
  );
  const results = coid ? (data?.results.list ?? []) : [];
  const questions = coid ? (data?.questions ?? []) : [];

  return (
    <>
      <CourseToolbar coid={coid} view="exercises" setFilter={setFilter} />
      {!coid ? (
        <p className="ac-empty">{t('admin.records.noCourse')}</p>
      ) : error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <>
          <h2 className="section-title">{t('admin.records.ex.results')}</h2>
          <DataTable
            className="ac-table rec-table"
            columns={[
              t('admin.records.col.name'),
              t('admin.records.col.chapter'),
              t('admin.records.col.right'),
              t('admin.records.col.pendingMarks'),
              t('admin.records.col.score'),
              t('admin.records.col.attempts'),
              t('admin.records.col.lastAnswered'),
            ]}
            empty={data && results.length === 0 && t('admin.records.ex.empty')}
          >
            {results.map((row) => (
              <tr key={`${row.sid}:${row.cid}`} data-testid="exercise-result-row" data-sid={row.sid} data-cid={row.cid}>
                <PersonCell label={t('admin.records.col.name')} name={row.name} username={row.username} />
                <td data-label={t('admin.records.col.chapter')}>{row.chapter}</td>
                <td data-label={t('admin.records.col.right')} data-testid="result-right">
                  {t('admin.records.ex.rightOf', { right: row.right, answered: row.answered })}
                </td>
                <td data-label={t('admin.records.col.pendingMarks')}>{row.pending}</td>
                <td data-label={t('admin.records.col.score')} data-testid="result-score">
                  {t('admin.records.ex.scoreOf', { score: row.score, max: row.max_score })}
                </td>
                <td data-label={t('admin.records.col.attempts')}>{row.attempts}</td>
                <td data-label={t('admin.records.col.lastAnswered')} className="ac-muted">
                  {format.when(row.last_answered)}
                </td>
                <RowActions>
                  <Link className="btn btn-small" to={detailPath(row.sid, coid)} data-testid="result-detail">
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
            <h2 className="section-title">{t('admin.records.ex.questions')}</h2>
            <ExportButtons query={{ view: 'questions', coid }} />
          </div>
          <QuestionTable rows={questions} empty={!!data && questions.length === 0} />
        </>
      )}
    </>
  );
}

/** Each question's statistics (a course's, or one student's answers). */
export function QuestionTable({ rows, empty }: { rows: QuestionStat[]; empty: boolean }) {
  const t = useT();
  return (
    <DataTable
      className="ac-table rec-table"
      actions={false}
      columns={[
        t('admin.records.col.chapter'),
        t('admin.records.col.question'),
        t('admin.records.col.type'),
        t('admin.records.col.answered'),
        t('admin.records.col.right'),
        t('admin.records.col.pendingMarks'),
        t('admin.records.col.wrongChoices'),
      ]}
      empty={empty && t('admin.records.ex.noQuestions')}
    >
      {rows.map((row) => (
        <tr key={`${row.cid}:${row.qid}`} data-testid="question-stat-row" data-qid={row.qid}>
          <td data-label={t('admin.records.col.chapter')}>{row.chapter}</td>
          <td data-label={t('admin.records.col.question')}>{row.excerpt}</td>
          <td data-label={t('admin.records.col.type')} className="ac-muted">
            {t(TYPE_KEYS[row.type] ?? TYPE_KEYS[3])}
          </td>
          <td data-label={t('admin.records.col.answered')}>{row.answered}</td>
          <td data-label={t('admin.records.col.right')} data-testid="stat-right">
            {row.right}
          </td>
          <td data-label={t('admin.records.col.pendingMarks')}>{row.pending}</td>
          <td data-label={t('admin.records.col.wrongChoices')}>
            <WrongChoices row={row} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
