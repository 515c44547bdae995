/**
 * CSV as every export writes it (learning records, the student list, the import template): RFC 4180 quoting
 * (a value with a comma, quote, CR or LF is quoted, quotes doubled), CRLF lines, and spreadsheet formula
 * injection neutralised. The caller puts the UTF-8 byte-order mark first so Excel opens Chinese correctly.
 */
import type { Cell } from './xlsx-sheet';

/** A text cell that a spreadsheet would read as a formula (= + - @, or a tab or CR first) made plain text with a leading apostrophe. */
export function guardFormula(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell as CSV: formula-guarded, quoted when it must be. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = guardFormula(value) as string;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;
