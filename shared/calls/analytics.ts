/**
 * The back office's analytics (issue 18; spec 7 'Other admin areas: analysis and dashboard statistics').
 * Permission 'student', as the learning records they summarise (spec 6: a sub-admin who only edits courses does
 * not see how students study); a sub-admin limited to categories sees the course-based figures of their
 * categories' courses only. The XLSX downloads are plain routes (server/modules/analytics/routes.ts).
 */
import * as s from '../schemas/analytics';
import { defineCall } from '../contract';

const admin = { access: { admin: 'student' }, tags: ['analytics (back office)'], noStore: true } as const;

export const analyticsCalls = {
  overview: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/overview',
    summary:
      'A period (days, or from–to) beside the previous one: active students and study time per day, enrolments, ' +
      'completions, exam sittings and pass rate; top and bottom courses by completion; groups by study time; the ' +
      'first students who have not studied in idle days.',
    query: s.zOverviewQuery,
    reply: s.zOverview,
  }),
  inactive: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/inactive',
    summary: 'The students who have not studied in idle days (never first), a page.',
    query: s.zInactiveQuery,
    reply: s.zInactiveList,
  }),
  courses: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/courses',
    summary: 'Every course the administrator may see with learners and completions.',
    reply: s.zCourseList,
  }),
  course: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/course',
    summary: "A course: learners, per-day study, the chapters' funnel (started, finished, time), ratings, questions.",
    query: s.zCourseQuery,
    reply: s.zCourseAnalytics,
  }),
  group: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/group',
    summary: "A student group's members with their study time in the period and in all, courses and completions.",
    query: s.zGroupQuery,
    reply: s.zGroupAnalytics,
  }),
  student: defineCall({
    ...admin,
    method: 'GET',
    path: 'analysis/student',
    summary: "A student's study time per day in the period and their courses with progress.",
    query: s.zStudentQuery,
    reply: s.zStudentAnalytics,
  }),
};
