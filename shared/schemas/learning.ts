import * as z from 'zod';
import { zChapterList } from './chapters';
import { zCode } from './common';
import { zChapterExer } from './exercises';
import { VIEWER_KINDS } from '../rules/learning';

/**
 * The learning pages (spec 2 'Student learning pages', 'Student site route names'; spec 3 'Ware info').
 * GET learn/ware/{coid}/{cid} answers what a chapter's viewer needs, after the one study-access check
 * (server/modules/learning/study-access.ts). File addresses are short-lived signed URLs (/media/...).
 */

// The viewer kinds and the learn routes are plain data (shared/rules/learning.ts), so the router can use them without zod.
export {
  VIEWER_KINDS,
  LEARN_ROUTE_NAMES,
  ROUTES_OF_KIND,
  routeOfKind,
  type ViewerKind,
  type LearnRouteName,
} from '../rules/learning';

/** Resource states (server/db/schema/media.ts) plus 'missing' when the chapter has no usable resource. */
export const WARE_STATUSES = ['ready', 'queued', 'converting', 'failed', 'unconverted', 'missing'] as const;
export type WareStatus = (typeof WARE_STATUSES)[number];

/**
 * Why a chapter may not be studied: the error string of the refusal (HTTP 401/403/404); the client shows
 * the message of the same key. noLogin and designatedGroup are the spec's keys (spec 8); endOfTrial is
 * the end-of-trial dialog of a paid chapter not bought (spec 2 Dialogs, spec 4 'Paid course not
 * purchased'); courseRemoved is 该课程已下架 (spec 2 Page guards; the reply's error is 'course removed').
 */
export const STUDY_REFUSALS = {
  noLogin: 'no login',
  studentOnly: 'studentOnly',
  otherSchool: 'otherSchool',
  designatedGroup: 'designatedGroup',
  endOfTrial: 'endOfTrial',
  notStarted: 'notStarted',
  expired: 'expired',
  courseRemoved: 'course removed',
  noChapter: 'noChapterAlert',
  // The order rules (server/modules/learning/study-gate.ts; spec 8 message keys): the reply's data carries
  // blockedBy (the chapter to finish first) and, for a staged subsection, its window.
  couseOrderTip: 'couseOrderTip',
  orderTip: 'orderTip',
  orderTip2: 'orderTip2',
  stageNotOpen: 'stageNotOpen',
  stageClosed: 'stageClosed',
} as const;
export type StudyRefusal = keyof typeof STUDY_REFUSALS;

/** The refusal key behind an error string of the ware call, or null when it is some other failure. */
export function studyRefusalOf(error: string | null | undefined): StudyRefusal | null {
  const found = (Object.entries(STUDY_REFUSALS) as [StudyRefusal, string][]).find(([, text]) => text === error);
  return found ? found[0] : null;
}

/** GET learn/ware/{coid}/{cid}: coid decimal or encoded, cid decimal. */
export const zWareParams = z.object({ coid: zCode, cid: z.string().regex(/^\d{1,20}$/, 'must be a decimal id') });

/** A chapter next to the current one, in study order. */
export const zWareNeighbour = z.object({ cid: z.string(), title: z.string(), learnType: z.string() }).nullable();

export const zWareSubtitle = z.object({ label: z.string(), lang: z.string(), url: z.string() });

/** The signed addresses of a resource's files (only those it has). */
export const zWareUrls = z.object({
  /** The uploaded original. */
  source: z.string().optional(),
  hls: z.string().optional(),
  mp4: z.string().optional(),
  poster: z.string().optional(),
  audio: z.string().optional(),
  /** The PDF to show: the uploaded PDF itself, or the conversion of an office document or presentation. */
  pdf: z.string().optional(),
  thumb: z.string().optional(),
  slides: z.array(z.string()),
});

/** A lock on a chapter by the order rules (shared/rules/study-order, staged-plan): the message key and what blocks it. */
export const zStudyLock = z.object({
  message: z.enum(['couseOrderTip', 'orderTip2', 'orderTip', 'stageNotOpen', 'stageClosed']),
  /** The chapter that must be finished first ('' for a staged window). */
  blockedBy: z.string(),
});
export type StudyLock = z.infer<typeof zStudyLock>;

/** A staged subsection's opening window (spec 4 'Staged plan'): ms, end null when expire_limit is off. */
export const zStudyWindow = z.object({
  state: z.enum(['open', 'notYetOpen', 'closed']),
  start: z.number(),
  end: z.number().nullable(),
});

