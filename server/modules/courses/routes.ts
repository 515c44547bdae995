import type { FastifyPluginAsync } from 'fastify';
import { zOkReply } from '../../../shared/schemas/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import { pickLocale } from '../../../shared/i18n';
import {
  zAdminCourseList,
  zAdminCourseQuery,
  zCoid,
  zCollectCourse,
  zCollectState,
  zCollectStatusQuery,
  zCourseCreated,
  zCourseDescription,
  zCourseInfo,
  zCourseList,
  zCourseRef,
  zCourseSearch,
  zCourseSettingsOut,
  zCoursesByCategory,
  zDeleteCourses,
  zGraphicText,
  zHotCourses,
  zNewCourse,
  zPinCourse,
  zPublishCourse,
  zSaveCourse,
  zSchoolParam,
  zSearchResult,
  zUpdateCourseSettings,
} from '../../../shared/schemas/courses';
import { requireAdmin, requireStudent } from '../../plugins/auth';
import { sendJsonText } from '../../lib/catalogue-http';
import { methodNotAllowed } from '../../lib/errors';
import { pageSchoolId } from '../schools/viewer';
import * as catalogue from './catalogue.service';
import { collectCourse, collectStatus } from './collect.service';
import { courseInfoReply } from './course-info.service';
import { graphicText } from './graphic.service';
import * as courses from './courses.service';

const tags = ['courses'];

/** Course calls (spec 7 Courses, the named client operations for courses, hot courses and bookmarks). */
export const coursesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // Back office: requireAdmin(request, 'course'), then canManageCourse on every course touched.
  app.post('/getcourselist', { schema: { tags, body: zAdminCourseQuery, response: { 200: zOkReply(zAdminCourseList) } } }, async (request) =>
    ok(courses.adminCourseList(ctx, requireAdmin(request, 'course'), request.body)),
  );

  app.post('/course/new', { schema: { tags, body: zNewCourse, response: { 200: zOkReply(zCourseCreated) } } }, async (request) => {
    const admin = requireAdmin(request, 'course');
    return ok(courses.createCourse(ctx, admin.userId, admin.schoolId, request.body));
  });

  app.post('/course/save', { schema: { tags, body: zSaveCourse, response: { 200: zOkReply(zCourseCreated) } } }, async (request) =>
    ok(courses.saveCourse(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/course/delete', { schema: { tags, body: zDeleteCourses, response: { 200: zOkReply(z.object({ deleted: z.number() })) } } }, async (request) =>
    ok(courses.deleteCourses(ctx, requireAdmin(request, 'course').userId, request.body.coids)),
  );

  app.post('/course/copy', { schema: { tags, body: zCoid, response: { 200: zOkReply(zCourseCreated) } } }, async (request) =>
    ok(courses.copyCourse(ctx, requireAdmin(request, 'course').userId, request.body.coid)),
  );

  // The spec names GET course/pub; a change by GET would let a link on any site publish for a signed-in admin
  // (SameSite=Lax cookies ride along), so the change is POST and the GET form only says so.
  const pubSummary = 'Publishes (pub 1) or unpublishes (pub 0) a course {coid, pub}. The spec names GET course/pub: here the change is POST';
  app.post(
    '/course/pub',
    { schema: { tags, summary: `${pubSummary}.`, body: zPublishCourse, response: { 200: zOkReply(z.object({ coid: z.string(), published: z.boolean() })) } } },
    async (request) => ok(courses.publishCourse(ctx, requireAdmin(request, 'course').userId, request.body.coid, request.body.pub === '1')),
  );
  app.get('/course/pub', { schema: { tags, summary: `${pubSummary}; GET changes nothing and answers 405 (Allow: POST).`, querystring: zPublishCourse.partial() } }, async (request) => {
    requireAdmin(request, 'course');
    throw methodNotAllowed('POST');
  });

  app.post(
    '/course/descr',
    { schema: { tags, body: zCourseDescription, response: { 200: zOkReply(z.object({ coid: z.string(), description: z.string() })) } } },
    async (request) => ok(courses.describeCourse(ctx, requireAdmin(request, 'course').userId, request.body.coid, request.body.description)),
  );

  app.post(
    '/course/updateSet',
    { schema: { tags, body: zUpdateCourseSettings, response: { 200: zOkReply(z.object({ coid: z.string(), settings: zCourseSettingsOut })) } } },
    async (request) => ok(courses.updateCourseSettings(ctx, requireAdmin(request, 'course').userId, request.body.coid, request.body.settings)),
  );

  app.post(
    '/course/topClass',
    { schema: { tags, body: zPinCourse, response: { 200: zOkReply(z.object({ coid: z.string(), top: z.number() })) } } },
    async (request) => ok(courses.pinCourse(ctx, requireAdmin(request, 'course').userId, request.body.coid, request.body.top === true || request.body.top === 1)),
  );

  // Public reads: cached per school, ETag and 304; the viewer's own fields are computed per request.
  app.get('/course/info/:id', { schema: { tags, params: zCourseRef, response: { 200: zOkReply(zCourseInfo) } } }, async (request, reply) => {
    const locale = pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE);
    return sendJsonText(request, reply, courseInfoReply(ctx, request.auth, request.params.id, locale));
  });

  app.get('/course/graphic/:id', { schema: { tags, params: zCourseRef, response: { 200: zOkReply(zGraphicText) } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(graphicText(ctx, request.auth, request.params.id));
  });

  app.post('/course/bycate', { schema: { tags, body: zCoursesByCategory, response: { 200: zOkReply(zCourseList) } } }, async (request, reply) =>
    sendJsonText(request, reply, catalogue.coursesByCategoryReply(ctx, pageSchoolId(ctx, request.auth, request.body.uid), request.body)),
  );

  app.post('/course/search', { schema: { tags, body: zCourseSearch, response: { 200: zOkReply(zSearchResult) } } }, async (request, reply) =>
    sendJsonText(request, reply, catalogue.searchReply(ctx, pageSchoolId(ctx, request.auth, request.body.uid), request.body.keyword)),
  );

  app.get('/watch/hot/:id', { schema: { tags, params: zSchoolParam, response: { 200: zOkReply(zHotCourses) } } }, async (request, reply) =>
    sendJsonText(request, reply, catalogue.hotReply(ctx, pageSchoolId(ctx, request.auth, request.params.id))),
  );

  // Bookmarks.
  app.post('/collectcourse', { schema: { tags, body: zCollectCourse, response: { 200: zOkReply(zCollectState) } } }, async (request) => {
    requireStudent(request);
    return ok(collectCourse(ctx, request.auth, request.body));
  });

  app.get('/collect/status', { schema: { tags, querystring: zCollectStatusQuery, response: { 200: zOkReply(zCollectState) } } }, async (request) =>
    ok(collectStatus(ctx, request.auth, request.query.coid)),
  );
};
