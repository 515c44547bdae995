import { useState } from 'react';
import useSWR from 'swr';
import type { AdminCourseRow } from '../../../shared/schemas/courses';
import { useT } from '../../i18n';
import { courseCalls } from '../../../shared/calls/courses';
import { request } from '../../api/client';
import { unwrap } from '../../hooks/fetcher';
import { useDragSort } from '../hooks/useDragSort';
import { moveItem, OrderButtons } from './OrderButtons';

const SEARCH_NUM = 30;
const KNOWN_NUM = 500;

async function fetchCourses([, keyword, num]: [string, string, number]): Promise<AdminCourseRow[]> {
  const body = { page: 1, num, keyword: keyword || undefined, status: 'all' } as const;
  return (await unwrap(request(courseCalls.adminList, { body }))).courseData;
}

/**
 * Chooses and orders courses (a column's or a tag's): the chosen list on the left, reordered by dragging or
 * the up/down buttons; the school's courses on the right, searched by keyword, each with an add button.
 */
export function CoursePicker({ value, onChange }: { value: string[]; onChange: (coids: string[]) => void }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const known = useSWR(['getcourselist:picker', '', KNOWN_NUM] as [string, string, number], fetchCourses);
  const results = useSWR(['getcourselist:picker', search, SEARCH_NUM] as [string, string, number], fetchCourses);
  const byId = new Map<string, AdminCourseRow>();
  for (const row of [...(known.data ?? []), ...(results.data ?? [])]) byId.set(row.coid, row);
  const drag = useDragSort((from, to) => onChange(moveItem(value, from, to)));

  return (
    <div className="ac-picker" data-testid="course-picker">
      <section className="ac-picker-chosen" aria-label={t('admin.picker.chosen')}>
        <h3 className="ac-subtitle">{t('admin.picker.chosenCount', { count: value.length })}</h3>
        {value.length === 0 ? (
          <p className="ac-muted ac-empty">{t('admin.picker.none')}</p>
        ) : (
          <ol className="ac-sortable">
            {value.map((coid, index) => {
              const title = byId.get(coid)?.title ?? coid;
              return (
                <li key={coid} className="ac-sortable-row" data-coid={coid} {...drag.rowProps(index)}>
                  <span className="ac-grip" aria-hidden="true">
                    ⋮⋮
                  </span>
                  <span className="ac-sortable-title">{title}</span>
                  <span className="ac-row-actions">
                    <OrderButtons
                      index={index}
                      count={value.length}
                      label={title}
                      onMove={(to) => onChange(moveItem(value, index, to))}
                    />
                    <button
                      type="button"
                      className="btn btn-small btn-text"
                      onClick={() => onChange(value.filter((id) => id !== coid))}
                      aria-label={`${t('admin.picker.remove')} ${title}`}
                    >
                      {t('admin.picker.remove')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <section className="ac-picker-source" aria-label={t('admin.picker.source')}>
        {/* Not a form: the picker sits inside the column's form, and Enter here must search, not save. */}
        <div className="ac-inline-form" role="search">
          <input
            type="search"
            value={keyword}
            placeholder={t('admin.courses.searchPlaceholder')}
            aria-label={t('admin.courses.searchPlaceholder')}
            onChange={(event) => setKeyword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setSearch(keyword.trim());
              }
            }}
          />
          <button type="button" className="btn btn-small" onClick={() => setSearch(keyword.trim())}>
            {t('common.search')}
          </button>
        </div>
        <ul className="ac-picker-results">
          {(results.data ?? []).map((row) => {
            const chosen = value.includes(row.coid);
            return (
              <li key={row.coid} data-coid={row.coid}>
                <span className="ac-sortable-title">
                  {row.title}
                  {!row.published && <span className="badge badge-muted">{t('admin.courses.draft')}</span>}
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={chosen}
                  onClick={() => onChange([...value, row.coid])}
                  aria-label={`${t('admin.picker.add')} ${row.title}`}
                >
                  {chosen ? t('admin.picker.added') : t('admin.picker.add')}
                </button>
              </li>
            );
          })}
          {results.data?.length === 0 && <li className="ac-muted">{t('admin.courses.empty')}</li>}
        </ul>
      </section>
    </div>
  );
}
