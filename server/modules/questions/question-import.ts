/**
 * The bank's XLSX import (with a row-by-row error
 * report), read with read-excel-file. Two calls with the same file: question/import/preview (a dry run: every
 * problem with its row number, column and reason, and the rows that would be created) and question/import (the
 * same checks, then every row created in one transaction; when any row is bad nothing is written and the reply is
 * 400 with the report).
 *
 * Rows are checked by the same checkQuestion as question/add, so the bank never holds a question the form would
 * refuse. Row numbers are the sheet's (the heading row is 1). Blank rows are skipped.
 *
 * Choices where the spec is silent:
 * - A category is named by its title. A title no category has is created at the first level by the import;
 *   a title several categories share is refused (the administrator renames one first).
 * - Blank difficulty is 3, blank show-answer is yes; points are required.
 * - Options fill A, B, C ... without gaps; choice answers are letters of filled options ("A,C", "AC", "A，C").
 */
import type { Locale } from '../../../shared/constants';
import { characters } from '../../../shared/rules/text';
import { questionKind } from '../../../shared/rules/grading';
import {
  DIFFICULTY_DEFAULT,
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  QUESTION_CATEGORY_TITLE_MAX,
  QUESTION_ERRORS,
  QUESTION_HTML_MAX,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_TAG_MAX_CHARS,
  QUESTION_TAGS_MAX,
  type ImportIssue,
  type ImportReport,
} from '../../../shared/schemas/questions';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { loadXlsxReader } from '../../lib/heavy-modules';
import * as repo from './questions.repository';
import { checkQuestion, type CheckedQuestion, type QuestionInput } from './question-validation';
import { excerptOf } from './questions.presenter';
import { storedValues, type Admin } from './questions.service';
import {
  columnOfHeading,
  heading,
  LETTERS,
  tagsOfCell,
  textOf,
  textToHtml,
  trueFalseOfCell,
  typeOfCell,
  yesNoOfCell,
  type ColumnKey,
} from './question-sheet';

type SheetCell = string | number | boolean | Date | null | undefined;

interface ParsedRow {
  row: number;
  value: CheckedQuestion;
  categoryTitle: string;
}

const cellString = (cell: SheetCell): string =>
  (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell)).trim();

/** Reads the file's first sheet; a file that is not an XLSX gives a report with one problem on row 0. */
async function readRows(file: Buffer): Promise<SheetCell[][] | null> {
  const readSheet = await loadXlsxReader();
  try {
    return (await readSheet(file)) as SheetCell[][];
  } catch {
    return null;
  }
}

