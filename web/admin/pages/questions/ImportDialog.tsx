import { useState } from 'react';
import { questionCalls } from '../../../../shared/calls/questions';
import type { ImportReport } from '../../../../shared/schemas/questions';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { questionImportForm, questionTemplateUrl } from '../../../api/questions';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

/**
 * Import from Excel: pick an .xlsx → the server's dry run (every problem with row, column and reason; or the
 * rows that would be created) → confirm, which imports all rows or none. A file with problems cannot be
 * confirmed: the administrator corrects it and picks it again.
 */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = !!report && report.ok && report.rows.length > 0;

  const handlePreview = async (picked: File | null) => {
    setFile(picked);
    setReport(null);
    if (!picked) return;
    setBusy(true);
    const reply = await request(questionCalls.importPreview, { body: questionImportForm(picked) });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setReport(reply.data);
  };

  const handleSubmit = async () => {
    if (!file || !ready) return;
    setBusy(true);
    const reply = await request(questionCalls.importCommit, { body: questionImportForm(file) });
    setBusy(false);
    if (reply.status !== 'ok') {
      if (reply.data && typeof reply.data === 'object' && 'issues' in reply.data) setReport(reply.data as ImportReport);
      return toast(failureText(t, reply));
    }
    toast(t('admin.questions.import.done', { count: reply.data.rows.length }));
    onImported();
  };

  return (
    <Modal
      wide
      title={t('admin.questions.import')}
      submitText={
        ready ? t('admin.questions.import.confirm', { count: report.rows.length }) : t('admin.questions.import.preview')
      }
      onSubmit={() => (ready ? void handleSubmit() : void handlePreview(file))}
      onClose={onClose}
      busy={busy || !file}
      testId="import-dialog"
    >
      <Field
        label={t('admin.questions.import.pick')}
        hint={
          <a href={questionTemplateUrl()} download>
            {t('admin.questions.template')}
          </a>
        }
      >
        <input
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => void handlePreview(event.target.files?.[0] ?? null)}
          data-testid="import-file"
        />
      </Field>
      {report && !report.ok && (
        <div data-testid="import-problems">
          <p className="ac-error" role="alert">
            {t('admin.questions.import.bad', { count: report.issues.length })}
          </p>
          <div className="ac-table-wrap">
            <table className="ac-table">
              <thead>
                <tr>
                  <th>{t('admin.questions.import.row')}</th>
                  <th>{t('admin.questions.import.column')}</th>
                  <th>{t('admin.questions.import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {report.issues.map((issue, index) => (
                  <tr key={index} data-testid="import-issue">
                    <td>{issue.row || ''}</td>
                    <td>{issue.column}</td>
                    <td>{issue.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {ready && (
        <div data-testid="import-preview">
          <p role="status">{t('admin.questions.import.good', { count: report.rows.length })}</p>
          {report.newCategories.length > 0 && (
            <p className="ac-muted">
              {t('admin.questions.import.newCategories', { titles: report.newCategories.join('、') })}
            </p>
          )}
          <div className="ac-table-wrap">
            <table className="ac-table">
              <thead>
                <tr>
                  <th>{t('admin.questions.import.row')}</th>
                  <th>{t('admin.questions.col.type')}</th>
                  <th>{t('admin.questions.col.content')}</th>
                  <th>{t('admin.questions.col.category')}</th>
                  <th>{t('admin.questions.col.points')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.row} data-testid="import-row">
                    <td>{row.row}</td>
                    <td>{t(`admin.questions.type.${row.type as 0 | 1 | 2 | 3}`)}</td>
                    <td>{row.excerpt}</td>
                    <td>{row.categoryTitle}</td>
                    <td>{row.point}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Modal>
  );
}
