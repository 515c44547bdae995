/**
 * The student's control centre and rank (spec 2 'Dashboard (controller) children' controlle and rank).
 * Students only: a guest or an administrator gets 401 'no login' (spec 2 'Page guards': the dashboard needs a
 * signed-in student). Never cached by the browser: they carry the student's own study.
 */
import * as s from '../schemas/dashboard';
import { defineCall } from '../contract';

const tags = ['dashboard'];

export const dashboardCalls = {
  controlCentre: defineCall({
    method: 'GET',
    path: 'dashboard/controller',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "The control centre in one reply: this week's study time per day (learn_days), courses in progress with " +
      'the next chapter, required courses and plans with their deadlines, exams to sit, almost-expiring ' +
      'courses (up to 5 of each, with totals), the unread counts and whether ranking is on.',
    reply: s.zControlCentre,
  }),
  rank: defineCall({
    method: 'GET',
    path: 'dashboard/rank',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "The student's rank by study time and by points in the school and in each of their groups for a week, " +
      'a month or all time, with the top 10 of one scope and measure. 404 when the school turned ranking off, ' +
      'or the scope is not a group of theirs. Figures may be up to a minute old.',
    query: s.zRankQuery,
    reply: s.zRankReply,
  }),
};
