/**
 * The question bank's web helpers (shared/calls/questions.ts declares the calls): the file addresses, the
 * import's form and the category tree as lists.
 */
import type { QuestionCategoryNode, QuestionFilter } from '../../shared/schemas/questions';
import { UPLOAD_FILE_FIELD } from '../../shared/schemas/uploads';
import { apiUrl } from './client';

/** Query parameters without the empty ones. */
function queryOf(query: QuestionFilter): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') out[key] = value as string | number;
  }
  return out;
}

/** The address of the filtered bank as an XLSX download. */
export const exportQuestionsUrl = (filter: QuestionFilter) => apiUrl('question/export', queryOf(filter));
/** The address of the import template. */
export const questionTemplateUrl = () => apiUrl('question/template');

/** The form of question/import/preview and question/import: the .xlsx in the upload file field. */
export function questionImportForm(file: File): FormData {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  return form;
}

/** A category tree as a flat list in tree order, each with its depth (for selects and the side panel). */
export function flattenCategories(
  tree: readonly QuestionCategoryNode[],
  depth = 0,
): { node: QuestionCategoryNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flattenCategories(node.children, depth + 1)]);
}

/** The ids of a category and all its sub-categories. */
export function descendantsOf(node: QuestionCategoryNode): string[] {
  return [node.catid, ...node.children.flatMap(descendantsOf)];
}
