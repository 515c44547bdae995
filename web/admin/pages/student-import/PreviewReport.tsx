import type { ImportColumn, ImportPreview } from '../../../../shared/schemas/student-import';
import { STUDENT_IMPORT_REPORT_MAX } from '../../../../shared/schemas/student-import';
import { useT } from '../../../i18n';
import { ProblemTable } from './ProblemTable';

/** What the preview found: the summary and seats, the columns recognised and not, the first rows, the problems. */
export function PreviewReport({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const { seats } = preview;
  const missing = seats.used + seats.needed - seats.limit;
  const columnName = (kind: ImportColumn | 'field') =>
    kind === 'field' ? t('admin.import.kind.field') : t(`admin.import.col.${kind}`);
  return (
    <section className="card ac-card" data-testid="import-preview">
      <p role="status" data-testid="import-summary">
        {t('admin.import.summary', {
          total: preview.total,
          good: preview.total - preview.badRows,
          bad: preview.badRows,
          dups: preview.duplicates.count,
        })}
      </p>
      <p className={missing > 0 ? 'ac-error' : 'ac-muted'}>
        {t('admin.import.seats', seats)} {missing > 0 && t('admin.import.seatsShort', { missing })}
      </p>
      <h3>{t('admin.import.columns')}</h3>
      <p data-testid="import-columns">
        {preview.columns.map((column) => (
          <span key={column.header} className="tag" style={{ marginRight: 8 }}>
            {column.header} → {columnName(column.kind)}
          </span>
        ))}
      </p>
      {preview.unknownColumns.length > 0 && (
        <p className="ac-muted">{t('admin.import.unknownColumns', { columns: preview.unknownColumns.join('、') })}</p>
      )}
      {preview.duplicates.count > 0 && (
        <p className="ac-muted">{t('admin.import.duplicateSample', { names: preview.duplicates.sample.join('、') })}</p>
      )}

      <h3>{t('admin.import.problems')}</h3>
      {preview.problems.length === 0 ? (
        <p>{t('admin.import.noProblems')}</p>
      ) : (
        <ProblemTable problems={preview.problems} testId="preview-problems" />
      )}
      {preview.problems.length >= STUDENT_IMPORT_REPORT_MAX && (
        <p className="ac-muted">{t('admin.import.reportCapped', { max: STUDENT_IMPORT_REPORT_MAX })}</p>
      )}

      <h3>{t('admin.import.rows', { count: preview.rows.length })}</h3>
      <div className="ac-table-wrap">
        <table className="ac-table" data-testid="preview-rows">
          <thead>
            <tr>
              <th>{t('admin.import.col.row')}</th>
              <th>{t('admin.import.col.username')}</th>
              <th>{t('admin.import.col.name')}</th>
              <th>{t('admin.import.col.email')}</th>
              <th>{t('admin.import.col.phone')}</th>
              <th>{t('admin.import.col.groups')}</th>
              <th>{t('admin.import.col.fields')}</th>
              <th>{t('admin.import.col.exists')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.username}</td>
                <td>{row.name}</td>
                <td>{row.email}</td>
                <td>{row.phone}</td>
                <td>{row.groups.join('; ')}</td>
                <td>
                  {Object.entries(row.fields)
                    .map(([name, value]) => `${name}: ${value}`)
                    .join('; ')}
                </td>
                <td>{row.exists ? t('admin.import.yes') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
