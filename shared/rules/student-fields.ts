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
 * Checks one value of a custom student field (text, number, date, single choice; required or not).
 * Values are compared trimmed; a number is a plain decimal (leading zeros kept as written), a date yyyy-MM-dd,
 * a choice one of the field's options exactly.
 */
export function fieldProblem(
  field: Pick<StudentField, 'kind' | 'options' | 'required'>,
  raw: string,
): FieldProblem | null {
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

/** A given value that names no field of the school ('unknown'), or a field whose value does not fit. */
export interface FieldValueIssue {
  sfid: string;
  /** The field's name ('' for an unknown sfid). */
  name: string;
  problem: FieldProblem | 'unknown';
}

type FieldDef = Pick<StudentField, 'sfid' | 'name' | 'kind' | 'options' | 'required'>;

/**
 * Checks a student's given custom field values against the school's fields (add, edit, the student's own
 * information page, registration, the import's rows): every given sfid must be a field, every given value must
 * fit it (fieldProblem), and every required field must have a value once the given values are laid over
 * `kept`: the student's current values ([] for a new student). With kept 'unchecked' only the given values
 * are checked (an import row updating a student leaves the fields it does not name as they are).
 * Issues come in the fields' order, unknown sfids first; [] when the values are accepted.
 */
export function fieldValueIssues(
  fields: readonly FieldDef[],
  given: readonly { sfid: string; value: string }[],
  kept: readonly { sfid: string; value: string }[] | 'unchecked' = [],
): FieldValueIssue[] {
  const known = new Set(fields.map((f) => f.sfid));
  const issues: FieldValueIssue[] = given
    .filter((v) => !known.has(v.sfid))
    .map((v) => ({ sfid: v.sfid, name: '', problem: 'unknown' }));
  const values = new Map(given.map((v) => [v.sfid, v.value]));
  const before = new Map(kept === 'unchecked' ? [] : kept.map((v) => [v.sfid, v.value.trim()]));
  for (const field of fields) {
    const value = values.get(field.sfid);
    const problem =
      value !== undefined
        ? fieldProblem(field, value)
        : kept !== 'unchecked' && field.required && !before.get(field.sfid)
          ? 'required'
          : null;
    if (problem) issues.push({ sfid: field.sfid, name: field.name, problem });
  }
  return issues;
}
