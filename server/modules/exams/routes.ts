import type { FastifyPluginAsync } from 'fastify';
import { examCalls as calls } from '../../../shared/calls/exams';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { examCategoriesOf, examList, examToken, mySittingList, yksExamList, yksTestData } from './exam-list.service';
import { closeOverdueSittings, readSitting, saveAnswer, startSitting, submitSitting } from './sittings.service';
import { leads } from '../cluster/nodes';

/**
 * Student exam calls (shared/calls/exams.ts). The sweeper closes overdue sittings every EXAM_SWEEP_MS of the
 * config (default 15 s; unref'd, stopped on close: a sitting is submitted at its deadline by the server even if
 * the browser is gone); every read of a sitting also closes it when overdue.
 */
export const examsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  const sweep = async () => {
    if (!leads(ctx)) return;
    try {
      await closeOverdueSittings(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, 'exam deadline sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), ctx.config.EXAM_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  route(app, calls.categories, async ({ query }, _reply, student) => ok(await examCategoriesOf(ctx, student, query)));
  route(app, calls.list, async ({ query }, _reply, student) => ok(await examList(ctx, student, query)));
  route(app, calls.mySittings, async ({ query }, _reply, student) => ok(await mySittingList(ctx, student, query)));
  route(app, calls.start, async ({ body }, _reply, student) => ok(await startSitting(ctx, student, body)));
  route(app, calls.sitting, async ({ query }, _reply, student) => ok(await readSitting(ctx, student, query.sittingId)));
  route(app, calls.answer, async ({ body }, _reply, student) => ok(await saveAnswer(ctx, student, body)));
  route(app, calls.submit, async ({ body }, _reply, student) => ok(await submitSitting(ctx, student, body.sittingId)));
  route(app, calls.token, async ({ query }, _reply, student) => ok(await examToken(ctx, student, query)));
  route(app, calls.yksTestData, async ({ query }, _reply, student) => ok(await yksTestData(ctx, student, query)));
  route(app, calls.chapterExams, async ({ query }, _reply, student) => ok(await yksExamList(ctx, student, query)));
};
