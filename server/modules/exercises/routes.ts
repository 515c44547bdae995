import type { FastifyPluginAsync } from 'fastify';
import { exerciseCalls as calls } from '../../../shared/calls/exercises';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as admin from './exercises-admin.service';
import * as student from './exercises.service';

/** Chapter exercise calls (shared/calls/exercises.ts). */
export const exercisesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.exeList, async ({ body }, _reply, caller) => ok(await admin.exeList(ctx, caller.userId, body.coid)));
  route(app, calls.updateExec, async ({ body }, _reply, caller) =>
    ok(await admin.updateExec(ctx, caller.userId, body)),
  );
  // The study rules decide the rest of the access (an administrator previewing is refused there).
  route(app, calls.list, async ({ body }, _reply, caller) =>
    ok(await student.exerciseList(ctx, caller, body.coid, body.cid)),
  );
  route(app, calls.question, async ({ body }, _reply, caller) =>
    ok(await student.questionDetail(ctx, caller, body.coid, body.cid, body.qid)),
  );
  route(app, calls.answer, async ({ body }, _reply, caller) => ok(await student.submitAnswer(ctx, caller, body)));
  route(app, calls.submit, async ({ body }, _reply, caller) => ok(await student.submitExercises(ctx, caller, body)));
  route(app, calls.check, async ({ body }, _reply, caller) =>
    ok(await student.checkExercise(ctx, caller, body.coid, body.cid)),
  );
};
