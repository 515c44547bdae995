import { Link } from 'react-router';
import { useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { recordsCalls } from '../../../../shared/calls/records';
import { RECORDS_PAGE_SIZE as PAGE_SIZE } from '../../../api/records';
import { useCall } from '../../../hooks/useCall';
import { detailPath, ExportButtons, ProgressCell, useRecordFormat, type ViewProps } from './parts';

/** By student: the school's students (searched by name or login) with their study in sum; a chosen student's courses. */
export function StudentsView({ params, page, setFilter }: ViewProps) {
  const sid = params.get('sid') ?? '';
  return sid ? (
    <StudentCourses sid={sid} page={page} setFilter={setFilter} />
  ) : (
    <StudentList params={params} page={page} setFilter={setFilter} />
  );
}

function StudentList({ params, page, setFilter }: ViewProps) {
  const t = useT();
  const format = useRecordFormat();
  const key = params.get('key') ?? '';
  const { data, error, mutate } = useCall(
    recordsCalls.students,
    { query: { key: key || undefined, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];
  return (
    <>
      <ListToolbar>
        <SearchForm
          key={key}
          placeholder={t('admin.records.searchLearner')}
          buttonText={t('admin.records.search')}
          initial={key}
          onSearch={(value) => setFilter({ key: value })}
        />
      </ListToolbar>
      {error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <DataTable
          className="ac-table rec-table"
          columns={[
            t('admin.records.col.name'),
            t('admin.records.col.courses'),
            t('admin.records.col.completedCourses'),
            t('admin.records.col.studyTime'),
            t('admin.records.col.lastVisit'),
          ]}
          empty={data && rows.length === 0 && t('admin.records.empty.students')}
        >
          {rows.map((row) => (
            <tr key={row.sid} data-testid="student-row" data-sid={row.sid}>
              <PersonCell label={t('admin.records.col.name')} name={row.name} username={row.username} />
              <td data-label={t('admin.records.col.courses')}>{row.courses}</td>
              <td data-label={t('admin.records.col.completedCourses')}>{row.completed_courses}</td>
              <td data-label={t('admin.records.col.studyTime')}>{format.duration(row.eff)}</td>
              <td data-label={t('admin.records.col.lastVisit')} className="ac-muted">
                {format.when(row.last_visit)}
              </td>
              <RowActions>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setFilter({ sid: row.sid, page: '1' })}
                  data-testid="student-courses"
                >
                  {t('admin.records.courses')}
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />
      )}
    </>
  );
}

function StudentCourses({ sid, page, setFilter }: Omit<ViewProps, 'params'> & { sid: string }) {
  const t = useT();
  const format = useRecordFormat();
  const { data, error, mutate } = useCall(
    recordsCalls.studentCourses,
    { query: { sid, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];
  return (
    <>
      <ListToolbar>
        <button
          type="button"
          className="btn btn-small btn-text"
          onClick={() => setFilter({ sid: '' })}
          data-testid="records-back"
        >
          ‹ {t('admin.records.back')}
        </button>
        <h2 className="ac-subtitle rec-subject">
          {data ? t('admin.records.studentTitle', { name: data.student.name || data.student.username }) : '…'}
        </h2>
        <ExportButtons query={{ view: 'student', sid }} />
      </ListToolbar>
      {error && !data ? (
        <LoadError onRetry={() => void mutate()} />
      ) : (
        <DataTable
          className="ac-table rec-table"
          columns={[
            t('admin.records.col.course'),
            t('admin.records.col.progress'),
            t('admin.records.col.chapters'),
            t('admin.records.col.studyTime'),
            t('admin.records.col.lastVisit'),
            t('admin.records.col.completedAt'),
          ]}
          empty={data && rows.length === 0 && t('admin.records.empty.courses')}
        >
          {rows.map((row) => (
            <tr key={row.coid} data-testid="student-course-row" data-coid={row.coid}>
              <td data-label={t('admin.records.col.course')} className="ac-strong">
                {row.title}
              </td>
              <td data-label={t('admin.records.col.progress')}>
                <ProgressCell percent={row.process} />
              </td>
              <td data-label={t('admin.records.col.chapters')}>
                {t('admin.records.ofChapters', { done: row.complete_chapter, total: row.total_chapter })}
              </td>
              <td data-label={t('admin.records.col.studyTime')}>{format.duration(row.eff)}</td>
              <td data-label={t('admin.records.col.lastVisit')} className="ac-muted">
                {format.when(row.last_visit)}
              </td>
              <td data-label={t('admin.records.col.completedAt')} className="ac-muted">
                {format.when(row.completed_at)}
              </td>
              <RowActions>
                <Link className="btn btn-small" to={detailPath(sid, row.coid)} data-testid="course-detail">
                  {t('admin.records.detail')}
                </Link>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />
      )}
    </>
  );
}
