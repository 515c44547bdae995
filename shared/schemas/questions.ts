/**
 * Questions as they travel (spec 3 'Question detail': type, content, answer, optiondata (oid,
 * content), point, showAnswer; spec 9 option letters A to N, short answer max 500). The student's shape never
 * carries the answer: the correct answer reaches the browser only in the reply to the student's own submit,
 * and only when show-answer applies (gradeAnswer in shared/rules/grading).
 *
 * The back office's question bank schemas (zQuestion, zNewQuestion ...) are added below by the bank's module.
 */
import * as z from 'zod';
import { MAX_OPTIONS } from '../rules/grading';
import { zId, zQueryNum, zQueryPage } from './common';

/** An option of a choice question: its stable id (a number as text) and its content (sanitised HTML). */
export const zQuestionOption = z.object({ oid: z.string().regex(/^\d{1,3}$/), content: z.string().max(5000) });
export type QuestionOption = z.infer<typeof zQuestionOption>;
export const zQuestionOptions = z.array(zQuestionOption).max(MAX_OPTIONS);

/** Reads a questions.options column (JSON); [] when it cannot be read. */
export function parseOptions(text: string): QuestionOption[] {
  try {
    const parsed = zQuestionOptions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Spec 3 'Question detail' as a student receives it before answering: no answer, no explanation. */
export const zStudentQuestion = z.object({
  qid: zId,
  /** 0 single choice, 1 multiple choice, 2 true/false ('0' means true), 3 short answer. */
  type: z.number().int(),
  content: z.string(),
  optiondata: z.array(zQuestionOption),
  point: z.number(),
  /** Whether the correct answer is shown after the student submits. */
  showAnswer: z.boolean(),
});
export type StudentQuestion = z.infer<typeof zStudentQuestion>;

/** Spec 3 'Submit-answer response' isRight, getpoint; with show-answer, the correct answer and its explanation. */
export const zAnswerResult = z.object({
  qid: zId,
  /** 'pending': a short answer waiting for a teacher's mark (isRight false and getpoint 0 until then). */
  status: z.enum(['graded', 'pending']),
  isRight: z.boolean(),
  getpoint: z.number(),
  /** The answer the student gave, as stored. */
  given: z.string(),
  /** The correct answer (spec 3 form), present only when show-answer applies. */
  answer: z.string().optional(),
  explanation: z.string().optional(),
});
export type AnswerResult = z.infer<typeof zAnswerResult>;

// ---------------------------------------------------------------------------------------------------------
// The back office's question bank (permission group 'question').
// ---------------------------------------------------------------------------------------------------------

/** Difficulty 1 (easy) to 5 (hard); 3 when not given. */
export const DIFFICULTY_MIN = 1;
export const DIFFICULTY_MAX = 5;
export const DIFFICULTY_DEFAULT = 3;
/** The levels in order, and the four kinds (0 single, 1 multiple, 2 true/false, 3 short answer), for lists and selects. */
export const DIFFICULTIES = [1, 2, 3, 4, 5] as const;
export const QUESTION_TYPES = [0, 1, 2, 3] as const;
/** At most this many tags, each at most TAG_MAX_CHARS characters. */
export const QUESTION_TAGS_MAX = 10;
export const QUESTION_TAG_MAX_CHARS = 20;
/** A question's content and explanation (sanitised HTML) at most this long. */
export const QUESTION_HTML_MAX = 20_000;
/** A bank category's title. */
export const QUESTION_CATEGORY_TITLE_MAX = 30;
/** Rows of one import file at most. */
export const QUESTION_IMPORT_MAX_ROWS = 1000;
/** Size of one import file at most (bytes). */
export const QUESTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows of one export at most. */
export const QUESTION_EXPORT_MAX_ROWS = 10_000;

/**
 * Codes of the field errors of a question (data.issues[].code of a 400): the back office shows each by its
 * message admin.questions.error.<code>.
 */
export const QUESTION_ISSUES = {
  contentRequired: 'content is required',
  optionsTooFew: 'a choice question needs at least 2 options',
  optionsTooMany: 'at most 14 options (A to N)',
  optionEmpty: 'an option has no content',
  optionDuplicate: 'two options have the same id',
  optionsNotAllowed: 'this kind of question has no options',
  oneCorrect: 'a single-choice question needs exactly one correct option',
  someCorrect: 'a multiple-choice question needs at least one correct option',
  unknownOption: 'the answer names an option that is not there',
  trueOrFalse: "a true/false answer is '0' (true) or '1' (false)",
  answerTooLong: 'the model answer is at most 500 characters',
  categoryMissing: 'no such category',
} as const;
export type QuestionIssueCode = keyof typeof QUESTION_ISSUES;

/** The stable error strings of the bank's refusals. */
export const QUESTION_ERRORS = {
  inUse: 'question in use',
  categoryHasQuestions: 'category has questions',
  categoryLoop: 'a category cannot move under itself',
  badFile: 'bad import file',
  importRows: 'import has bad rows',
} as const;

const zTag = z.string().trim().min(1).max(QUESTION_TAG_MAX_CHARS);
const zCategoryRef = z.union([zId, z.literal('')]);

/** An option as the editor sends it: oid as it knows it ('' or an id it made up for a new option), content (HTML). */
export const zOptionInput = z.object({
  oid: z
    .string()
    .regex(/^\d{0,3}$/)
    .default(''),
  content: z.string().max(5000),
});

/** POST question/add: a question of one of the four kinds (answer: spec 3 form; see QUESTION_ISSUES for the checks per kind). */
export const zNewQuestion = z.object({
  /** 0 single choice, 1 multiple choice, 2 true/false ('0' = true), 3 short answer. */
  type: z.number().int().min(0).max(3),
  content: z.string().max(QUESTION_HTML_MAX),
  optiondata: z.array(zOptionInput).max(50).default([]),
  /** Choices: the correct option ids joined by commas; true/false '0' or '1'; short answer: the model answer (may be empty). */
  answer: z.string().max(5000).default(''),
  point: z.number().positive().max(1000),
  explanation: z.string().max(QUESTION_HTML_MAX).default(''),
  showAnswer: z.boolean().default(true),
  /** '' for no category. */
  categoryId: zCategoryRef.default(''),
  difficulty: z.number().int().min(DIFFICULTY_MIN).max(DIFFICULTY_MAX).default(DIFFICULTY_DEFAULT),
  tags: z.array(zTag).max(QUESTION_TAGS_MAX).default([]),
});
export type NewQuestion = z.input<typeof zNewQuestion>;

/** POST question/update: the whole question again (its version grows by one). */
export const zUpdateQuestion = zNewQuestion.extend({ qid: zId });
export type UpdateQuestion = z.input<typeof zUpdateQuestion>;

export const zQuestionRef = z.object({ qid: zId });

/** A question as the back office sees it (answer and explanation included). */
export const zAdminQuestion = z.object({
  qid: zId,
  type: z.number().int(),
  content: z.string(),
  optiondata: z.array(zQuestionOption),
  answer: z.string(),
  point: z.number(),
  explanation: z.string(),
  showAnswer: z.boolean(),
  categoryId: z.string(),
  categoryTitle: z.string(),
  difficulty: z.number().int(),
  tags: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminQuestion = z.infer<typeof zAdminQuestion>;

/** A row of the bank's list (and of the question picker): content also as a plain-text excerpt. */
export const zQuestionRow = z.object({
  qid: zId,
  type: z.number().int(),
  content: z.string(),
  /** Plain text of the content, at most 120 characters. */
  excerpt: z.string(),
  point: z.number(),
  difficulty: z.number().int(),
  tags: z.array(z.string()),
  categoryId: z.string(),
  categoryTitle: z.string(),
  showAnswer: z.boolean(),
  version: z.number().int(),
  updatedAt: z.number(),
});
export type QuestionRow = z.infer<typeof zQuestionRow>;

/** GET question/list (and question/export): keyword in the content, category (with its sub-categories), kind, difficulty, tag. */
export const zQuestionFilter = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** A category id: that category and its sub-categories. '' or absent: all. */
  catid: zCategoryRef.optional(),
  type: z.coerce.number().int().min(0).max(3).optional(),
  difficulty: z.coerce.number().int().min(DIFFICULTY_MIN).max(DIFFICULTY_MAX).optional(),
  tag: z.string().trim().max(QUESTION_TAG_MAX_CHARS).optional(),
});
export type QuestionFilter = z.infer<typeof zQuestionFilter>;
export const zQuestionListQuery = zQuestionFilter.extend({ page: zQueryPage, num: zQueryNum(100, 20) });
/** A list query as the web sends it (every field optional). */
export type QuestionListQuery = Partial<z.infer<typeof zQuestionListQuery>>;
export const zQuestionList = z.object({ list: z.array(zQuestionRow), total: z.number().int() });
export type QuestionList = z.infer<typeof zQuestionList>;

export const zQuestionDeleted = z.object({ qid: zId, deleted: z.literal(true) });

// ---- bank categories (a tree) ----

export interface QuestionCategoryNode {
  catid: string;
  title: string;
  parent_id: string;
  position: number;
  /** Live questions in this category itself, and with its sub-categories. */
  count: number;
  total: number;
  children: QuestionCategoryNode[];
}
export const zQuestionCategoryNode: z.ZodType<QuestionCategoryNode> = z.lazy(() =>
  z.object({
    catid: zId,
    title: z.string(),
    parent_id: z.string(),
    position: z.number().int(),
    count: z.number().int(),
    total: z.number().int(),
    children: z.array(zQuestionCategoryNode),
  }),
);
export const zQuestionCategoryTree = z.object({ tree: z.array(zQuestionCategoryNode) });
export type QuestionCategoryTree = z.infer<typeof zQuestionCategoryTree>;

const zCategoryTitle = z.string().trim().min(1).max(QUESTION_CATEGORY_TITLE_MAX);
/** '0' is the first level. */
const zParentRef = z.union([zId, z.literal('0')]);
export const zNewQuestionCategory = z.object({ title: zCategoryTitle, parent_id: zParentRef.default('0') });
export const zRenameQuestionCategory = z.object({ catid: zId, title: zCategoryTitle });
/** Moves a category under another parent ('0' = first level), at a position among its new siblings (the end when absent). */
export const zMoveQuestionCategory = z.object({
  catid: zId,
  parent_id: zParentRef,
  position: z.number().int().min(0).optional(),
});
export const zQuestionCategoryRef = z.object({ catid: zId });
/** POST question/category/rename's reply. */
export const zQuestionCategoryRenamed = z.object({ catid: z.string(), title: z.string() });
/** POST question/category/delete's reply. */
export const zQuestionCategoryDeleted = z.object({ catid: z.string(), deleted: z.literal(true) });

// ---- XLSX import ----

/** One problem of an import file: its row number in the sheet (1 = the heading row), the column heading, why. */
export const zImportIssue = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type ImportIssue = z.infer<typeof zImportIssue>;
/** A row that would be (or was) created. */
export const zImportRow = z.object({
  row: z.number().int(),
  type: z.number().int(),
  excerpt: z.string(),
  categoryTitle: z.string(),
  point: z.number(),
});
export const zImportReport = z.object({
  /** True when nothing is wrong and the rows can be (or were) created. */
  ok: z.boolean(),
  committed: z.boolean(),
  issues: z.array(zImportIssue),
  rows: z.array(zImportRow),
  /** Categories (by title) that the import creates because no category has that title. */
  newCategories: z.array(z.string()),
});
export type ImportReport = z.infer<typeof zImportReport>;
