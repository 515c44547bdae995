import type { FastifyPluginAsync } from 'fastify';
import { exerciseCalls as calls } from '../../../shared/calls/exercises';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as admin from './exercises-admin.service';
import * as student from './exercises.service';

/** Chapter exercise calls (shared/calls/exercises.ts). */
export const exercisesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.exeList, ({ body }, _reply, caller) => ok(admin.exeList(ctx, caller.userId, body.coid)));
  route(app, calls.updateExec, ({ body }, _reply, caller) => ok(admin.updateExec(ctx, caller.userId, body)));
  // The study rules decide the rest of the access (an administrator previewing is refused there).
  route(app, calls.list, ({ body }, _reply, caller) => ok(student.exerciseList(ctx, caller, body.coid, body.cid)));
  route(app, calls.question, ({ body }, _reply, caller) =>
    ok(student.questionDetail(ctx, caller, body.coid, body.cid, body.qid)),
  );
  route(app, calls.answer, ({ body }, _reply, caller) => ok(student.submitAnswer(ctx, caller, body)));
  route(app, calls.submit, ({ body }, _reply, caller) => ok(student.submitExercises(ctx, caller, body)));
  route(app, calls.check, ({ body }, _reply, caller) => ok(student.checkExercise(ctx, caller, body.coid, body.cid)));
};
