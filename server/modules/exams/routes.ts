import type { FastifyPluginAsync } from 'fastify';
import { examCalls as calls } from '../../../shared/calls/exams';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { examCategoriesOf, examList, examToken, mySittingList, yksExamList, yksTestData } from './exam-list.service';
import { closeOverdueSittings, readSitting, saveAnswer, startSitting, submitSitting } from './sittings.service';

/**
 * Student exam calls (shared/calls/exams.ts). The sweeper closes overdue sittings every EXAM_SWEEP_MS of the
 * config (default 15 s; unref'd, stopped on close: a sitting is submitted at its deadline by the server even if
 * the browser is gone); every read of a sitting also closes it when overdue.
 */
export const examsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

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

  route(app, calls.categories, ({ query }, _reply, student) => ok(examCategoriesOf(ctx, student, query)));
  route(app, calls.list, ({ query }, _reply, student) => ok(examList(ctx, student, query)));
  route(app, calls.mySittings, ({ query }, _reply, student) => ok(mySittingList(ctx, student, query)));
  route(app, calls.start, ({ body }, _reply, student) => ok(startSitting(ctx, student, body)));
  route(app, calls.sitting, ({ query }, _reply, student) => ok(readSitting(ctx, student, query.sittingId)));
  route(app, calls.answer, ({ body }, _reply, student) => ok(saveAnswer(ctx, student, body)));
  route(app, calls.submit, ({ body }, _reply, student) => ok(submitSitting(ctx, student, body.sittingId)));
  route(app, calls.token, ({ query }, _reply, student) => ok(examToken(ctx, student, query)));
  route(app, calls.yksTestData, ({ query }, _reply, student) => ok(yksTestData(ctx, student, query)));
  route(app, calls.chapterExams, ({ query }, _reply, student) => ok(yksExamList(ctx, student, query)));
};
