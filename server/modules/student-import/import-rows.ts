/**
 * The check of every row of a student file (a row-by-row report: row
 * number, field, reason). Pure: given the file's text, the school's fields and groups, the students that
 * exist and the options, it says what each row would do (create, update, skip) or why it cannot.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants';
import { fieldValueIssues } from '../../../shared/rules/student-fields';
import {
  IMPORT_TEXT_MAX,
  type ImportOptions,
  type ImportProblem,
  type ImportReason,
} from '../../../shared/schemas/student-import';
import { groupResolver, matchColumns, splitGroups, type ColumnMatch } from './import-columns';
import type { SheetText } from './import-file';
import { zStudentEmail, zStudentPhone, zStudentUsername, type StudentField } from '../../../shared/schemas/students';

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

// The same column rules as student/add and the student's own information page (shared/schemas/students.ts).
const fits = (schema: { safeParse: (value: string) => { success: boolean } }, value: string) =>
  schema.safeParse(value).success;

/** Checks every row; `existing` looks the school's students up by user name (studentsByUsername). */
export async function checkRows(
  sheet: SheetText,
  fields: StudentField[],
  groups: { id: string; parentId: string | null; name: string }[],
  existing: (usernames: string[]) => Promise<Map<string, ExistingStudent>>,
  options: ImportOptions,
): Promise<CheckedFile> {
  const { matches, unknown } = matchColumns(
    sheet.headers,
    fields.map((f) => ({ id: f.sfid, name: f.name })),
  );
  const at = new Map<string, ColumnMatch>(matches.map((m) => [m.kind === 'field' ? `field:${m.fieldId}` : m.kind, m]));
  const missing = ['username', 'name'].filter((column) => !at.has(column));
  if (missing.length > 0) return { matches, unknown, missing, rows: [] };
  const header = (column: string) => at.get(column)?.header ?? column;
  const resolve = groupResolver(groups);
  const firstRowOf = new Map<string, number>();
  const usernameAt = at.get('username')!.index;
  const known = await existing(sheet.rows.map((r) => (r.cells[usernameAt] ?? '').trim()).filter(Boolean));

  const rows = sheet.rows.map(({ row, cells }) => {
    const problems: ImportProblem[] = [];
    const problem = (column: string, reason: ImportReason, value?: string) =>
      problems.push({ row, field: header(column), reason, ...(value !== undefined ? { value } : {}) });
    const cell = (column: string) => {
      const match = at.get(column);
      return match ? (cells[match.index] ?? '').trim() : '';
    };
    const username = cell('username');
    const name = cell('name');
    if (!username) problem('username', 'required');
    else if (username.length > IMPORT_TEXT_MAX.username) problem('username', 'tooLong');
    else if (!fits(zStudentUsername, username)) problem('username', 'badUsername', username);
    else if (firstRowOf.has(username))
      problem('username', 'repeatedInFile', `${username} (${firstRowOf.get(username)})`);
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
      else if (!fits(zStudentEmail, email)) problem('email', 'badEmail', email);
      good.email = email;
    }
    const phone = cell('phone');
    if (phone) {
      if (phone.length > IMPORT_TEXT_MAX.phone) problem('phone', 'tooLong');
      else if (!fits(zStudentPhone, phone)) problem('phone', 'badPhone', phone);
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
    // The cells of the file's field columns, checked with the one field rule. An update leaves an empty cell's
    // value (and the fields the file has no column for) as the student has it; a new student must end with
    // every required field, so a missing column or an empty cell of one is the row's problem.
    const given = fields
      .filter((field) => at.has(`field:${field.sfid}`))
      .map((field) => ({ sfid: field.sfid, value: cell(`field:${field.sfid}`) }))
      .filter((v) => v.value || action === 'create');
    const refused = new Set<string>();
    for (const issue of fieldValueIssues(fields, given, action === 'create' ? [] : 'unchecked')) {
      refused.add(issue.sfid);
      const value = given.find((v) => v.sfid === issue.sfid)?.value;
      const column = `field:${issue.sfid}`;
      if (issue.problem === 'unknown') continue;
      if (at.has(column)) problem(column, issue.problem, value || undefined);
      else problems.push({ row, field: issue.name, reason: issue.problem });
    }
    for (const { sfid, value } of given) if (value && !refused.has(sfid)) good.fields[sfid] = value;
    return { row: good, problems };
  });
  return { matches, unknown, missing, rows };
}
