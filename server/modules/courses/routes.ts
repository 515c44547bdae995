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
  route(app, calls.adminList, (request, _reply, admin) => ok(courses.adminCourseList(ctx, admin, request.body)));
  route(app, calls.create, (request, _reply, admin) =>
    ok(courses.createCourse(ctx, admin.userId, admin.schoolId, request.body)),
  );
  route(app, calls.save, (request, _reply, admin) => ok(courses.saveCourse(ctx, admin.userId, request.body)));
  route(app, calls.remove, (request, _reply, admin) =>
    ok(courses.deleteCourses(ctx, admin.userId, request.body.coids)),
  );
  route(app, calls.copy, (request, _reply, admin) => ok(courses.copyCourse(ctx, admin.userId, request.body.coid)));
  route(app, calls.publish, ({ body }, _reply, admin) =>
    ok(courses.publishCourse(ctx, admin.userId, body.coid, body.pub === '1')),
  );
  route(app, calls.describe, ({ body }, _reply, admin) =>
    ok(courses.describeCourse(ctx, admin.userId, body.coid, body.description)),
  );
  route(app, calls.updateSettings, ({ body }, _reply, admin) =>
    ok(courses.updateCourseSettings(ctx, admin.userId, body.coid, body.settings)),
  );
  route(app, calls.pin, ({ body }, _reply, admin) =>
    ok(courses.pinCourse(ctx, admin.userId, body.coid, body.top === true || body.top === 1)),
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
      requireAdmin(request, 'course');
      throw methodNotAllowed('POST');
    },
  );

  // Public reads: cached per school, ETag and 304; the viewer's own fields are computed per request.
  route(app, calls.info, (request, reply, caller) => {
    const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
    return sendJsonText(request, reply, courseInfoReply(ctx, caller, request.params.id, locale));
  });
  route(app, calls.graphic, (request, _reply, caller) => ok(graphicText(ctx, caller, request.params.id)));
  route(app, calls.byCategory, (request, reply, caller) =>
    sendJsonText(
      request,
      reply,
      catalogue.coursesByCategoryReply(ctx, pageSchoolId(ctx, caller, request.body.uid), request.body),
    ),
  );
  route(app, calls.search, (request, reply, caller) =>
    sendJsonText(
      request,
      reply,
      catalogue.searchReply(ctx, pageSchoolId(ctx, caller, request.body.uid), request.body.keyword),
    ),
  );
  route(app, calls.hot, (request, reply, caller) =>
    sendJsonText(request, reply, catalogue.hotReply(ctx, pageSchoolId(ctx, caller, request.params.id))),
  );

  // Bookmarks.
  route(app, calls.collect, (request, _reply, student) => ok(collectCourse(ctx, student, request.body)));
  route(app, calls.collectStatus, (request, _reply, caller) => ok(collectStatus(ctx, caller, request.query.coid)));
};
