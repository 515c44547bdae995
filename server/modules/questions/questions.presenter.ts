/** Shapes question rows for the back office's replies (zAdminQuestion, zQuestionRow). */
import { parseOptions, type AdminQuestion, type QuestionRow } from '../../../shared/schemas/questions';
import { characters } from '../../../shared/rules/text';
import type { QuestionRowDb } from './questions.repository';
import { plainText } from './question-validation';

export const EXCERPT_CHARS = 120;

/** Reads the tags column (JSON array of names); [] when it cannot be read. */
export function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The plain-text excerpt of HTML content: at most EXCERPT_CHARS characters, then an ellipsis. */
export function excerptOf(html: string): string {
  const chars = characters(plainText(html));
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : chars.join('');
}

export function toAdminQuestion(row: QuestionRowDb, categoryTitle: string): AdminQuestion {
  return {
    qid: row.id,
    type: row.type,
    content: row.content,
    optiondata: parseOptions(row.options),
    answer: row.answer,
    point: row.point,
    explanation: row.explanation,
    showAnswer: row.showAnswer,
    categoryId: row.categoryId,
    categoryTitle,
    difficulty: row.difficulty,
    tags: parseTags(row.tags),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toQuestionRow(row: QuestionRowDb, categoryTitle: string): QuestionRow {
  return {
    qid: row.id,
    type: row.type,
    content: row.content,
    excerpt: excerptOf(row.content),
    point: row.point,
    difficulty: row.difficulty,
    tags: parseTags(row.tags),
    categoryId: row.categoryId,
    categoryTitle,
    showAnswer: row.showAnswer,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}
