/**
 * The checks of a question of each kind ("Questions of the four kinds ... options A to
 * N, points, explanation, show-answer flag"; spec 3 'Question detail': answer is comma-separated option ids for
 * types 0 and 1, 0 or 1 for true/false where 0 means true, text otherwise; spec 9: options A to N, short answer
 * max 500). Used by question/add, question/update and the XLSX import, so all three refuse the same things with
 * the same field errors.
 *
 * Choices where the spec is silent:
 * - Option ids are stable: an option that was already stored keeps its id; every other option (a new one, or
 *   one whose id the editor made up) gets the next id after the largest ever stored on the question, so an id
 *   never comes back with another meaning. The answer's ids are mapped the same way.
 * - A true/false or short-answer question carries no options (refused when given, not silently dropped).
 * - A short answer's model answer is plain text (may be empty), at most 500 characters like a student's.
 * - Content must have some text or an image after sanitising; an option must have some content.
 * - Tags are trimmed and repeats dropped.
 */
import { characters } from '../../../shared/rules/text';
import { choiceAnswer, choiceIds, MAX_OPTIONS, questionKind, SHORT_ANSWER_MAX } from '../../../shared/rules/grading';
import {
  QUESTION_ISSUES,
  type QuestionIssueCode,
  type QuestionOption,
  type zNewQuestion,
} from '../../../shared/schemas/questions';
import type { z } from 'zod';
import { badInput } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';

export type QuestionInput = z.infer<typeof zNewQuestion>;

/** One field error: the field (dotted path), a code of QUESTION_ISSUES and its English text. */
export interface QuestionIssue {
  field: string;
  code: QuestionIssueCode;
  message: string;
}

/** The values to store. */
export interface CheckedQuestion {
  type: number;
  content: string;
  options: QuestionOption[];
  answer: string;
  point: number;
  explanation: string;
  showAnswer: boolean;
  categoryId: string;
  difficulty: number;
  tags: string[];
}

/** True when sanitised HTML shows something: text other than spaces, or an image or video. */
function hasVisibleContent(html: string): boolean {
  if (/<(img|video|audio|iframe)\b/i.test(html)) return true;
  return plainText(html) !== '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The entities the sanitiser writes (&amp; &lt; &gt; &quot; &#39; &apos; &nbsp;) as their characters, in one pass. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]);
}

/** The plain text of sanitised HTML: tags dropped (block ends as spaces), common entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Checks a question and gives the values to store, or every field error. storedOptions: the question's options
 * before this edit ([] for a new one); categoryExists: whether a category id is one of the school's.
 */
export function checkQuestion(
  input: QuestionInput,
  storedOptions: readonly QuestionOption[],
  categoryExists: (id: string) => boolean,
): { ok: true; value: CheckedQuestion } | { ok: false; issues: QuestionIssue[] } {
  const issues: QuestionIssue[] = [];
  const issue = (field: string, code: QuestionIssueCode) =>
    issues.push({ field, code, message: QUESTION_ISSUES[code] });
  const kind = questionKind(input.type);

  const content = sanitizeRichText(input.content).trim();
  if (!hasVisibleContent(content)) issue('content', 'contentRequired');

  let options: QuestionOption[] = [];
  let answer = '';
  if (kind === 'single' || kind === 'multiple') {
    // Stable ids: stored ones kept, others numbered after the largest stored id.
    const stored = new Set(storedOptions.map((option) => option.oid));
    let next = Math.max(0, ...storedOptions.map((option) => Number(option.oid) || 0));
    const given = new Map<string, string>();
    const kept = new Set<string>();
    input.optiondata.forEach((option, index) => {
      const html = sanitizeRichText(option.content).trim();
      if (!hasVisibleContent(html)) issue(`optiondata.${index}.content`, 'optionEmpty');
      if (option.oid !== '' && given.has(option.oid)) issue(`optiondata.${index}.oid`, 'optionDuplicate');
      const oid = option.oid !== '' && stored.has(option.oid) && !kept.has(option.oid) ? option.oid : String(++next);
      kept.add(oid);
      if (option.oid !== '' && !given.has(option.oid)) given.set(option.oid, oid);
      options.push({ oid, content: html });
    });
    if (options.length < 2) issue('optiondata', 'optionsTooFew');
    if (options.length > MAX_OPTIONS) issue('optiondata', 'optionsTooMany');
    const ids = choiceIds(input.answer);
    if (ids.some((id) => !given.has(id))) issue('answer', 'unknownOption');
    else if (kind === 'single' && ids.length !== 1) issue('answer', 'oneCorrect');
    else if (kind === 'multiple' && ids.length < 1) issue('answer', 'someCorrect');
    answer = choiceAnswer(ids.map((id) => given.get(id) ?? id));
  } else {
    if (input.optiondata.length > 0) issue('optiondata', 'optionsNotAllowed');
    if (kind === 'trueFalse') {
      answer = input.answer.trim();
      if (answer !== '0' && answer !== '1') issue('answer', 'trueOrFalse');
    } else {
      answer = input.answer.trim();
      if (characters(answer).length > SHORT_ANSWER_MAX) issue('answer', 'answerTooLong');
    }
    options = [];
  }

  if (input.categoryId !== '' && !categoryExists(input.categoryId)) issue('categoryId', 'categoryMissing');
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      type: input.type,
      content,
      options,
      answer,
      point: input.point,
      explanation: sanitizeRichText(input.explanation).trim(),
      showAnswer: input.showAnswer,
      categoryId: input.categoryId,
      difficulty: input.difficulty,
      tags: [...new Set(input.tags.map((tag) => tag.trim()).filter(Boolean))],
    },
  };
}

/** The 400 of a refused question: the first problem in the error text, all of them in data.issues. */
export function questionRefused(issues: QuestionIssue[]) {
  const first = issues[0];
  return badInput(`bad input: ${first.field} ${first.message}`, { field: first.field, issues });
}
