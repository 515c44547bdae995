import { table, text, integer, real, index, primaryKey, uniqueIndex } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';
import { students } from './accounts';
import { sessions } from './sessions';

/**
 * Learning records (spec 3 'Learn record': eff, watch_time, progress), one per student
 * and chapter, written by the heartbeat engine (server/modules/records/heartbeat-engine.ts), which decides
 * what counts. chapterId '0' is a graphic course's own text (a graphic course has no chapters). There is no
 * foreign key on the chapter: a deleted chapter's record stays for the back office, and '0' is no chapter.
 *
 * - effMs: effective study time (ms), each heartbeat adding at most the wall time since the student's
 *   previous credited moment (two tabs never double it).
 * - watched / intervals: for video and audio, the seconds of media actually watched, kept as merged
 *   [start, end) second ranges in JSON ([[0,120.5],[300,360]]). JSON in the row rather than a child table:
 *   a heartbeat reads and rewrites one student's ranges for one chapter at once, merged ranges are few
 *   (one for a learner who watches straight through), and nobody queries inside them — watched carries
 *   their total for SQL sums. One row read and one row write per heartbeat.
 *   For paged documents the ranges are pages ([0,3) = pages 1-3 reached).
 * - progress: 0..1, never decreasing (spec 4 'Progress': 1 = complete); furthest: the furthest point
 *   reached plausibly (seconds, pages, or reading 0..1); position: where the learner last was (resume).
 * - duration: the media length the record was measured against (resources.duration when known, else the
 *   client's first report, stored once).
 * - passed / verifyStatus: a stage's exam passed, and the staged review (0 not reviewed, 1 approved,
 *   2 rejected) of spec 4 'Growth plan order' / 'Next chapter flow'.
 */
export const learnRecords = table(
  'learn_records',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull(),
    schoolId: text('school_id').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
    watched: real('watched').notNull().default(0),
    intervals: text('intervals').notNull().default('[]'),
    progress: real('progress').notNull().default(0),
    furthest: real('furthest').notNull().default(0),
    position: real('position').notNull().default(0),
    duration: real('duration').notNull().default(0),
    completedAt: integer('completed_at'),
    passed: integer('passed', { mode: 'boolean' }).notNull().default(false),
    verifyStatus: integer('verify_status').notNull().default(0),
    startedAt: integer('started_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId, t.chapterId] }),
    index('learn_records_chapter').on(t.courseId, t.chapterId),
    index('learn_records_school').on(t.schoolId),
  ],
);

/*
 * Indexes of the three tables every heartbeat writes (learn_records, course_records, heartbeats) hold only
 * columns a heartbeat never changes: an index on updated_at or last_visit_at would be rewritten on every beat
 * (a delete and an insert in its b-tree), which cost the heartbeat more than its own row. The back office's
 * lists ordered by those times sort the course's or school's rows instead (a page, not the hot path).
 */
/**
 * A student's study of a course (spec 3 'Almost-expiring course' and 'Course list item':
 * total_chapter, complete_chapter, process): where they left off and how far they are. Created by
 * 'do learn' (learn/start) or the first heartbeat; lcount counts these.
 */
export const courseRecords = table(
  'course_records',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id').notNull(),
    lastChapterId: text('last_chapter_id').notNull().default(''),
    lastVisitAt: integer('last_visit_at').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
    completeChapter: integer('complete_chapter').notNull().default(0),
    totalChapter: integer('total_chapter').notNull().default(0),
    /** Percent 0..100 (complete_chapter of total_chapter). */
    process: integer('process').notNull().default(0),
    startedAt: integer('started_at').notNull(),
    completedAt: integer('completed_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('course_records_course').on(t.courseId),
    index('course_records_school').on(t.schoolId),
  ],
);

/**
 * The last heartbeat of each session on each chapter (spec 3 'Heartbeat record': coid, cid, pid, name,
 * played_time, pause, realtime, play_type, start_ts, eff_time, progress, status). The engine keeps it in
 * memory and flushes it with the records, so a restart continues each tab where it was: position
 * continuity is judged per session and viewing (start_ts), wall time per student across sessions (the
 * student's last credited moment is the latest lastAt here). Rows go with their session.
 */
export const heartbeats = table(
  'heartbeats',
  {
    tokenHash: text('token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    studentId: text('student_id').notNull(),
    /** When this viewing started in the tab (client ms): a new value is a new viewing. */
    startTs: integer('start_ts').notNull(),
    /** Server time of the heartbeat (ms). */
    lastAt: integer('last_at').notNull(),
    /** Where the learner was: media seconds, page, or reading progress. */
    position: real('position').notNull().default(0),
    pause: integer('pause', { mode: 'boolean' }).notNull().default(false),
    /** The current run of continuous playback: since when (server ms) and from where; a pause, seek or jump starts another. */
    runAt: integer('run_at').notNull().default(0),
    runFrom: real('run_from').notNull().default(0),
    playType: text('play_type').notNull().default('play'),
    /** The client's own count of active seconds since its previous heartbeat. */
    realtime: real('realtime').notNull().default(0),
    /** What the server credited for this heartbeat (ms), and the learner's last active credit time (ms). */
    effTime: integer('eff_time').notNull().default(0),
    creditedAt: integer('credited_at').notNull().default(0),
    progress: real('progress').notNull().default(0),
    status: text('status').notNull().default('recorded'),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.courseId, t.chapterId] }), index('heartbeats_student').on(t.studentId)],
);

/**
 * Watch records (spec 3 'Watch record': coid, cid, uid, name, parent_id, title, type (the operating
 * system), area, watch_time in unix seconds): one per viewer, course and day (spec 9 'Watch-record dedupe
 * ... 1 day'); never for the school owner (spec 5). viewer is the student id, or 'g:' and a browser's
 * cookie for a guest. Each new one adds to courses.count, which orders hot courses.
 */
export const watchRecords = table(
  'watch_records',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull().default('0'),
    studentId: text('student_id'),
    viewer: text('viewer').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    os: text('os').notNull().default(''),
    area: text('area').notNull().default(''),
    watchTime: integer('watch_time').notNull(),
    /** yyyy-MM-dd in the server's time zone. */
    day: text('day').notNull(),
  },
  (t) => [
    uniqueIndex('watch_records_day').on(t.viewer, t.courseId, t.day),
    index('watch_records_school').on(t.schoolId, t.watchTime),
    index('watch_records_student').on(t.studentId, t.watchTime),
  ],
);

/**
 * Study time per student and day (learn/moth, learn/day): what the heartbeat engine credits is added here
 * in the same group commit as the learn record, so the split by day and month is exact. day is yyyy-MM-dd in
 * the server's time zone, like watch_records.day.
 */
export const learnDays = table(
  'learn_days',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.day] }), index('learn_days_school_day').on(t.schoolId, t.day)],
);
