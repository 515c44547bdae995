import { Link } from 'react-router';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { recordsCalls } from '../../../../shared/calls/records';
import { RECORDS_PAGE_SIZE as PAGE_SIZE } from '../../../api/records';
import { useCall } from '../../../hooks/useCall';
import { ChapterCells, CourseToolbar, detailPath, ProgressCell, useRecordFormat, type ViewProps } from './parts';
import { ExamsView } from './ExamsView';
import { ExercisesView } from './ExercisesView';
import { StudentsView } from './StudentsView';

const VIEWS = [
  { key: 'course', label: 'admin.records.tab.course' },
  { key: 'student', label: 'admin.records.tab.student' },
  { key: 'chapter', label: 'admin.records.tab.chapter' },
  { key: 'exercises', label: 'admin.records.tab.exercises' },
  { key: 'exams', label: 'admin.records.tab.exams' },
] as const;
type View = (typeof VIEWS)[number]['key'];

/** A view's address, keeping the chosen course where the view has one. */
const viewPath = (view: View, coid: string) => {
  const query = new URLSearchParams();
  if (view !== 'course') query.set('view', view);
  if (coid && view !== 'student') query.set('coid', coid);
  const text = query.toString();
  return text ? `/records?${text}` : '/records';
};

/**
 * Learning records (学习记录, permission student): by course (a course's learners with
 * progress, study time and last visit), by student (search, their courses) and by chapter (learners,
 * completions, total and average time per chapter), by exercises (each student's chapter exercise results
 * and each question's statistics) and by chapter exams (each student's sittings in sum, each exam's
 * totals); each student's chapter detail one click away, and each view exported as CSV or Excel. The view and its filters live in the address.
 */
export default function RecordsPage() {
  const t = useT();
  const { params, page, setFilter } = useQueryFilters({ view: 'course' });
  const view: View = VIEWS.some((item) => item.key === params.get('view')) ? (params.get('view') as View) : 'course';

  return (
    <div className="ac-page rec-page" data-testid="records-page">
      <PageHeader title={t('admin.records.title')} />
      <section className="card ac-card">
        <nav className="ac-tabs ac-tabs-wrap rec-tabs" aria-label={t('admin.records.title')}>
          {VIEWS.map((item) => (
            <Link
              key={item.key}
              to={viewPath(item.key, params.get('coid') ?? '')}
              className={`ac-tab${view === item.key ? ' is-active' : ''}`}
              aria-current={view === item.key ? 'page' : undefined}
              data-tab={item.key}
            >
              {t(item.label)}
            </Link>
          ))}
        </nav>
        {view === 'course' && <CourseView params={params} page={page} setFilter={setFilter} />}
        {view === 'student' && <StudentsView params={params} page={page} setFilter={setFilter} />}
        {view === 'chapter' && <ChapterView params={params} page={page} setFilter={setFilter} />}
        {view === 'exercises' && <ExercisesView params={params} page={page} setFilter={setFilter} />}
        {view === 'exams' && <ExamsView params={params} page={page} setFilter={setFilter} />}
      </section>
    </div>
  );
}

/** By course: the chosen course's learners, latest visit first, searchable by name. */
function CourseView({ params, page, setFilter }: ViewProps) {
  const t = useT();
  const format = useRecordFormat();
  const coid = params.get('coid') ?? '';
  const key = params.get('key') ?? '';
  const { data, error, mutate } = useCall(
    recordsCalls.courseLearners,
    coid ? { query: { coid, page, num: PAGE_SIZE, key: key || undefined } } : null,
    { keepPreviousData: true },
  );
  const rows = coid ? (data?.list ?? []) : [];

  return (
    <>
      <CourseToolbar coid={coid} view="course" keyword={key} setFilter={setFilter}>
        <SearchForm
          key={`${coid}:${key}`}
          placeholder={t('admin.records.searchLearner')}
          buttonText={t('admin.records.search')}
          initial={key}
          onSearch={(value) => setFilter({ key: value })}
        />
      </CourseToolbar>
      {!coid ? (
        <p className="ac-empty">{t('admin.records.noCourse')}</p>
      ) : error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <DataTable
          className="ac-table rec-table"
          columns={[
            t('admin.records.col.name'),
            t('admin.records.col.progress'),
            t('admin.records.col.chapters'),
            t('admin.records.col.studyTime'),
            t('admin.records.col.lastChapter'),
            t('admin.records.col.lastVisit'),
          ]}
          empty={data && rows.length === 0 && t('admin.records.empty.learners')}
        >
          {rows.map((row) => (
            <tr key={row.sid} data-testid="learner-row" data-sid={row.sid}>
              <PersonCell label={t('admin.records.col.name')} name={row.name} username={row.username} />
              <td data-label={t('admin.records.col.progress')}>
                <ProgressCell percent={row.process} />
              </td>
              <td data-label={t('admin.records.col.chapters')}>
                {t('admin.records.ofChapters', { done: row.complete_chapter, total: row.total_chapter })}
              </td>
              <td data-label={t('admin.records.col.studyTime')} data-testid="learner-time">
                {format.duration(row.eff)}
              </td>
              <td data-label={t('admin.records.col.lastChapter')}>
                {row.last_chapter_title || t('admin.records.never')}
              </td>
              <td data-label={t('admin.records.col.lastVisit')} className="ac-muted">
                {format.when(row.last_visit)}
              </td>
              <RowActions>
                <Link className="btn btn-small" to={detailPath(row.sid, coid)} data-testid="learner-detail">
                  {t('admin.records.detail')}
                </Link>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {coid && data && (
        <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />
      )}
    </>
  );
}

/** By chapter: per chapter of the chosen course, its learners, completions, total and average study time. */
function ChapterView({ params, setFilter }: ViewProps) {
  const t = useT();
  const format = useRecordFormat();
  const coid = params.get('coid') ?? '';
  const { data, error, mutate } = useCall(recordsCalls.chapterStudyTimes, coid ? { query: { coid } } : null);
  const rows = coid ? (data?.chapters ?? []) : [];

  return (
    <>
      <CourseToolbar coid={coid} view="chapter" setFilter={setFilter} />
      {!coid ? (
        <p className="ac-empty">{t('admin.records.noCourse')}</p>
      ) : error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <DataTable
          className="ac-table rec-table"
          actions={false}
          columns={[
            t('admin.records.col.chapter'),
            t('admin.records.col.type'),
            t('admin.records.col.learners'),
            t('admin.records.col.completed'),
            t('admin.records.col.totalTime'),
            t('admin.records.col.avgTime'),
          ]}
          empty={data && rows.length === 0 && t('admin.records.empty.chapters')}
        >
          {rows.map((row) => (
            <tr
              key={row.cid}
              data-testid="chapter-time-row"
              data-cid={row.cid}
              className={row.parent_id === '0' ? 'rec-top' : 'rec-sub'}
            >
              <ChapterCells title={row.title} type={row.type} />
              <td data-label={t('admin.records.col.learners')}>{row.learners}</td>
              <td data-label={t('admin.records.col.completed')}>{row.completed}</td>
              <td data-label={t('admin.records.col.totalTime')}>{format.duration(row.eff)}</td>
              <td data-label={t('admin.records.col.avgTime')}>{format.duration(row.avg_eff)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
