/**
 * Study credits (issue 18 'my credits … points and study credits'; shared/rules/study-credits). A course's credit
 * is set with course/save (values.credit); credits are earned when a course record becomes complete. A student
 * reads only their own; the back office reads a student's with the permission 'student' (another school's
 * student is 404; a sub-admin limited to categories sees only the courses of theirs).
 */
import * as s from '../schemas/credits';
import { defineCall } from '../contract';

const tags = ['credits'];

export const creditCalls = {
  mine: defineCall({
    access: 'student',
    tags,
    noStore: true,
    method: 'GET',
    path: 'student/credits',
    summary:
      "The signed-in student's study credits: the total and each course that gave them (title, credit, when " +
      'completed), newest first (the credit page, mypoints_m).',
    reply: s.zStudyCredits,
  }),
  detail: defineCall({
    access: { admin: 'student' },
    tags,
    noStore: true,
    method: 'GET',
    path: 'student/creditdetail',
    summary:
      "A student's study credits and the courses that gave them, newest first. 404 for another school's " +
      "student; a sub-admin limited to categories sees only their categories' courses (and their sum).",
    query: s.zStudentCreditsQuery,
    reply: s.zStudentCredits,
  }),
};
