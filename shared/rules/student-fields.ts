import { FIELD_VALUE_MAX, type StudentField } from '../schemas/students';

/** Why a value does not fit a custom field, or null when it does (an empty value is 'missing' only when required). */
export type FieldProblem = 'required' | 'tooLong' | 'notNumber' | 'notDate' | 'notChoice';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Checks one value of a custom student field (issue 7: text, number, date, single choice; required or not).
 * Values are compared trimmed; a number is a plain decimal (leading zeros kept as written), a date yyyy-MM-dd,
 * a choice one of the field's options exactly.
 */
export function fieldProblem(field: Pick<StudentField, 'kind' | 'options' | 'required'>, raw: string): FieldProblem | null {
  const value = raw.trim();
  if (value === '') return field.required ? 'required' : null;
  if (value.length > FIELD_VALUE_MAX) return 'tooLong';
  switch (field.kind) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : 'notNumber';
    case 'date':
      return isIsoDate(value) ? null : 'notDate';
    case 'choice':
      return field.options.includes(value) ? null : 'notChoice';
    default:
      return null;
  }
}
