import { FIELD_VALUE_MAX, type StudentField } from '../../shared/schemas/students';
import { useT } from '../i18n';

type Passed = { id?: string; disabled?: boolean; required?: boolean } & Record<
  `aria-${string}` | `data-${string}`,
  unknown
>;

/**
 * The input of one custom student field by its kind (text, number, date, single choice), for the
 * student's information page, the sign-up form and the back office's student form. Numbers stay text so
 * leading zeros are kept as written (the shared rule fieldProblem reads a plain decimal).
 */
export function CustomFieldInput({
  field,
  value,
  onChange,
  ...rest
}: { field: StudentField; value: string; onChange: (value: string) => void } & Passed) {
  const t = useT();
  const common = { ...rest, value, 'aria-required': field.required, 'data-sfid': field.sfid };
  if (field.kind === 'choice') {
    return (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('account.info.choose')}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      type={field.kind === 'date' ? 'date' : 'text'}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
      maxLength={FIELD_VALUE_MAX}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
