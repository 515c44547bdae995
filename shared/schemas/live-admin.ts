/**
 * Live teaching in the back office (issue 17; spec 7 live/bill): a live course's sessions, their stream keys,
 * attendance and the month's bill. Times travel as ms since the epoch.
 */
import * as z from 'zod';
import { zId, zQueryNum, zQueryPage } from './common';

export const LIVE_TITLE_MAX = 100;
/** The longest a session may be scheduled for. */
export const LIVE_MAX_LENGTH_MS = 24 * 3_600_000;
export const LIVE_PAGE_MAX = 100;
/** Sessions the resource pickers' res/live lists at most (newest first; total counts them all). */
export const LIVE_RESOURCES_MAX = 200;

export const LIVE_ERRORS = {
  window: 'the end must come after the start',
  tooLong: 'a session lasts at most 24 hours',
  notLiveCourse: 'not a live course of this school',
  notTeacher: 'the teacher must be an administrator of this school',
  isLive: 'the session is live: end it first',
  hasEnded: 'the session has ended: its times and course no longer change',
} as const;

export const zLiveStatus = z.enum(['scheduled', 'live', 'ended']);
export type LiveStatusName = z.infer<typeof zLiveStatus>;

const zTime = z.number().int().min(0).max(8_640_000_000_000);
const fields = {
  coid: zId,
  title: z.string().trim().min(1, 'is required').max(LIVE_TITLE_MAX),
  startAt: zTime,
  endAt: zTime,
  /** An administrator of the school; none given: the one scheduling it. */
  teacherId: zId.nullable().optional(),
};

const windowOk = (a: { startAt: number; endAt: number }) => a.endAt > a.startAt;
const lengthOk = (a: { startAt: number; endAt: number }) => a.endAt - a.startAt <= LIVE_MAX_LENGTH_MS;

/** POST live/session/add. */
export const zNewLiveSession = z
  .object(fields)
  .refine(windowOk, { message: LIVE_ERRORS.window, path: ['endAt'] })
  .refine(lengthOk, { message: LIVE_ERRORS.tooLong, path: ['endAt'] });
export type NewLiveSession = z.output<typeof zNewLiveSession>;

/** POST live/session/edit: the session's fields replaced (the course and times only while scheduled). */
export const zEditLiveSession = z
  .object({ id: zId, ...fields })
  .refine(windowOk, { message: LIVE_ERRORS.window, path: ['endAt'] })
  .refine(lengthOk, { message: LIVE_ERRORS.tooLong, path: ['endAt'] });
export type EditLiveSession = z.output<typeof zEditLiveSession>;

export const zLiveSessionRef = z.object({ id: zId });

export const zLiveSessionQuery = z.object({
  coid: zId.optional(),
  status: zLiveStatus.optional(),
  page: zQueryPage,
  num: zQueryNum(LIVE_PAGE_MAX),
});

const zPerson = z.object({ id: zId, name: z.string() });

/** A session in the back office's list. */
export const zLiveSession = z.object({
  id: zId,
  coid: zId,
  courseTitle: z.string(),
  /** 1 live, 2 public live. */
  courseType: z.number().int(),
  title: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  teacher: zPerson.nullable(),
  status: zLiveStatus,
  /** Students whose live page beat within the last minute; 0 unless live. */
  viewers: z.number().int(),
  peakViewers: z.number().int(),
  /** Students who attended (have an attendance row). */
  attendance: z.number().int(),
  liveSeconds: z.number().int(),
  liveAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  replay: z.object({
    resourceId: zId.nullable(),
    chapterId: zId.nullable(),
    error: z.string().nullable(),
  }),
});
export type LiveSession = z.infer<typeof zLiveSession>;

export const zLiveSessionList = z.object({ list: z.array(zLiveSession), total: z.number().int() });

export const zLiveServerState = z.object({
  /** A live server address is set (LIVE_SERVER_URL). */
  configured: z.boolean(),
  /** It answered its health check. */
  up: z.boolean(),
});

/** GET live/session/info: the session with what a teacher needs to stream from OBS, and preview addresses. */
export const zLiveSessionInfo = zLiveSession.extend({
  /** OBS 'Server' (LIVE_RTMP_URL). */
  rtmpUrl: z.string(),
  /** OBS 'Stream key': {encoded course id}?key={streamKey}. */
  streamName: z.string(),
  streamKey: z.string(),
  rotatedAt: z.number().int(),
  /** Publishing is allowed from this many minutes before the start to as many after the end. */
  publishMarginMin: z.number().int(),
  playback: z.object({ hls: z.string(), flv: z.string(), expiresAt: z.number().int() }).nullable(),
  liveServer: zLiveServerState,
});
export type LiveSessionInfo = z.infer<typeof zLiveSessionInfo>;

/** GET live/options: what the scheduling form chooses from. */
export const zLiveOptions = z.object({
  courses: z.array(z.object({ id: zId, title: z.string(), type: z.number().int() })),
  teachers: z.array(zPerson),
  liveServer: zLiveServerState,
});

export const zLiveAttendanceQuery = z.object({ id: zId, page: zQueryPage, num: zQueryNum(LIVE_PAGE_MAX) });
export const zLiveAttendanceExportQuery = z.object({ id: zId });

export const zLiveAttendanceRow = z.object({
  studentId: zId,
  name: z.string(),
  account: z.string(),
  groups: z.array(z.string()),
  seconds: z.number().int(),
  firstAt: z.number().int(),
  lastAt: z.number().int(),
});
export type LiveAttendanceRow = z.infer<typeof zLiveAttendanceRow>;

export const zLiveAttendance = z.object({ list: z.array(zLiveAttendanceRow), total: z.number().int() });

/** A month in the server's time zone. */
export const zLiveBillQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
});

export const zLiveBillRow = z.object({
  id: zId,
  coid: zId,
  courseTitle: z.string(),
  title: z.string(),
  startAt: z.number().int(),
  status: zLiveStatus,
  liveSeconds: z.number().int(),
  /** live seconds rounded up to whole minutes. */
  liveMinutes: z.number().int(),
  peakViewers: z.number().int(),
  attendees: z.number().int(),
  attendedSeconds: z.number().int(),
  attendedMinutes: z.number().int(),
});

/** GET live/bill. */
export const zLiveBill = z.object({
  month: z.string(),
  /** The month's first and next month's first instant (ms). */
  from: z.number().int(),
  to: z.number().int(),
  list: z.array(zLiveBillRow),
  totals: z.object({
    sessions: z.number().int(),
    liveMinutes: z.number().int(),
    peakViewers: z.number().int(),
    attendees: z.number().int(),
    attendedMinutes: z.number().int(),
  }),
});
export type LiveBill = z.infer<typeof zLiveBill>;
