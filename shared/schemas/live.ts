/**
 * The live page's calls (issue 17; spec 2 'Live video page', 3 Course type 1 live / 2 public live, 7
 * public/live). Times travel as ms since the epoch. Playback addresses are in a reply only when the viewer
 * may watch; otherwise `refusal` says why (the study refusals of shared/schemas/learning).
 */
import * as z from 'zod';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/** How often the live page beats while the stream is live and the page visible. */
export const LIVE_BEAT_MS = 30_000;
/** The most one beat credits: an interval and some slack (a late beat), never an hour of a sleeping tab. */
export const LIVE_BEAT_MAX_S = LIVE_BEAT_MS / 1000 + 15;
/** A student counts as watching while their last beat is this recent. */
export const LIVE_VIEWER_WINDOW_MS = 60_000;
/** The most sessions one page of public/live holds. */
export const PUBLIC_LIVE_PAGE_MAX = 50;

export const zLiveStatus = z.enum(['scheduled', 'live', 'ended']);

/**
 * What the page shows: no session at all; the next session (a countdown to startAt); the stream live; or the
 * latest session ended (its replay when there is one).
 */
export const zLivePageState = z.enum(['none', 'scheduled', 'live', 'ended']);
export type LivePageState = z.infer<typeof zLivePageState>;

/** Why the viewer may not watch (spec 4 / learn refusals: sign in, buy, groups, validity). */
export const zLiveRefusal = z.enum([
  'noLogin',
  'studentOnly',
  'otherSchool',
  'designatedGroup',
  'endOfTrial',
  'notStarted',
  'expired',
]);
export type LiveRefusal = z.infer<typeof zLiveRefusal>;

/** GET live/info: the course by decimal coid or its code; uid (the page's school, hashUID) when known. */
export const zLiveInfoQuery = z.object({ coid: zCode, uid: zCode.optional() });

/** The replay of an ended session: the chapter its recording was attached to. */
export const zLiveReplay = z.object({ cid: zId, learnType: z.string() });

export const zLiveSession = z.object({
  id: zId,
  title: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: zLiveStatus,
  replay: zLiveReplay.nullable(),
});
export type LiveSession = z.infer<typeof zLiveSession>;

export const zPlayback = z.object({
  hls: z.string(),
  flv: z.string(),
  /** When signed addresses stop working (ms); 0 for a public live course. */
  expiresAt: z.number().int(),
});

export const zLiveInfo = z.object({
  course: z.object({
    coid: zId,
    code: z.string(),
    title: z.string(),
    /** 1 live, 2 public live. */
    type: z.number().int(),
    cover: z.string(),
    hashUID: z.string(),
    schoolId: zId,
  }),
  state: zLivePageState,
  /** The session the page shows (shared/rules/live sessionToShow), null when the course has none. */
  session: zLiveSession.nullable(),
  /** The course's other sessions, earliest first. */
  others: z.array(zLiveSession),
  /** Students watching now (beats within the last minute) while live; 0 otherwise. */
  viewers: z.number().int(),
  /** The live server's public address (spec 2: from page data); '' when none is configured. */
  liveServer: z.string(),
  /** Whether the live server answers its health check now. */
  available: z.boolean(),
  /** Why the viewer may not watch, or null when they may. */
  refusal: zLiveRefusal.nullable(),
  /** The stream's addresses, only for a viewer who may watch (signed for a live course, plain for a public one). */
  playback: zPlayback.nullable(),
  /** Whether this viewer's beats count as attendance (a signed-in student who may watch). */
  attends: z.boolean(),
  /** The server's clock (ms) when it answered: the countdown runs from it. */
  now: z.number().int(),
});
export type LiveInfo = z.infer<typeof zLiveInfo>;

/**
 * POST live/heartbeat. resume: the page was hidden and shows again: the time since the last beat was not
 * watched, so this beat credits nothing and starts the count again.
 */
export const zLiveBeat = z.object({ sessionId: zId, resume: z.boolean().optional() });

export const zLiveBeatReply = z.object({
  /** Seconds this beat credited. */
  credited: z.number().int(),
  /** The student's attendance of the session in all (seconds). */
  seconds: z.number().int(),
  status: zLiveStatus,
});
export type LiveBeatReply = z.infer<typeof zLiveBeatReply>;

/** GET public/live: a school's public live sessions anyone may watch. */
export const zPublicLiveQuery = z.object({
  uid: zCode,
  page: zQueryPage,
  num: zQueryNum(PUBLIC_LIVE_PAGE_MAX, 20),
});

export const zPublicLiveItem = z.object({
  coid: zId,
  code: z.string(),
  title: z.string(),
  cover: z.string(),
  sessionId: zId,
  sessionTitle: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  status: zLiveStatus,
});

export const zPublicLiveList = z.object({ total: z.number().int(), list: z.array(zPublicLiveItem) });
export type PublicLiveList = z.infer<typeof zPublicLiveList>;
