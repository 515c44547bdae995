/**
 * The parts every XLSX export shares (learning records, exam results, the question bank): a sheet with a
 * bold, frozen heading row and column widths fitted to the text; names Excel and every file system accept;
 * the date-time stamp of a file name. Cells are typed values, never formulas (write-excel-file).
 */
import type { Row, SheetData } from 'write-excel-file/node';

export type Cell = string | number | null;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export const sheetName = (title: string) =>
  Array.from(title.replace(/[[\]:*?/\\]/g, ' '))
    .slice(0, 31)
    .join('') || 'Sheet1';

/** A name part safe in a file name on every system: no path or reserved characters, no control characters, not too long. */
export function safeNamePart(text: string): string {
  const cleaned = text
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return Array.from(cleaned).slice(0, 60).join('');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date-time part of a file name, yyyyMMdd-HHmm (the server's time zone, like the dates in the file). */
export function fileStamp(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
}

/** A sheet of rows under bold headings, the heading row frozen, widths fitted to the first 200 rows (8 to 60). */
export function xlsxSheet(title: string, headings: readonly string[], rows: readonly (readonly Cell[])[]) {
  const header: Row = headings.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data: SheetData = [
    header,
    ...rows.map((row): Row => row.map((value) => (value === null || value === '' ? null : value))),
  ];
  const columns = headings.map((heading, index) => {
    const longest = Math.max(
      Array.from(heading).length * 2,
      ...rows.slice(0, 200).map((row) => String(row[index] ?? '').length),
    );
    return { width: Math.min(60, Math.max(8, longest + 2)) };
  });
  return { data, sheet: sheetName(title), columns, stickyRowsCount: 1 };
}
