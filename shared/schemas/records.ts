import * as z from 'zod';
import { zCode, zId, zQueryNum, zQueryPage } from './common';

/**
 * Learning records (spec 3 'Learn record', 'Watch record', 'Heartbeat record'; spec 7 Learning calls and the
 * named client operations 'Heartbeat', 'Do learn', 'Get learn record by chapter id', 'Update student course',
 * 'Get exceeding courses', 'Add watch record'). The server decides what counts: the client says
 * where it is, the server bounds time by wall time and progress by what was plausibly watched or read.
 * Times in replies are seconds (eff, watch_time) or ms since the epoch (…_at, last_visit, addtime).
 */

/** A chapter id; '0' names a graphic course's own text (a graphic course has no chapters). */
export const zChapterRef = z.string().regex(/^\d{1,20}$/, 'must be a decimal id');

/** A yes/no the old clients send as true/false, 1/0 or '1'/'0'. */
export const zYesNo = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/**
 * What a heartbeat says happened (play_type): start (the viewing began), play (a timer tick while
 * studying, or playback resumed), pause, seek, ended (the media reached its end), leave (the final
 * heartbeat on leaving the page), read (a graphic reader tick).
 */
export const PLAY_TYPES = ['start', 'play', 'pause', 'seek', 'ended', 'leave', 'read'] as const;
export type PlayType = (typeof PLAY_TYPES)[number];

/** The longest media the records measure (s), and the most pages. */
export const MAX_MEDIA_SECONDS = 48 * 3600;
export const MAX_PAGES = 100_000;

/**
 * POST web/heartbeat: the spec's heartbeat record as the client sends it (eff_time, status, pid and name
 * are the server's to decide and are ignored if sent). position is media seconds for video and audio, the
 * page (1-based) for documents and slides; played_time the reading progress 0..1 of a graphic text.
 * start_ts (client ms) names this viewing: a tab that reloads starts a new one.
 */
export const zHeartbeat = z.object({
  coid: zCode,
  cid: zChapterRef,
  position: z.number().min(0).max(MAX_MEDIA_SECONDS).optional(),
  played_time: z.number().min(0).max(1).optional(),
  /** The media length the player sees (s), used once when the server does not know it. */
  duration: z.number().min(0).max(MAX_MEDIA_SECONDS).optional(),
  /** The document's page count as the viewer sees it, used once when the server does not know it. */
  pages: z.number().int().min(0).max(MAX_PAGES).optional(),
  pause: zYesNo.default(false),
  /** Seconds the client counted as active since its previous heartbeat: may lower the credit, never raise it. */
  realtime: z.number().min(0).max(86_400).optional(),
  play_type: z.enum(PLAY_TYPES).default('play'),
  start_ts: z.number().int().min(0).max(1e14),
  /** The client's own idea of the progress: never trusted, kept for the log. */
  progress: z.number().min(0).max(1).optional(),
});
export type Heartbeat = z.output<typeof zHeartbeat>;

/**
 * How a heartbeat was taken: recorded (a student's records were updated), free (a visitor without login
 * studying an open chapter: spec 5 'Free accounts may start study without login and skip learning
 * records'), preview (an administrator looking at the course).
 */
export const HEARTBEAT_STATUSES = ['recorded', 'free', 'preview'] as const;

/** POST learn/start {coid}: 'Do learn {coid} before starting'. */
export const zStartLearning = z.object({ coid: zCode });
export const zStartReply = z.object({
  coid: z.string(),
  /** True when this call made the student a learner of the course (lcount counts them). */
  started: z.boolean(),
  /** The chapter to continue at ('' before any). */
  last_chapter: z.string(),
});

/** GET learn/record {cid, coid?}: 'Get learn record by chapter id' (coid is needed for a graphic course's '0'). */
export const zRecordQuery = z.object({ cid: zChapterRef, coid: zCode.optional() });

