/**
 * GET examadmin/exam/export (results per exam with per-question statistics):
 * an XLSX of two sheets, the exam's sittings (the results screen's rows, all of them) and the per-question
 * statistics. Like the learning records' export (server/modules/records/records-export.service.ts):
 * write-excel-file, typed cells (never formulas), the header row frozen, headings in the administrator's
 * language, a file name with an ASCII fallback (attachmentHeader).
 */
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import { messages as en } from '../../../shared/i18n/admin-exams.en-gb';
import { messages as zh } from '../../../shared/i18n/admin-exams.zh-CN';
import { formatDateTime } from '../../../shared/rules/dates';
import type { AppContext } from '../../context';
import { fileStamp, safeNamePart, XLSX_CONTENT_TYPE, xlsxSheet } from '../../lib/xlsx-sheet';
import { plainText } from '../questions/question-validation';
import { schoolExam } from './exams-admin.service';
import { allSittings, examStats } from './results.service';

type Key = keyof typeof zh;

export async function exportResults(ctx: AppContext, schoolId: string, examId: string, locale: Locale) {
  const words = locale === 'en-gb' ? en : zh;
  const t = (key: Key) => words[key];
  const time = (ms: number | null) => (ms ? formatDateTime(ms, locale) : '');
  const { exam } = await schoolExam(ctx, schoolId, examId);
  const sittings = await allSittings(ctx, exam.id);
  const stats = await examStats(ctx, schoolId, exam.id);
  const results = xlsxSheet(
    t('admin.exams.file.results'),
    (
      [
        'name',
        'username',
        'attempt',
        'status',
        'startedAt',
        'submittedAt',
        'closedBy',
        'score',
        'totalScore',
        'passScore',
        'passed',
        'pendingMarks',
      ] as const
    ).map((key) => t(`admin.exams.col.${key}`)),
    sittings.map((row) => [
      row.name,
      row.username,
      row.attempt,
      t(`admin.exams.sitting.${row.status}`),
      time(row.startedAt),
      time(row.submittedAt),
      row.closedBy ? t(`admin.exams.closedBy.${row.closedBy}`) : '',
      row.score,
      row.totalScore,
      row.passScore,
      row.status !== 'submitted'
        ? ''
        : row.pendingMarks > 0
          ? t('admin.exams.passed.pending')
          : t(row.passed ? 'admin.exams.passed.yes' : 'admin.exams.passed.no'),
      row.pendingMarks,
    ]),
  );
  const kind = (type: number) => (type >= 0 && type <= 3 ? t(`admin.exams.kind.${type}` as Key) : String(type));
  const statistics = xlsxSheet(
    t('admin.exams.file.stats'),
    (
      [
        'no',
        'question',
        'type',
        'point',
        'sat',
        'answered',
        'right',
        'rightRate',
        'averagePoint',
        'pending',
        'options',
      ] as const
    ).map((key) => t(`admin.exams.stat.${key}`)),
    stats.questions.map((row, index) => [
      index + 1,
      plainText(row.content),
      kind(row.type),
      row.point,
      row.sat,
      row.answered,
      row.right,
      `${Math.round(row.rightRate * 1000) / 10}%`,
      row.averagePoint,
      row.pending,
      row.options
        .map(
          (option) =>
            `${option.letter || t(option.oid === '0' ? 'admin.exams.trueFalse.0' : 'admin.exams.trueFalse.1')}${option.right ? '✓' : ''}: ${option.chosen}`,
        )
        .join('; '),
    ]),
  );
  const body = await (await loadXlsxWriter())([results, statistics]).toBuffer();
  const when = fileStamp(ctx.now());
  return {
    fileName: `${[safeNamePart(t('admin.exams.file.results')), safeNamePart(exam.title), when].filter(Boolean).join('-')}.xlsx`,
    asciiName: `exam-results-${exam.id}-${when}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    body,
  };
}
