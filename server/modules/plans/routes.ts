import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../shared/envelope';
import { zOkReply } from '../../../shared/schemas/common';
import * as s from '../../../shared/schemas/plans';
import { requireAdmin, requireStudent } from '../../plugins/auth';
import * as plans from './plans.service';
import { myPlanDetail, myPlans } from './plan-study.service';

/**
 * Study plan calls (spec 1 'study plans'; spec 7 'Other admin areas: study plans' and studyplan/stu/*).
 * Back office: permission 'course', the admin's school; review (verify) by the main administrator only.
 * Student side: a signed-in student (401 'no login' otherwise — spec 8: the page reloads).
 */
export const plansRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['study plans (back office)'];
  const info = { 200: zOkReply(s.zPlanInfo) };

  app.post(
    '/studyplan/create',
    { schema: { tags, summary: 'A plan (course type 3) from courses in stage order: a stage per course with copies of its study chapters (same resources); draft.', body: s.zNewPlan, response: { 200: zOkReply(s.zPlanCreated) } } },
    async (request) => {
      const admin = requireAdmin(request, 'course');
      return ok(plans.createPlan(ctx, admin.userId, admin.schoolId, request.body));
    },
  );

  app.get('/studyplan/list', { schema: { tags, summary: "The school's plans by review state, paged.", querystring: s.zPlanListQuery, response: { 200: zOkReply(s.zPlanList) } } }, async (request) =>
    ok(plans.listPlans(ctx, requireAdmin(request, 'course').schoolId, request.query)),
  );

  app.get('/studyplan/info', { schema: { tags, summary: 'A plan with its stages, assignment counts and review state.', querystring: s.zPlanRef, response: info } }, async (request) =>
    ok(plans.planInfo(ctx, requireAdmin(request, 'course').userId, request.query.coid)),
  );

  app.post('/studyplan/commit', { schema: { tags, summary: 'Submits a draft or rejected plan for review (409 in another state).', body: s.zPlanRef, response: info } }, async (request) =>
    ok(plans.commitPlan(ctx, requireAdmin(request, 'course').userId, request.body.coid)),
  );

  app.post(
    '/studyplan/verify',
    { schema: { tags, summary: 'The main administrator approves or rejects (reason required) a committed plan; 403 for a sub-admin.', body: s.zVerifyPlan, response: info } },
    async (request) => ok(plans.verifyPlan(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/studyplan/assign', { schema: { tags, summary: 'Assigns the plan to students and groups of its school.', body: s.zAssignPlan, response: { 200: zOkReply(s.zAssignResult) } } }, async (request) =>
    ok(plans.assignPlan(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.post('/studyplan/unassign', { schema: { tags, summary: 'Removes students and groups from the plan.', body: s.zAssignPlan, response: { 200: zOkReply(s.zAssignResult) } } }, async (request) =>
    ok(plans.unassignPlan(ctx, requireAdmin(request, 'course').userId, request.body)),
  );

  app.get('/studyplan/assignees', { schema: { tags, summary: 'The students and groups the plan is assigned to.', querystring: s.zPlanRef, response: { 200: zOkReply(s.zPlanAssignees) } } }, async (request) =>
    ok(plans.planAssignees(ctx, requireAdmin(request, 'course').userId, request.query.coid)),
  );

  app.get(
    '/studyplan/students',
    { schema: { tags, summary: "The school's students to assign, by user name or name (at most 50).", querystring: s.zPlanStudentQuery, response: { 200: zOkReply(s.zPlanStudents) } } },
    async (request) => ok(plans.assignableStudents(ctx, requireAdmin(request, 'course').schoolId, request.query.keyword)),
  );

  const stu = ['study plans (student)'];
  app.get('/studyplan/stu/list', { schema: { tags: stu, summary: 'My plans: assigned to me or my groups, approved and published, with progress.', response: { 200: zOkReply(s.zStudentPlanList) } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return ok(myPlans(ctx, requireStudent(request)));
  });

  app.get(
    '/studyplan/stu/detail',
    { schema: { tags: stu, summary: "One of my plans: stages, lessons, my progress and each one's lock (404 when not mine).", querystring: s.zPlanRef, response: { 200: zOkReply(s.zStudentPlanDetail) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(myPlanDetail(ctx, requireStudent(request), request.query.coid));
    },
  );
};