/** A student's record of one chapter (spec 3 'Learn record': eff, watch_time, progress; and where to resume). */
export const zLearnRecord = z.object({
  coid: z.string(),
  cid: z.string(),
  /** Total effective study seconds of the chapter. */
  eff: z.number(),
  /** Seconds of the media watched (merged ranges); pages reached for documents. */
  watch_time: z.number(),
  progress: z.number(),
  /** Where the server puts the learner (a jump past what notAllowSkip allows comes back clamped). */
  position: z.number(),
  /** The furthest point reached plausibly: seconds, page, or reading 0..1. */
  furthest: z.number(),
  duration: z.number(),
  completed: z.boolean(),
  completed_at: z.number().nullable(),
  passed: z.boolean(),
  /** Staged review: 0 not reviewed, 1 approved, 2 rejected. */
  verify_status: z.number().int(),
  updated_at: z.number().nullable(),
});
export type LearnRecord = z.infer<typeof zLearnRecord>;

/** The chapter's record after a heartbeat, as the server decided it: the learn record's fields and what this beat did. */
export const zHeartbeatReply = zLearnRecord
  .pick({
    coid: true,
    cid: true,
    eff: true,
    watch_time: true,
    progress: true,
    position: true,
    furthest: true,
    duration: true,
    completed: true,
  })
  .extend({
    status: z.enum(HEARTBEAT_STATUSES),
    /** The seconds this heartbeat added. */
    eff_time: z.number(),
    /** A free graphic course became the student's through this heartbeat (spec 4 'Graphic reading'). */
    obtained: z.boolean(),
  });
export type HeartbeatReply = z.infer<typeof zHeartbeatReply>;

export const zCourseQuery = z.object({ coid: zCode });

/** GET learn/lasttimerecord {coid}: where to continue; null before the first study. */
export const zLastTimeRecord = z
  .object({
    coid: z.string(),
    code: z.string(),
    cid: z.string(),
    title: z.string(),
    learnType: z.string(),
    position: z.number(),
    progress: z.number(),
    last_visit: z.number(),
  })
  .nullable();

/** A chapter's progress in learn/info. */
export const zChapterProgress = z.object({
  cid: z.string(),
  eff: z.number(),
  watch_time: z.number(),
  progress: z.number(),
  completed: z.boolean(),
  passed: z.boolean(),
  verify_status: z.number().int(),
});

/** GET learn/info {coid}: the student's study of a course (process is the percent of study chapters complete). */
export const zCourseStudy = z.object({
  coid: z.string(),
  process: z.number().int(),
  total_chapter: z.number().int(),
  complete_chapter: z.number().int(),
  eff: z.number(),
  last_chapter: z.string(),
  last_visit: z.number().nullable(),
  started_at: z.number().nullable(),
  completed_at: z.number().nullable(),
  chapters: z.array(zChapterProgress),
});
export type CourseStudy = z.infer<typeof zCourseStudy>;

/** POST learn/stucourse: 'Update student course {uid, mid, coid, cid}' — uid the school, mid the student (checked against the session when sent). */
export const zUpdateStudentCourse = z.object({
  uid: z.string().max(64).optional(),
  mid: z.string().max(64).optional(),
  coid: zCode,
  cid: zChapterRef,
});
export const zStudentCourseReply = z.object({ coid: z.string(), cid: z.string() });

/** GET course/exceeding {mid}: 'Get exceeding courses' (spec 3 'Almost-expiring course'); mid, when sent, must be the student. */
export const zExceedingQuery = z.object({ mid: z.string().max(64).optional() });
export const zExceedingCourse = z.object({
  coid: z.string(),
  code: z.string(),
  coid_title: z.string(),
  img: z.string(),
  total_chapter: z.number().int(),
  complete_chapter: z.number().int(),
  /** When the student got the course (ms). */
  addtime: z.number(),
  ce_type: z.number().int(),
  ce_time: z.string(),
  /** The last valid instant (ms) and what is left of it (ms, 0..10 days). */
  limitedDate: z.number(),
  remaining: z.number(),
  process: z.number().int(),
});
export const zExceedingReply = z.object({ courselist: z.array(zExceedingCourse) });

