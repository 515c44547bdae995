/**
 * The check of every row of a student file (issue 7 'Import from CSV and XLSX': "a row-by-row report (row
 * number, field, reason)"). Pure: given the file's text, the school's fields and groups, the students that
 * exist and the options, it says what each row would do (create, update, skip) or why it cannot.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants';
import { fieldProblem } from '../../../shared/rules/student-fields';
import { IMPORT_TEXT_MAX, type ImportOptions, type ImportProblem, type ImportReason } from '../../../shared/schemas/student-import';
import { groupResolver, matchColumns, splitGroups, type ColumnMatch } from './import-columns';
import type { SheetText } from './import-file';
import type { FieldDef } from './student-import.repository';

export interface ExistingStudent {
  id: string;
  source: 'local' | 'ldap';
}

/** A row ready to apply. Empty cells are not in it: an update never erases with an empty cell. */
export interface GoodRow {
  row: number;
  action: 'create' | 'update' | 'skip';
  existing?: ExistingStudent;
  username: string;
  name: string;
  email?: string;
  phone?: string;
  /** The row's own password (a new student without one gets the initial password). */
  password?: string;
  /** Group ids, when the row names groups. */
  groupIds?: string[];
  groupNames: string[];
  /** Custom field values by field id (non-empty only). */
  fields: Record<string, string>;
}

export interface CheckedFile {
  matches: ColumnMatch[];
  unknown: string[];
  /** Required standard columns the header lacks ('username', 'name'). */
  missing: string[];
  /** Every non-blank row in file order, with its problems. */
  rows: { row: GoodRow; problems: ImportProblem[] }[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d][\d\s-]*$/;
// eslint-disable-next-line no-control-regex
const BAD_USERNAME = /[\s\u0000-\u001f\u007f]/;

/** Checks every row; `existing` looks the school's students up by user name (studentsByUsername). */
export function checkRows(sheet: SheetText, fields: FieldDef[], groups: { id: string; parentId: string | null; name: string }[], existing: (usernames: string[]) => Map<string, ExistingStudent>, options: ImportOptions): CheckedFile {
  const { matches, unknown } = matchColumns(sheet.headers, fields);
  const at = new Map<string, ColumnMatch>(matches.map((m) => [m.kind === 'field' ? `field:${m.fieldId}` : m.kind, m]));
  const missing = ['username', 'name'].filter((column) => !at.has(column));
  if (missing.length > 0) return { matches, unknown, missing, rows: [] };
  const header = (column: string) => at.get(column)?.header ?? column;
  const resolve = groupResolver(groups);
  const firstRowOf = new Map<string, number>();
  const usernameAt = at.get('username')!.index;
  const known = existing(sheet.rows.map((r) => (r.cells[usernameAt] ?? '').trim()).filter(Boolean));

  const rows = sheet.rows.map(({ row, cells }) => {
    const problems: ImportProblem[] = [];
    const problem = (column: string, reason: ImportReason, value?: string) => problems.push({ row, field: header(column), reason, ...(value !== undefined ? { value } : {}) });
    const cell = (column: string) => {
      const match = at.get(column);
      return match ? (cells[match.index] ?? '').trim() : '';
    };
    const username = cell('username');
    const name = cell('name');
    if (!username) problem('username', 'required');
    else if (username.length > IMPORT_TEXT_MAX.username) problem('username', 'tooLong');
    else if (BAD_USERNAME.test(username)) problem('username', 'badUsername', username);
    else if (firstRowOf.has(username)) problem('username', 'repeatedInFile', `${username} (${firstRowOf.get(username)})`);
    if (username && !firstRowOf.has(username)) firstRowOf.set(username, row);

    const found = username ? known.get(username) : undefined;
    const action: GoodRow['action'] = found ? (options.duplicates === 'update' ? 'update' : 'skip') : 'create';
    const good: GoodRow = { row, action, existing: found, username, name, groupNames: [], fields: {} };
    // A skipped duplicate is left as it is: its other cells do not matter.
    if (action === 'skip') return { row: good, problems };

    if (!name) problem('name', 'required');
    else if (name.length > IMPORT_TEXT_MAX.name) problem('name', 'tooLong');
    const email = cell('email');
    if (email) {
      if (email.length > IMPORT_TEXT_MAX.email) problem('email', 'tooLong');
      else if (!EMAIL.test(email)) problem('email', 'badEmail', email);
      good.email = email;
    }
    const phone = cell('phone');
    if (phone) {
      if (phone.length > IMPORT_TEXT_MAX.phone) problem('phone', 'tooLong');
      else if (!PHONE.test(phone)) problem('phone', 'badPhone', phone);
      good.phone = phone;
    }
    const password = at.has('password') ? (cells[at.get('password')!.index] ?? '') : '';
    if (password.trim()) {
      if (password.length < PASSWORD_MIN) problem('password', 'passwordTooShort');
      else if (password.length > PASSWORD_MAX) problem('password', 'passwordTooLong');
      good.password = password;
    } else if (action === 'create' && !options.initialPassword) problem('password', 'passwordRequired');

    const groupCell = cell('groups');
    if (groupCell) {
      good.groupNames = splitGroups(groupCell);
      good.groupIds = [];
      for (const groupName of good.groupNames) {
        const found = resolve(groupName);
        if ('id' in found) good.groupIds.push(found.id);
        else problem('groups', found.problem, groupName);
      }
    }
    for (const field of fields) {
      const column = `field:${field.id}`;
      // A required field the file has no column for: a new student would lack it; an update leaves it.
      if (!at.has(column)) {
        if (field.required && action === 'create') problems.push({ row, field: field.name, reason: 'required' });
        continue;
      }
      const value = cell(column);
      if (!value && action === 'update') continue;
      const why = fieldProblem(field, value);
      if (why) problem(column, why, value || undefined);
      else if (value) good.fields[field.id] = value;
    }
    return { row: good, problems };
  });
  return { matches, unknown, missing, rows };
}
