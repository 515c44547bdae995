/**
 * Student import (spec 7 Students: import, getImport, repeatdata; CSV or XLSX):
 * preview (nothing written), start (answers at once, runs in-process: import-runner), the running or last
 * import, the duplicate check and the template.
 *
 * Choices where the spec is silent:
 * - Columns are found by header, Chinese or English (import-columns); custom fields by their name. Unknown
 *   columns are listed, not refused. The first row is the header; blank rows are skipped; row numbers are the
 *   spreadsheet's (header = 1).
 * - A duplicate (the user name exists in the school) is skipped, or updated with 'update': name, e-mail, phone,
 *   groups and field values from the row; an empty cell leaves the value as it is (an import never erases);
 *   the password changes only when the row gives one, and never for a directory ('ldap') account.
 * - Group names are resolved, never created: an unknown or ambiguous name is the row's problem.
 * - 'rows' mode refuses, row by row, the new students past the seats left; 'all' refuses the whole file.
 * - One import per school at a time; an import left 'running' by a stopped server reads as failed.
 */
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import {
  IMPORT_COLUMNS,
  STUDENT_IMPORT_DUPLICATE_SAMPLE,
  STUDENT_IMPORT_ERRORS,
  STUDENT_IMPORT_PREVIEW_ROWS,
  STUDENT_IMPORT_REPORT_MAX,
  zImportProblem,
  type ImportOptions,
  type ImportPreview,
  type ImportStatus,
  type RepeatData,
} from '../../../shared/schemas/student-import';
import type { AppContext } from '../../context';
import { badInput, conflict } from '../../lib/errors';
import type { DownloadFile } from '../../lib/send-file';
import { XLSX_CONTENT_TYPE, xlsxSheet } from '../../lib/xlsx-sheet';
import { csvLine } from '../../lib/csv';
import { listGroups } from '../groups/groups.repository';
import { seatState } from '../licence/seats';
import { schoolFields } from '../student-fields/student-fields.service';
import { studentsByUsername } from '../students/student-writes';
import { TEMPLATE_HEADERS } from './import-columns';
import { readSheetText } from './import-file';
import { checkRows, type CheckedFile } from './import-rows';
import { runImport } from './import-runner';
import * as repo from './student-import.repository';

export interface UploadedFile {
  bytes: Buffer;
  name: string;
}

/** Schools with an import running in this process (per app). */
const running = new WeakMap<AppContext, Map<string, Promise<void>>>();
const runningOf = (ctx: AppContext) => {
  let map = running.get(ctx);
  if (!map) running.set(ctx, (map = new Map()));
  return map;
};

/** Reads and checks a file against the school as it is now. */
async function examine(
  ctx: AppContext,
  schoolId: string,
  file: UploadedFile,
  options: ImportOptions,
): Promise<CheckedFile> {
  const sheet = await readSheetText(file.bytes, file.name);
  const checked = await checkRows(
    sheet,
    await schoolFields(ctx.db, schoolId),
    await listGroups(ctx.db, schoolId, 'student'),
    async (usernames) => await studentsByUsername(ctx.db, schoolId, usernames),
    options,
  );
  if (checked.missing.length > 0) throw badInput(STUDENT_IMPORT_ERRORS.missingColumns, { missing: checked.missing });
  return checked;
}

/** student/import/preview: what the import would do with this file. Writes nothing. */
export async function previewImport(
  ctx: AppContext,
  schoolId: string,
  file: UploadedFile,
  options: ImportOptions,
): Promise<ImportPreview> {
  const checked = await examine(ctx, schoolId, file, options);
  const fields = new Map((await schoolFields(ctx.db, schoolId)).map((f) => [f.sfid, f.name]));
  const problems = checked.rows.flatMap((r) => r.problems);
  const duplicates = checked.rows.filter((r) => r.row.existing).map((r) => r.row.username);
  const seats = await seatState(ctx, schoolId);
  return {
    fileName: file.name,
    total: checked.rows.length,
    columns: checked.matches.map((m) =>
      m.kind === 'field'
        ? { header: m.header, kind: 'field' as const, sfid: m.fieldId }
        : { header: m.header, kind: m.kind },
    ),
    unknownColumns: checked.unknown,
    rows: checked.rows.slice(0, STUDENT_IMPORT_PREVIEW_ROWS).map(({ row }) => ({
      row: row.row,
      username: row.username,
      name: row.name,
      email: row.email ?? '',
      phone: row.phone ?? '',
      groups: row.groupNames,
      fields: Object.fromEntries(Object.entries(row.fields).map(([id, value]) => [fields.get(id) ?? id, value])),
      hasPassword: !!row.password,
      exists: !!row.existing,
    })),
    problems: problems.slice(0, STUDENT_IMPORT_REPORT_MAX),
    badRows: checked.rows.filter((r) => r.problems.length > 0).length,
    duplicates: { count: duplicates.length, sample: duplicates.slice(0, STUDENT_IMPORT_DUPLICATE_SAMPLE) },
    seats: {
      limit: seats.limit,
      used: seats.used,
      needed: checked.rows.filter((r) => r.problems.length === 0 && r.row.action === 'create').length,
    },
  };
}

