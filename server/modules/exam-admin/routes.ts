import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/exam-admin';
import { sendAttachment } from '../../lib/send-file';
import { requireAdmin } from '../../plugins/auth';
import * as exams from './exams-admin.service';
import { mark, markingList } from './marking.service';
import * as papers from './papers.service';
import { exportResults } from './results-export.service';
import { examStats, listSittings } from './results.service';

/**
 * Back-office exam calls: exam categories, papers, exams, results, marking (issue 6 'Exams', 'Records',
 * 'Grading on the server'). Every call needs permission 'exam' and stays within the administrator's school
 * (another school's rows answer 404). Replies are never cached.
 */
export const examAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const admin = (request: FastifyRequest) => requireAdmin(request, 'exam');
  const schoolOf = (request: FastifyRequest) => admin(request).schoolId;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // ---- exam categories ----
  const catTags = ['exams (back office): categories'];
  const catReply = { 200: zOkReply(s.zExamCategoryList) };
  app.get('/examadmin/category/list', { schema: { tags: catTags, summary: "The school's exam categories in order, with their exams counted.", response: catReply } }, async (request) =>
    ok(papers.listCategories(ctx, schoolOf(request))),
  );
  app.post('/examadmin/category/add', { schema: { tags: catTags, summary: 'Adds an exam category at the end.', body: s.zNewExamCategory, response: catReply } }, async (request) =>
    ok(papers.addCategory(ctx, schoolOf(request), request.body.title)),
  );
  app.post('/examadmin/category/rename', { schema: { tags: catTags, summary: 'Renames an exam category.', body: s.zRenameExamCategory, response: catReply } }, async (request) =>
    ok(papers.renameCategory(ctx, schoolOf(request), request.body.id, request.body.title)),
  );
  app.post('/examadmin/category/order', { schema: { tags: catTags, summary: "Sets the categories' order (every id of the school once).", body: s.zOrderExamCategories, response: catReply } }, async (request) =>
    ok(papers.orderCategories(ctx, schoolOf(request), request.body.ids)),
  );
  app.post(
    '/examadmin/category/delete',
    { schema: { tags: catTags, summary: "Deletes an exam category; 409 'exam category is used by exams' while exams are filed under it.", body: s.zRef, response: catReply } },
    async (request) => ok(papers.deleteCategory(ctx, schoolOf(request), request.body.id)),
  );

  // ---- papers ----
  const paperTags = ['exams (back office): papers'];
  const paperReply = { 200: zOkReply(s.zPaperInfo) };
  app.get('/examadmin/paper/list', { schema: { tags: paperTags, summary: "The school's papers, latest change first (key filters by title).", querystring: s.zPaperListQuery, response: { 200: zOkReply(s.zPaperList) } } }, async (request) =>
    ok(papers.listPapers(ctx, schoolOf(request), request.query)),
  );
  app.get('/examadmin/paper/info', { schema: { tags: paperTags, summary: 'A paper with its questions (fixed) or draw rules (random).', querystring: s.zRef, response: paperReply } }, async (request) =>
    ok(papers.paperInfo(ctx, schoolOf(request), request.query.id)),
  );
  app.post(
    '/examadmin/paper/save',
    {
      schema: {
        tags: paperTags,
        summary:
          "Creates (no id) or edits a paper: fixed (the school's questions, not deleted, with points) or random (draw rules the bank can satisfy); the total is computed, 0 < passScore ≤ total.",
        body: s.zSavePaper,
        response: paperReply,
      },
    },
    async (request) => ok(papers.savePaper(ctx, schoolOf(request), request.body)),
  );
  app.post('/examadmin/paper/copy', { schema: { tags: paperTags, summary: 'Copies a paper (its questions or rules and scores).', body: s.zCopyPaper, response: paperReply } }, async (request) =>
    ok(papers.copyPaper(ctx, schoolOf(request), request.body.id, request.body.title)),
  );
  app.post(
    '/examadmin/paper/delete',
    { schema: { tags: paperTags, summary: "Deletes a paper (kept as deleted); 409 'paper is used by exams' while an exam uses it.", body: s.zRef, response: { 200: zOkReply(s.zRef) } } },
    async (request) => ok(papers.deletePaper(ctx, schoolOf(request), request.body.id)),
  );

  // ---- exams ----
  const examTags = ['exams (back office): exams'];
  const examReply = { 200: zOkReply(s.zExamInfo) };
  app.get(
    '/examadmin/exam/list',
    { schema: { tags: examTags, summary: "The school's exams with category, paper, window, sittings and marks due (key, categoryId, status filter).", querystring: s.zExamListQuery, response: { 200: zOkReply(s.zExamList) } } },
    async (request) => ok(exams.listExams(ctx, schoolOf(request), request.query)),
  );
  app.get('/examadmin/exam/info', { schema: { tags: examTags, summary: 'An exam with its audience and its paper\'s scores.', querystring: s.zRef, response: examReply } }, async (request) =>
    ok(exams.examInfo(ctx, schoolOf(request), request.query.id)),
  );
  app.post(
    '/examadmin/exam/save',
    {
      schema: {
        tags: examTags,
        summary:
          "Creates (a draft; no id) or edits an exam: paper, category, minutes, window (closes after it opens), attempts (0 unlimited), results shown, audience (groups/courses), or a chapter's exam (an exam chapter or a plan stage; one per chapter, 409 'chapter already has an exam').",
        body: s.zSaveExam,
        response: examReply,
      },
    },
    async (request) => ok(exams.saveExam(ctx, admin(request), request.body)),
  );
  app.post('/examadmin/exam/publish', { schema: { tags: examTags, summary: 'Publishes or unpublishes an exam.', body: s.zPublishExam, response: examReply } }, async (request) =>
    ok(exams.publishExam(ctx, schoolOf(request), request.body.id, request.body.publish)),
  );
  app.post(
    '/examadmin/exam/delete',
    { schema: { tags: examTags, summary: "Deletes an exam (kept as deleted with its sittings); 409 'exam has a sitting in progress' while one is open.", body: s.zRef, response: { 200: zOkReply(s.zRef) } } },
    async (request) => ok(exams.deleteExam(ctx, schoolOf(request), request.body.id)),
  );
  app.get(
    '/examadmin/exam/chapters',
    { schema: { tags: examTags, summary: "The chapters of a school's course that may carry an exam (exam chapters, a study plan's stages) and the exam on each.", querystring: s.zExamChaptersQuery, response: { 200: zOkReply(s.zExamChapters) } } },
    async (request) => ok(exams.examChapters(ctx, schoolOf(request), request.query.courseId)),
  );

  // ---- results ----
  app.get(
    '/examadmin/exam/sittings',
    { schema: { tags: examTags, summary: "An exam's sittings: student, attempt, times, how it closed, score, pass, marks due (key, filter, paging).", querystring: s.zSittingListQuery, response: { 200: zOkReply(s.zSittingList) } } },
    async (request) => ok(listSittings(ctx, schoolOf(request), request.query)),
  );
  app.get(
    '/examadmin/exam/stats',
    { schema: { tags: examTags, summary: 'Per-question statistics over submitted sittings: answered, right and its rate, average points, options chosen.', querystring: s.zRef, response: { 200: zOkReply(s.zExamStats) } } },
    async (request) => ok(examStats(ctx, schoolOf(request), request.query.id)),
  );
  app.get(
    '/examadmin/exam/export',
    { schema: { tags: examTags, summary: "An XLSX of the exam's results (every sitting) and per-question statistics.", querystring: s.zRef } },
    async (request, reply) => {
      const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
      const file = await exportResults(ctx, schoolOf(request), request.query.id, locale);
      return reply.send(sendAttachment(reply, file));
    },
  );

  // ---- marking ----
  const markTags = ['exams (back office): marking'];
  app.get(
    '/examadmin/marking/list',
    { schema: { tags: markTags, summary: 'Short answers waiting for a mark (or marked): of submitted exam sittings (source exam) or chapter exercises (source exercise), with the question and model answer.', querystring: s.zMarkingQuery, response: { 200: zOkReply(s.zMarkingList) } } },
    async (request) => ok(markingList(ctx, schoolOf(request), request.query)),
  );
  app.post(
    '/examadmin/marking/mark',
    {
      schema: {
        tags: markTags,
        summary: "Marks a short answer with 0..its points (full points is right); an exam mark settles the sitting's score and pass (and a chapter exam's learn record). Marked answers may be marked again.",
        body: s.zMark,
        response: { 200: zOkReply(s.zMarkReply) },
      },
    },
    async (request) => ok(mark(ctx, admin(request), request.body)),
  );
};
