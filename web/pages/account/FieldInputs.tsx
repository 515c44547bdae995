import { useId } from 'react';
import { FIELD_VALUE_MAX, type StudentField } from '../../../shared/schemas/students';
import { fieldProblem, type FieldProblem } from '../../../shared/rules/student-fields';
import type { Translate } from '../../i18n';
import { useT } from '../../i18n';

/** The first problem of the values against the fields (the one shared rule), as a message, or ''. */
export function firstFieldProblem(t: Translate, fields: StudentField[], values: Record<string, string>): string {
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.sfid] ?? '');
    if (problem) return problemText(t, field.name, problem);
  }
  return '';
}

export function problemText(t: Translate, name: string, problem: FieldProblem | string): string {
  const known = ['required', 'tooLong', 'notNumber', 'notDate', 'notChoice'];
  return known.includes(problem) ? t(`account.info.problem.${problem as FieldProblem}`, { name }) : `${name}: ${problem}`;
}

/**
 * Inputs of the school's custom student fields by kind (issue 7: text, number, date, single choice), with the
 * required ones marked. Used by the information page and the sign-up form.
 */
export function FieldInputs({ fields, values, onChange, disabled }: { fields: StudentField[]; values: Record<string, string>; onChange: (sfid: string, value: string) => void; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <>
      {fields.map((field) => {
        const inputId = `${id}-${field.sfid}`;
        const value = values[field.sfid] ?? '';
        const common = { id: inputId, value, disabled, required: field.required, 'aria-required': field.required, 'data-sfid': field.sfid };
        return (
          <div className="field" key={field.sfid}>
            <label htmlFor={inputId}>
              {field.name}
              {field.required && (
                <span className="required-mark" title={t('account.info.required')}>
                  *
                </span>
              )}
            </label>
            {field.kind === 'choice' ? (
              <select {...common} onChange={(e) => onChange(field.sfid, e.target.value)}>
                <option value="">{t('account.info.choose')}</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={field.kind === 'date' ? 'date' : 'text'}
                inputMode={field.kind === 'number' ? 'decimal' : undefined}
                maxLength={FIELD_VALUE_MAX}
                onChange={(e) => onChange(field.sfid, e.target.value)}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
