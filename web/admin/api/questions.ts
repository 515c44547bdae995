/**
 * The question bank's calls (issue 6 'Question bank (back office)'; server/modules/questions). Each answers the
 * server's {status, error, data} reply; wrap in unwrap (web/hooks/fetcher) to get the data or an ApiError.
 */
import type {
  AdminQuestion,
  ImportReport,
  NewQuestion,
  QuestionCategoryNode,
  QuestionCategoryTree,
  QuestionFilter,
  QuestionList,
  QuestionListQuery,
  UpdateQuestion,
} from '../../../shared/schemas/questions';
import type { Reply } from '../../../shared/envelope';
import { UPLOAD_FILE_FIELD } from '../../../shared/schemas/uploads';
import { apiUrl, call } from '../../api/client';

/** Query parameters without the empty ones. */
function queryOf(query: QuestionFilter & { page?: number; num?: number }): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') out[key] = value as string | number;
  return out;
}

/** SWR key prefix of the bank's lists (revalidate every key starting with it after a change). */
export const QUESTION_LIST_KEY = 'question/list';
export const QUESTION_CATEGORIES_KEY = 'question/category/list';

/** GET question/list: a page of the bank (keyword, catid with its sub-categories, type, difficulty, tag), newest first. */
export const listQuestions = (query: QuestionListQuery) => call<QuestionList>('question/list', { query: queryOf(query) });
/** GET question/item: one question with its answer and options. */
export const getQuestion = (qid: string) => call<AdminQuestion>('question/item', { query: { qid } });
export const addQuestion = (input: NewQuestion) => call<AdminQuestion>('question/add', { method: 'POST', body: input });
/** POST question/update: the whole question again; its version grows by one. */
export const updateQuestion = (input: UpdateQuestion) => call<AdminQuestion>('question/update', { method: 'POST', body: input });
/** POST question/delete: 409 with data {papers, exerciseSets} while a paper or exercise set uses it. */
export const deleteQuestion = (qid: string) => call<{ qid: string; deleted: true }>('question/delete', { method: 'POST', body: { qid } });

export const listQuestionCategories = () => call<QuestionCategoryTree>('question/category/list');
export const addQuestionCategory = (title: string, parentId = '0') => call<QuestionCategoryNode>('question/category/add', { method: 'POST', body: { title, parent_id: parentId } });
export const renameQuestionCategory = (catid: string, title: string) => call<{ catid: string; title: string }>('question/category/rename', { method: 'POST', body: { catid, title } });
export const moveQuestionCategory = (catid: string, parentId: string, position?: number) =>
  call<QuestionCategoryTree>('question/category/move', { method: 'POST', body: { catid, parent_id: parentId, position } });
/** POST question/category/delete: 409 with data {questions} while it holds questions. */
export const deleteQuestionCategory = (catid: string) => call<{ catid: string; deleted: true }>('question/category/delete', { method: 'POST', body: { catid } });

/** The address of the filtered bank as an XLSX download. */
export const exportQuestionsUrl = (filter: QuestionFilter) => apiUrl('question/export', queryOf(filter));
/** The address of the import template. */
export const questionTemplateUrl = () => apiUrl('question/template');

function sendFile(path: string, file: File): Promise<Reply<ImportReport>> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return call<ImportReport>(path, { method: 'POST', body: form });
}

/** POST question/import/preview: the dry run's report (writes nothing). */
export const previewImport = (file: File) => sendFile('question/import/preview', file);
/** POST question/import: all rows or none; a failed reply carries the report as data. */
export const commitImport = (file: File) => sendFile('question/import', file);

/** A category tree as a flat list in tree order, each with its depth (for selects and the side panel). */
export function flattenCategories(tree: readonly QuestionCategoryNode[], depth = 0): { node: QuestionCategoryNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flattenCategories(node.children, depth + 1)]);
}

/** The ids of a category and all its sub-categories. */
export function descendantsOf(node: QuestionCategoryNode): string[] {
  return [node.catid, ...node.children.flatMap(descendantsOf)];
}
