import { useState } from 'react';
import { FIELD_NAME_MAX, FIELD_OPTION_MAX } from '../../../../shared/schemas/student-fields';
import {
  FIELD_OPTIONS_MAX,
  STUDENT_FIELD_KINDS,
  type StudentField,
  type StudentFieldKind,
} from '../../../../shared/schemas/students';
import { useT } from '../../../i18n';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

export interface FieldDraft {
  name: string;
  kind: StudentFieldKind;
  options: string[];
  required: boolean;
}

/** The words of each kind of field. */
export const KIND_WORDS = {
  text: 'admin.fields.kindText',
  number: 'admin.fields.kindNumber',
  date: 'admin.fields.kindDate',
  choice: 'admin.fields.kindChoice',
} as const;

/** The add / edit dialog of a custom field: name, kind, the choices of a single-choice field, required. */
export function FieldEditor({
  field,
  busy,
  onSave,
  onClose,
}: {
  field: StudentField | null;
  busy: boolean;
  onSave: (draft: FieldDraft) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<FieldDraft>(() => ({
    name: field?.name ?? '',
    kind: field?.kind ?? 'text',
    options: field?.options.length ? [...field.options] : [''],
    required: field?.required ?? false,
  }));
  const [error, setError] = useState<Record<string, string>>({});
  const set = (patch: Partial<FieldDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setOption = (index: number, value: string) =>
    set({ options: draft.options.map((o, i) => (i === index ? value : o)) });

  const submit = () => {
    const options = draft.options.map((o) => o.trim()).filter(Boolean);
    const problems: Record<string, string> = {};
    if (!draft.name.trim()) problems.name = t('admin.fields.nameRequired');
    if (draft.kind === 'choice' && options.length === 0) problems.options = t('admin.fields.choiceNeeded');
    if (draft.kind === 'choice' && new Set(options).size !== options.length)
      problems.options = t('admin.fields.choiceRepeated');
    setError(problems);
    if (Object.keys(problems).length) return;
    onSave({ ...draft, name: draft.name.trim(), options: draft.kind === 'choice' ? options : [] });
  };

  return (
    <Modal
      title={field ? t('admin.fields.editTitle', { name: field.name }) : t('admin.fields.addTitle')}
      submitText={t('admin.common.save')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      testId="field-editor"
    >
      <Field label={t('admin.fields.name')} error={error.name} name="name">
        <input value={draft.name} maxLength={FIELD_NAME_MAX} onChange={(event) => set({ name: event.target.value })} />
      </Field>
      <Field label={t('admin.fields.kind')} hint={field ? t('admin.fields.kindHint') : undefined} name="kind">
        <select value={draft.kind} onChange={(event) => set({ kind: event.target.value as StudentFieldKind })}>
          {STUDENT_FIELD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_WORDS[kind])}
            </option>
          ))}
        </select>
      </Field>
      {draft.kind === 'choice' && (
        <div className="ac-field" data-field="options">
          <span className="ac-label">{t('admin.fields.options')}</span>
          <div className="ac-control">
            {draft.options.map((option, index) => (
              <div key={index} className="ac-inline-form">
                <input
                  value={option}
                  maxLength={FIELD_OPTION_MAX}
                  aria-label={t('admin.fields.optionN', { n: index + 1 })}
                  onChange={(event) => setOption(index, event.target.value)}
                />
                <button
                  type="button"
                  className="btn btn-small btn-text ac-danger-text"
                  disabled={draft.options.length <= 1}
                  onClick={() => set({ options: draft.options.filter((_, i) => i !== index) })}
                >
                  {t('admin.common.remove')}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-small"
              disabled={draft.options.length >= FIELD_OPTIONS_MAX}
              onClick={() => set({ options: [...draft.options, ''] })}
              data-testid="add-option"
            >
              {t('admin.fields.addOption')}
            </button>
            <p className={error.options ? 'ac-error' : 'ac-hint'} role={error.options ? 'alert' : undefined}>
              {error.options ?? t('admin.fields.optionsHint', { max: FIELD_OPTIONS_MAX })}
            </p>
          </div>
        </div>
      )}
      <Check
        label={t('admin.fields.required')}
        hint={t('admin.fields.requiredHint')}
        checked={draft.required}
        onChange={(required) => set({ required })}
        name="required"
      />
    </Modal>
  );
}
