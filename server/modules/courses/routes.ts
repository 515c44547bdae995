import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseCalls as calls, PUB_SUMMARY } from '../../../shared/calls/courses';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import { zPublishCourse } from '../../../shared/schemas/courses';
import { sendJsonText } from '../../lib/catalogue-http';
import { methodNotAllowed } from '../../lib/errors';
import { requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/calls';
import { pageSchoolId } from '../schools/viewer';
import * as catalogue from './catalogue.service';
import { collectCourse, collectStatus } from './collect.service';
import { courseInfoReply } from './course-info.service';
import * as courses from './courses.service';
import { graphicText } from './graphic.service';

/** Course calls (shared/calls/courses.ts). */
export const coursesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Back office: the permission is in the declaration; the service checks canManageCourse on every course touched.
  route(app, calls.adminList, async (request, _reply, admin) =>
    ok(await courses.adminCourseList(ctx, admin, request.body)),
  );
  route(app, calls.create, async (request, _reply, admin) =>
    ok(await courses.createCourse(ctx, admin.userId, admin.schoolId, request.body)),
  );
  route(app, calls.save, async (request, _reply, admin) =>
    ok(await courses.saveCourse(ctx, admin.userId, request.body)),
  );
  route(app, calls.remove, async (request, _reply, admin) =>
    ok(await courses.deleteCourses(ctx, admin.userId, request.body.coids)),
  );
  route(app, calls.copy, async (request, _reply, admin) =>
    ok(await courses.copyCourse(ctx, admin.userId, request.body.coid)),
  );
  route(app, calls.publish, async ({ body }, _reply, admin) =>
    ok(await courses.publishCourse(ctx, admin.userId, body.coid, body.pub === '1')),
  );
  route(app, calls.describe, async ({ body }, _reply, admin) =>
    ok(await courses.describeCourse(ctx, admin.userId, body.coid, body.description)),
  );
  route(app, calls.updateSettings, async ({ body }, _reply, admin) =>
    ok(await courses.updateCourseSettings(ctx, admin.userId, body.coid, body.settings)),
  );
  route(app, calls.pin, async ({ body }, _reply, admin) =>
    ok(await courses.pinCourse(ctx, admin.userId, body.coid, body.top === true || body.top === 1)),
  );

  // The spec's GET form changes nothing (no state change by GET) and only says so: not an envelope call.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/course/pub',
    {
      schema: {
        tags: ['courses'],
        summary: `${PUB_SUMMARY}; GET changes nothing and answers 405 (Allow: POST).`,
        querystring: zPublishCourse.partial(),
      },
    },
    async (request) => {
      await requireAdmin(request, 'course');
      throw methodNotAllowed('POST');
    },
  );

  // Public reads: cached per school, ETag and 304; the viewer's own fields are computed per request.
  route(app, calls.info, (request, reply, caller) => {
    const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
    return sendJsonText(request, reply, courseInfoReply(ctx, caller, request.params.id, locale));
  });
  route(app, calls.graphic, async (request, _reply, caller) => ok(await graphicText(ctx, caller, request.params.id)));
  route(app, calls.byCategory, async (request, reply, caller) =>
    sendJsonText(
      request,
      reply,
      catalogue.coursesByCategoryReply(ctx, await pageSchoolId(ctx, caller, request.body.uid), request.body),
    ),
  );
  route(app, calls.search, async (request, reply, caller) =>
    sendJsonText(
      request,
      reply,
      catalogue.searchReply(ctx, await pageSchoolId(ctx, caller, request.body.uid), request.body.keyword),
    ),
  );
  route(app, calls.hot, async (request, reply, caller) =>
    sendJsonText(request, reply, catalogue.hotReply(ctx, await pageSchoolId(ctx, caller, request.params.id))),
  );

  // Bookmarks.
  route(app, calls.collect, async (request, _reply, student) => ok(await collectCourse(ctx, student, request.body)));
  route(app, calls.collectStatus, async (request, _reply, caller) =>
    ok(await collectStatus(ctx, caller, request.query.coid)),
  );
};