/** An import marked running that this process is not running (the server stopped mid-way) becomes failed. */
async function settleStale(ctx: AppContext, schoolId: string): Promise<void> {
  if (runningOf(ctx).has(schoolId)) return;
  for (const record of await repo.runningImports(ctx.db, schoolId)) {
    await repo.updateImport(ctx.db, record.id, {
      status: 'failed',
      message: STUDENT_IMPORT_ERRORS.interrupted,
      finishedAt: ctx.now(),
    });
  }
}

/** student/import: checks the file, records the import and starts it; answers its id at once. 409 while one runs. */
export async function startImport(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
  file: UploadedFile,
  options: ImportOptions,
): Promise<{ id: string }> {
  const { schoolId } = admin;
  await settleStale(ctx, schoolId);
  if (runningOf(ctx).has(schoolId)) throw conflict(STUDENT_IMPORT_ERRORS.running);
  const checked = await examine(ctx, schoolId, file, options);
  // Reading the file awaited: another import may have started meanwhile.
  if (runningOf(ctx).has(schoolId)) throw conflict(STUDENT_IMPORT_ERRORS.running);
  const record = {
    id: ctx.ids.next(),
    schoolId,
    adminId: admin.userId,
    fileName: file.name.slice(0, 255),
    mode: options.mode,
    duplicates: options.duplicates,
    status: 'running' as const,
    total: checked.rows.length,
    report: '[]',
    message: '',
    startedAt: ctx.now(),
  };
  await repo.insertImport(ctx.db, record);
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runImport(ctx, record, checked, options))
    .finally(() => runningOf(ctx).delete(schoolId));
  runningOf(ctx).set(schoolId, job);
  return { id: record.id };
}

/** The school's import running in this process, if any (tests and the benchmark wait on it). */
export function importJob(ctx: AppContext, schoolId: string): Promise<void> | undefined {
  return runningOf(ctx).get(schoolId);
}

function readReport(json: string) {
  try {
    const parsed = zImportProblem.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** student/getImport: the running or last import of the school, or null when it never imported. */
export async function getImport(ctx: AppContext, schoolId: string): Promise<ImportStatus | null> {
  await settleStale(ctx, schoolId);
  const record = await repo.latestImport(ctx.db, schoolId);
  if (!record) return null;
  const {
    id,
    status,
    fileName,
    mode,
    duplicates,
    total,
    processed,
    created,
    updated,
    skipped,
    failed,
    message,
    startedAt,
    finishedAt,
  } = record;
  return {
    id,
    status,
    fileName,
    mode,
    duplicates,
    total,
    processed,
    created,
    updated,
    skipped,
    failed,
    report: readReport(record.report),
    message,
    startedAt,
    finishedAt: finishedAt ?? null,
  };
}

/** student/repeatdata: which of these user names the school has already, with their sid and source. */
export async function repeatData(ctx: AppContext, schoolId: string, usernames: string[]): Promise<RepeatData> {
  const list = [...(await studentsByUsername(ctx.db, schoolId, usernames)).values()].map((s) => ({
    username: s.username,
    sid: s.id,
    source: s.source,
  }));
  return { count: list.length, list };
}

/** student/import/template: the header row (standard columns and the school's custom fields) as CSV or XLSX. */
export async function importTemplate(
  ctx: AppContext,
  schoolId: string,
  format: 'csv' | 'xlsx',
  locale: Locale,
): Promise<DownloadFile<Buffer>> {
  const words = TEMPLATE_HEADERS[locale === 'en-gb' ? 'en-gb' : 'zh-CN'];
  const headers = [
    ...IMPORT_COLUMNS.map((column) => words[column]),
    ...(await schoolFields(ctx.db, schoolId)).map((f) => f.name),
  ];
  const base = locale === 'en-gb' ? 'students-template' : '学生导入模板';
  if (format === 'csv') {
    // With a BOM, so Excel opens the UTF-8 file with its Chinese headers intact; a field name that reads as a
    // formula is guarded like every CSV cell (the import reads the header back without the apostrophe).
    const body = Buffer.from(`\uFEFF${csvLine(headers)}`, 'utf8');
    return {
      fileName: `${base}.csv`,
      asciiName: 'students-template.csv',
      contentType: 'text/csv; charset=utf-8',
      body,
    };
  }
  const sheet = xlsxSheet(locale === 'en-gb' ? 'students' : '学生', headers, []);
  const body = await (await loadXlsxWriter())(sheet.data, {
    sheet: sheet.sheet,
    columns: sheet.columns,
    stickyRowsCount: 1,
  }).toBuffer();
  return { fileName: `${base}.xlsx`, asciiName: 'students-template.xlsx', contentType: XLSX_CONTENT_TYPE, body };
}
