import { useState } from 'react';
import { studentFieldCalls as calls } from '../../../../shared/calls/student-fields';
import type { Failure, Reply } from '../../../../shared/envelope';
import { type EditStudentField, FIELD_ERRORS, type StudentFieldList } from '../../../../shared/schemas/student-fields';
import type { StudentField } from '../../../../shared/schemas/students';
import { confirm, toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, RowActions } from '../../components/DataTable';
import { OrderButtons } from '../../components/OrderButtons';
import { PageHeader } from '../../components/PageHeader';
import { useRevalidate } from '../../hooks/useRevalidate';
import { FieldEditor, KIND_WORDS, type FieldDraft } from './FieldEditor';

/** /student-fields: the school's custom student fields ("labels", spec 7): add, edit, reorder, delete. */
export default function StudentFieldsPage() {
  const t = useT();
  const { data, mutate } = useCall(calls.list, {});
  const revalidate = useRevalidate();
  const fields = data?.fields ?? [];
  const [editing, setEditing] = useState<StudentField | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  const failure = (reply: Failure) => {
    const held = Number((reply.data as { count?: number } | null)?.count ?? 0);
    if (reply.error === FIELD_ERRORS.nameTaken) return t('admin.fields.nameTaken');
    if (reply.error === FIELD_ERRORS.kindInUse) return t('admin.fields.kindInUse', { count: held });
    if (reply.error === FIELD_ERRORS.choiceInUse) return t('admin.fields.choiceInUse', { count: held });
    if (reply.error === FIELD_ERRORS.tooMany) return t('admin.fields.tooMany');
    return failureText(t, reply);
  };

  const run = async (work: () => Promise<Reply<StudentFieldList>>, done: string): Promise<boolean> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failure(reply));
      return false;
    }
    toast(done);
    await mutate({ fields: reply.data.fields }, { revalidate: false });
    // The student list and its editor show the fields as columns and inputs.
    await revalidate('student/list', 'student/getfield');
    return true;
  };

  const edit = (body: EditStudentField) => request(calls.edit, { body });

  const save = async (draft: FieldDraft) => {
    const current = editing;
    if (!current) return;
    const ok =
      current === 'new'
        ? await run(() => request(calls.add, { body: draft }), t('admin.fields.added'))
        : await run(() => {
            const { name, kind, options, required } = draft;
            return request(calls.edit, { body: { sfid: current.sfid, name, kind, options, required } });
          }, t('admin.common.saved'));
    if (ok) setEditing(null);
  };

  const remove = async (field: StudentField) => {
    if (!(await confirm({ text: t('admin.fields.deleteOne', { name: field.name }), okText: t('admin.common.delete') })))
      return;
    await run(() => request(calls.remove, { body: { sfid: field.sfid } }), t('admin.fields.deleted'));
  };

  return (
    <div className="ac-page" data-testid="student-fields-page">
      <PageHeader title={t('admin.fields.title')}>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="add-field">
          {t('admin.fields.add')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <p className="ac-hint">{t('admin.fields.hint')}</p>
        <DataTable
          columns={[
            t('admin.fields.order'),
            t('admin.fields.name'),
            t('admin.fields.kind'),
            t('admin.fields.options'),
            t('admin.fields.required'),
          ]}
          empty={data && fields.length === 0 ? t('admin.fields.empty') : undefined}
        >
          {fields.map((field, index) => (
            <tr key={field.sfid} data-testid="field-row" data-name={field.name}>
              <td>
                <OrderButtons
                  index={index}
                  count={fields.length}
                  label={field.name}
                  onMove={(to) => void run(() => edit({ sfid: field.sfid, position: to }), t('admin.common.moved'))}
                />
              </td>
              <td data-testid="field-name">{field.name}</td>
              <td data-testid="field-kind">{t(KIND_WORDS[field.kind])}</td>
              <td className="ac-muted">{field.kind === 'choice' ? field.options.join(' / ') : '—'}</td>
              <td>
                <label className="ac-check">
                  <input
                    type="checkbox"
                    checked={field.required}
                    disabled={busy}
                    aria-label={`${t('admin.fields.required')} ${field.name}`}
                    onChange={(event) => {
                      const body = { sfid: field.sfid, required: event.target.checked };
                      void run(() => edit(body), t('admin.common.saved'));
                    }}
                  />
                </label>
              </td>
              <RowActions>
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  onClick={() => setEditing(field)}
                  aria-label={`${t('admin.common.edit')} ${field.name}`}
                >
                  {t('admin.common.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-text ac-danger-text"
                  onClick={() => void remove(field)}
                  aria-label={`${t('admin.common.delete')} ${field.name}`}
                >
                  {t('admin.common.delete')}
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      </section>
      {editing && (
        <FieldEditor
          field={editing === 'new' ? null : editing}
          busy={busy}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
