import type { FastifyPluginAsync } from 'fastify';
import { myCourseCalls as calls } from '../../../shared/calls/mycourses';
import { ok } from '../../../shared/envelope';
import { route } from '../../plugins/calls';
import { myCourses } from './mycourses.service';

/** The student's own course list (shared/calls/mycourses.ts). */
export const mycoursesRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  route(app, calls.list, async ({ query }, _reply, student) => ok(await myCourses(ctx, student, query)));
};
