import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/questions';
import { requireAdmin } from '../../plugins/auth';
import * as categories from './question-categories.service';
import * as questions from './questions.service';
import { questionFileRoutes } from './question-file.routes';

const tags = ['question bank (back office)'];

/**
 * Question bank calls (issue 6 'Question bank (back office)'). Every call needs permission group 'question'
 * (spec 6), but for the list and the category tree, which the question pickers of 'exam' (papers) and
 * 'course' (chapter exercises) administrators read too; each sees only the administrator's school: another
 * school's question or category is 'not found'.
 */
export const questionsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const adminOf = (request: FastifyRequest) => requireAdmin(request, 'question');
  const schoolOf = (request: FastifyRequest) => adminOf(request).schoolId;
  // The question picker of the paper editor ('exam') and of chapter exercises ('course') reads the bank too.
  const pickerSchoolOf = (request: FastifyRequest) => requireAdmin(request, ['question', 'exam', 'course']).schoolId;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get(
    '/question/list',
    {
      schema: {
        tags,
        summary: 'A page of the bank, newest first: keyword in the content, category (catid, with its sub-categories), type, difficulty, tag. Rows carry a plain-text excerpt (used by the question picker).',
        querystring: s.zQuestionListQuery,
        response: { 200: zOkReply(s.zQuestionList) },
      },
    },
    async (request) => ok(questions.listQuestions(ctx, pickerSchoolOf(request), request.query)),
  );

  app.get(
    '/question/item',
    { schema: { tags, summary: 'One question with its answer, explanation and options (404 for a deleted one or another school\'s).', querystring: s.zQuestionRef, response: { 200: zOkReply(s.zAdminQuestion) } } },
    async (request) => ok(questions.getQuestion(ctx, schoolOf(request), request.query.qid)),
  );

  app.post(
    '/question/add',
    {
      schema: {
        tags,
        summary:
          "Adds a question. Per kind: single choice ≥ 2 options and exactly one correct id; multiple ≥ 2 and ≥ 1 correct (stored ascending); true/false no options and answer '0' (true) or '1'; short answer a model answer ≤ 500 characters. Option ids are '1', '2' ... in order. 400 with data.issues [{field, code, message}]. Content, options and explanation are sanitised.",
        body: s.zNewQuestion,
        response: { 200: zOkReply(s.zAdminQuestion) },
      },
    },
    async (request) => ok(questions.addQuestion(ctx, adminOf(request), request.body)),
  );

  app.post(
    '/question/update',
    {
      schema: {
        tags,
        summary: 'Replaces a question (same checks as question/add); its version grows by one. Stored options keep their ids; new ones get the next id after the largest stored.',
        body: s.zUpdateQuestion,
        response: { 200: zOkReply(s.zAdminQuestion) },
      },
    },
    async (request) => ok(questions.updateQuestion(ctx, adminOf(request), request.body)),
  );

  app.post(
    '/question/delete',
    {
      schema: {
        tags,
        summary: "Deletes a question (kept with deleted = true so old answers still name it). 409 'question in use: N paper(s), M exercise set(s)' (data {papers, exerciseSets}) while a paper or an exercise set uses it.",
        body: s.zQuestionRef,
        response: { 200: zOkReply(s.zQuestionDeleted) },
      },
    },
    async (request) => ok(questions.deleteQuestion(ctx, adminOf(request), request.body.qid)),
  );

  // ---- categories ----

  app.get(
    '/question/category/list',
    { schema: { tags, summary: "The school's bank categories as a tree, each with its live question count (count) and with its sub-categories' (total).", response: { 200: zOkReply(s.zQuestionCategoryTree) } } },
    async (request) => ok({ tree: categories.categoryTree(ctx, pickerSchoolOf(request)) }),
  );

  app.post(
    '/question/category/add',
    { schema: { tags, summary: "Adds a category under parent_id ('0' = first level), last among its siblings.", body: s.zNewQuestionCategory, response: { 200: zOkReply(s.zQuestionCategoryNode) } } },
    async (request) => ok(categories.addCategory(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/question/category/rename',
    { schema: { tags, summary: 'Renames a category.', body: s.zRenameQuestionCategory, response: { 200: zOkReply(z.object({ catid: z.string(), title: z.string() })) } } },
    async (request) => ok(categories.renameCategory(ctx, schoolOf(request), request.body)),
  );

  app.post(
    '/question/category/move',
    {
      schema: {
        tags,
        summary: "Moves a category under parent_id ('0' = first level) at position among its new siblings (last when absent); 400 under itself or its own sub-category. Answers the whole tree.",
        body: s.zMoveQuestionCategory,
        response: { 200: zOkReply(s.zQuestionCategoryTree) },
      },
    },
    async (request) => ok({ tree: categories.moveCategory(ctx, schoolOf(request), request.body) }),
  );

  app.post(
    '/question/category/delete',
    {
      schema: {
        tags,
        summary: "Deletes an empty category with its empty sub-categories. 409 'category has questions' (data {questions}) while it or a sub-category holds questions: move or delete them first.",
        body: s.zQuestionCategoryRef,
        response: { 200: zOkReply(z.object({ catid: z.string(), deleted: z.literal(true) })) },
      },
    },
    async (request) => ok(categories.deleteCategory(ctx, schoolOf(request), request.body.catid)),
  );

  await app.register(questionFileRoutes);
};
