import { useState } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN } from '../../../../shared/constants';
import { studentImportCalls } from '../../../../shared/calls/student-import';
import type { Failure } from '../../../../shared/envelope';
import {
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_MAX_ROWS,
  type ImportOptions,
  type ImportPreview,
} from '../../../../shared/schemas/student-import';
import { toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { importErrorText, importForm, importTemplateUrl } from '../../../api/student-import';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { ImportProgress } from './ImportProgress';
import { PreviewReport } from './PreviewReport';

/**
 * Import students from CSV or XLSX (spec 7 Students 'import'): choose a file and the options, preview
 * (columns recognised, first rows, the row-by-row problem report, duplicates, seats; nothing written), then
 * import; the progress bar follows student/getImport every second until the final report.
 */
export default function StudentImportPage() {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>({
    mode: 'rows',
    duplicates: 'skip',
    initialPassword: undefined,
  });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: status, mutate } = useCall(
    studentImportCalls.status,
    {},
    {
      refreshInterval: (latest) => (latest?.status === 'running' ? 1000 : 0),
    },
  );
  const running = status?.status === 'running';
  const passwordShort = !!options.initialPassword && options.initialPassword.length < PASSWORD_MIN;
  const seatsShort = !!preview && preview.seats.used + preview.seats.needed > preview.seats.limit;
  const blocked = !!preview && options.mode === 'all' && (preview.badRows > 0 || seatsShort);

  const say = (reply: Failure) => toast(importErrorText(t, reply.error) ?? failureText(t, reply));
  // The mode changes only how rows are applied, so the preview stands; the other options change the checks.
  const change = (next: Partial<ImportOptions>) => {
    setOptions((current) => ({ ...current, ...next }));
    if (!('mode' in next)) setPreview(null);
  };

  const handlePreview = async () => {
    if (!file) return;
    setBusy(true);
    const reply = await request(studentImportCalls.preview, { body: importForm(file, options) });
    setBusy(false);
    if (reply.status !== 'ok') return say(reply);
    setPreview(reply.data);
  };

  const handleImport = async () => {
    if (!file || blocked) return;
    setBusy(true);
    const reply = await request(studentImportCalls.start, { body: importForm(file, options) });
    setBusy(false);
    if (reply.status !== 'ok') return say(reply);
    setPreview(null);
    setFile(null);
    await mutate();
  };

  return (
    <div className="ac-page" data-testid="student-import-page">
      <PageHeader title={t('admin.import.title')} back={<Link to="/students">{t('admin.import.back')}</Link>} />
      {status && <ImportProgress status={status} />}
      {!running && (
        <section className="card ac-card" data-testid="import-form">
          <Field
            label={t('admin.import.file')}
            hint={
              <>
                {t('admin.import.fileHint', {
                  rows: STUDENT_IMPORT_MAX_ROWS,
                  mb: STUDENT_IMPORT_MAX_BYTES / 1024 / 1024,
                })}{' '}
                {t('admin.import.template')}{' '}
                <a href={importTemplateUrl('xlsx')} download data-testid="template-xlsx">
                  {t('admin.import.templateXlsx')}
                </a>{' '}
                <a href={importTemplateUrl('csv')} download data-testid="template-csv">
                  {t('admin.import.templateCsv')}
                </a>
              </>
            }
          >
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          </Field>
          <fieldset className="ac-field" data-field="mode" style={{ border: 0, padding: 0 }}>
            <legend className="ac-label">{t('admin.import.mode')}</legend>
            {(['rows', 'all'] as const).map((mode) => (
              <label key={mode} className="ac-check">
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  checked={options.mode === mode}
                  onChange={() => change({ mode })}
                />
                <span>
                  {t(`admin.import.mode.${mode}`)}
                  <small className="ac-hint">{t(`admin.import.mode.${mode}Hint`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="ac-field" data-field="duplicates" style={{ border: 0, padding: 0 }}>
            <legend className="ac-label">{t('admin.import.duplicates')}</legend>
            {(['skip', 'update'] as const).map((duplicates) => (
              <label key={duplicates} className="ac-check">
                <input
                  type="radio"
                  name="duplicates"
                  value={duplicates}
                  checked={options.duplicates === duplicates}
                  onChange={() => change({ duplicates })}
                />
                <span>
                  {t(`admin.import.duplicates.${duplicates}`)}
                  <small className="ac-hint">{t(`admin.import.duplicates.${duplicates}Hint`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <Field
            label={t('admin.import.initialPassword')}
            hint={t('admin.import.initialPasswordHint')}
            error={passwordShort ? t('admin.import.reason.passwordTooShort') : undefined}
            name="initialPassword"
          >
            <input
              type="text"
              autoComplete="off"
              value={options.initialPassword ?? ''}
              onChange={(event) => change({ initialPassword: event.target.value || undefined })}
            />
          </Field>
          <div className="ac-actions" style={{ display: 'flex', gap: 8 }}>
            <button
              type="button"
              className="btn"
              disabled={!file || busy || passwordShort}
              onClick={() => void handlePreview()}
              data-testid="import-preview-button"
            >
              {t('admin.import.preview')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!preview || busy || blocked || passwordShort}
              onClick={() => void handleImport()}
              data-testid="import-start-button"
            >
              {t('admin.import.start')}
            </button>
          </div>
          {blocked && (
            <p className="ac-error" role="alert">
              {t('admin.import.startBlocked')}
            </p>
          )}
        </section>
      )}
      {preview && !running && <PreviewReport preview={preview} />}
    </div>
  );
}
