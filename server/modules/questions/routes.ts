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

  route(app, calls.list, async ({ query }, _reply, admin) =>
    ok(await questions.listQuestions(ctx, admin.schoolId, query)),
  );
  route(app, calls.item, async ({ query }, _reply, admin) =>
    ok(await questions.getQuestion(ctx, admin.schoolId, query.qid)),
  );
  route(app, calls.add, async ({ body }, _reply, admin) => ok(await questions.addQuestion(ctx, admin, body)));
  route(app, calls.update, async ({ body }, _reply, admin) => ok(await questions.updateQuestion(ctx, admin, body)));
  route(app, calls.remove, async ({ body }, _reply, admin) => ok(await questions.deleteQuestion(ctx, admin, body.qid)));

  // ---- categories ----
  route(app, calls.categories, async (_request, _reply, admin) =>
    ok({ tree: await categories.categoryTree(ctx, admin.schoolId) }),
  );
  route(app, calls.addCategory, async ({ body }, _reply, admin) =>
    ok(await categories.addCategory(ctx, admin.schoolId, body)),
  );
  route(app, calls.renameCategory, async ({ body }, _reply, admin) =>
    ok(await categories.renameCategory(ctx, admin.schoolId, body)),
  );
  route(app, calls.moveCategory, async ({ body }, _reply, admin) =>
    ok({ tree: await categories.moveCategory(ctx, admin.schoolId, body) }),
  );
  route(app, calls.deleteCategory, async ({ body }, _reply, admin) =>
    ok(await categories.deleteCategory(ctx, admin.schoolId, body.catid)),
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
