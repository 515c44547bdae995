/**
 * A live session's attendance as a file (GET live/attendance/export?id=): every row of live/attendance, as an
 * XLSX in the administrator's language (server/lib/xlsx-sheet: bold frozen headings, no formulas).
 */
import type { Locale } from '../../../shared/constants';
import { messages as en } from '../../../shared/i18n/admin-live.en-gb';
import { messages as zh } from '../../../shared/i18n/admin-live.zh-CN';
import { formatDate } from '../../../shared/rules/dates';
import type { AppContext } from '../../context';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { DownloadFile } from '../../lib/send-file';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';
import { allAttendance, type Admin } from './admin.service';

const HEADINGS = ['name', 'account', 'groups', 'minutes', 'seconds', 'firstAt', 'lastAt'] as const;

export async function exportAttendance(
  ctx: AppContext,
  admin: Admin,
  id: string,
  locale: Locale,
): Promise<DownloadFile<Buffer>> {
  const text = locale === 'en-gb' ? en : zh;
  const { session, list } = await allAttendance(ctx, admin, id);
  const time = (ms: number) => formatDate(ms, 'yyyy-MM-dd HH:mm:ss');
  const headings = HEADINGS.map((key) => text[`admin.live.col.${key}`]);
  const cells: Cell[][] = list.map((row) => [
    row.name,
    row.account,
    row.groups.join(', '),
    Math.round((row.seconds / 60) * 10) / 10,
    row.seconds,
    time(row.firstAt),
    time(row.lastAt),
  ]);
  const title = text['admin.live.file.title'];
  const { data, ...options } = xlsxSheet(title, headings, cells);
  const stamp = fileStamp(ctx.now());
  const name = safeNamePart(session.title);
  return {
    fileName: `${title}-${name}-${stamp}.xlsx`,
    asciiName: `live-attendance-${session.id}-${stamp}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    body: await (await loadXlsxWriter())(data, options).toBuffer(),
  };
}
