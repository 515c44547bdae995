/**
 * Reading an uploaded student list (CSV or XLSX) into rows of text cells, whatever the
 * format: CSV through csv-parse (cells stay text, so 00123 keeps its zeros), XLSX through read-excel-file with
 * numbers kept as the text the file holds (123 stays '123', never '123.0') and date cells written yyyy-MM-dd.
 *
 * Encodings of a CSV: UTF-8 with or without a BOM; when the bytes are not valid UTF-8 the file is read as
 * GB18030 (a superset of GBK), which is what Excel in China writes for "CSV (逗号分隔)".
 */
import { parse } from 'csv-parse/sync';
import { STUDENT_IMPORT_ERRORS, STUDENT_IMPORT_MAX_ROWS } from '../../../shared/schemas/student-import';
import { badInput } from '../../lib/errors';
import { loadXlsxReader } from '../../lib/heavy-modules';

/** A data row: its number in the spreadsheet (the header row is 1) and its cells as trimmed text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface SheetText {
  headers: string[];
  rows: SheetRow[];
}

/** True when the bytes start like a ZIP (an .xlsx is one). */
const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The text of CSV bytes: UTF-8 (BOM dropped) when valid, else GB18030. */
export function decodeCsv(bytes: Buffer): string {
  const body =
    bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('gb18030').decode(body);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: dates as yyyy-MM-dd (read-excel-file gives them at UTC midnight), the rest as written. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

function readCsv(bytes: Buffer): string[][] {
  const text = decodeCsv(bytes);
  // Excel in some locales saves with ';' or tabs: take the separator the header line uses most.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1]);
  try {
    return parse(text, {
      delimiter: counts[0][0],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      bom: true,
    }) as string[][];
  } catch {
    throw badInput(STUDENT_IMPORT_ERRORS.badFile);
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const readSheet = await loadXlsxReader();
  try {
    // parseNumber keeps a number cell as the text stored in the file.
    const sheet = await readSheet(bytes, { parseNumber: (text: string) => text });
    return sheet.map((cells) => cells.map(cellText));
  } catch {
    throw badInput(STUDENT_IMPORT_ERRORS.badFile);
  }
}

/** The header and the non-blank data rows of a file; 400 for an unreadable file, no rows, or more than the limit. */
export async function readSheetText(bytes: Buffer, fileName: string): Promise<SheetText> {
  const xlsx = isZip(bytes) || /\.xlsx$/i.test(fileName);
  if (!xlsx && /\.(xls|xlsm|ods|numbers)$/i.test(fileName)) throw badInput(STUDENT_IMPORT_ERRORS.badFile);
  const table = xlsx ? await readXlsx(bytes) : readCsv(bytes).map((cells) => cells.map(cellText));
  const headers = table[0] ?? [];
  const rows: SheetRow[] = [];
  for (let index = 1; index < table.length; index++) {
    const cells = table[index];
    if (!cells.some((cell) => cell !== '')) continue;
    rows.push({ row: index + 1, cells });
    if (rows.length > STUDENT_IMPORT_MAX_ROWS)
      throw badInput(STUDENT_IMPORT_ERRORS.tooManyRows, { max: STUDENT_IMPORT_MAX_ROWS });
  }
  if (!headers.some(Boolean) || rows.length === 0) throw badInput(STUDENT_IMPORT_ERRORS.noRows);
  return { headers, rows };
}
