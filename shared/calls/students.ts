/**
 * Students of a school (spec 7 Students). Every call needs permission group 'student' and stays within the
 * administrator's school: another school's sid answers 404 (one student) or is ignored (a list of sids).
 * Replies are personal data and never cached. The filtered download (student/download) is a file, not a
 * declared call (server/modules/students/routes.ts).
 */
import * as s from '../schemas/students';
import { defineCall } from '../contract';

const tags = ['students (back office)'];
const access = { admin: 'student' } as const;
const seatNote =
  ' 403 with the licence error (data {limit, used, adding}) when seats are full or the licence has expired; ' +
  'nothing is written.';

export const studentCalls = {
  list: defineCall({
    method: 'GET',
    path: 'student/list',
    access,
    noStore: true,
    tags,
    summary:
      'A page of the school’s students, newest first: keyword (user name, name, e-mail, phone), gid, status ' +
      'all|enabled|disabled, source all|local|ldap; each with groups and custom field values (fields by sfid).',
    query: s.zStudentListQuery,
    reply: s.zStudentList,
  }),
  add: defineCall({
    method: 'POST',
    path: 'student/add',
    access,
    noStore: true,
    tags,
    summary:
      'Adds a local student {username, name, password, email?, phone?, gids[], infoStr? (JSON list of ' +
      '{sfid, value})}. 409 when the user name is taken in the school; 400 naming the field for an unknown group ' +
      `or a custom field value that does not fit (required ones included).${seatNote}`,
    body: s.zNewStudent,
    reply: s.zAdminStudent,
  }),
  get: defineCall({
    method: 'GET',
    path: 'student/item',
    access,
    noStore: true,
    tags,
    summary: 'One student {sid} with groups and custom field values; 404 for an unknown or another school’s student.',
    query: s.zSidQuery,
    reply: s.zAdminStudent,
  }),
  update: defineCall({
    method: 'POST',
    path: 'student/item',
    access,
    noStore: true,
    tags,
    summary:
      'Changes a student {sid, name?, email?, phone?, password? (a reset; refused for directory accounts), gids? ' +
      "(all of them), infoStr? (the fields named; '' clears one), disabled?}. The user name cannot change. " +
      `Enabling counts a seat.${seatNote}`,
    body: s.zUpdateStudent,
    reply: s.zAdminStudent,
  }),
  disable: defineCall({
    method: 'POST',
    path: 'student/delete',
    access,
    noStore: true,
    tags,
    summary:
      "'Delete' students {sids}: DISABLES them (they cannot sign in; their sessions end) and keeps every " +
      "learning record. count: how many were disabled now. Another school's sids are ignored.",
    body: s.zSidsBody,
    reply: s.zBulkReply,
  }),
  enable: defineCall({
    method: 'POST',
    path: 'student/enable',
    access,
    noStore: true,
    tags,
    summary: `Enables disabled students {sids} again (undoes student/delete); each counts a seat.${seatNote}`,
    body: s.zSidsBody,
    reply: s.zBulkReply,
  }),
  search: defineCall({
    method: 'GET',
    path: 'student/search',
    access,
    noStore: true,
    tags,
    summary: 'Up to 20 students {sid, username, name} whose user name or name contains keyword, for pickers.',
    query: s.zStudentSearchQuery,
    reply: s.zStudentSearchReply,
  }),
  sidsOfGroups: defineCall({
    method: 'POST',
    path: 'student/sids',
    access,
    noStore: true,
    tags,
    summary: 'The sids of the members of groups {gids} (the school’s groups; others add nobody).',
    body: s.zGidsBody,
    reply: s.zSidsReply,
  }),
  fieldValues: defineCall({
    method: 'POST',
    path: 'student/sfids',
    access,
    noStore: true,
    tags,
    summary: 'Custom field values of students {sids}: {[sid]: {[sfid]: value}} (the school’s students only).',
    body: s.zSidsBody,
    reply: s.zSfidsReply,
  }),
  learnMonths: defineCall({
    method: 'GET',
    path: 'learn/moth',
    access,
    noStore: true,
    tags,
    summary:
      "The school's study by month of a year {year}: 12 rows {month, learners (distinct students who studied), " +
      'seconds (study time)}. Learners from watch records and learn records; seconds from learn records by the ' +
      'month they were last credited (no per-day history is kept).',
    query: s.zLearnMonthQuery,
    reply: s.zLearnMonths,
  }),
  learnDays: defineCall({
    method: 'GET',
    path: 'learn/day',
    access,
    noStore: true,
    tags,
    summary:
      "The school's study by day of a month {month: 'yyyy-MM'}: one row per day {day, learners, seconds}, as " +
      'learn/moth.',
    query: s.zLearnDayQuery,
    reply: s.zLearnDays,
  }),
};
