/**
 * The words of the records downloads (learn/export): headings in the administrator's language, and the
 * shape of a file's rows, shared by the records views' sheets (records-export.service.ts) and the exercise
 * and exam results' (export-results.ts).
 */
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n';
import { messages as recordsEn } from '../../../shared/i18n/admin-records.en-gb';
import { messages as recordsZh } from '../../../shared/i18n/admin-records.zh-CN';
import type { Cell } from '../../lib/xlsx-sheet';

export type RecordsKey = keyof typeof recordsZh;
/** The administrator exporting: their school and, for a sub-admin limited to categories, their courses. */
export type { Staff as ExportAdmin } from './record-access';

/** A file's rows: headings, then the values, and whether rows were left out. */
export interface ExportTable {
  /** The words of the file name and sheet: the view's, then the course or student. */
  title: string;
  subject: string;
  /** Digits-only name parts for the ASCII fallback name. */
  asciiSubject: string;
  headings: string[];
  rows: Cell[][];
  capped: boolean;
}

const wordsOf = (locale: Locale) => (locale === 'en-gb' ? recordsEn : recordsZh);

export function textOf(locale: Locale) {
  const words = wordsOf(locale);
  return (key: RecordsKey, vars?: Record<string, string | number>) => fillMessage(locale, words[key], vars);
}