/** Checks every row of a file against the school's bank: the report, and the rows ready to write when all is well. */
export async function checkImport(
  ctx: AppContext,
  schoolId: string,
  file: Buffer,
  locale: Locale,
): Promise<{ report: ImportReport; rows: ParsedRow[] }> {
  const t = textOf(locale);
  const issues: ImportIssue[] = [];
  const fail = (reason: string) => ({
    report: { ok: false, committed: false, issues: [{ row: 0, column: '', reason }], rows: [], newCategories: [] },
    rows: [],
  });
  const sheet = await readRows(file);
  if (!sheet) return fail(t('admin.questions.import.reason.badFile'));

  // The heading row: the columns found by name.
  const headings = (sheet[0] ?? []).map((cell) => columnOfHeading(cellString(cell)));
  const at = new Map<ColumnKey, number>();
  headings.forEach((column, index) => {
    if (column && !at.has(column)) at.set(column, index);
  });
  if (!at.has('type') || !at.has('content') || !at.has('answer'))
    return fail(t('admin.questions.import.reason.noHeading'));
  const dataRows = sheet
    .slice(1)
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cellString(cell) !== ''));
  if (dataRows.length === 0) return fail(t('admin.questions.import.reason.noRows'));
  if (dataRows.length > QUESTION_IMPORT_MAX_ROWS)
    return fail(t('admin.questions.import.reason.tooManyRows', { max: QUESTION_IMPORT_MAX_ROWS }));

  const categories = await repo.listCategories(ctx.db, schoolId);
  const byTitle = new Map<string, string[]>();
  for (const row of categories) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row.id]);
  const newCategories = new Set<string>();
  const parsed: ParsedRow[] = [];

  for (const { cells, row } of dataRows) {
    const cell = (column: ColumnKey) => (at.has(column) ? cellString(cells[at.get(column)!]) : '');
    const problems: ImportIssue[] = [];
    const problem = (column: ColumnKey, reason: string) =>
      problems.push({ row, column: heading(locale, column), reason });

    const type = typeOfCell(cell('type'));
    if (type === null) problem('type', t('admin.questions.import.reason.badType'));
    const content = cell('content');
    if (content === '') problem('content', t('admin.questions.import.reason.required'));
    else if (content.length > QUESTION_HTML_MAX / 2) problem('content', t('admin.questions.import.reason.tooLong'));

    const filled = LETTERS.map((letter) => cell(`option${letter}`));
    const lastFilled = filled.reduce((last, text, index) => (text ? index : last), -1);
    if (filled.slice(0, lastFilled + 1).some((text) => text === ''))
      problem('optionA', t('admin.questions.import.reason.optionGap'));

    const kind = type === null ? null : questionKind(type);
    let answer = '';
    const answerCell = cell('answer');
    if (kind === 'single' || kind === 'multiple') {
      const letters = answerCell.toUpperCase().replace(/[\s,，;；、]/g, '');
      if (letters === '' || !/^[A-N]+$/.test(letters)) problem('answer', t('admin.questions.import.reason.badLetters'));
      else {
        const missing = [...letters].find((letter) => !filled[LETTERS.indexOf(letter)]);
        if (missing) problem('answer', t('admin.questions.import.reason.noSuchOption', { letter: missing }));
        answer = [...letters].map((letter) => String(LETTERS.indexOf(letter) + 1)).join(',');
      }
    } else if (kind === 'trueFalse') {
      const value = trueFalseOfCell(answerCell);
      if (value === null) problem('answer', t('admin.questions.import.reason.badTrueFalse'));
      else answer = value;
    } else answer = answerCell;

    const pointText = cell('points');
    const point = Number(pointText);
    if (pointText === '' || !Number.isFinite(point) || point <= 0 || point > 1000)
      problem('points', t('admin.questions.import.reason.badPoints'));
    const difficultyText = cell('difficulty');
    const difficulty = difficultyText === '' ? DIFFICULTY_DEFAULT : Number(difficultyText);
    if (!Number.isInteger(difficulty) || difficulty < DIFFICULTY_MIN || difficulty > DIFFICULTY_MAX)
      problem('difficulty', t('admin.questions.import.reason.badDifficulty'));
    const tags = tagsOfCell(cell('tags'));
    if (tags.length > QUESTION_TAGS_MAX || tags.some((tag) => characters(tag).length > QUESTION_TAG_MAX_CHARS))
      problem('tags', t('admin.questions.import.reason.tooManyTags'));
    const showAnswer = yesNoOfCell(cell('showAnswer'));
    if (showAnswer === null) problem('showAnswer', t('admin.questions.import.reason.badYesNo'));
    const explanation = cell('explanation');
    if (explanation.length > QUESTION_HTML_MAX / 2) problem('explanation', t('admin.questions.import.reason.tooLong'));

    const categoryTitle = cell('category');
    const sameTitle = byTitle.get(categoryTitle) ?? [];
    if (categoryTitle && sameTitle.length > 1)
      problem('category', t('admin.questions.import.reason.ambiguousCategory'));
    if (characters(categoryTitle).length > QUESTION_CATEGORY_TITLE_MAX)
      problem('category', t('admin.questions.import.reason.tooLong'));

    if (problems.length === 0 && type !== null) {
      const input: QuestionInput = {
        type,
        content: textToHtml(content),
        // Every filled option: a true/false or short-answer row with options is refused like the form refuses it.
        optiondata: filled
          .slice(0, lastFilled + 1)
          .map((text, index) => ({ oid: String(index + 1), content: textToHtml(text) })),
        answer,
        point,
        explanation: textToHtml(explanation),
        showAnswer: showAnswer ?? true,
        categoryId: '',
        difficulty,
        tags,
      };
      const result = checkQuestion(input, [], () => true);
      if (!result.ok) {
        for (const found of result.issues) {
          const option = /^optiondata\.(\d+)/.exec(found.field);
          const column: ColumnKey = option
            ? `option${LETTERS[Number(option[1])]}`
            : found.field === 'optiondata'
              ? 'optionA'
              : found.field === 'answer'
                ? 'answer'
                : found.field === 'categoryId'
                  ? 'category'
                  : 'content';
          problem(column, t(`admin.questions.error.${found.code}`));
        }
      } else {
        parsed.push({ row, value: result.value, categoryTitle });
        if (categoryTitle && sameTitle.length === 0) newCategories.add(categoryTitle);
      }
    }
    issues.push(...problems);
  }

  const ok = issues.length === 0;
  return {
    report: {
      ok,
      committed: false,
      issues,
      rows: ok
        ? parsed.map((item) => ({
            row: item.row,
            type: item.value.type,
            excerpt: excerptOf(item.value.content),
            categoryTitle: item.categoryTitle,
            point: item.value.point,
          }))
        : [],
      newCategories: ok ? [...newCategories] : [],
    },
    rows: ok ? parsed : [],
  };
}

/** Creates every row of a good file in one transaction (and the categories it names that do not exist); 400 with the report when any row is bad. */
export async function commitImport(ctx: AppContext, admin: Admin, file: Buffer, locale: Locale): Promise<ImportReport> {
  const { report, rows } = await checkImport(ctx, admin.schoolId, file, locale);
  if (!report.ok) throw badInput(QUESTION_ERRORS.importRows, report);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.listCategories(tx, admin.schoolId);
    const ids = new Map(existing.map((row) => [row.title, row.id]));
    let position = existing.filter((row) => row.parentId === '0').length;
    for (const title of report.newCategories) {
      const id = ctx.ids.next();
      await repo.insertCategory(tx, {
        id,
        schoolId: admin.schoolId,
        parentId: '0',
        title,
        position: position++,
        createdAt: now,
      });
      ids.set(title, id);
    }
    for (const item of rows) {
      const categoryId = item.categoryTitle ? (ids.get(item.categoryTitle) ?? '') : '';
      await repo.insertQuestion(tx, {
        id: ctx.ids.next(),
        schoolId: admin.schoolId,
        ...storedValues({ ...item.value, categoryId }, now),
        createdBy: admin.userId,
        createdAt: now,
      });
    }
  });
  return { ...report, committed: true };
}
