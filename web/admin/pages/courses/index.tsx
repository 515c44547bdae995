import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { AdminCourseRow } from '../../../../shared/schemas/courses';
import { confirm } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { copyCourse, deleteCourses, listCourses, pinCourse, publishCourse, type CourseQuery } from '../../api/courses';
import { CategorySelect } from '../../components/CategorySelect';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { findCategory, useCategories } from '../../hooks/useCatalogue';
import { useRevalidate } from '../../hooks/useRevalidate';
import { CreateCourseDialog } from './CreateCourseDialog';
import { COURSE_TYPES } from './course-form';
import { useRowAction } from '../../hooks/useRowAction';
import { PinButton, PublishButton, PublishState } from '../../components/RowToggles';
import { formatPrice } from '../../../../shared/rules/text';

const PAGE_SIZE = 20;
const STATUSES = ['all', 'published', 'draft'] as const;
type Status = (typeof STATUSES)[number];

async function fetchList([, json]: [string, string]) {
  const reply = await listCourses(JSON.parse(json) as CourseQuery);
  if (reply.status !== 'ok') throw new Error(reply.error);
  return reply.data;
}

/** The course list: keyword, category (subtree) and status filters, paging, bulk delete and per-row actions. */
export default function CoursesPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const catid = params.get('catid') ?? '0';
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as Status) : 'all';
  const query: CourseQuery = { page, num: PAGE_SIZE, status, keyword: keyword || undefined, catid: catid === '0' ? undefined : catid };
  const { data, error, mutate, isLoading } = useSWR(['getcourselist', JSON.stringify(query)] as [string, string], fetchList, { keepPreviousData: true });
  const { tree } = useCategories();
  const revalidate = useRevalidate();
  const [draft, setDraft] = useState(keyword);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);

  const rows = data?.courseData ?? [];
  const visibleSelected = selected.filter((coid) => rows.some((row) => row.coid === coid));

  const setFilter = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === '' || (key === 'catid' && value === '0') || (key === 'status' && value === 'all') || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in change)) next.delete('page');
    setSelected([]);
    setParams(next);
  };

  const { busy, run } = useRowAction(async () => {
    await mutate();
    void revalidate('getcourselist:picker', 'course/info/');
  });

  const handleDelete = async (coids: string[], title?: string) => {
    const ok = await confirm({ text: title ? t('admin.courses.deleteOne', { title }) : t('admin.courses.deleteMany', { count: coids.length }), okText: t('admin.common.delete') });
    if (!ok) return;
    await run(() => deleteCourses(coids), t('admin.courses.deleted', { count: coids.length }));
    setSelected((current) => current.filter((coid) => !coids.includes(coid)));
  };

  const toggleAll = (checked: boolean) => setSelected(checked ? rows.map((row) => row.coid) : []);
  const categoryName = (row: AdminCourseRow) => (row.catid === '0' ? t('admin.course.noCategory') : (findCategory(tree, row.catid)?.title ?? '—'));
  const typeName = (type: number) => t(COURSE_TYPES.find((item) => item.value === type)?.label ?? 'admin.course.type0');

  return (
    <div className="ac-page" data-testid="courses-page">
      <PageHeader title={t('admin.courses.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-course">
          {t('admin.courses.new')}
        </button>
      </PageHeader>

      <section className="card ac-card">
        <div className="ac-filters">
          <form
            className="ac-inline-form"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              setFilter({ keyword: draft.trim() });
            }}
          >
            <input type="search" value={draft} placeholder={t('admin.courses.searchPlaceholder')} aria-label={t('admin.courses.searchPlaceholder')} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit" className="btn btn-small">
              {t('common.search')}
            </button>
          </form>
          <CategorySelect tree={tree} value={catid} onChange={(value) => setFilter({ catid: value })} rootLabel={t('admin.courses.allCategories')} aria-label={t('admin.course.category')} data-testid="category-filter" />
          <div className="ac-segmented" role="group" aria-label={t('admin.courses.status')}>
            {STATUSES.map((value) => (
              <button key={value} type="button" className={status === value ? 'is-on' : ''} aria-pressed={status === value} onClick={() => setFilter({ status: value })}>
                {t(`admin.courses.status.${value}`)}
              </button>
            ))}
          </div>
        </div>

        <div className="ac-bulk" data-testid="bulk-bar">
          <span className="ac-muted">{t('admin.common.selected', { count: visibleSelected.length })}</span>
          <button type="button" className="btn btn-small btn-danger-outline" disabled={visibleSelected.length === 0 || busy} onClick={() => void handleDelete(visibleSelected)} data-testid="bulk-delete">
            {t('admin.courses.bulkDelete')}
          </button>
        </div>

        {error && !data ? (
          <p className="ac-empty" role="alert">
            {t('common.networkError')}{' '}
            <button type="button" className="btn btn-small" onClick={() => void mutate()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <div className="ac-table-wrap">
            <table className="ac-table ac-course-table">
              <thead>
                <tr>
                  <th className="ac-col-check">
                    <input type="checkbox" aria-label={t('admin.common.selectAll')} checked={rows.length > 0 && visibleSelected.length === rows.length} onChange={(event) => toggleAll(event.target.checked)} />
                  </th>
                  <th>{t('admin.course.title')}</th>
                  <th>{t('admin.course.category')}</th>
                  <th>{t('admin.course.price')}</th>
                  <th>{t('admin.courses.statusCol')}</th>
                  <th>{t('admin.courses.createdAt')}</th>
                  <th className="ac-col-actions">{t('admin.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.coid} data-testid="course-row" data-coid={row.coid}>
                    <td className="ac-col-check">
                      <input
                        type="checkbox"
                        aria-label={t('admin.common.selectRow', { title: row.title })}
                        checked={selected.includes(row.coid)}
                        onChange={(event) => setSelected((current) => (event.target.checked ? [...current, row.coid] : current.filter((coid) => coid !== row.coid)))}
                      />
                    </td>
                    <td data-label={t('admin.course.title')}>
                      <div className="ac-course-cell">
                        <span className="ac-thumb">{row.img ? <img src={row.img} alt="" loading="lazy" /> : <span aria-hidden="true">{Array.from(row.title)[0]}</span>}</span>
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
                    <td data-label={t('admin.course.price')}>{row.actual > 0 ? formatPrice(row.actual) : t('admin.course.free')}</td>
                    <td data-label={t('admin.courses.statusCol')}>
                      <PublishState published={row.published} testId="course-status" />
                    </td>
                    <td data-label={t('admin.courses.createdAt')} className="ac-muted">
                      {row.create_time.slice(0, 10)}
                    </td>
                    <td className="ac-col-actions">
                      <div className="ac-row-actions">
                        <Link className="btn btn-small" to={`/courses/${row.coid}`}>
                          {t('admin.common.edit')}
                        </Link>
                        <PublishButton on={row.published} busy={busy} run={run} toggle={(next) => publishCourse(row.coid, next)} />
                        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => copyCourse(row.coid), t('admin.courses.copied'))}>
                          {t('admin.courses.copy')}
                        </button>
                        <PinButton on={row.top > 0} busy={busy} run={run} toggle={(next) => pinCourse(row.coid, next)} />
                        <button type="button" className="btn btn-small btn-danger-outline" disabled={busy} onClick={() => void handleDelete([row.coid], row.title)}>
                          {t('admin.common.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {!isLoading && rows.length === 0 && <p className="ac-empty">{keyword || catid !== '0' || status !== 'all' ? t('admin.courses.noMatch') : t('admin.courses.empty')}</p>}
          </div>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />}
      </section>
      {creating && <CreateCourseDialog catid={catid} onClose={() => setCreating(false)} />}
    </div>
  );
}
