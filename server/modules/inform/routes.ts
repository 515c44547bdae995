import type { FastifyPluginAsync } from 'fastify';
import { informCalls as calls } from '../../../shared/calls/inform';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as settings from './inform-settings.service';
import * as inform from './inform.service';

/** Notices by e-mail and SMS (shared/calls/inform.ts). */
export const informRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.settings, async (_request, _reply, admin) => ok(await settings.getSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, async ({ body }, _reply, admin) =>
    ok(await settings.saveSettings(ctx, admin.schoolId, body)),
  );
  route(app, calls.testEmail, async ({ body }, _reply, admin) =>
    ok(await settings.testEmail(ctx, admin.schoolId, body.to)),
  );
  route(app, calls.testSms, async ({ body }, _reply, admin) =>
    ok(await settings.testSms(ctx, admin.schoolId, body.phone)),
  );
  route(app, calls.templates, async (_request, _reply, admin) => ok(await settings.listTemplates(ctx, admin.schoolId)));
  route(app, calls.saveTemplate, async ({ body }, _reply, admin) =>
    ok(await settings.saveTemplate(ctx, admin.schoolId, body)),
  );
  route(app, calls.resetTemplate, async ({ body }, _reply, admin) =>
    ok(await settings.resetTemplate(ctx, admin.schoolId, body)),
  );
  route(app, calls.log, async ({ query }, _reply, admin) => ok(await inform.deliveryLog(ctx, admin.schoolId, query)));
  route(app, calls.retry, async ({ body }, _reply, admin) =>
    ok(await inform.retryDelivery(ctx, admin.schoolId, body.id)),
  );
  route(app, calls.optout, async (_request, _reply, student) => ok(await inform.optout(ctx, student.userId)));
  route(app, calls.setOptout, async ({ body }, _reply, student) =>
    ok(await inform.setOptout(ctx, student.userId, body.optedOut)),
  );
};
