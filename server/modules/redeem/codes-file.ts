/**
 * GET code/export: a batch's codes as an XLSX or CSV (UTF-8 with BOM) for printing: code (grouped), batch,
 * what it gives, uses per code, uses so far, days valid, the last day to redeem, status, who redeemed it.
 * Headings in the administrator's language (the locale cookie); formula-like cells guarded (server/lib/csv).
 */
import type { Locale } from '../../../shared/constants';
import { messages as en } from '../../../shared/i18n/redeem-admin.en-gb';
import { messages as zh } from '../../../shared/i18n/redeem-admin.zh-CN';
import { formatDate } from '../../../shared/rules/dates';
import type { Batch, CodeRow } from '../../../shared/schemas/redeem';
import { csvLine, guardFormula } from '../../lib/csv';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { DownloadFile } from '../../lib/send-file';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';

type Key = keyof typeof zh;

/** The headings and rows of a batch's file. */
export function codesTable(locale: Locale, batch: Batch, codes: CodeRow[]) {
  const words = locale === 'en-gb' ? en : zh;
  const t = (key: Key) => words[key];
  const headings = (['code', 'batch', 'item', 'uses', 'used', 'days', 'expires', 'status', 'redeemers'] as const).map(
    (name) => t(`admin.codes.file.${name}`),
  );
  const kind = t(`admin.codes.kind.${batch.kind}`);
  const expires = batch.expires_at === null ? t('admin.codes.noExpiry') : formatDate(batch.expires_at, 'yyyy-MM-dd');
  const days = batch.days === null ? t('admin.codes.itemDays') : batch.days;
  const rows: Cell[][] = codes.map((code) => [
    code.code,
    batch.title,
    kind,
    code.max_uses,
    code.used,
    days,
    expires,
    code.disabled_at !== null || batch.disabled_at !== null ? t('admin.codes.disabled') : t('admin.codes.active'),
    code.redeemers.map((r) => `${r.name} (${r.username})`).join('; '),
  ]);
  return {
    title: `${t('admin.codes.file.title')} ${batch.title}`,
    headings,
    rows: rows.map((row) => row.map(guardFormula)),
  };
}

/** The file of a batch: XLSX (a buffer) or CSV (a string with the byte-order mark). */
export async function codesFile(
  locale: Locale,
  batch: Batch,
  codes: CodeRow[],
  format: 'csv' | 'xlsx',
  now: number,
): Promise<DownloadFile<Buffer | string>> {
  const table = codesTable(locale, batch, codes);
  const stamp = fileStamp(now);
  const base = `${safeNamePart(table.title) || 'codes'}-${stamp}`;
  if (format === 'xlsx') {
    const { data, ...options } = xlsxSheet(table.title, table.headings, table.rows);
    return {
      fileName: `${base}.xlsx`,
      asciiName: `codes-${batch.id}-${stamp}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await (await loadXlsxWriter())(data, options).toBuffer(),
    };
  }
  return {
    fileName: `${base}.csv`,
    asciiName: `codes-${batch.id}-${stamp}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: `\uFEFF${[csvLine(table.headings), ...table.rows.map(csvLine)].join('')}`,
  };
}
