/**
 * GET question/export and question/template (import and export through XLSX): the
 * filtered bank (at most QUESTION_EXPORT_MAX_ROWS rows, newest first) or a template with one example of each
 * kind, in the columns of question-sheet.ts, written with write-excel-file like the records export. Cells are
 * typed strings and numbers, never formulas.
 */
import type { Row, SheetData } from 'write-excel-file/node';
import { loadXlsxWriter } from '../../lib/heavy-modules';
import type { Locale } from '../../../shared/constants';
import { choiceIds, questionKind } from '../../../shared/rules/grading';
import {
  DIFFICULTY_DEFAULT,
  parseOptions,
  QUESTION_EXPORT_MAX_ROWS,
  type QuestionFilter,
} from '../../../shared/schemas/questions';
import type { AppContext } from '../../context';
import type { DownloadFile } from '../../lib/send-file';
import { fileStamp, XLSX_CONTENT_TYPE } from '../../lib/xlsx-sheet';
import * as repo from './questions.repository';
import { decodeEntities } from './question-validation';
import { parseTags } from './questions.presenter';
import { categoryTitles, whereOf } from './questions.service';
import { COLUMNS, heading, LETTERS, textOf, typeName } from './question-sheet';

type Cell = string | number | null;

/** Sanitised HTML as a cell's text: paragraphs and line breaks as new lines, tags dropped, entities decoded. */
function cellText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** One question as the cells of a row (answers of choices as letters, true/false as 对/错 or True/False). */
function questionCells(
  locale: Locale,
  row: {
    type: number;
    categoryTitle: string;
    content: string;
    options: { oid: string; content: string }[];
    answer: string;
    point: number;
    explanation: string;
    difficulty: number;
    tags: string[];
    showAnswer: boolean;
  },
): Cell[] {
  const t = textOf(locale);
  const kind = questionKind(row.type);
  let answer = row.answer;
  if (kind === 'single' || kind === 'multiple') {
    const letterOf = new Map(row.options.map((option, index) => [option.oid, LETTERS[index]]));
    answer = choiceIds(row.answer)
      .map((oid) => letterOf.get(oid) ?? '')
      .filter(Boolean)
      .join(',');
  } else if (kind === 'trueFalse') {
    answer = row.answer === '0' ? t('admin.questions.true') : t('admin.questions.false');
  }
  const options = LETTERS.map((_, index) => (row.options[index] ? cellText(row.options[index].content) : null));
  return [
    typeName(locale, row.type),
    row.categoryTitle || null,
    cellText(row.content),
    ...options,
    answer || null,
    row.point,
    cellText(row.explanation) || null,
    row.difficulty,
    row.tags.join(',') || null,
    row.showAnswer ? t('admin.questions.yes') : t('admin.questions.no'),
  ];
}

async function xlsx(locale: Locale, rows: Cell[][], sheet: string): Promise<Buffer> {
  const header: Row = COLUMNS.map((column) => ({ value: heading(locale, column), fontWeight: 'bold' as const }));
  const data: SheetData = [header, ...rows.map((row): Row => row.map((value) => (value === '' ? null : value)))];
  const columns = COLUMNS.map((column) => ({
    width: column === 'content' || column === 'explanation' ? 40 : column.startsWith('option') ? 16 : 10,
  }));
  return (await loadXlsxWriter())(data, { sheet, columns, stickyRowsCount: 1 }).toBuffer();
}

export type QuestionFile = DownloadFile<Buffer>;

/** The filtered bank as an XLSX file. */
export async function exportQuestions(
  ctx: AppContext,
  schoolId: string,
  filter: QuestionFilter,
  locale: Locale,
): Promise<QuestionFile> {
  const titles = await categoryTitles(ctx, schoolId);
  const { rows } = await repo.listQuestions(ctx.db, schoolId, await whereOf(ctx, schoolId, filter), {
    offset: 0,
    limit: QUESTION_EXPORT_MAX_ROWS,
  });
  const cells = rows.map((row) =>
    questionCells(locale, {
      ...row,
      categoryTitle: titles.get(row.categoryId) ?? '',
      options: parseOptions(row.options),
      tags: parseTags(row.tags),
    }),
  );
  const t = textOf(locale);
  const when = fileStamp(ctx.now());
  return {
    fileName: `${t('admin.questions.file.name')}-${when}.xlsx`,
    asciiName: `questions-${when}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    body: await xlsx(locale, cells, t('admin.questions.file.sheet')),
  };
}

/** The import template: headings and one example of each kind. */
export async function questionTemplate(locale: Locale): Promise<QuestionFile> {
  const t = textOf(locale);
  const en = locale === 'en-gb';
  const option = (oid: string, content: string) => ({ oid, content: `<p>${content}</p>` });
  const base = {
    categoryTitle: en ? 'Maths' : '数学',
    explanation: '',
    difficulty: DIFFICULTY_DEFAULT,
    tags: [] as string[],
    showAnswer: true,
  };
  const examples = [
    {
      ...base,
      type: 0,
      content: en ? '<p>1 + 1 = ?</p>' : '<p>1 + 1 = ？</p>',
      options: [option('1', '1'), option('2', '2'), option('3', '3')],
      answer: '2',
      point: 2,
    },
    {
      ...base,
      type: 1,
      content: en ? '<p>Which are even?</p>' : '<p>下列哪些是偶数？</p>',
      options: [option('1', '2'), option('2', '3'), option('3', '4')],
      answer: '1,3',
      point: 3,
      tags: [en ? 'numbers' : '数'],
    },
    {
      ...base,
      type: 2,
      content: en ? '<p>0 is an even number.</p>' : '<p>0 是偶数。</p>',
      options: [],
      answer: '0',
      point: 1,
    },
    {
      ...base,
      type: 3,
      content: en ? '<p>What is a prime number?</p>' : '<p>什么是质数？</p>',
      options: [],
      answer: en ? 'A number with exactly two divisors.' : '只有 1 和它本身两个因数的数。',
      point: 5,
      showAnswer: false,
    },
  ];
  return {
    fileName: `${t('admin.questions.file.template')}.xlsx`,
    asciiName: 'questions-template.xlsx',
    contentType: XLSX_CONTENT_TYPE,
    body: await xlsx(
      locale,
      examples.map((example) => questionCells(locale, example)),
      t('admin.questions.file.sheet'),
    ),
  };
}