/** GET course/nolearn: the student's courses not studied yet. */
export const zNoLearnCourse = z.object({
  coid: z.string(),
  code: z.string(),
  coid_title: z.string(),
  img: z.string(),
  addtime: z.number(),
});
export const zNoLearnReply = z.object({ courselist: z.array(zNoLearnCourse) });

export const WATCH_TEXT_MAX = 200;
/** POST watch/add: 'Add watch record' (spec 3 'Watch record'); uid, parent_id and name come from the session. */
export const zAddWatch = z.object({
  coid: zCode,
  cid: zChapterRef.optional(),
  title: z.string().max(WATCH_TEXT_MAX).optional(),
  /** The operating system; read from the browser's user agent when not sent. */
  type: z.string().max(60).optional(),
  area: z.string().max(60).optional(),
});
export const zAddWatchReply = z.object({
  /** False when today's record of this viewer and course already exists, or the viewer is the school owner. */
  added: z.boolean(),
  skipped: z.enum(['', 'owner', 'duplicate']),
});

/** The most rows of a records list page. */
const PAGE_NUM_MAX = 200;
const page = zQueryPage;
const num = zQueryNum(PAGE_NUM_MAX);

/** GET watch/list {page, num, coid?, sid?}: a student's own watch records; an administrator's school's (filters coid, sid). */
export const zWatchListQuery = z.object({ page, num, coid: zCode.optional(), sid: zId.optional() });
export const zWatchItem = z.object({
  id: z.string(),
  coid: z.string(),
  cid: z.string(),
  uid: z.string(),
  name: z.string(),
  parent_id: z.string(),
  title: z.string(),
  type: z.string(),
  area: z.string(),
  watch_time: z.number().int(),
});
export const zWatchList = z.object({ list: z.array(zWatchItem), total: z.number().int() });

// ---- back office (permission 'student'; learn/move 'course') ----

/** GET learn/getlist {coid, page, num, key?}: the learners of a course. */
export const zCourseLearnersQuery = z.object({ coid: zCode, page, num, key: z.string().trim().max(64).optional() });
export const zCourseLearner = z.object({
  sid: z.string(),
  name: z.string(),
  username: z.string(),
  process: z.number().int(),
  complete_chapter: z.number().int(),
  total_chapter: z.number().int(),
  eff: z.number(),
  last_chapter: z.string(),
  last_chapter_title: z.string(),
  last_visit: z.number(),
  started_at: z.number(),
});
export const zCourseLearners = z.object({ list: z.array(zCourseLearner), total: z.number().int() });

export const zStudentSummary = z.object({ sid: z.string(), name: z.string(), username: z.string() });

/** GET learn/getlistbystudent {sid, page, num}: the courses a student studies. */
export const zStudentCoursesQuery = z.object({ sid: zId, page, num });
export const zStudentCourseRecord = z.object({
  coid: z.string(),
  title: z.string(),
  process: z.number().int(),
  complete_chapter: z.number().int(),
  total_chapter: z.number().int(),
  eff: z.number(),
  last_visit: z.number(),
  started_at: z.number(),
  completed_at: z.number().nullable(),
});
export const zStudentCourses = z.object({
  student: zStudentSummary,
  list: z.array(zStudentCourseRecord),
  total: z.number().int(),
});

/** GET learn/detailbystudent {sid, coid}: a student's chapters of a course, studied or not. */
export const zStudentDetailQuery = z.object({ sid: zId, coid: zCode });
export const zChapterRecordRow = z.object({
  cid: z.string(),
  title: z.string(),
  type: z.number().int(),
  parent_id: z.string(),
  eff: z.number(),
  watch_time: z.number(),
  progress: z.number(),
  passed: z.boolean(),
  verify_status: z.number().int(),
  completed_at: z.number().nullable(),
  updated_at: z.number().nullable(),
});
export const zStudentDetail = z.object({
  student: zStudentSummary,
  coid: z.string(),
  title: z.string(),
  process: z.number().int(),
  chapters: z.array(zChapterRecordRow),
});

