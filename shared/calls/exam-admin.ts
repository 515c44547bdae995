/**
 * Back-office exam calls: exam categories, papers, exams, results, marking (graded on the
 * server: shared/rules/grading and exam-score). Every call needs permission 'exam' and stays within the
 * administrator's school (another school's rows answer 404). Replies are never cached. The results' XLSX download
 * (GET examadmin/exam/export) is a file, not a declared call: server/modules/exam-admin/routes.ts.
 */
import * as s from '../schemas/exam-admin';
import { defineCall } from '../contract';

const access = { admin: 'exam' } as const;
const catTags = ['exams (back office): categories'];
const paperTags = ['exams (back office): papers'];
const examTags = ['exams (back office): exams'];
const markTags = ['exams (back office): marking'];
/** Common parts of every call here. */
const base = { access, noStore: true } as const;

export const examAdminCalls = {
  // ---- exam categories ----
  categories: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/category/list',
    tags: catTags,
    summary: "The school's exam categories in order, with their exams counted.",
    reply: s.zExamCategoryList,
  }),
  addCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/category/add',
    tags: catTags,
    summary: 'Adds an exam category at the end.',
    body: s.zNewExamCategory,
    reply: s.zExamCategoryList,
  }),
  renameCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/category/rename',
    tags: catTags,
    summary: 'Renames an exam category.',
    body: s.zRenameExamCategory,
    reply: s.zExamCategoryList,
  }),
  orderCategories: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/category/order',
    tags: catTags,
    summary: "Sets the categories' order (every id of the school once).",
    body: s.zOrderExamCategories,
    reply: s.zExamCategoryList,
  }),
  deleteCategory: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/category/delete',
    tags: catTags,
    summary: "Deletes an exam category; 409 'exam category is used by exams' while exams are filed under it.",
    body: s.zRef,
    reply: s.zExamCategoryList,
  }),

  // ---- papers ----
  papers: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/paper/list',
    tags: paperTags,
    summary: "The school's papers, latest change first (key filters by title).",
    query: s.zPaperListQuery,
    reply: s.zPaperList,
  }),
  paper: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/paper/info',
    tags: paperTags,
    summary: 'A paper with its questions (fixed) or draw rules (random).',
    query: s.zRef,
    reply: s.zPaperInfo,
  }),
  savePaper: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/paper/save',
    tags: paperTags,
    summary:
      "Creates (no id) or edits a paper: fixed (the school's questions, not deleted, with points) or random (draw " +
      'rules the bank can satisfy); the total is computed, 0 < passScore ≤ total.',
    body: s.zSavePaper,
    reply: s.zPaperInfo,
  }),
  copyPaper: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/paper/copy',
    tags: paperTags,
    summary: 'Copies a paper (its questions or rules and scores).',
    body: s.zCopyPaper,
    reply: s.zPaperInfo,
  }),
  deletePaper: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/paper/delete',
    tags: paperTags,
    summary: "Deletes a paper (kept as deleted); 409 'paper is used by exams' while an exam uses it.",
    body: s.zRef,
    reply: s.zRef,
  }),

  // ---- exams ----
  exams: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/exam/list',
    tags: examTags,
    summary:
      "The school's exams with category, paper, window, sittings and marks due (key, categoryId, status filter).",
    query: s.zExamListQuery,
    reply: s.zExamList,
  }),
  exam: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/exam/info',
    tags: examTags,
    summary: "An exam with its audience and its paper's scores.",
    query: s.zRef,
    reply: s.zExamInfo,
  }),
  saveExam: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/exam/save',
    tags: examTags,
    summary:
      'Creates (a draft; no id) or edits an exam: paper, category, minutes, window (closes after it opens), ' +
      "attempts (0 unlimited), results shown, audience (groups/courses), or a chapter's exam (an exam chapter or " +
      "a plan stage; one per chapter, 409 'chapter already has an exam').",
    body: s.zSaveExam,
    reply: s.zExamInfo,
  }),
  publishExam: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/exam/publish',
    tags: examTags,
    summary: 'Publishes or unpublishes an exam.',
    body: s.zPublishExam,
    reply: s.zExamInfo,
  }),
  deleteExam: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/exam/delete',
    tags: examTags,
    summary:
      "Deletes an exam (kept as deleted with its sittings); 409 'exam has a sitting in progress' while one is open.",
    body: s.zRef,
    reply: s.zRef,
  }),
  examChapters: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/exam/chapters',
    tags: examTags,
    summary:
      "The chapters of a school's course that may carry an exam (exam chapters, a study plan's stages) and the " +
      'exam on each.',
    query: s.zExamChaptersQuery,
    reply: s.zExamChapters,
  }),

  // ---- results ----
  sittings: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/exam/sittings',
    tags: examTags,
    summary:
      "An exam's sittings: student, attempt, times, how it closed, score, pass, marks due (key, filter, paging).",
    query: s.zSittingListQuery,
    reply: s.zSittingList,
  }),
  stats: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/exam/stats',
    tags: examTags,
    summary:
      'Per-question statistics over submitted sittings: answered, right and its rate, average points, options ' +
      'chosen.',
    query: s.zRef,
    reply: s.zExamStats,
  }),

  // ---- marking ----
  marking: defineCall({
    ...base,
    method: 'GET',
    path: 'examadmin/marking/list',
    tags: markTags,
    summary:
      'Short answers waiting for a mark (or marked): of submitted exam sittings (source exam) or chapter ' +
      'exercises (source exercise), with the question and model answer.',
    query: s.zMarkingQuery,
    reply: s.zMarkingList,
  }),
  mark: defineCall({
    ...base,
    method: 'POST',
    path: 'examadmin/marking/mark',
    tags: markTags,
    summary:
      "Marks a short answer with 0..its points (full points is right); an exam mark settles the sitting's score " +
      "and pass (and a chapter exam's learn record). Marked answers may be marked again.",
    body: s.zMark,
    reply: s.zMarkReply,
  }),
};
