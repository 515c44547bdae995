/**
 * Study plan calls (spec 1 'study plans'; spec 7 'Other admin areas: study plans' and studyplan/stu/*).
 * Back office: permission 'course', the admin's school; review (verify) by the main administrator only (the
 * service refuses a sub-admin). Student side: a signed-in student (401 'no login' otherwise — spec 8: the page
 * reloads), never cached.
 */
import * as s from '../schemas/plans';
import { defineCall } from '../contract';

const admin = { access: { admin: 'course' }, tags: ['study plans (back office)'] } as const;
const student = { access: 'student', tags: ['study plans (student)'], noStore: true } as const;

export const planCalls = {
  create: defineCall({
    ...admin,
    method: 'POST',
    path: 'studyplan/create',
    summary:
      'A plan (course type 3) from courses in stage order: a stage per course with copies of its study chapters ' +
      '(same resources); draft.',
    body: s.zNewPlan,
    reply: s.zPlanCreated,
  }),
  list: defineCall({
    ...admin,
    method: 'GET',
    path: 'studyplan/list',
    summary: "The school's plans by review state, paged.",
    query: s.zPlanListQuery,
    reply: s.zPlanList,
  }),
  info: defineCall({
    ...admin,
    method: 'GET',
    path: 'studyplan/info',
    summary: 'A plan with its stages, assignment counts and review state.',
    query: s.zPlanRef,
    reply: s.zPlanInfo,
  }),
  commit: defineCall({
    ...admin,
    method: 'POST',
    path: 'studyplan/commit',
    summary: 'Submits a draft or rejected plan for review (409 in another state).',
    body: s.zPlanRef,
    reply: s.zPlanInfo,
  }),
  verify: defineCall({
    ...admin,
    method: 'POST',
    path: 'studyplan/verify',
    summary: 'The main administrator approves or rejects (reason required) a committed plan; 403 for a sub-admin.',
    body: s.zVerifyPlan,
    reply: s.zPlanInfo,
  }),
  assign: defineCall({
    ...admin,
    method: 'POST',
    path: 'studyplan/assign',
    summary: 'Assigns the plan to students and groups of its school.',
    body: s.zAssignPlan,
    reply: s.zAssignResult,
  }),
  unassign: defineCall({
    ...admin,
    method: 'POST',
    path: 'studyplan/unassign',
    summary: 'Removes students and groups from the plan.',
    body: s.zAssignPlan,
    reply: s.zAssignResult,
  }),
  assignees: defineCall({
    ...admin,
    method: 'GET',
    path: 'studyplan/assignees',
    summary: 'The students and groups the plan is assigned to.',
    query: s.zPlanRef,
    reply: s.zPlanAssignees,
  }),
  students: defineCall({
    ...admin,
    method: 'GET',
    path: 'studyplan/students',
    summary: "The school's students to assign, by user name or name (at most 50).",
    query: s.zPlanStudentQuery,
    reply: s.zPlanStudents,
  }),

  mine: defineCall({
    ...student,
    method: 'GET',
    path: 'studyplan/stu/list',
    summary: 'My plans: assigned to me or my groups, approved and published, with progress.',
    reply: s.zStudentPlanList,
  }),
  myDetail: defineCall({
    ...student,
    method: 'GET',
    path: 'studyplan/stu/detail',
    summary: "One of my plans: stages, lessons, my progress and each one's lock (404 when not mine).",
    query: s.zPlanRef,
    reply: s.zStudentPlanDetail,
  }),
};
