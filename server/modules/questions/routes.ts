import type { FastifyPluginAsync } from 'fastify';
import { questionCalls as calls } from '../../../shared/calls/questions';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as categories from './question-categories.service';
import { questionFileRoutes } from './question-file.routes';
import * as questions from './questions.service';

/** Question bank calls (shared/calls/questions.ts) and the bank's files (question-file.routes.ts). */
export const questionsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, ({ query }, _reply, admin) => ok(questions.listQuestions(ctx, admin.schoolId, query)));
  route(app, calls.item, ({ query }, _reply, admin) => ok(questions.getQuestion(ctx, admin.schoolId, query.qid)));
  route(app, calls.add, ({ body }, _reply, admin) => ok(questions.addQuestion(ctx, admin, body)));
  route(app, calls.update, ({ body }, _reply, admin) => ok(questions.updateQuestion(ctx, admin, body)));
  route(app, calls.remove, ({ body }, _reply, admin) => ok(questions.deleteQuestion(ctx, admin, body.qid)));

  // ---- categories ----
  route(app, calls.categories, (_request, _reply, admin) => ok({ tree: categories.categoryTree(ctx, admin.schoolId) }));
  route(app, calls.addCategory, ({ body }, _reply, admin) => ok(categories.addCategory(ctx, admin.schoolId, body)));
  route(app, calls.renameCategory, ({ body }, _reply, admin) =>
    ok(categories.renameCategory(ctx, admin.schoolId, body)),
  );
  route(app, calls.moveCategory, ({ body }, _reply, admin) =>
    ok({ tree: categories.moveCategory(ctx, admin.schoolId, body) }),
  );
  route(app, calls.deleteCategory, ({ body }, _reply, admin) =>
    ok(categories.deleteCategory(ctx, admin.schoolId, body.catid)),
  );

  // The files (export, template) are not envelope calls: they keep the module's no-store through this hook,
  // in their own scope (the import calls registered beside them declare it too).
  await app.register(async (files) => {
    files.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    await files.register(questionFileRoutes);
  });
};
