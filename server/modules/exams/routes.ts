import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/exams';
import { requireStudent } from '../../plugins/auth';
import { examCategoriesOf, examList, examToken, mySittingList, yksExamList, yksTestData } from './exam-list.service';
import { closeOverdueSittings, readSitting, saveAnswer, startSitting, submitSitting } from './sittings.service';

/**
 * Student exam calls (issue 6 'Exams'; spec 7 stu/exams, student/examcate, examlist, getExamToken,
 * getykstestdata, getyksExamlist): a signed-in student (401 'no login' otherwise). Every reply is the
 * student's own and not cached. The sweeper closes overdue sittings every EXAM_SWEEP_MS of the config (default
 * 15 s; unref'd, stopped on close: issue 6 "submission at the deadline by the server even if the browser is gone"); every read of a sitting also closes it when overdue.
 */
export const examsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['exams (student)'];

  const sweep = () => {
    try {
      closeOverdueSittings(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'exam deadline sweep failed');
    }
  };
  const timer = setInterval(sweep, ctx.config.EXAM_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/student/examcate', { schema: { tags, summary: 'Exam categories holding exams I may sit (at most 10).', querystring: s.zExamCateQuery, response: { 200: zOkReply(s.zExamCategories) } } }, async (request) =>
    ok(examCategoriesOf(ctx, requireStudent(request), request.query)),
  );

  app.get('/examlist', { schema: { tags, summary: "A category's exams I may sit: window, duration, attempts used and left, best score, state.", querystring: s.zExamListQuery, response: { 200: zOkReply(s.zExamList) } } }, async (request) =>
    ok(examList(ctx, requireStudent(request), request.query)),
  );

  app.get('/stu/exams', { schema: { tags, summary: 'My sittings (exam records), newest first, with score and pass when the exam shows results.', querystring: s.zMySittingsQuery, response: { 200: zOkReply(s.zMySittings) } } }, async (request) =>
    ok(mySittingList(ctx, requireStudent(request), request.query)),
  );

  app.post(
    '/exam/start',
    { schema: { tags, summary: 'Starts (or resumes) a sitting by exam id or exid; 403 outside the window, without attempts or audience; 409 while another sitting is open.', body: s.zStartExam, response: { 200: zOkReply(s.zSitting) } } },
    async (request) => ok(startSitting(ctx, requireStudent(request), request.body)),
  );

  app.get('/exam/sitting', { schema: { tags, summary: 'One of my sittings: questions without answers, saved answers, deadline and the server now; the result once submitted.', querystring: s.zSittingRef, response: { 200: zOkReply(s.zSitting) } } }, async (request) =>
    ok(readSitting(ctx, requireStudent(request), request.query.sittingId)),
  );

  app.post('/exam/answer', { schema: { tags, summary: 'Saves one answer as it is given; 409 after the deadline or the submission.', body: s.zSaveAnswer, response: { 200: zOkReply(s.zSavedAnswer) } } }, async (request) =>
    ok(saveAnswer(ctx, requireStudent(request), request.body)),
  );

  app.post('/exam/submit', { schema: { tags, summary: 'Submits my sitting: graded and settled; the result as far as the exam shows it.', body: s.zSittingRef, response: { 200: zOkReply(s.zSitting) } } }, async (request) =>
    ok(submitSitting(ctx, requireStudent(request), request.body.sittingId)),
  );

  app.get('/getExamToken', { schema: { tags, summary: 'loginKey (the school key), a short-lived token and the sealed exid of an exam URL.', querystring: s.zExamTokenQuery, response: { 200: zOkReply(s.zExamToken) } } }, async (request) =>
    ok(examToken(ctx, requireStudent(request), request.query)),
  );

  app.get('/learn/getykstestdata', { schema: { tags, summary: "My results of a chapter's exam as testData JSON.", querystring: s.zYksTestQuery, response: { 200: zOkReply(s.zYksTestData) } } }, async (request) =>
    ok(yksTestData(ctx, requireStudent(request), request.query)),
  );

  app.get('/learn/getyksExamlist', { schema: { tags, summary: "A course's chapter exams I may sit, with my results.", querystring: s.zYksExamListQuery, response: { 200: zOkReply(s.zYksExamList) } } }, async (request) =>
    ok(yksExamList(ctx, requireStudent(request), request.query)),
  );
};
