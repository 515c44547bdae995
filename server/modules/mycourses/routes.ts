import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/mycourses';
import { requireStudent } from '../../plugins/auth';
import { myCourses } from './mycourses.service';

/**
 * The student's own course list (spec 7 'Student-side' getstucourse) for mycourse, mycourse_m and the
 * dashboard's controller/course. Students only: a guest or an administrator gets 401 'no login' (spec 2:
 * "mycourse requires a user name, else login"). Never cached: it carries the student's progress.
 */
export const mycoursesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  app.get(
    '/getstucourse',
    {
      schema: {
        tags: ['my courses'],
        summary:
          "The signed-in student's courses (enrolled, assigned approved study plans, free courses studied), newest visit first, then newest enrolment: each with remaining validity, Expired / Deleted / Required, progress and where to continue. type: all (default), learning (neither expired nor deleted), expired.",
        querystring: s.zMyCoursesQuery,
        response: { 200: zOkReply(s.zMyCoursesReply) },
      },
    },
    async (request, reply) => {
      const auth = requireStudent(request);
      reply.header('cache-control', 'no-store');
      return ok(myCourses(ctx, auth, request.query));
    },
  );
};
