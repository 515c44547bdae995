import type { FastifyPluginAsync } from 'fastify';
import { studentFieldCalls as calls } from '../../../shared/calls/student-fields';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as service from './student-fields.service';

/** Custom student fields and student settings (shared/calls/student-fields.ts). */
export const studentFieldsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, (_request, _reply, admin) => ok(service.listFields(ctx, admin.schoolId)));
  route(app, calls.add, (request, _reply, admin) => ok(service.addField(ctx, admin.schoolId, request.body)));
  route(app, calls.edit, (request, _reply, admin) => ok(service.editField(ctx, admin.schoolId, request.body)));
  route(app, calls.remove, (request, _reply, admin) => ok(service.deleteField(ctx, admin.schoolId, request.body.sfid)));
  route(app, calls.schoolFields, (_request, _reply, caller) =>
    ok({ fields: service.schoolFields(ctx.db, caller.schoolId) }),
  );
  route(app, calls.settings, (_request, _reply, admin) => ok(service.studentSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, (request, _reply, admin) =>
    ok(service.saveStudentSettings(ctx, admin.schoolId, request.body)),
  );
};
