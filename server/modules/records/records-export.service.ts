/**
 * GET learn/export (the back office's learning records by course, by student and by chapter — study time,
 * progress, last visit — exported to CSV and XLSX): the rows the records screens show, as a file.
 *
 * - The rows come from the same service functions as the screens (records-admin.service.ts), read once and
 *   at most `max` + 1 of them (the extra one says the file is capped; EXPORT_MAX_ROWS at most): one
 *   consistent read, never more than the file holds.
 * - CSV: UTF-8 with a byte-order mark (Excel then opens Chinese correctly), CRLF lines, RFC 4180 quoting
 *   (a value with a comma, quote, CR or LF is quoted, quotes doubled), and spreadsheet formula injection
 *   neutralised: a text cell starting with = + - @ (or a tab or CR) gets a leading apostrophe. Written to
 *   the reply as a stream of chunks, not one string.
 * - XLSX: write-excel-file, numbers as numbers, the header row frozen. Its cells are typed strings, never
 *   formulas, so they keep their text as it is.
 * - The file name names the view, the course or student and the day; Content-Disposition carries an ASCII
 *   fallback and the UTF-8 name in RFC 5987 filename*.
 * - Headings follow the administrator's language (the locale cookie, like the pages).
 * - The chapter exercise and exam views (exercises, questions, exams, examtotals) are export-results.ts's.
 */
import { Readable } from 'node:stream';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import { messages as catalogueEn } from '../../../shared/i18n/admin-catalogue.en-gb';
import { messages as catalogueZh } from '../../../shared/i18n/admin-catalogue.zh-CN';
import { formatDateTime } from '../../../shared/rules/dates';
import { formatClock } from '../../../shared/rules/text';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import type { ExportQuery } from '../../../shared/schemas/records';
import type { AppContext } from '../../context';
import { chapterStudyTimes, courseLearners, studentCourses, studentDetail } from './records-admin.service';
import { scopedCourse } from './record-access';
import { csvLine } from '../../lib/csv';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet } from '../../lib/xlsx-sheet';
import { examTable, exerciseTable } from './export-results';
import { textOf, type ExportAdmin as Admin, type ExportTable } from './export-text';

export interface ExportFile {
  fileName: string;
  asciiName: string;
  contentType: string;
  body: Readable | Buffer;
  capped: boolean;
}

/** The name of a chapter kind in the administrator's language (admin-catalogue's chapter kinds). */
function kindName(locale: Locale, type: number): string {
  const kind = (Object.keys(CHAPTER_TYPE) as (keyof typeof CHAPTER_TYPE)[]).find((key) => CHAPTER_TYPE[key] === type);
  if (!kind) return String(type);
  const words = locale === 'en-gb' ? catalogueEn : catalogueZh;
  return words[`admin.chapters.kind.${kind}` as keyof typeof catalogueZh] ?? String(type);
}

