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
 */
import { Readable } from 'node:stream';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n';
import { messages as catalogueEn } from '../../../shared/i18n/admin-catalogue.en-gb';
import { messages as catalogueZh } from '../../../shared/i18n/admin-catalogue.zh-CN';
import { messages as questionsEn } from '../../../shared/i18n/admin-questions.en-gb';
import { messages as questionsZh } from '../../../shared/i18n/admin-questions.zh-CN';
import { messages as recordsEn } from '../../../shared/i18n/admin-records.en-gb';
import { messages as recordsZh } from '../../../shared/i18n/admin-records.zh-CN';
import { formatDateTime } from '../../../shared/rules/dates';
import { formatClock } from '../../../shared/rules/text';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import type { ExportQuery } from '../../../shared/schemas/records';
import type { AppContext } from '../../context';
import { chapterStudyTimes, courseLearners, studentCourses, studentDetail } from './records-admin.service';
import { schoolCourse } from './record-access';
import { exerciseRecords } from '../exercises/exercise-records.service';
import { examRecords } from '../exam-admin/exam-records.service';
import { csvLine } from '../../lib/csv';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet, type Cell } from '../../lib/xlsx-sheet';

type RecordsKey = keyof typeof recordsZh;
type Admin = { schoolId: string; userId: string };

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

export interface ExportFile {
  fileName: string;
  asciiName: string;
  contentType: string;
  body: Readable | Buffer;
  capped: boolean;
}

const wordsOf = (locale: Locale) => (locale === 'en-gb' ? recordsEn : recordsZh);

function textOf(locale: Locale) {
  const words = wordsOf(locale);
  return (key: RecordsKey, vars?: Record<string, string | number>) => fillMessage(locale, words[key], vars);
}

/** The name of a chapter kind in the administrator's language (admin-catalogue's chapter kinds). */
function kindName(locale: Locale, type: number): string {
  const kind = (Object.keys(CHAPTER_TYPE) as (keyof typeof CHAPTER_TYPE)[]).find((key) => CHAPTER_TYPE[key] === type);
  if (!kind) return String(type);
  const words = locale === 'en-gb' ? catalogueEn : catalogueZh;
  return words[`admin.chapters.kind.${kind}` as keyof typeof catalogueZh] ?? String(type);
}

/** The name of a question type in the administrator's language (the question bank's words). */
function questionTypeName(locale: Locale, type: number): string {
  const words = locale === 'en-gb' ? questionsEn : questionsZh;
  return words[`admin.questions.type.${type}` as keyof typeof questionsZh] ?? String(type);
}