/** GET learn/allrecord {page, num, coid?, sid?, from?, to?}: every chapter record of the school, newest first (from/to on updated_at, ms). */
export const zAllRecordsQuery = z.object({
  page,
  num,
  coid: zCode.optional(),
  sid: zId.optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export const zRecordRow = zChapterRecordRow.omit({ title: true, type: true, parent_id: true }).extend({
  sid: z.string(),
  name: z.string(),
  coid: z.string(),
  course_title: z.string(),
  chapter_title: z.string(),
});
export const zAllRecords = z.object({ list: z.array(zRecordRow), total: z.number().int() });

/** GET learn/studentrecord {sid}: a student's study in sum. */
export const zStudentRecordQuery = z.object({ sid: zId });
export const zStudentRecord = zStudentSummary.extend({
  courses: z.number().int(),
  completed_courses: z.number().int(),
  completed_chapters: z.number().int(),
  eff: z.number(),
  last_visit: z.number().nullable(),
});

/** GET learn/getchapterstudytime {coid}: per chapter, how many studied it, completed it, and their time. */
export const zChapterStudyTime = z.object({
  cid: z.string(),
  title: z.string(),
  type: z.number().int(),
  parent_id: z.string(),
  learners: z.number().int(),
  completed: z.number().int(),
  eff: z.number(),
  avg_eff: z.number(),
});
export const zChapterStudyTimes = z.object({ coid: z.string(), chapters: z.array(zChapterStudyTime) });

/** POST learn/move {coid, from, to}: the records of one chapter become another's of the same course (merged where both exist). */
export const zMoveRecords = z
  .object({ coid: zCode, from: zId, to: zId })
  .refine((value) => value.from !== value.to, { message: 'must differ from from', path: ['to'] });
/** POST learn/process/deleted {sid, coid, cid?}: deletes a student's progress in a course, or in one chapter of it. */
export const zDeleteProgress = z.object({ sid: zId, coid: zCode, cid: zChapterRef.optional() });
export const zCountReply = z.object({ count: z.number().int() });

export const VERIFY_STATUS = { none: 0, approved: 1, rejected: 2 } as const;
/**
 * POST learn/record/update {sid, coid, cid, progress?, passed?, verify_status?}: the staged review
 * (verify_status 1 approve, 2 reject), a stage passed, or progress raised by an administrator (never lowered:
 * to start again, delete the progress).
 */
export const zUpdateRecord = z
  .object({
    sid: zId,
    coid: zCode,
    cid: zChapterRef,
    progress: z.number().min(0).max(1).optional(),
    passed: zYesNo.optional(),
    verify_status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  })
  .refine((value) => value.progress !== undefined || value.passed !== undefined || value.verify_status !== undefined, {
    message: 'nothing to update',
    path: ['progress'],
  });

/** GET learn/students {key?, page, num}: the school's students with their study in sum (the 'by student' screen's search). */
export const zStudentSearchQuery = z.object({ page, num, key: z.string().trim().max(64).optional() });
export const zStudentStudyRow = zStudentSummary.extend({
  courses: z.number().int(),
  completed_courses: z.number().int(),
  eff: z.number(),
  last_visit: z.number().nullable(),
});
export const zStudentSearch = z.object({ list: z.array(zStudentStudyRow), total: z.number().int() });

/**
 * The staged review (spec 4 'Growth plan order', 'Next chapter flow': "Done but not verified: ... review can
 * be requested in the back office"). A stage is a top-level chapter of a course whose setting verify is on;
 * its review state is verify_status on the student's learn record of the stage itself (chapter_id = the
 * stage's cid), the row learn/record/update writes.
 */
export const REVIEW_STATUS_KEYS = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatusKey = (typeof REVIEW_STATUS_KEYS)[number];
/** The verify_status of each filter of the queue: pending 0, approved 1, rejected 2. */
export const REVIEW_STATUS_VALUE: Record<ReviewStatusKey, 0 | 1 | 2> = {
  pending: VERIFY_STATUS.none,
  approved: VERIFY_STATUS.approved,
  rejected: VERIFY_STATUS.rejected,
};
/** The longest reason of a review decision. */
export const REVIEW_REASON_MAX = 200;

/** GET learn/review/list {coid?, status?, key?, page, num}: studied stages by review state (pending first: oldest waiting first). */
export const zReviewListQuery = z.object({
  page,
  num,
  coid: zCode.optional(),
  status: z.enum(REVIEW_STATUS_KEYS).default('pending'),
  key: z.string().trim().max(64).optional(),
});
export const zReviewItem = z.object({
  sid: z.string(),
  name: z.string(),
  username: z.string(),
  coid: z.string(),
  course_title: z.string(),
  /** The stage (a top-level chapter). */
  cid: z.string(),
  stage_title: z.string(),
  /** Its study chapters (its subchapters, or 1 when the stage is studied itself). */
  chapters: z.number().int(),
  /** When its last study chapter was completed (ms). */
  studied_at: z.number().nullable(),
  /** The stage exam passed (spec 3 'Chapter' passed). */
  passed: z.boolean(),
  verify_status: z.number().int(),
  /** When the review state last changed (ms); null before any review. */
  reviewed_at: z.number().nullable(),
  /** The reason given with the latest decision ('' when none). */
  reason: z.string(),
});
export type ReviewItem = z.infer<typeof zReviewItem>;
export const zReviewList = z.object({ list: z.array(zReviewItem), total: z.number().int() });

/** POST learn/review {coid, cid, sid, action, reason?}: approves (verify_status 1) or rejects (2) a studied stage. */
export const zReviewDecision = z.object({
  coid: zCode,
  cid: zId,
  sid: zId,
  action: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(REVIEW_REASON_MAX).optional(),
});
export const zReviewReply = zLearnRecord.extend({
  sid: z.string(),
  action: z.enum(['approve', 'reject']),
  reason: z.string(),
});

/**
 * GET learn/export {view, format, coid?, sid?, key?, max?}: the rows a records screen shows, as a CSV (UTF-8
 * with a byte-order mark) or XLSX download: course (a course's learners; key filters by name), student (a
 * student's courses), chapter (per chapter of a course), detail (a student's chapters of a course), exercises
 * (each student's chapter exercise results of a course; sid: one student's), questions (each exercise
 * question's statistics; sid: one student's answers). At most
 * `max` rows (EXPORT_MAX_ROWS unless lower); when there were more, the file's last row and the header
 * X-Export-Capped say so.
 */
export const EXPORT_MAX_ROWS = 50_000;
export const EXPORT_VIEWS = [
  'course',
  'student',
  'chapter',
  'detail',
  'exercises',
  'questions',
  'exams',
  'examtotals',
] as const;
export type ExportView = (typeof EXPORT_VIEWS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_CAPPED_HEADER = 'x-export-capped';
export const zExportQuery = z
  .object({
    view: z.enum(EXPORT_VIEWS),
    format: z.enum(EXPORT_FORMATS).default('csv'),
    coid: zCode.optional(),
    sid: zId.optional(),
    key: z.string().trim().max(64).optional(),
    max: z.coerce.number().int().min(1).max(EXPORT_MAX_ROWS).default(EXPORT_MAX_ROWS),
  })
  .superRefine((value, issues) => {
    if (value.view !== 'student' && !value.coid)
      issues.addIssue({ code: 'custom', message: 'required for this view', path: ['coid'] });
    if ((value.view === 'student' || value.view === 'detail') && !value.sid)
      issues.addIssue({ code: 'custom', message: 'required for this view', path: ['sid'] });
  });
export type ExportQuery = z.output<typeof zExportQuery>;

/** Error strings of the records calls. */
export const RECORD_ERRORS = {
  /** learn/review: the chapter is not a stage (a top-level chapter) of the course. */
  notAStage: 'not a stage',
  /** learn/review: the student has not finished studying the stage's chapters. */
  stageNotStudied: 'stage not studied',
} as const;
