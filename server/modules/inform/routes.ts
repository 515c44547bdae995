import type { FastifyPluginAsync } from 'fastify';
import { informCalls as calls } from '../../../shared/calls/inform';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as settings from './inform-settings.service';
import * as inform from './inform.service';

/** Notices by e-mail and SMS (shared/calls/inform.ts). */
export const informRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.settings, (_request, _reply, admin) => ok(settings.getSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, ({ body }, _reply, admin) => ok(settings.saveSettings(ctx, admin.schoolId, body)));
  route(app, calls.testEmail, async ({ body }, _reply, admin) =>
    ok(await settings.testEmail(ctx, admin.schoolId, body.to)),
  );
  route(app, calls.testSms, async ({ body }, _reply, admin) =>
    ok(await settings.testSms(ctx, admin.schoolId, body.phone)),
  );
  route(app, calls.templates, (_request, _reply, admin) => ok(settings.listTemplates(ctx, admin.schoolId)));
  route(app, calls.saveTemplate, ({ body }, _reply, admin) => ok(settings.saveTemplate(ctx, admin.schoolId, body)));
  route(app, calls.resetTemplate, ({ body }, _reply, admin) => ok(settings.resetTemplate(ctx, admin.schoolId, body)));
  route(app, calls.log, ({ query }, _reply, admin) => ok(inform.deliveryLog(ctx, admin.schoolId, query)));
  route(app, calls.retry, ({ body }, _reply, admin) => ok(inform.retryDelivery(ctx, admin.schoolId, body.id)));
  route(app, calls.optout, (_request, _reply, student) => ok(inform.optout(ctx, student.userId)));
  route(app, calls.setOptout, ({ body }, _reply, student) => ok(inform.setOptout(ctx, student.userId, body.optedOut)));
};
