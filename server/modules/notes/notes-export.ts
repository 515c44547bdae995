/**
 * The student's notes as a download (GET notes/export): Markdown grouped by course and chapter, or CSV
 * (UTF-8 with a byte-order mark so spreadsheets read Chinese; formulas neutralised as every export does).
 */
import type { Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { formatDate, formatDateMinutes } from '../../../shared/rules/dates';
import { noteSpot } from '../../../shared/rules/qa-notes';
import { formatClock } from '../../../shared/rules/text';
import type { AppContext } from '../../context';
import { csvLine } from '../../lib/csv';
import type { DownloadFile } from '../../lib/send-file';
import type { NoteView } from './notes.repository';
import { myNoteViews } from './notes.service';

const BOM = '\uFEFF';

/** Where a note points, as a person reads it: '03:25', 'p. 4' / '第 4 页', or ''. */
export function spotLabel(note: { videoTime: number | null; page: number | null }, locale: Locale): string {
  const spot = noteSpot(note);
  if (spot.at === 'time') return formatClock(spot.seconds);
  if (spot.at === 'page') return translate(locale, 'notes.atPage', { page: spot.page });
  return '';
}

/** A line of Markdown text that cannot open a heading, list or quote of its own. */
const mdText = (text: string) => text.replace(/^([#>*+\-=|`]|\d+\.)/gm, '\\$1');

function markdown(rows: readonly NoteView[], locale: Locale): string {
  const lines = [`# ${translate(locale, 'notes.title')}`, ''];
  let course = '';
  let chapter = '';
  for (const row of rows) {
    if (row.courseId !== course) {
      course = row.courseId;
      chapter = '';
      lines.push(`## ${mdText(row.courseTitle)}`, '');
    }
    if (row.chapterId !== chapter) {
      chapter = row.chapterId;
      lines.push(`### ${mdText(row.chapterTitle ?? '')}`, '');
    }
    const spot = spotLabel(row, locale);
    const body = mdText(row.body).split('\n').join('\n  ');
    lines.push(`- ${spot ? `**${spot}** ` : ''}${body}`);
  }
  return `${lines.join('\n')}\n`;
}

function csv(rows: readonly NoteView[], locale: Locale): string {
  const head = ['course', 'chapter', 'spot', 'note', 'updated'].map((key) =>
    translate(locale, `notes.column.${key}` as 'notes.column.course'),
  );
  let text = BOM + csvLine(head);
  for (const row of rows) {
    text += csvLine([
      row.courseTitle,
      row.chapterTitle ?? '',
      spotLabel(row, locale),
      row.body,
      formatDateMinutes(row.updatedAt, locale),
    ]);
  }
  return text;
}

/** The export file of the student's notes (all, or one course's). */
export async function exportNotes(
  ctx: AppContext,
  student: { userId: string; schoolId: string },
  query: { format: 'md' | 'csv'; coid?: string },
  locale: Locale,
): Promise<DownloadFile<string>> {
  const rows = await myNoteViews(ctx, student, { coid: query.coid });
  const day = formatDate(ctx.now(), 'yyyyMMdd');
  const ext = query.format;
  return {
    fileName: `${translate(locale, 'notes.fileName')}-${day}.${ext}`,
    asciiName: `notes-${day}.${ext}`,
    contentType: ext === 'md' ? 'text/markdown; charset=utf-8' : 'text/csv; charset=utf-8',
    body: ext === 'md' ? markdown(rows, locale) : csv(rows, locale),
  };
}