/** The student's record and lock of one study chapter. */
export const zStudyChapter = z.object({
  cid: z.string(),
  /** 0..1 (1 = complete). */
  progress: z.number(),
  passed: z.boolean(),
  verify_status: z.number().int(),
  lock: zStudyLock.nullable(),
  window: zStudyWindow.nullable(),
});
export type StudyChapterState = z.infer<typeof zStudyChapter>;

/** Course settings the study page acts on (spec 3 'Course settings', 'Course' order_rest). */
export const zStudySettings = z.object({
  order_rest: z.boolean(),
  exercOrder: z.boolean(),
  verify: z.boolean(),
  signature: z.boolean(),
  switchremind: z.boolean(),
  leaveremind: z.boolean(),
  /** Minutes of inactivity before the leave reminder. */
  leavetime: z.number(),
  /** A study-plan course (type 3): growth (level 0) or phase (level 1); null for an ordinary course. */
  plan: z.enum(['growth', 'phase']).nullable(),
  staged: z.boolean(),
  /**
   * The fastest credited playback speed (the course's, else the school's; shared/rules/playback-rate): the
   * player offers no faster speed, and the heartbeat credits no faster playback.
   */
  maxRate: z.number(),
});

export const zWareStudy = z.object({
  /** A signed-in student whose study is recorded (false for guests, auditions without login and previews). */
  recorded: z.boolean(),
  /** The student owns the course (free, bought or assigned, within its validity). */
  owned: z.boolean(),
  settings: zStudySettings,
  /** Every study chapter (leaf) in study order, with the student's record and lock. */
  chapters: z.array(zStudyChapter),
  /** stu/checksignature hasImg for this course. */
  hasSignature: z.boolean(),
  /** Grading is on for this chapter (showgrade) and whether the student has rated it (check grade hasVal). */
  gradingOn: z.boolean(),
  rated: z.boolean(),
});
export type WareStudy = z.infer<typeof zWareStudy>;

export const zWare = z.object({
  // Spec 3 'Ware info': path, type, rid, coid, title.
  /** The main file's address (what the viewer opens first); '' when there is none. */
  path: z.string(),
  /** The chapter kind (shared/schemas/chapters CHAPTER_TYPE). */
  type: z.number().int(),
  rid: z.string(),
  coid: z.string(),
  /** The chapter's title. */
  title: z.string(),
  // What the viewer needs.
  cid: z.string(),
  /** The encoded course id of the page addresses. */
  code: z.string(),
  courseTitle: z.string(),
  learnType: z.string(),
  kind: z.enum(VIEWER_KINDS),
  status: z.enum(WARE_STATUSES),
  /** Why the resource is not ready (the conversion tool's message, or the missing tool). */
  statusMessage: z.string(),
  urls: zWareUrls,
  subtitles: z.array(zWareSubtitle),
  /** Seconds (video and audio). */
  duration: z.number(),
  pages: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The original file's name, extension (upper case, spec 5) and size. */
  fileName: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Spec 6: download per chapter follows allowdownload; download is null unless it is set. */
  allowdownload: z.boolean(),
  download: z.string().nullable(),
  /** Image-text chapters: the chapter's rich text (sanitised on save; sanitise again on display). */
  html: z.string(),
  /** When the text was last changed (ms); chapters keep no edit time, so it is when the chapter was made. */
  updatedAt: z.number(),
  /** Course settings notAllowSkip: no seeking past the furthest point watched. */
  notAllowSkip: z.boolean(),
  /** An administrator of the course previewing it (no purchase needed). */
  preview: z.boolean(),
  /** When the signed addresses stop working (ms): ask again before then. */
  expiresAt: z.number(),
  /** The chapter list beside the content (course/chapter/{id}). */
  chapters: zChapterList,
  prev: zWareNeighbour,
  next: zWareNeighbour,
  /** The student's study of the course: what the study page's locks, dialogs and reminders need. */
  study: zWareStudy,
  /**
   * Spec 3 'Chapter' exer and exerc_count of every chapter with exercises, and how many of them are
   * still pending for this student (all of them for a viewer without records).
   */
  exercises: z.array(
    z.object({ cid: z.string(), exer: zChapterExer, exerc_count: z.number().int(), exerc_pending: z.number().int() }),
  ),
  /** The course's chapter exams (an exam chapter, a plan stage's stage exam): optional (may be skipped, spec 5) and passed by this student. */
  exams: z.array(z.object({ cid: z.string(), examId: z.string(), optional: z.boolean(), passed: z.boolean() })),
});
export type Ware = z.infer<typeof zWare>;
export type WareUrls = z.infer<typeof zWareUrls>;
