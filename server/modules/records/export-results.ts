/**
 * The chapter exercise and chapter exam sheets of the records downloads (learn/export views exercises,
 * questions, exams, examtotals; issue 18 'Records a school can trust'): the rows of learn/exercises and
 * learn/exams, read once, with the same scope (a sub-admin limited to categories exports only their courses).
 */
import type { Locale } from '../../../shared/constants';
import { messages as questionsEn } from '../../../shared/i18n/admin-questions.en-gb';
import { messages as questionsZh } from '../../../shared/i18n/admin-questions.zh-CN';
import { formatDateTime } from '../../../shared/rules/dates';
import type { ExportQuery } from '../../../shared/schemas/records';
import type { AppContext } from '../../context';
import { examRecords } from '../exam-admin/exam-records.service';
import { exerciseRecords } from '../exercises/exercise-records.service';
import { textOf, type ExportAdmin as Admin, type ExportTable } from './export-text';

/** The name of a question type in the administrator's language (the question bank's words). */
function questionTypeName(locale: Locale, type: number): string {
  const words = locale === 'en-gb' ? questionsEn : questionsZh;
  return words[`admin.questions.type.${type}` as keyof typeof questionsZh] ?? String(type);
}

/** The exercise views: each student's results per chapter, or each question's statistics. */
export async function exerciseTable(
  ctx: AppContext,
  admin: Admin,
  query: ExportQuery,
  locale: Locale,
  limit: number,
): Promise<ExportTable> {
  const t = textOf(locale);
  const reply = await exerciseRecords(ctx, admin, { coid: query.coid!, sid: query.sid, page: 1, num: limit });
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
export async function examTable(
  ctx: AppContext,
  admin: Admin,
  query: ExportQuery,
  locale: Locale,
  limit: number,
): Promise<ExportTable> {
  const t = textOf(locale);
  const reply = await examRecords(ctx, admin, { coid: query.coid!, sid: query.sid, page: 1, num: limit });
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
