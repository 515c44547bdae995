/**
 * Administrator grants (issue rule 'Ways to obtain a course or column: administrator grants'): grant a course or
 * a column to students, groups or the user names of a file, revoke, list holders, a student's holdings and the
 * audit trail. Writes and the holders list: permission 'course' (and the sub-admin's categories for a course);
 * a student's holdings and the audit trail are also open to 'student'. Another school's course or column is
 * 404; another school's students or groups are 400, as study-plan assignment answers.
 */
import * as s from '../schemas/grants';
import { defineCall } from '../contract';

const tags = ['grants (back office)'];
const write = { access: { admin: 'course' }, tags } as const;
const read = { access: { admin: ['course', 'student'] }, tags, noStore: true } as const;

export const grantCalls = {
  add: defineCall({
    ...write,
    method: 'POST',
    path: 'grant/add',
    summary:
      'Grants a published course or column {kind, id} to students (sids) and whole groups (gids: present and ' +
      'future members) until an end date (yyyy-MM-dd, inclusive) or, with until null, for the course validity. ' +
      'A target already granted gets the new end date. 409 for an unpublished course, 400 for a past end date.',
    body: s.zNewGrant,
    reply: s.zGrantResult,
  }),
  upload: defineCall({
    ...write,
    method: 'POST',
    path: 'grant/upload',
    summary:
      "Grants as grant/add to the students named in a CSV or XLSX (multipart: file field 'file', fields kind, id, " +
      'until): user names from the column headed 用户名 / username, else the first column; answers the names ' +
      'that are no student of the school.',
    multipart: true,
    reply: s.zGrantResult,
  }),
  revoke: defineCall({
    ...write,
    method: 'POST',
    path: 'grant/revoke',
    summary:
      'Revokes a grant: its students no longer hold the course through it; every learning record stays. ' +
      'Revoking a revoked grant changes nothing (revoked false).',
    body: s.zRevokeGrant,
    reply: s.zRevokeResult,
  }),
  holders: defineCall({
    ...write,
    noStore: true,
    method: 'GET',
    path: 'grant/holders',
    summary:
      'Who holds a course or column and why: one row per way (a grant to them or to a group of theirs, or an ' +
      'enrolment), by whom, since, until; searched by user name or name, newest first, paged.',
    query: s.zHoldersQuery,
    reply: s.zHolders,
  }),
  student: defineCall({
    ...read,
    method: 'GET',
    path: 'grant/student',
    summary: "What a student of the school holds and why, with each course's status for them now.",
    query: s.zStudentHoldingsQuery,
    reply: s.zStudentHoldings,
  }),
  audit: defineCall({
    ...read,
    method: 'GET',
    path: 'grant/audit',
    summary: 'The grant changes of a course, column or student (who, when, what, before, after), newest first.',
    query: s.zGrantAuditQuery,
    reply: s.zGrantAudit,
  }),
};