/** Reads the rows of the view, at most query.max (one more is read to know whether the file is capped). */
export function exportTable(ctx: AppContext, admin: Admin, query: ExportQuery, locale: Locale): ExportTable {
  const { schoolId } = admin;
  const t = textOf(locale);
  const time = (ms: number | null) => (ms ? formatDateTime(ms, locale) : '');
  const limit = query.max + 1;
  const cap = <T>(rows: T[]) => ({ rows: rows.slice(0, query.max), capped: rows.length > query.max });
  switch (query.view) {
    case 'course': {
      const course = schoolCourse(ctx, schoolId, query.coid!);
      const { rows, capped } = cap(
        courseLearners(ctx, schoolId, { coid: course.id, key: query.key, page: 1, num: limit }).list,
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
      const reply = studentCourses(ctx, schoolId, { sid: query.sid!, page: 1, num: limit });
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
      const course = schoolCourse(ctx, schoolId, query.coid!);
      const reply = chapterStudyTimes(ctx, schoolId, course.id);
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
      return exerciseTable(ctx, admin, query, locale, limit);
    case 'exams':
    case 'examtotals':
      return examTable(ctx, admin, query, locale, limit);
    case 'detail': {
      const reply = studentDetail(ctx, schoolId, { sid: query.sid!, coid: query.coid! });
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

/** The exercise views: each student's results per chapter, or each question's statistics. */
function exerciseTable(ctx: AppContext, admin: Admin, query: ExportQuery, locale: Locale, limit: number): ExportTable {
  const t = textOf(locale);
  const reply = exerciseRecords(ctx, admin, { coid: query.coid!, sid: query.sid, page: 1, num: limit });
  const subject = reply.title;
  if (query.view === 'questions') {
    const rows = reply.questions;
    const answerWord = (answer: string) =>
      answer === 'true' ? t('admin.records.ex.true') : answer === 'false' ? t('admin.records.ex.false') : answer;
    return {
      title: t('admin.records.file.questions'),
      subject,
      asciiSubject: reply.coid,
      headings: [
        t('admin.records.col.chapter'),
        t('admin.records.col.question'),
        t('admin.records.col.type'),
        t('admin.records.col.maxScore'),
        t('admin.records.col.answered'),
        t('admin.records.col.right'),
        t('admin.records.col.rightRate'),
        t('admin.records.col.pendingMarks'),
        t('admin.records.col.wrongChoices'),
      ],
      rows: rows.map((row) => [
        row.chapter,
        row.excerpt,
        questionTypeName(locale, row.type),
        row.point,
        row.answered,
        row.right,
        row.answered ? Math.round((row.right / row.answered) * 100) : 0,
        row.pending,
        row.wrong_choices.map((choice) => `${answerWord(choice.answer)} (${choice.count})`).join('; '),
      ]),
      capped: false,
    };
  }
  const time = (ms: number) => (ms ? formatDateTime(ms, locale) : '');
  return {
    title: t('admin.records.file.exercises'),
    subject,
    asciiSubject: reply.coid,
    headings: [
      t('admin.records.col.name'),
      t('admin.records.col.username'),
      t('admin.records.col.chapter'),
      t('admin.records.col.questions'),
      t('admin.records.col.answered'),
      t('admin.records.col.right'),
      t('admin.records.col.pendingMarks'),
      t('admin.records.col.score'),
      t('admin.records.col.maxScore'),
      t('admin.records.col.attempts'),
      t('admin.records.col.lastAnswered'),
    ],
    rows: reply.results.list
      .slice(0, query.max)
      .map((row) => [
        row.name,
        row.username,
        row.chapter,
        row.questions,
        row.answered,
        row.right,
        row.pending,
        row.score,
        row.max_score,
        row.attempts,
        time(row.last_answered),
      ]),
    capped: reply.results.list.length > query.max,
  };
}

/**
 * The chapter exam views: each student's sittings of each exam in sum (exams), or each exam's totals
 * (examtotals); a sub-admin limited to categories exports only their courses' (404 otherwise).
 */
function examTable(ctx: AppContext, admin: Admin, query: ExportQuery, locale: Locale, limit: number): ExportTable {
  const t = textOf(locale);
  const reply = examRecords(ctx, admin, { coid: query.coid!, sid: query.sid, page: 1, num: limit });
  const percent = (rate: number) => Math.round(rate * 100);
  if (query.view === 'examtotals') {
    return {
      title: t('admin.records.file.examTotals'),
      subject: reply.title,
      asciiSubject: reply.coid,
      headings: [
        t('admin.records.col.chapter'),
        t('admin.records.col.exam'),
        t('admin.records.col.maxScore'),
        t('admin.records.col.passScore'),
        t('admin.records.col.studentsSat'),
        t('admin.records.col.studentsPassed'),
        t('admin.records.col.passRate'),
        t('admin.records.col.averageBest'),
      ],
      rows: reply.exams.map((row) => [
        row.chapter,
        row.exam_title,
        row.total_score,
        row.pass_score,
        row.sat,
        row.passed,
        percent(row.pass_rate),
        row.average_score,
      ]),
      capped: false,
    };
  }
  const titles = new Map(reply.exams.map((exam) => [exam.exam_id, exam.exam_title]));
  const outcome = (row: (typeof reply.results.list)[number]) =>
    row.passed
      ? t('admin.records.exam.passed')
      : row.pending
        ? t('admin.records.exam.pending')
        : t('admin.records.exam.failed');
  return {
    title: t('admin.records.file.exams'),
    subject: reply.title,
    asciiSubject: reply.coid,
    headings: [
      t('admin.records.col.name'),
      t('admin.records.col.username'),
      t('admin.records.col.chapter'),
      t('admin.records.col.exam'),
      t('admin.records.col.sittings'),
      t('admin.records.col.bestScore'),
      t('admin.records.col.lastScore'),
      t('admin.records.col.result'),
      t('admin.records.col.passScore'),
      t('admin.records.col.maxScore'),
      t('admin.records.col.lastSat'),
    ],
    rows: reply.results.list
      .slice(0, query.max)
      .map((row) => [
        row.name,
        row.username,
        row.chapter,
        titles.get(row.exam_id) ?? '',
        row.sittings,
        row.best_score,
        row.last_score,
        outcome(row),
        row.pass_score,
        row.total_score,
        row.last_sat_at ? formatDateTime(row.last_sat_at, locale) : '',
      ]),
    capped: reply.results.list.length > query.max,
  };
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
  const table = exportTable(ctx, admin, query, locale);
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
