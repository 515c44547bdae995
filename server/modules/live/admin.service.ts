/**
 * Live sessions in the back office (issue 17 'Back office').
 *
 * Rules chosen here:
 * - the calls need the permission 'course'; a sub-admin limited to categories manages only the sessions of
 *   courses in them (courses/course-access), others are 404 as another school's are;
 * - a session belongs to a live course (type 1 live, 2 public live) of the school that is not deleted; it
 *   lasts at most 24 hours; its teacher is an enabled administrator of the school (default: the caller);
 * - title and teacher may change at any time; the course and the times only while scheduled (409 while live,
 *   409 once ended: an ended session's window no longer matters and changing it would rewrite the bill);
 * - delete is refused while live (409: end it first) and keeps the row marked deleted: its key finds no
 *   session (sessions.repository sessionByKey), so it publishes nothing;
 * - rotate gives a new 32-byte key at once; a stream already running is not cut (the live server asks only
 *   on publish), the next publish needs the new key;
 * - end sets status ended and ended_at and rotates the key (revoking it). live_seconds is left to the live
 *   server's publish_done callback, which knows when the stream stopped.
 * - viewers = students whose live page beat within the last 60 s, counted only while live.
 */
import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import {
  LIVE_ERRORS,
  LIVE_RESOURCES_MAX,
  type EditLiveSession,
  type LiveSession,
  type LiveSessionInfo,
  type NewLiveSession,
} from '../../../shared/schemas/live-admin';
import type { AppContext } from '../../context';
import { badInput, conflict, notFound } from '../../lib/errors';
import { canManageCourse, scopeFilter } from '../courses/course-access';
import * as repo from './admin.repository';
import { liveServerUp } from './live-server';
import { playbackUrls } from './playback';

const NOT_FOUND = 'live session not found';
/** A viewer is a live page that beat within this long. */
export const VIEWER_WINDOW_MS = 60_000;

export interface Admin {
  userId: string;
  schoolId: string;
}

/** A new stream key: 32 random bytes, base64url. */
export const newStreamKey = () => randomBytes(32).toString('base64url');

/** The session, if the administrator may manage its course; 404 otherwise. */
async function managed(ctx: AppContext, admin: Admin, id: string): Promise<repo.SessionView> {
  const row = await repo.schoolSession(ctx.db, admin.schoolId, id);
  if (!row || !(await canManageCourse(ctx, admin.userId, { schoolId: row.schoolId, catid: row.courseCatid }))) {
    throw notFound(NOT_FOUND);
  }
  return row;
}

/** The sessions as the list shows them. */
async function present(ctx: AppContext, rows: readonly repo.SessionView[]): Promise<LiveSession[]> {
  const ids = rows.map((row) => row.id);
  const viewers = await repo.viewerCounts(ctx.db, ids, ctx.now() - VIEWER_WINDOW_MS);
  const attendance = await repo.attendanceTotals(ctx.db, ids);
  return rows.map((row) => ({
    id: row.id,
    coid: row.courseId,
    courseTitle: row.courseTitle,
    courseType: row.courseType,
    title: row.title,
    startAt: row.startAt,
    endAt: row.endAt,
    teacher: row.teacherId && row.teacherName !== null ? { id: row.teacherId, name: row.teacherName } : null,
    status: row.status,
    viewers: row.status === 'live' ? (viewers.get(row.id) ?? 0) : 0,
    peakViewers: row.peakViewers,
    attendance: attendance.get(row.id)?.students ?? 0,
    liveSeconds: row.liveSeconds,
    liveAt: row.liveAt,
    endedAt: row.endedAt,
    replay: { resourceId: row.replayResourceId, chapterId: row.replayChapterId, error: row.replayError },
  }));
}

export async function liveServerState(ctx: AppContext) {
  const configured = ctx.config.LIVE_SERVER_URL.trim() !== '';
  return { configured, up: configured && (await liveServerUp(ctx)) };
}

