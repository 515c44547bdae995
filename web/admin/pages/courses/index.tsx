import { useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import type { z } from 'zod';
import { courseCalls } from '../../../../shared/calls/courses';
import type { AdminCourseRow, zAdminCourseQuery } from '../../../../shared/schemas/courses';
import { request } from '../../../api/client';
import { unwrap } from '../../../hooks/fetcher';
import { confirm } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { CategorySelect } from '../../components/CategorySelect';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { findCategory, useCategories } from '../../hooks/useCatalogue';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { useRevalidate } from '../../hooks/useRevalidate';
import { CreateCourseDialog } from './CreateCourseDialog';
import { COURSE_TYPES } from './course-form';
import { useRowAction } from '../../hooks/useRowAction';
import { PinButton, PublishButton, PublishState } from '../../components/RowToggles';
import { formatPrice } from '../../../../shared/rules/text';

const PAGE_SIZE = 20;
const STATUSES = ['all', 'published', 'draft'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_OPTIONS = STATUSES.map((key) => ({ key, label: `admin.courses.status.${key}` as const }));

type CourseQuery = z.input<typeof zAdminCourseQuery>;

const publishCourse = (coid: string, pub: boolean) =>
  request(courseCalls.publish, { body: { coid, pub: pub ? '1' : '0' } });
const pinCourse = (coid: string, top: boolean) => request(courseCalls.pin, { body: { coid, top: top ? 1 : 0 } });
const copyCourse = (coid: string) => request(courseCalls.copy, { body: { coid } });
const deleteCourses = (coids: string[]) => request(courseCalls.remove, { body: { coids } });

const fetchList = ([, json]: [string, string]) =>
  unwrap(request(courseCalls.adminList, { body: JSON.parse(json) as CourseQuery }));

/** The course list: keyword, category (subtree) and status filters, paging, bulk delete and per-row actions. */
export default function CoursesPage() {
  const t = useT();
  const [selected, setSelected] = useState<string[]>([]);
  const { params, page, setFilter } = useQueryFilters({ catid: '0', status: 'all' }, () => setSelected([]));
  const keyword = params.get('keyword') ?? '';
  const catid = params.get('catid') ?? '0';
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Status)
    : 'all';
  const query: CourseQuery = {
    page,
    num: PAGE_SIZE,
    status,
    keyword: keyword || undefined,
    catid: catid === '0' ? undefined : catid,
  };
  const { data, error, mutate, isLoading } = useSWR(
    ['getcourselist', JSON.stringify(query)] as [string, string],
    fetchList,
    { keepPreviousData: true },
  );
  const { tree } = useCategories();
  const revalidate = useRevalidate();
  const [creating, setCreating] = useState(false);

  const rows = data?.courseData ?? [];
  const visibleSelected = selected.filter((coid) => rows.some((row) => row.coid === coid));

  const { busy, run } = useRowAction(async () => {
    await mutate();
    void revalidate('getcourselist:picker', 'course/info/');
  });

  const removeCourses = async (coids: string[]) => {
    await run(() => deleteCourses(coids), t('admin.courses.deleted', { count: coids.length }));
    setSelected((current) => current.filter((coid) => !coids.includes(coid)));
  };

  const handleBulkDelete = async (coids: string[]) => {
    if (
      await confirm({ text: t('admin.courses.deleteMany', { count: coids.length }), okText: t('admin.common.delete') })
    )
      await removeCourses(coids);
  };

  const toggleAll = (checked: boolean) => setSelected(checked ? rows.map((row) => row.coid) : []);
  const categoryName = (row: AdminCourseRow) =>
    row.catid === '0' ? t('admin.course.noCategory') : (findCategory(tree, row.catid)?.title ?? '—');
  const typeName = (type: number) => t(COURSE_TYPES.find((item) => item.value === type)?.label ?? 'admin.course.type0');

  return (
    <div className="ac-page" data-testid="courses-page">
      <PageHeader title={t('admin.courses.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-course">
          {t('admin.courses.new')}
        </button>
      </PageHeader>

      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.courses.searchPlaceholder')}
            initial={keyword}
            onSearch={(value) => setFilter({ keyword: value })}
          />
          <CategorySelect
            tree={tree}
            value={catid}
            onChange={(value) => setFilter({ catid: value })}
            rootLabel={t('admin.courses.allCategories')}
            aria-label={t('admin.course.category')}
            data-testid="category-filter"
          />
          <Segmented
            label={t('admin.courses.status')}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(item) => setFilter({ status: item.key })}
          />
        </ListToolbar>

        <div className="ac-bulk" data-testid="bulk-bar">
          <span className="ac-muted">{t('admin.common.selected', { count: visibleSelected.length })}</span>
          <button
            type="button"
            className="btn btn-small btn-danger-outline"
            disabled={visibleSelected.length === 0 || busy}
            onClick={() => void handleBulkDelete(visibleSelected)}
            data-testid="bulk-delete"
          >
            {t('admin.courses.bulkDelete')}
          </button>
        </div>

        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            className="ac-table ac-course-table"
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectAll')}
                    checked={rows.length > 0 && visibleSelected.length === rows.length}
                    onChange={(event) => toggleAll(event.target.checked)}
                  />
                ),
                className: 'ac-col-check',
              },
              t('admin.course.title'),
              t('admin.course.category'),
              t('admin.course.price'),
              t('admin.courses.statusCol'),
              t('admin.courses.createdAt'),
            ]}
            empty={
              !isLoading &&
              rows.length === 0 &&
              (keyword || catid !== '0' || status !== 'all' ? t('admin.courses.noMatch') : t('admin.courses.empty'))
            }
          >
            {rows.map((row) => (
              <tr key={row.coid} data-testid="course-row" data-coid={row.coid}>
                <td className="ac-col-check">
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectRow', { title: row.title })}
                    checked={selected.includes(row.coid)}
                    onChange={(event) =>
                      setSelected((current) =>
                        event.target.checked ? [...current, row.coid] : current.filter((coid) => coid !== row.coid),
                      )
                    }
                  />
                </td>
                <td data-label={t('admin.course.title')}>
                  <div className="ac-course-cell">
                    <span className="ac-thumb">
                      {row.img ? (
                        <img src={row.img} alt="" loading="lazy" />
                      ) : (
                        <span aria-hidden="true">{Array.from(row.title)[0]}</span>
                      )}
                    </span>
                    <span className="ac-course-name">
                      <Link to={`/courses/${row.coid}`} className="ac-strong">
                        {row.title}
                      </Link>
                      <span className="ac-badges">
                        <span className="ac-muted">{typeName(row.type)}</span>
                        {row.top > 0 && <span className="badge">{t('admin.courses.pinned')}</span>}
                        {row.private && <span className="badge badge-muted">{t('admin.course.private')}</span>}
                      </span>
                    </span>
                  </div>
                </td>
                <td data-label={t('admin.course.category')}>{categoryName(row)}</td>
                <td data-label={t('admin.course.price')}>
                  {row.actual > 0 ? formatPrice(row.actual) : t('admin.course.free')}
                </td>
                <td data-label={t('admin.courses.statusCol')}>
                  <PublishState published={row.published} testId="course-status" />
                </td>
                <td data-label={t('admin.courses.createdAt')} className="ac-muted">
                  {row.create_time.slice(0, 10)}
                </td>
                <RowActions>
                  <Link className="btn btn-small" to={`/courses/${row.coid}`}>
                    {t('admin.common.edit')}
                  </Link>
                  <PublishButton
                    on={row.published}
                    busy={busy}
                    run={run}
                    toggle={(next) => publishCourse(row.coid, next)}
                  />
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => void run(() => copyCourse(row.coid), t('admin.courses.copied'))}
                  >
                    {t('admin.courses.copy')}
                  </button>
                  <PinButton on={row.top > 0} busy={busy} run={run} toggle={(next) => pinCourse(row.coid, next)} />
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.courses.deleteOne', { title: row.title })}
                    onDelete={() => removeCourses([row.coid])}
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && (
          <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />
        )}
      </section>
      {creating && <CreateCourseDialog catid={catid} onClose={() => setCreating(false)} />}
    </div>
  );
}
