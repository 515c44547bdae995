import { Link } from 'react-router';
import type { ImportStatus } from '../../../../shared/schemas/student-import';
import { STUDENT_IMPORT_REPORT_MAX } from '../../../../shared/schemas/student-import';
import { formatDateTime } from '../../../../shared/rules/dates';
import { useLocale, useT } from '../../../i18n';
import { importErrorText } from '../../../api/student-import';
import { ProblemTable } from './ProblemTable';

/** The running import's progress bar, or the last import's result: counts, the message, the problem report. */
export function ImportProgress({ status }: { status: ImportStatus }) {
  const t = useT();
  const locale = useLocale();
  if (status.status === 'running') {
    return (
      <section className="card ac-card" data-testid="import-running">
        <p role="status">
          {t('admin.import.running', { file: status.fileName, processed: status.processed, total: status.total })}
        </p>
        <progress
          max={Math.max(1, status.total)}
          value={status.processed}
          style={{ width: '100%' }}
          aria-label={t('admin.import.title')}
        />
      </section>
    );
  }
  return (
    <section className="card ac-card" data-testid="import-result" data-status={status.status}>
      <p className="ac-muted">
        {t('admin.import.lastImport', {
          file: status.fileName,
          when: formatDateTime(status.finishedAt ?? status.startedAt, locale),
        })}
      </p>
      {status.status === 'failed' && (
        <p className="ac-error" role="alert">
          {t('admin.import.failed', { message: importErrorText(t, status.message) ?? status.message })}
        </p>
      )}
      <p role="status" data-testid="import-counts">
        {t('admin.import.done', {
          created: status.created,
          updated: status.updated,
          skipped: status.skipped,
          failed: status.failed,
        })}
      </p>
      {status.report.length > 0 && (
        <>
          <h3>{t('admin.import.problems')}</h3>
          <ProblemTable problems={status.report} testId="result-problems" />
          {status.report.length >= STUDENT_IMPORT_REPORT_MAX && (
            <p className="ac-muted">{t('admin.import.reportCapped', { max: STUDENT_IMPORT_REPORT_MAX })}</p>
          )}
        </>
      )}
      <p>
        <Link to="/students" data-testid="back-to-students">
          {t('admin.import.back')}
        </Link>
      </p>
    </section>
  );
}
