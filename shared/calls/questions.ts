/**
 * Question bank calls (back office). Every call needs permission group 'question'
 * (spec 6), but for the list and the category tree, which the question pickers of 'exam' (papers) and 'course'
 * (chapter exercises) administrators read too; each sees only the administrator's school: another school's
 * question or category is 'not found'. Replies are never cached. The XLSX export and the template (files, not
 * the envelope) are plain routes: server/modules/questions/question-file.routes.ts.
 */
import * as s from '../schemas/questions';
import { defineCall } from '../contract';

const base = { access: { admin: 'question' }, tags: ['question bank (back office)'], noStore: true } as const;
/** The question pickers of the paper editor ('exam') and of chapter exercises ('course') read the bank too. */
const picker = { ...base, access: { admin: ['question', 'exam', 'course'] } } as const;

export const questionCalls = {
  list: defineCall({
    ...picker,
    method: 'GET',
    path: 'question/list',
    summary:
      'A page of the bank, newest first: keyword in the content, category (catid, with its sub-categories), type, ' +
      'difficulty, tag. Rows carry a plain-text excerpt (used by the question picker).',
    query: s.zQuestionListQuery,
    reply: s.zQuestionList,
  }),
  item: defineCall({
    ...base,
    method: 'GET',
    path: 'question/item',
    summary: "One question with its answer, explanation and options (404 for a deleted one or another school's).",
    query: s.zQuestionRef,
    reply: s.zAdminQuestion,
  }),
  add: defineCall({
    ...base,
    method: 'POST',
    path: 'question/add',
    summary:
      'Adds a question. Per kind: single choice ≥ 2 options and exactly one correct id; multiple ≥ 2 and ≥ 1 ' +
      "correct (stored ascending); true/false no options and answer '0' (true) or '1'; short answer a model " +
      "answer ≤ 500 characters. Option ids are '1', '2' ... in order. 400 with data.issues [{field, code, " +
      'message}]. Content, options and explanation are sanitised.',
    body: s.zNewQuestion,
    reply: s.zAdminQuestion,
  }),
  update: defineCall({
    ...base,
    method: 'POST',
    path: 'question/update',
    summary:
      'Replaces a question (same checks as question/add); its version grows by one. Stored options keep their ' +
      'ids; new ones get the next id after the largest stored.',
    body: s.zUpdateQuestion,
    reply: s.zAdminQuestion,
  }),
  remove: defineCall({
    ...base,
    method: 'POST',
    path: 'question/delete',
    summary:
      "Deletes a question (kept with deleted = true so old answers still name it). 409 'question in use: N " +
      "paper(s), M exercise set(s)' (data {papers, exerciseSets}) while a paper or an exercise set uses it.",
    body: s.zQuestionRef,
    reply: s.zQuestionDeleted,
  }),

  // ---- categories ----
  categories: defineCall({
    ...picker,
    method: 'GET',
    path: 'question/category/list',
    summary:
      "The school's bank categories as a tree, each with its live question count (count) and with its " +
      "sub-categories' (total).",
    reply: s.zQuestionCategoryTree,
  }),
  addCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'question/category/add',
    summary: "Adds a category under parent_id ('0' = first level), last among its siblings.",
    body: s.zNewQuestionCategory,
    reply: s.zQuestionCategoryNode,
  }),
  renameCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'question/category/rename',
    summary: 'Renames a category.',
    body: s.zRenameQuestionCategory,
    reply: s.zQuestionCategoryRenamed,
  }),
  moveCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'question/category/move',
    summary:
      "Moves a category under parent_id ('0' = first level) at position among its new siblings (last when " +
      'absent); 400 under itself or its own sub-category. Answers the whole tree.',
    body: s.zMoveQuestionCategory,
    reply: s.zQuestionCategoryTree,
  }),
  deleteCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'question/category/delete',
    summary:
      "Deletes an empty category with its empty sub-categories. 409 'category has questions' (data {questions}) " +
      'while it or a sub-category holds questions: move or delete them first.',
    body: s.zQuestionCategoryRef,
    reply: s.zQuestionCategoryDeleted,
  }),
  // Multipart: the file is read in the handler, after the permission is checked.
  importPreview: defineCall({
    ...base,
    method: 'POST',
    path: 'question/import/preview',
    summary:
      "Dry run of an import (multipart, file field 'file-select' or 'file', an .xlsx of at most 5 MB): every " +
      'problem with its row number (the heading row is 1), column and reason, and the rows that would be ' +
      'created. Writes nothing.',
    multipart: true,
    reply: s.zImportReport,
  }),
  importCommit: defineCall({
    ...base,
    method: 'POST',
    path: 'question/import',
    summary:
      'Imports an .xlsx (as question/import/preview) all or nothing: every row created in one transaction, with ' +
      "the categories it names that do not exist (first level). 400 'import has bad rows' with the report as " +
      'data when any row is bad: nothing is written.',
    multipart: true,
    reply: s.zImportReport,
  }),
};
