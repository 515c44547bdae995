import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import { zStudentSettings } from '../../../shared/schemas/students';
import * as s from '../../../shared/schemas/student-fields';
import { noLogin } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import * as service from './student-fields.service';

/**
 * Custom student fields ('labels') and student settings (spec 7 Students: labels get/add/edit/delete, setting,
 * getfield). Labels need the 'student' permission; the settings 'student' or 'setting'; getfield any
 * signed-in person of the school.
 */
export const studentFieldsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['student fields and settings (back office)'];
  const list = zOkReply(s.zStudentFieldList);
  const fieldsAdmin = (request: FastifyRequest) => requireAdmin(request, 'student').schoolId;
  const settingsAdmin = (request: FastifyRequest) => requireAdmin(request, ['student', 'setting']).schoolId;

  app.get('/student/labels', { schema: { tags, summary: "The school's custom student fields (labels) in order.", response: { 200: list } } }, async (request) =>
    ok(service.listFields(ctx, fieldsAdmin(request))),
  );

  app.post(
    '/student/labels/add',
    {
      schema: {
        tags,
        summary: 'Adds a custom field (text, number, date or single choice; required or not) at the end; 409 for a name the school has.',
        body: s.zNewStudentField,
        response: { 200: zOkReply(s.zAddedStudentField) },
      },
    },
    async (request) => ok(service.addField(ctx, fieldsAdmin(request), request.body)),
  );

  app.post(
    '/student/labels/edit',
    {
      schema: {
        tags,
        summary:
          'Changes a field (name, kind, choices, required, position). 409 changing the kind once students hold values, or removing a choice students hold (data.count).',
        body: s.zEditStudentField,
        response: { 200: list },
      },
    },
    async (request) => ok(service.editField(ctx, fieldsAdmin(request), request.body)),
  );

  app.post('/student/labels/delete', { schema: { tags, summary: "Deletes a field and every student's value of it.", body: s.zDeleteStudentField, response: { 200: list } } }, async (request) =>
    ok(service.deleteField(ctx, fieldsAdmin(request), request.body.sfid)),
  );

  app.get(
    '/student/getfield',
    { schema: { tags: ['students'], summary: "Get user field setting (spec 7): the school's custom fields, for its signed-in students and admins.", response: { 200: list } } },
    async (request) => {
      const auth = request.auth;
      if ((auth.role !== 'student' && auth.role !== 'admin') || !auth.schoolId) throw noLogin();
      return ok({ fields: service.schoolFields(ctx.db, auth.schoolId) });
    },
  );

  app.get('/student/setting', { schema: { tags, summary: "The school's student settings (spec 3 'Student settings').", response: { 200: zOkReply(zStudentSettings) } } }, async (request) =>
    ok(service.studentSettings(ctx, settingsAdmin(request))),
  );

  app.post(
    '/student/setting',
    {
      schema: {
        tags,
        summary: "Saves student settings (any of them); the school's other settings are kept.",
        body: s.zStudentSettingsPatch,
        response: { 200: zOkReply(zStudentSettings) },
      },
    },
    async (request) => ok(service.saveStudentSettings(ctx, settingsAdmin(request), request.body)),
  );
};
