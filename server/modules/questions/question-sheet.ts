/**
 * The columns of the bank's XLSX files (the question bank's import and export through XLSX), shared by
 * the export, the template and the import, so a file exported can be imported again.
 *
 * Columns: type, category (by title), content, options A..N, answer (letters for choices, e.g. "A,C"; 对/错 or
 * true/false for true/false; the model answer for a short answer), points, explanation, difficulty, tags, show
 * answer. Headings are written in the administrator's language and read in either language.
 *
 * Choices where the spec is silent:
 * - Cells hold plain text: content, options and explanation are exported as their text (formatting and images
 *   are left out) and imported as text in paragraphs (escaped, line breaks kept).
 */
import type { Locale } from '../../../shared/constants';
import { fillMessage } from '../../../shared/i18n';
import { messages as en } from '../../../shared/i18n/admin-questions.en-gb';
import { messages as zh } from '../../../shared/i18n/admin-questions.zh-CN';
import { OPTION_LETTERS } from '../../../shared/rules/grading';

export type QuestionsKey = keyof typeof zh;
export type ColumnKey =
  | 'type'
  | 'category'
  | 'content'
  | `option${string}`
  | 'answer'
  | 'points'
  | 'explanation'
  | 'difficulty'
  | 'tags'
  | 'showAnswer';

/** The option letters A..N. */
export const LETTERS = [...OPTION_LETTERS];

/** The columns in file order. */
export const COLUMNS: ColumnKey[] = [
  'type',
  'category',
  'content',
  ...LETTERS.map((letter) => `option${letter}` as const),
  'answer',
  'points',
  'explanation',
  'difficulty',
  'tags',
  'showAnswer',
];

/** A message in a language, with {name} values filled in. */
export function textOf(locale: Locale) {
  const words = locale === 'en-gb' ? en : zh;
  return (key: QuestionsKey, vars?: Record<string, string | number>) => fillMessage(locale, words[key], vars);
}

/** The heading of a column in a language. */
export function heading(locale: Locale, column: ColumnKey): string {
  const t = textOf(locale);
  if (column.startsWith('option')) return t('admin.questions.col.option', { letter: column.slice('option'.length) });
  const keys: Record<string, QuestionsKey> = {
    type: 'admin.questions.col.type',
    category: 'admin.questions.col.category',
    content: 'admin.questions.col.content',
    answer: 'admin.questions.col.answer',
    points: 'admin.questions.col.points',
    explanation: 'admin.questions.col.explanation',
    difficulty: 'admin.questions.col.difficulty',
    tags: 'admin.questions.col.tags',
    showAnswer: 'admin.questions.col.showAnswer',
  };
  return t(keys[column]);
}

const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The column a heading names, in either language (spaces and case ignored; a bare letter A..N is an option). */
export function columnOfHeading(text: string): ColumnKey | null {
  const wanted = squash(text);
  if (!wanted) return null;
  if (/^[a-n]$/.test(wanted)) return `option${wanted.toUpperCase()}`;
  for (const column of COLUMNS) {
    if (squash(heading('zh-CN', column)) === wanted || squash(heading('en-gb', column)) === wanted) return column;
  }
  return null;
}

/** The names of each kind read in files (typeName's, in the administrator's language, is written). */
const TYPE_NAMES: Record<number, string[]> = {
  0: ['单选题', '单选', 'single choice', 'single', '0'],
  1: ['多选题', '多选', 'multiple choice', 'multiple', '1'],
  2: ['判断题', '判断', 'true/false', 'truefalse', 'true or false', '2'],
  3: ['简答题', '简答', 'short answer', 'short', '3'],
};

export function typeName(locale: Locale, type: number): string {
  return textOf(locale)(`admin.questions.type.${type as 0 | 1 | 2 | 3}`);
}

/** The kind a type cell names; null when it names none. */
export function typeOfCell(text: string): number | null {
  const wanted = squash(text);
  for (const [type, names] of Object.entries(TYPE_NAMES)) {
    if (names.some((name) => squash(name) === wanted) || squash(typeName('en-gb', Number(type))) === wanted)
      return Number(type);
  }
  return null;
}

/** True/false cells: '0' is true (spec 3), '1' false. */
export function trueFalseOfCell(text: string): '0' | '1' | null {
  const wanted = squash(text);
  if (['对', '正确', '是', 'true', 't', '√', '✓'].includes(wanted)) return '0';
  if (['错', '错误', '否', 'false', 'f', '×', '✗', 'x'].includes(wanted)) return '1';
  return null;
}

/** Yes/no cells (show answer); blank is yes. */
export function yesNoOfCell(text: string): boolean | null {
  const wanted = squash(text);
  if (['', '是', 'yes', 'y', 'true', '1', '显示'].includes(wanted)) return true;
  if (['否', 'no', 'n', 'false', '0', '不显示'].includes(wanted)) return false;
  return null;
}

/** Plain text as HTML paragraphs: escaped, one paragraph per line. */
export function textToHtml(text: string): string {
  const escapeLine = (line: string) =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeLine(line)}</p>`)
    .join('');
}

/** Tags of a cell: separated by commas (either width), semicolons, 、 or line breaks. */
export function tagsOfCell(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，;；、\n]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
