import type { FastifyPluginAsync } from 'fastify';
import { studentFieldCalls as calls } from '../../../shared/calls/student-fields';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import * as service from './student-fields.service';

/** Custom student fields and student settings (shared/calls/student-fields.ts). */
export const studentFieldsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, calls.list, async (_request, _reply, admin) => ok(await service.listFields(ctx, admin.schoolId)));
  route(app, calls.add, async (request, _reply, admin) =>
    ok(await service.addField(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.edit, async (request, _reply, admin) =>
    ok(await service.editField(ctx, admin.schoolId, request.body)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await service.deleteField(ctx, admin.schoolId, request.body.sfid)),
  );
  route(app, calls.schoolFields, async (_request, _reply, caller) =>
    ok({ fields: await service.schoolFields(ctx.db, caller.schoolId) }),
  );
  route(app, calls.settings, async (_request, _reply, admin) => ok(await service.studentSettings(ctx, admin.schoolId)));
  route(app, calls.saveSettings, async (request, _reply, admin) =>
    ok(await service.saveStudentSettings(ctx, admin.schoolId, request.body)),
  );
};
