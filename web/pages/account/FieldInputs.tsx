import { useId } from 'react';
import type { StudentField } from '../../../shared/schemas/students';
import { fieldProblem, type FieldProblem } from '../../../shared/rules/student-fields';
import { CustomFieldInput } from '../../components/CustomFieldInput';
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
  return known.includes(problem)
    ? t(`account.info.problem.${problem as FieldProblem}`, { name })
    : `${name}: ${problem}`;
}

/**
 * Inputs of the school's custom student fields by kind (text, number, date, single choice), with the
 * required ones marked. Used by the information page and the sign-up form.
 */
export function FieldInputs({
  fields,
  values,
  onChange,
  disabled,
}: {
  fields: StudentField[];
  values: Record<string, string>;
  onChange: (sfid: string, value: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <>
      {fields.map((field) => {
        const inputId = `${id}-${field.sfid}`;
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
            <CustomFieldInput
              field={field}
              value={values[field.sfid] ?? ''}
              id={inputId}
              disabled={disabled}
              required={field.required}
              onChange={(value) => onChange(field.sfid, value)}
            />
          </div>
        );
      })}
    </>
  );
}
