/**
 * Live teaching in the back office (issue 17): sessions of live courses (type 1 live, 2 public live) with
 * their stream keys, attendance and the month's bill. The permission 'course', as the course calls; a
 * sub-admin limited to some categories sees only their courses' sessions. Another school's ids are 404.
 * The attendance export is a file, not a call: GET live/attendance/export?id= (server/modules/live).
 */
import * as s from '../schemas/live-admin';
import { defineCall } from '../contract';

const admin = { access: { admin: 'course' }, tags: ['live (back office)'] } as const;

export const liveAdminCalls = {
  list: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'live/session/list',
    summary:
      "The school's live sessions (not deleted), latest start first, filtered by course and status; each with " +
      'its viewers now (live pages that beat within the last minute, only while live), attendance and replay.',
    query: s.zLiveSessionQuery,
    reply: s.zLiveSessionList,
  }),
  info: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'live/session/info',
    summary:
      'One session with what OBS needs (server: LIVE_RTMP_URL; stream key: {encoded course id}?key={key}), ' +
      'preview addresses (HLS, FLV) and whether the live server is configured and up.',
    query: s.zLiveSessionRef,
    reply: s.zLiveSessionInfo,
  }),
  options: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'live/options',
    summary:
      "What scheduling chooses from: the school's live courses (type 1, 2) the administrator manages, the " +
      "school's administrators as teachers, and the live server's state.",
    reply: s.zLiveOptions,
  }),
  add: defineCall({
    ...admin,
    method: 'POST',
    path: 'live/session/add',
    summary:
      'Schedules a session of a live course: title (1–100), start before end, at most 24 hours, teacher an ' +
      'administrator of the school (default: the caller); a new 32-byte stream key.',
    body: s.zNewLiveSession,
    reply: s.zLiveSessionInfo,
  }),
  edit: defineCall({
    ...admin,
    method: 'POST',
    path: 'live/session/edit',
    summary:
      'Changes a session. Title and teacher always; the course and times only while scheduled (409 while live ' +
      'or after it ended).',
    body: s.zEditLiveSession,
    reply: s.zLiveSessionInfo,
  }),
  remove: defineCall({
    ...admin,
    method: 'POST',
    path: 'live/session/delete',
    summary: 'Deletes a session (kept, marked deleted): its key publishes nothing more. 409 while live.',
    body: s.zLiveSessionRef,
    reply: s.zLiveSessionRef,
  }),
  rotate: defineCall({
    ...admin,
    method: 'POST',
    path: 'live/session/rotate',
    summary:
      'A new stream key: the old one is refused from now on (a stream already running is not cut; the next ' +
      'publish needs the new key).',
    body: s.zLiveSessionRef,
    reply: s.zLiveSessionInfo,
  }),
  end: defineCall({
    ...admin,
    method: 'POST',
    path: 'live/session/end',
    summary: 'Ends a session for good: status ended, its end time, and a new key (the old one is revoked).',
    body: s.zLiveSessionRef,
    reply: s.zLiveSessionInfo,
  }),
  attendance: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'live/attendance',
    summary:
      "A session's attendance, longest first: the student, account, groups, seconds credited while live, first " +
      'and last beat. The same rows download as XLSX at live/attendance/export?id=.',
    query: s.zLiveAttendanceQuery,
    reply: s.zLiveAttendance,
  }),
  bill: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'live/bill',
    summary:
      "The school's live use in a month (YYYY-MM, server time zone; sessions by scheduled start): per session " +
      'the course, title, start, status, live minutes (live seconds rounded up), peak viewers, attendees and ' +
      'attended minutes; with totals (minutes summed per session, peak = the highest).',
    query: s.zLiveBillQuery,
    reply: s.zLiveBill,
  }),
};
