/**
 * The student's own course list (spec 7 'Student-side' getstucourse) for mycourse, mycourse_m and the dashboard's
 * controller/course. Students only: a guest or an administrator gets 401 'no login' (spec 2: "mycourse requires a
 * user name, else login"). Never cached: it carries the student's progress.
 */
import * as s from '../schemas/mycourses';
import { defineCall } from '../contract';

export const myCourseCalls = {
  list: defineCall({
    method: 'GET',
    path: 'getstucourse',
    access: 'student',
    noStore: true,
    tags: ['my courses'],
    summary:
      "The signed-in student's courses (enrolled, assigned approved study plans, free courses studied), newest " +
      'visit first, then newest enrolment: each with remaining validity, Expired / Deleted / Required, progress ' +
      'and where to continue. type: all (default), learning (neither expired nor deleted), expired.',
    query: s.zMyCoursesQuery,
    reply: s.zMyCoursesReply,
  }),
};