/** The session with what a teacher needs to stream and an administrator to preview. */
async function presentInfo(ctx: AppContext, row: repo.SessionView): Promise<LiveSessionInfo> {
  const [view] = await present(ctx, [row]);
  const code = ctx.courseCodec.encode(row.courseId);
  return {
    ...view,
    rtmpUrl: ctx.config.LIVE_RTMP_URL,
    streamName: `${code}?key=${row.streamKey}`,
    streamKey: row.streamKey,
    rotatedAt: row.rotatedAt,
    publishMarginMin: ctx.config.LIVE_PUBLISH_MARGIN_MIN,
    playback: playbackUrls(ctx, row.courseId, row.courseType === 2),
    liveServer: await liveServerState(ctx),
  };
}

const infoOf = async (ctx: AppContext, admin: Admin, id: string) => presentInfo(ctx, await managed(ctx, admin, id));

/** A sub-admin's category scope as a condition on courses (undefined: every course of the school). */
const scopeOf = async (ctx: AppContext, admin: Admin): Promise<SQL | undefined> => await scopeFilter(ctx, admin.userId);

export async function listSessions(
  ctx: AppContext,
  admin: Admin,
  query: { coid?: string; status?: LiveSession['status']; page: number; num: number },
) {
  const { rows, total } = await repo.listSessions(ctx.db, {
    schoolId: admin.schoolId,
    coid: query.coid,
    status: query.status,
    scope: await scopeOf(ctx, admin),
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: await present(ctx, rows), total };
}

export const sessionInfo = infoOf;

export async function liveOptions(ctx: AppContext, admin: Admin) {
  return {
    courses: await repo.liveCourses(ctx.db, admin.schoolId, await scopeOf(ctx, admin)),
    teachers: await repo.schoolTeachers(ctx.db, admin.schoolId),
    liveServer: await liveServerState(ctx),
  };
}

/** The course must be a live course the administrator manages (400: the form named a wrong one). */
async function checkedCourse(ctx: AppContext, admin: Admin, coid: string): Promise<void> {
  const course = await repo.liveCourse(ctx.db, admin.schoolId, coid);
  if (!course || !(await canManageCourse(ctx, admin.userId, course))) throw badInput(LIVE_ERRORS.notLiveCourse);
}

async function checkedTeacher(ctx: AppContext, admin: Admin, teacherId: string | null | undefined): Promise<string> {
  const id = teacherId ?? admin.userId;
  if (!(await repo.isSchoolTeacher(ctx.db, admin.schoolId, id))) throw badInput(LIVE_ERRORS.notTeacher);
  return id;
}

export async function addSession(ctx: AppContext, admin: Admin, input: NewLiveSession) {
  await checkedCourse(ctx, admin, input.coid);
  const teacherId = await checkedTeacher(ctx, admin, input.teacherId);
  const now = ctx.now();
  const id = ctx.ids.next();
  await repo.insertSession(ctx.db, {
    id,
    schoolId: admin.schoolId,
    courseId: input.coid,
    title: input.title,
    startAt: input.startAt,
    endAt: input.endAt,
    teacherId,
    streamKey: newStreamKey(),
    rotatedAt: now,
    status: 'scheduled',
    createdAt: now,
    updatedAt: now,
  });
  return await infoOf(ctx, admin, id);
}

export async function editSession(ctx: AppContext, admin: Admin, input: EditLiveSession) {
  const row = await managed(ctx, admin, input.id);
  const moved = input.coid !== row.courseId || input.startAt !== row.startAt || input.endAt !== row.endAt;
  if (moved && row.status === 'live') throw conflict(LIVE_ERRORS.isLive);
  if (moved && row.status === 'ended') throw conflict(LIVE_ERRORS.hasEnded);
  if (input.coid !== row.courseId) await checkedCourse(ctx, admin, input.coid);
  const teacherId = await checkedTeacher(ctx, admin, input.teacherId === undefined ? row.teacherId : input.teacherId);
  await repo.updateSession(ctx.db, row.id, {
    courseId: input.coid,
    title: input.title,
    startAt: input.startAt,
    endAt: input.endAt,
    teacherId,
    updatedAt: ctx.now(),
  });
  return await infoOf(ctx, admin, row.id);
}

export async function deleteSession(ctx: AppContext, admin: Admin, id: string) {
  const row = await managed(ctx, admin, id);
  if (row.status === 'live') throw conflict(LIVE_ERRORS.isLive);
  await repo.updateSession(ctx.db, row.id, { deleted: true, updatedAt: ctx.now() });
  return { id: row.id };
}

export async function rotateKey(ctx: AppContext, admin: Admin, id: string) {
  const row = await managed(ctx, admin, id);
  const now = ctx.now();
  await repo.updateSession(ctx.db, row.id, { streamKey: newStreamKey(), rotatedAt: now, updatedAt: now });
  return await infoOf(ctx, admin, row.id);
}

export async function endSession(ctx: AppContext, admin: Admin, id: string) {
  const row = await managed(ctx, admin, id);
  const now = ctx.now();
  await repo.updateSession(ctx.db, row.id, {
    status: 'ended',
    endedAt: row.status === 'ended' && row.endedAt !== null ? row.endedAt : now,
    streamKey: newStreamKey(),
    rotatedAt: now,
    updatedAt: now,
  });
  return await infoOf(ctx, admin, row.id);
}

export async function attendance(ctx: AppContext, admin: Admin, query: { id: string; page: number; num: number }) {
  const row = await managed(ctx, admin, query.id);
  const { rows, total } = await repo.attendanceRows(ctx.db, row.id, query.num, (query.page - 1) * query.num);
  const groups = await repo.groupNames(
    ctx.db,
    rows.map((r) => r.studentId),
  );
  return { list: rows.map((r) => ({ ...r, groups: groups.get(r.studentId) ?? [] })), total };
}

/** Every attendance row of a session (the export), with the session. */
export async function allAttendance(ctx: AppContext, admin: Admin, id: string) {
  const session = await managed(ctx, admin, id);
  return { session, ...(await attendance(ctx, admin, { id, page: 1, num: 1_000_000 })) };
}

/** The first instant of a month (server time zone) and of the next. */
export function monthRange(month: string): { from: number; to: number } {
  const [year, mon] = month.split('-').map(Number);
  return { from: new Date(year, mon - 1, 1).getTime(), to: new Date(year, mon, 1).getTime() };
}

const minutes = (seconds: number) => Math.ceil(seconds / 60);

export async function bill(ctx: AppContext, admin: Admin, month: string) {
  const { from, to } = monthRange(month);
  const rows = await repo.sessionsStarting(ctx.db, admin.schoolId, from, to, await scopeOf(ctx, admin));
  const totals = await repo.attendanceTotals(
    ctx.db,
    rows.map((row) => row.id),
  );
  const list = rows.map((row) => {
    const attended = totals.get(row.id) ?? { students: 0, seconds: 0 };
    return {
      id: row.id,
      coid: row.courseId,
      courseTitle: row.courseTitle,
      title: row.title,
      startAt: row.startAt,
      status: row.status,
      liveSeconds: row.liveSeconds,
      liveMinutes: minutes(row.liveSeconds),
      peakViewers: row.peakViewers,
      attendees: attended.students,
      attendedSeconds: attended.seconds,
      attendedMinutes: minutes(attended.seconds),
    };
  });
  const sum = (pick: (row: (typeof list)[number]) => number) => list.reduce((n, row) => n + pick(row), 0);
  return {
    month,
    from,
    to,
    list,
    totals: {
      sessions: list.length,
      liveMinutes: sum((row) => row.liveMinutes),
      peakViewers: list.reduce((n, row) => Math.max(n, row.peakViewers), 0),
      attendees: sum((row) => row.attendees),
      attendedMinutes: sum((row) => row.attendedMinutes),
    },
  };
}

/** res/live: the school's sessions for the resource pickers, and the live server's public address. */
export async function liveResources(ctx: AppContext, schoolId: string) {
  const { rows, total } = await repo.resourceSessions(ctx.db, schoolId, LIVE_RESOURCES_MAX);
  return { list: rows, total, liveServer: ctx.config.LIVE_SERVER_URL };
}