/** Reads the rows of the view, at most query.max (one more is read to know whether the file is capped). */
export async function exportTable(
  ctx: AppContext,
  admin: Admin,
  query: ExportQuery,
  locale: Locale,
): Promise<ExportTable> {
  const t = textOf(locale);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, locale) : '');
  const limit = query.max + 1;
  const cap = <T>(rows: T[]) => ({ rows: rows.slice(0, query.max), capped: rows.length > query.max });
  switch (query.view) {
    case 'course': {
      const course = await scopedCourse(ctx, admin, query.coid!);
      const { rows, capped } = cap(
        (await courseLearners(ctx, admin, { coid: course.id, key: query.key, page: 1, num: limit })).list,
      );
      return {
        title: t('admin.records.file.course'),
        subject: course.title,
        asciiSubject: course.id,
        headings: [
          t('admin.records.col.name'),
          t('admin.records.col.username'),
          t('admin.records.col.progressPercent'),
          t('admin.records.col.completeChapters'),
          t('admin.records.col.totalChapters'),
          t('admin.records.col.studyTime'),
          t('admin.records.col.studySeconds'),
          t('admin.records.col.lastChapter'),
          t('admin.records.col.lastVisit'),
          t('admin.records.col.startedAt'),
        ],
        rows: rows.map((row) => [
          row.name,
          row.username,
          row.process,
          row.complete_chapter,
          row.total_chapter,
          formatClock(row.eff),
          row.eff,
          row.last_chapter_title,
          time(row.last_visit),
          time(row.started_at),
        ]),
        capped,
      };
    }
    case 'student': {
      const reply = await studentCourses(ctx, admin, { sid: query.sid!, page: 1, num: limit });
      const { rows, capped } = cap(reply.list);
      return {
        title: t('admin.records.file.student'),
        subject: reply.student.name || reply.student.username,
        asciiSubject: reply.student.sid,
        headings: [
          t('admin.records.col.course'),
          t('admin.records.col.progressPercent'),
          t('admin.records.col.completeChapters'),
          t('admin.records.col.totalChapters'),
          t('admin.records.col.studyTime'),
          t('admin.records.col.studySeconds'),
          t('admin.records.col.lastVisit'),
          t('admin.records.col.startedAt'),
          t('admin.records.col.completedAt'),
        ],
        rows: rows.map((row) => [
          row.title,
          row.process,
          row.complete_chapter,
          row.total_chapter,
          formatClock(row.eff),
          row.eff,
          time(row.last_visit),
          time(row.started_at),
          time(row.completed_at),
        ]),
        capped,
      };
    }
    case 'chapter': {
      const course = await scopedCourse(ctx, admin, query.coid!);
      const reply = await chapterStudyTimes(ctx, admin, course.id);
      const titles = new Map(reply.chapters.map((row) => [row.cid, row.title]));
      const { rows, capped } = cap(reply.chapters);
      return {
        title: t('admin.records.file.chapter'),
        subject: course.title,
        asciiSubject: course.id,
        headings: [
          t('admin.records.col.chapter'),
          t('admin.records.col.parent'),
          t('admin.records.col.type'),
          t('admin.records.col.learners'),
          t('admin.records.col.completed'),
          t('admin.records.col.totalTime'),
          t('admin.records.col.totalSeconds'),
          t('admin.records.col.avgTime'),
          t('admin.records.col.avgSeconds'),
        ],
        rows: rows.map((row) => [
          row.title,
          row.parent_id === '0' ? '' : (titles.get(row.parent_id) ?? ''),
          kindName(locale, row.type),
          row.learners,
          row.completed,
          formatClock(row.eff),
          row.eff,
          formatClock(row.avg_eff),
          row.avg_eff,
        ]),
        capped,
      };
    }
    case 'exercises':
    case 'questions':
      return await exerciseTable(ctx, admin, query, locale, limit);
    case 'exams':
    case 'examtotals':
      return await examTable(ctx, admin, query, locale, limit);
    case 'detail': {
      const reply = await studentDetail(ctx, admin, { sid: query.sid!, coid: query.coid! });
      const titles = new Map(reply.chapters.map((row) => [row.cid, row.title]));
      const { rows, capped } = cap(reply.chapters);
      return {
        title: t('admin.records.file.detail'),
        subject: `${reply.student.name || reply.student.username}-${reply.title}`,
        asciiSubject: `${reply.student.sid}-${reply.coid}`,
        headings: [
          t('admin.records.col.chapter'),
          t('admin.records.col.parent'),
          t('admin.records.col.type'),
          t('admin.records.col.progressPercent'),
          t('admin.records.col.studyTime'),
          t('admin.records.col.studySeconds'),
          t('admin.records.col.watch'),
          t('admin.records.col.passed'),
          t('admin.records.col.verify'),
          t('admin.records.col.completedAt'),
          t('admin.records.col.updatedAt'),
        ],
        rows: rows.map((row) => [
          row.title,
          row.parent_id === '0' ? '' : (titles.get(row.parent_id) ?? ''),
          kindName(locale, row.type),
          Math.round(row.progress * 100),
          formatClock(row.eff),
          row.eff,
          row.watch_time,
          row.passed ? t('admin.records.passed.yes') : t('admin.records.passed.no'),
          t(`admin.records.verify.${row.verify_status === 1 ? 1 : row.verify_status === 2 ? 2 : 0}`),
          time(row.completed_at),
          time(row.updated_at),
        ]),
        capped,
      };
    }
  }
}

// ---- CSV ----

/** The CSV as a stream: the byte-order mark and headings, then the rows in chunks of a few hundred lines. */
function csvStream(table: ExportTable, cappedNote: string): Readable {
  const CHUNK = 500;
  function* chunks(): Generator<string> {
    yield `\uFEFF${csvLine(table.headings)}`;
    for (let at = 0; at < table.rows.length; at += CHUNK)
      yield table.rows
        .slice(at, at + CHUNK)
        .map(csvLine)
        .join('');
    if (table.capped) yield csvLine([cappedNote]);
  }
  return Readable.from(chunks(), { objectMode: false });
}

// ---- XLSX ----

async function xlsxBuffer(table: ExportTable, cappedNote: string): Promise<Buffer> {
  const { data, ...options } = xlsxSheet(table.title, table.headings, table.rows);
  if (table.capped) data.push([{ value: cappedNote, fontWeight: 'bold' as const }]);
  return (await loadXlsxWriter())(data, options).toBuffer();
}

// ---- the file ----

/** The export file of a query: its rows (read now; 404 for another school's course or student), name and body. */
export async function exportRecords(
  ctx: AppContext,
  admin: Admin,
  query: ExportQuery,
  locale: Locale,
): Promise<ExportFile> {
  const table = await exportTable(ctx, admin, query, locale);
  const cappedNote = textOf(locale)('admin.records.file.capped', { max: query.max });
  const stamp = fileStamp(ctx.now());
  const base = [safeNamePart(table.title), safeNamePart(table.subject), stamp].filter(Boolean).join('-');
  const asciiBase = `records-${query.view}-${table.asciiSubject}-${stamp}`;
  if (query.format === 'xlsx') {
    return {
      fileName: `${base}.xlsx`,
      asciiName: `${asciiBase}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await xlsxBuffer(table, cappedNote),
      capped: table.capped,
    };
  }
  return {
    fileName: `${base}.csv`,
    asciiName: `${asciiBase}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: csvStream(table, cappedNote),
    capped: table.capped,
  };
}
