import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../../shared/i18n';
import { formatDateTime } from '../../../../shared/rules/dates';
import { formatDuration } from '../../../../shared/rules/text';
import { CHAPTER_TYPE, type ChapterType } from '../../../../shared/schemas/chapters';
import type { ExportFormat } from '../../../../shared/schemas/records';
import { toast } from '../../../components/feedback';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { downloadExport, type ExportQuery } from './api';

/** The address of a student's chapter detail in a course (records/detail). */
export const detailPath = (sid: string, coid: string) => `/records/detail?${new URLSearchParams({ sid, coid })}`;

/** A records view's filters in the address (useQueryFilters). */
export interface ViewProps {
  params: URLSearchParams;
  setFilter: (change: Record<string, string>) => void;
}

/** Formats of the records screens: a time (ms) as 'yyyy-MM-dd HH:mm' or a dash, seconds of study as '1小时2分'. */
export function useRecordFormat() {
  const t = useT();
  const locale = useLocale();
  return {
    when: (ms: number | null | undefined) => (ms ? formatDateTime(ms, locale).slice(0, 16) : t('admin.records.never')),
    duration: (seconds: number) => formatDuration(seconds, locale),
  };
}

/** A progress bar with its percent (0..100). */
export function ProgressCell({ percent }: { percent: number }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className="rec-progress" data-testid="record-progress" data-percent={value}>
      <span className="rec-progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <span style={{ width: `${value}%` }} />
      </span>
      <span className="rec-progress-text">{t('admin.records.percent', { percent: value })}</span>
    </span>
  );
}

const KIND_KEYS = Object.fromEntries(Object.entries(CHAPTER_TYPE).map(([key, value]) => [value, `admin.chapters.kind.${key}`])) as Record<ChapterType, MessageKey>;

/** The name of a chapter kind (the chapter editor's names). */
export function useKindName() {
  const t = useT();
  return (type: number) => (type in KIND_KEYS ? t(KIND_KEYS[type as ChapterType]) : String(type));
}

/**
 * Export CSV / Export Excel of a records screen: the same rows as the screen (the query it shows), as a
 * download named by the server; a toast says what was saved, or why not, and when the rows were capped.
 */
export function ExportButtons({ query, disabled = false }: { query: ExportQuery; disabled?: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const handleExport = async (format: ExportFormat) => {
    setBusy(format);
    const result = await downloadExport(query, format);
    setBusy(null);
    if (!result.ok) return toast(failureText(t, { status: 'error', error: result.error, data: null }));
    toast(result.capped ? t('admin.records.exportCapped', { max: result.capped }) : t('admin.records.exported', { name: result.fileName }));
  };
  return (
    <div className="rec-export">
      <button type="button" className="btn btn-small" disabled={disabled || busy !== null} onClick={() => void handleExport('csv')} data-testid="export-csv">
        {busy === 'csv' ? t('admin.records.exporting') : t('admin.records.exportCsv')}
      </button>
      <button type="button" className="btn btn-small" disabled={disabled || busy !== null} onClick={() => void handleExport('xlsx')} data-testid="export-xlsx">
        {busy === 'xlsx' ? t('admin.records.exporting') : t('admin.records.exportXlsx')}
      </button>
    </div>
  );
}

/** The course chooser of the records screens (the school's courses). */
export function CourseSelect({ value, courses, onChange }: { value: string; courses: { coid: string; title: string }[] | undefined; onChange: (coid: string) => void }) {
  const t = useT();
  return (
    <select value={value} aria-label={t('admin.records.course')} onChange={(event) => onChange(event.target.value)} data-testid="records-course">
      <option value="">{t('admin.records.pickCourse')}</option>
      {(courses ?? []).map((course) => (
        <option key={course.coid} value={course.coid}>
          {course.title}
        </option>
      ))}
    </select>
  );
}

/** A read-only table of the records screens (DataTable's markup without the actions column). */
export function PlainTable({ columns, empty, children }: { columns: string[]; empty?: ReactNode; children: ReactNode }) {
  return (
    <div className="ac-table-wrap">
      <table className="ac-table rec-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="ac-empty">{empty}</p>}
    </div>
  );
}
