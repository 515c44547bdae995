/**
 * The order list as a file (order/export): the filter of order/list, every match up to ORDER_EXPORT_MAX, as
 * an XLSX or a CSV (UTF-8 with BOM), with a totals line. Amounts are written in yuan from integer fen by
 * integer arithmetic (fenText); formula-like cells are guarded by the csv/xlsx helpers.
 */
import type { z } from 'zod';
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n/core';
import { messages as en } from '../../../shared/i18n/admin-orders.en-gb';
import { messages as zh } from '../../../shared/i18n/admin-orders.zh-CN';
import { formatDate } from '../../../shared/rules/dates';
import { fenText } from '../../../shared/rules/order-price';
import { ORDER_EXPORT_MAX, type zOrderExportQuery } from '../../../shared/schemas/orders';
import type { AppContext } from '../../context';
import { csvLine } from '../../lib/csv';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { DownloadFile } from '../../lib/send-file';
import { fileStamp, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';
import { exportRows, type Admin } from './orders-admin.service';

const HEADINGS = [
  'number',
  'student',
  'username',
  'kind',
  'item',
  'amount',
  'status',
  'created',
  'paid',
  'paidAmount',
  'way',
  'trade',
] as const;

/** The export of the filter, in the administrator's language. */
export async function exportOrders(
  ctx: AppContext,
  admin: Admin,
  query: z.output<typeof zOrderExportQuery>,
  locale: Locale,
): Promise<DownloadFile<Buffer | string> & { capped: boolean }> {
  const text = locale === 'en-gb' ? en : zh;
  const { format, ...filter } = query;
  const { rows, totals, capped } = await exportRows(ctx, admin, { ...filter, page: 1, num: 1 }, ORDER_EXPORT_MAX);
  const day = (ms: number | null) => (ms === null ? '' : formatDate(ms, 'yyyy-MM-dd HH:mm'));
  const headings = HEADINGS.map((key) => text[`admin.orders.col.${key}`]);
  const cells: Cell[][] = rows.map((row) => [
    row.orderid,
    row.student_name,
    row.username,
    text[`admin.orders.kind.${row.kind}`],
    row.title,
    fenText(row.amount_fen),
    text[`admin.orders.status.${row.status}`],
    day(row.created_at),
    day(row.paid_at),
    row.paid_fen === null ? '' : fenText(row.paid_fen),
    row.way ? (text[`admin.orders.way.${row.way as 'cash'}`] ?? row.way) : '',
    row.trade_number ?? '',
  ]);
  const summary = fillMessage(locale, text['admin.orders.file.totals'], {
    count: totals.count,
    paidCount: totals.paidCount,
    paid: fenText(totals.paidFen),
  });
  const stamp = fileStamp(ctx.now());
  const title = text['admin.orders.file.title'];
  if (format === 'xlsx') {
    const { data, ...options } = xlsxSheet(title, headings, cells);
    data.push([{ value: summary, fontWeight: 'bold' as const }]);
    return {
      fileName: `${title}-${stamp}.xlsx`,
      asciiName: `orders-${stamp}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await (await loadXlsxWriter())(data, options).toBuffer(),
      capped,
    };
  }
  const lines = [csvLine(headings), ...cells.map(csvLine), csvLine([summary])];
  return {
    fileName: `${title}-${stamp}.csv`,
    asciiName: `orders-${stamp}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: `\uFEFF${lines.join('')}`,
    capped,
  };
}
