import { useNavigate, useSearchParams } from 'react-router';
import { ERRORS } from '../../../../shared/envelope';
import { ApiError } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { DataTable, LoadError } from '../../components/DataTable';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { recordsCalls } from '../../../../shared/calls/records';
import { useCall } from '../../../hooks/useCall';
import { ExamOutcome } from './ExamsView';
import { QuestionTable } from './ExercisesView';
import { ChapterCells, ExportButtons, ProgressCell, useRecordFormat, VerifyBadge } from './parts';

/**
 * A student's record of every chapter of a course (learn/detailbystudent): progress, study time, what was
 * watched or read, the stage exam and review state, completion and last update; exportable. Below, the
 * student's chapter exercise results and their answers to each question (learn/exercises with sid), and
 * beside them their chapter exam results (learn/exams with sid).
 */
export default function StudentDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const format = useRecordFormat();
  const [params] = useSearchParams();
  const sid = params.get('sid') ?? '';
  const coid = params.get('coid') ?? '';
  const { data, error, mutate } = useCall(recordsCalls.studentDetail, sid && coid ? { query: { sid, coid } } : null);

  const handleBack = () => {
    // Back where the detail was opened from (the course's learners or the student's courses), else the course's learners.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(`/records?${new URLSearchParams({ coid })}`);
  };

  if (!sid || !coid) return <MissingRecord backTo="/records" backLabel="admin.records.title" testId="record-missing" />;
  return (
    <div className="ac-page rec-page" data-testid="record-detail-page">
      <PageHeader
        title={
          data
            ? t('admin.records.detailTitle', { name: data.student.name || data.student.username, course: data.title })
            : t('admin.records.detail')
        }
        back={
          <button type="button" className="btn btn-small btn-text" onClick={handleBack} data-testid="records-back">
            ‹ {t('admin.records.back')}
          </button>
        }
      >
        <ExportButtons query={{ view: 'detail', sid, coid }} />
      </PageHeader>
      <section className="card ac-card">
        {error && !data ? (
          error instanceof ApiError && error.reply.error === ERRORS.notFound ? (
            <MissingRecord backTo="/records" backLabel="admin.records.title" testId="record-missing" />
          ) : (
            <LoadError onRetry={() => void mutate()} />
          )
        ) : (
          <>
            {data && (
              <div className="rec-summary">
                <span className="ac-muted">{data.student.username}</span>
                <ProgressCell percent={data.process} />
              </div>
            )}
            <DataTable
              className="ac-table rec-table"
              actions={false}
              columns={[
                t('admin.records.col.chapter'),
                t('admin.records.col.type'),
                t('admin.records.col.progress'),
                t('admin.records.col.studyTime'),
                t('admin.records.col.watch'),
                t('admin.records.col.verify'),
                t('admin.records.col.completedAt'),
                t('admin.records.col.updatedAt'),
              ]}
              empty={data && data.chapters.length === 0 && t('admin.records.empty.chapters')}
            >
              {(data?.chapters ?? []).map((row) => (
                <tr
                  key={row.cid}
                  data-testid="detail-row"
                  data-cid={row.cid}
                  className={row.parent_id === '0' ? 'rec-top' : 'rec-sub'}
                >
                  <ChapterCells title={row.title} type={row.type} />
                  <td data-label={t('admin.records.col.progress')}>
                    <ProgressCell percent={row.progress * 100} />
                  </td>
                  <td data-label={t('admin.records.col.studyTime')}>{format.duration(row.eff)}</td>
                  <td data-label={t('admin.records.col.watch')}>{row.watch_time}</td>
                  <td data-label={t('admin.records.col.verify')}>
                    <VerifyBadge status={row.verify_status} testId="detail-verify" />
                  </td>
                  <td data-label={t('admin.records.col.completedAt')} className="ac-muted">
                    {format.when(row.completed_at)}
                  </td>
                  <td data-label={t('admin.records.col.updatedAt')} className="ac-muted">
                    {format.when(row.updated_at)}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </section>
      {data && <StudentExercises sid={sid} coid={coid} />}
      {data && <StudentExams sid={sid} coid={coid} />}
    </div>
  );
}

/** The student's chapter exercise results in the course, and their answers question by question (when it has exercises). */
function StudentExercises({ sid, coid }: { sid: string; coid: string }) {
  const t = useT();
  const { data } = useCall(recordsCalls.exercises, { query: { coid, sid, page: 1, num: 200 } });
  // A course without chapter exercises shows no section.
  if (!data || data.questions.length === 0) return null;
  return (
    <section className="card ac-card" data-testid="detail-exercises">
      <div className="rec-section-head">
        <h2 className="section-title">{t('admin.records.tab.exercises')}</h2>
        <ExportButtons query={{ view: 'exercises', sid, coid }} />
      </div>
      <DataTable
        className="ac-table rec-table"
        actions={false}
        columns={[
          t('admin.records.col.chapter'),
          t('admin.records.col.right'),
          t('admin.records.col.pendingMarks'),
          t('admin.records.col.score'),
          t('admin.records.col.attempts'),
        ]}
        empty={data.results.list.length === 0 && t('admin.records.ex.empty')}
      >
        {data.results.list.map((row) => (
          <tr key={row.cid} data-testid="detail-exercise-row" data-cid={row.cid}>
            <td data-label={t('admin.records.col.chapter')}>{row.chapter}</td>
            <td data-label={t('admin.records.col.right')}>
              {t('admin.records.ex.rightOf', { right: row.right, answered: row.answered })}
            </td>
            <td data-label={t('admin.records.col.pendingMarks')}>{row.pending}</td>
            <td data-label={t('admin.records.col.score')} data-testid="detail-exercise-score">
              {t('admin.records.ex.scoreOf', { score: row.score, max: row.max_score })}
            </td>
            <td data-label={t('admin.records.col.attempts')}>{row.attempts}</td>
          </tr>
        ))}
      </DataTable>
      <QuestionTable rows={data.questions} empty={data.questions.length === 0} />
    </section>
  );
}

/** The student's chapter exam results in the course (when it has chapter exams): sittings, best, last, outcome. */
function StudentExams({ sid, coid }: { sid: string; coid: string }) {
  const t = useT();
  const format = useRecordFormat();
  const { data } = useCall(recordsCalls.exams, { query: { coid, sid, page: 1, num: 200 } });
  // A course without chapter exams shows no section.
  if (!data || data.exams.length === 0) return null;
  const sat = new Map(data.results.list.map((row) => [row.exam_id, row]));
  return (
    <section className="card ac-card" data-testid="detail-exams">
      <div className="rec-section-head">
        <h2 className="section-title">{t('admin.records.tab.exams')}</h2>
        <ExportButtons query={{ view: 'exams', sid, coid }} />
      </div>
      <DataTable
        className="ac-table rec-table"
        actions={false}
        columns={[
          t('admin.records.col.chapter'),
          t('admin.records.col.sittings'),
          t('admin.records.col.bestScore'),
          t('admin.records.col.lastScore'),
          t('admin.records.col.passScore'),
          t('admin.records.col.result'),
          t('admin.records.col.lastSat'),
        ]}
      >
        {data.exams.map((exam) => {
          const row = sat.get(exam.exam_id);
          return (
            <tr key={exam.exam_id} data-testid="detail-exam-row" data-cid={exam.cid}>
              <td data-label={t('admin.records.col.chapter')}>{exam.chapter}</td>
              <td data-label={t('admin.records.col.sittings')} data-testid="detail-exam-sittings">
                {row?.sittings ?? 0}
              </td>
              <td data-label={t('admin.records.col.bestScore')} data-testid="detail-exam-best">
                {row
                  ? t('admin.records.ex.scoreOf', { score: row.best_score, max: row.total_score })
                  : t('admin.records.never')}
              </td>
              <td data-label={t('admin.records.col.lastScore')}>{row ? row.last_score : t('admin.records.never')}</td>
              <td data-label={t('admin.records.col.passScore')}>{row?.pass_score ?? exam.pass_score}</td>
              <td data-label={t('admin.records.col.result')}>
                {row ? <ExamOutcome row={row} /> : <span className="ac-muted">{t('admin.records.exam.notSat')}</span>}
              </td>
              <td data-label={t('admin.records.col.lastSat')} className="ac-muted">
                {format.when(row?.last_sat_at)}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
