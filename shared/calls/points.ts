/**
 * Points and credits (issue 15 item 7). Back office: permission 'student' for everything, the rules too
 * (points are about students; the spec lists points, pointdetail and clearpoint under Students). A student
 * reads only their own points (mypoints). Another school's student is 404 in pointdetail and 400 in
 * clearpoint (as grants answer for students named in a list).
 */
import * as s from '../schemas/points';
import { zSettingsTrail, zSettingsTrailQuery } from '../schemas/orders';
import { defineCall } from '../contract';

const tags = ['points'];
const admin = { access: { admin: 'student' }, tags } as const;

export const pointCalls = {
  rules: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'point/rules',
    summary:
      "The school's point rules (studyTime per slot_minutes of study, chapterDone, courseDone, examPassed, " +
      'dailyFirst): points, daily limit (0 none), on or off. Rules never set are answered with their defaults, off.',
    reply: s.zPointRules,
  }),
  setRules: defineCall({
    ...admin,
    method: 'POST',
    path: 'point/setrules',
    summary: 'Sets the named point rules (the others stay); they apply to events from now on. Answers every rule.',
    body: s.zSetPointRules,
    reply: s.zPointRules,
  }),
  rulesAudit: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'point/rules/audit',
    summary:
      "The trail of the school's point rule changes (who, when, the rules before and after), newest first, paged.",
    query: zSettingsTrailQuery,
    reply: zSettingsTrail,
  }),
  points: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'student/points',
    summary:
      "The school's students with their points (the ledger's sum) and this week's earnings, most points first; " +
      'searched by user name or name, paged.',
    query: s.zStudentPointsQuery,
    reply: s.zStudentPointsList,
  }),
  detail: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'student/pointdetail',
    summary: "A student's points and ledger (every change with its reason, what for, when, by whom), newest first.",
    query: s.zPointDetailQuery,
    reply: s.zPointDetail,
  }),
  clear: defineCall({
    ...admin,
    method: 'POST',
    path: 'student/clearpoint',
    summary:
      "Sets the named students' points to zero: a 'clear' row of minus their total, made by the administrator " +
      '(the row is the audit). A student at zero gets no row. 400 when a student is not of the school.',
    body: s.zClearPoints,
    reply: s.zClearResult,
  }),
  mine: defineCall({
    access: 'student',
    tags,
    noStore: true,
    method: 'GET',
    path: 'mypoints',
    summary: "The signed-in student's points, this week's earnings and ledger, newest first (mypoints_m, credit).",
    query: s.zMyPointsQuery,
    reply: s.zPointLedger,
  }),
};
