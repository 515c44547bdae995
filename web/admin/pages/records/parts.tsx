import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../../shared/i18n';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { formatDuration } from '../../../../shared/rules/text';
import { CHAPTER_TYPE, type ChapterType } from '../../../../shared/schemas/chapters';
import type { ExportFormat } from '../../../../shared/schemas/records';
import { toast } from '../../../components/feedback';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { downloadExport, type ExportQuery } from '../../../api/records';
import { CourseSelect } from '../../components/CourseSelect';
import { ListToolbar } from '../../components/ListToolbar';

/** The address of a student's chapter detail in a course (records/detail). */
export const detailPath = (sid: string, coid: string) => `/records/detail?${new URLSearchParams({ sid, coid })}`;

/** A records view's filters in the address (useQueryFilters). */
export interface ViewProps {
  params: URLSearchParams;
  page: number;
  setFilter: (change: Record<string, string>) => void;
}

/** Formats of the records screens: a time (ms) as 'yyyy-MM-dd HH:mm' or a dash, seconds of study as '1小时2分'. */
export function useRecordFormat() {
  const t = useT();
  const locale = useLocale();
  return {
    when: (ms: number | null | undefined) => (ms ? formatDateMinutes(ms, locale) : t('admin.records.never')),
    duration: (seconds: number) => formatDuration(seconds, locale),
  };
}

/** A progress bar with its percent (0..100). */
export function ProgressCell({ percent }: { percent: number }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className="rec-progress" data-testid="record-progress" data-percent={value}>
      <span
        className="rec-progress-bar"
        role="progressbar"
        aria-label={t('admin.records.col.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span style={{ width: `${value}%` }} />
      </span>
      <span className="rec-progress-text">{t('admin.records.percent', { percent: value })}</span>
    </span>
  );
}

const VERIFY_KEYS = ['admin.records.verify.0', 'admin.records.verify.1', 'admin.records.verify.2'] as const;
const KIND_KEYS = Object.fromEntries(
  Object.entries(CHAPTER_TYPE).map(([key, value]) => [value, `admin.chapters.kind.${key}`]),
) as Record<ChapterType, MessageKey>;

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
    toast(
      result.capped
        ? t('admin.records.exportCapped', { max: result.capped })
        : t('admin.records.exported', { name: result.fileName }),
    );
  };
  return (
    <div className="rec-export">
      <button
        type="button"
        className="btn btn-small"
        disabled={disabled || busy !== null}
        onClick={() => void handleExport('csv')}
        data-testid="export-csv"
      >
        {busy === 'csv' ? t('admin.records.exporting') : t('admin.records.exportCsv')}
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={disabled || busy !== null}
        onClick={() => void handleExport('xlsx')}
        data-testid="export-xlsx"
      >
        {busy === 'xlsx' ? t('admin.records.exporting') : t('admin.records.exportXlsx')}
      </button>
    </div>
  );
}

/** The review state of a studied stage (verify_status 0 not reviewed, 1 approved, 2 rejected) as a coloured word. */
export function VerifyBadge({ status, testId }: { status: number; testId: string }) {
  const t = useT();
  return (
    <span className={`rec-verify is-${status}`} data-testid={testId}>
      {t(VERIFY_KEYS[status] ?? VERIFY_KEYS[0])}
    </span>
  );
}

/** The chapter and kind cells of a chapter row (the chapter times and a student's detail); the kinds are the chapter editor's names. */
export function ChapterCells({ title, type }: { title: string; type: number }) {
  const t = useT();
  return (
    <>
      <td data-label={t('admin.records.col.chapter')} className="rec-chapter">
        {title}
      </td>
      <td data-label={t('admin.records.col.type')} className="ac-muted">
        {type in KIND_KEYS ? t(KIND_KEYS[type as ChapterType]) : String(type)}
      </td>
    </>
  );
}

/**
 * The toolbar of a view of one course's records: the course to show, the view's own controls (children, e.g. a
 * search whose key the export takes too) and the export of the view for it.
 */
export function CourseToolbar({
  coid,
  view,
  keyword,
  setFilter,
  children,
}: { coid: string; view: ExportQuery['view']; keyword?: string; children?: ReactNode } & Pick<ViewProps, 'setFilter'>) {
  const t = useT();
  return (
    <ListToolbar>
      <CourseSelect
        value={coid}
        label={t('admin.records.course')}
        emptyLabel={t('admin.records.pickCourse')}
        testId="records-course"
        onChange={(value) => setFilter({ coid: value })}
      />
      {children}
      <ExportButtons query={{ view, coid, key: keyword }} disabled={!coid} />
    </ListToolbar>
  );
}
