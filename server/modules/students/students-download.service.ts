/**
 * GET student/download (spec 7 Students 'download': the filtered list exported as XLSX
 * and CSV): the rows student/list would show with the same filters, every match (not one page), as a file.
 *
 * - Columns: user name, name, e-mail, phone, groups, source, status, created, then each custom field in its
 *   order. Headings and words in the administrator's language (the locale cookie).
 * - CSV: UTF-8 with a byte-order mark (Excel opens Chinese correctly), CRLF, RFC 4180 quoting.
 * - Formula injection: a text cell starting with = + - @ (or tab, CR) gets a leading apostrophe in BOTH
 *   formats, so a name such as "=HYPERLINK(...)" never runs in a spreadsheet (write-excel-file never writes
 *   formulas, but a file re-saved as CSV from Excel would bring them back).
 * - At most STUDENT_DOWNLOAD_MAX rows; when capped, a last line says so.
 */
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n';
import { messages as peopleEn } from '../../../shared/i18n/admin-people.en-gb';
import { messages as peopleZh } from '../../../shared/i18n/admin-people.zh-CN';
import { formatDateTime } from '../../../shared/rules/dates';
import type { StudentFilter } from '../../../shared/schemas/students';
import type { AppContext } from '../../context';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';
import type { DownloadFile } from '../../lib/send-file';
import { csvLine, guardFormula } from '../../lib/csv';
import { schoolFields } from '../student-fields/student-fields.service';
import { filteredStudents, presentStudents } from './students.service';

export const STUDENT_DOWNLOAD_MAX = 100_000;

type PeopleKey = keyof typeof peopleZh;

/** The headings and rows of the filtered list (read now). */
export async function downloadTable(ctx: AppContext, schoolId: string, filter: StudentFilter, locale: Locale) {
  const words = locale === 'en-gb' ? peopleEn : peopleZh;
  const t = (key: PeopleKey) => words[key];
  const fields = await schoolFields(ctx.db, schoolId);
  const rows = await filteredStudents(ctx, schoolId, filter, STUDENT_DOWNLOAD_MAX + 1);
  const capped = rows.length > STUDENT_DOWNLOAD_MAX;
  const students = await presentStudents(ctx.db, rows.slice(0, STUDENT_DOWNLOAD_MAX));
  const headings = [
    t('admin.students.col.username'),
    t('admin.students.col.name'),
    t('admin.students.col.email'),
    t('admin.students.col.phone'),
    t('admin.students.col.groups'),
    t('admin.students.col.source'),
    t('admin.students.col.status'),
    t('admin.students.col.created'),
    ...fields.map((field) => field.name),
  ];
  const body: Cell[][] = students.map((s) =>
    [
      s.username,
      s.name,
      s.email,
      s.phone,
      s.groups.map((g) => g.name).join(', '),
      t(`admin.students.source.${s.source}`),
      s.disabled ? t('admin.students.status.disabled') : t('admin.students.status.enabled'),
      formatDateTime(s.createTime, locale),
      ...fields.map((field) => s.fields[field.sfid] ?? ''),
    ].map(guardFormula),
  );
  const cappedNote = fillMessage(locale, words['admin.students.file.capped'], { max: STUDENT_DOWNLOAD_MAX });
  return {
    title: t('admin.students.file.title'),
    headings: headings.map(guardFormula) as string[],
    rows: body,
    capped,
    cappedNote,
  };
}

/** The file of a download: XLSX (a buffer) or CSV (a string with the byte-order mark). */
export async function downloadStudents(
  ctx: AppContext,
  schoolId: string,
  filter: StudentFilter,
  format: 'xlsx' | 'csv',
  locale: Locale,
): Promise<DownloadFile<Buffer | string> & { capped: boolean }> {
  const table = await downloadTable(ctx, schoolId, filter, locale);
  const stamp = fileStamp(ctx.now());
  const base = `${safeNamePart(table.title) || 'students'}-${stamp}`;
  if (format === 'xlsx') {
    const { data, ...options } = xlsxSheet(table.title, table.headings, table.rows);
    if (table.capped) data.push([{ value: table.cappedNote, fontWeight: 'bold' as const }]);
    return {
      fileName: `${base}.xlsx`,
      asciiName: `students-${stamp}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await (await loadXlsxWriter())(data, options).toBuffer(),
      capped: table.capped,
    };
  }
  const lines = [csvLine(table.headings), ...table.rows.map(csvLine)];
  if (table.capped) lines.push(csvLine([table.cappedNote]));
  return {
    fileName: `${base}.csv`,
    asciiName: `students-${stamp}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: `\uFEFF${lines.join('')}`,
    capped: table.capped,
  };
}
