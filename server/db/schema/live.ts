import { table, text, integer, index, primaryKey, uniqueIndex } from './dialect';
import { admins, students } from './accounts';
import { courses } from './catalogue';
import { resources } from './media';
import { schools } from './schools';

/**
 * Live teaching (issue 17). The video never passes through the platform: a live server (nginx with the RTMP
 * module for ingest, HLS and recordings, node-media-server for HTTP-FLV; deploy/live) takes the teacher's
 * stream and asks the platform on publish (live hooks). Times are ms since the epoch.
 */

/**
 * A session of a live course (course type 1 live or 2 public live): scheduled between startAt and endAt,
 * taught by a teacher (an administrator of the school), published with its own stream key. The key is
 * rotated on demand (rotatedAt) and revoked by deleting or ending the session. status: scheduled → live (the
 * live server's publish callback accepted the key) → ended (its publish_done callback, or the administrator).
 * A session may go live again within its window after a drop (status back to live, liveAt kept as first).
 * clientId is the live server's id of the publishing connection while live (a second publisher is refused).
 * replayResourceId: the recording imported as a video resource when the stream ended; replayChapterId: the
 * chapter it was attached to; replayError: why importing failed (the recording stays on the live server).
 */
export const liveSessions = table(
  'live_sessions',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    teacherId: text('teacher_id').references(() => admins.id, { onDelete: 'set null' }),
    streamKey: text('stream_key').notNull(),
    rotatedAt: integer('rotated_at').notNull(),
    status: text('status', { enum: ['scheduled', 'live', 'ended'] })
      .notNull()
      .default('scheduled'),
    clientId: text('client_id'),
    liveAt: integer('live_at'),
    endedAt: integer('ended_at'),
    /** Seconds the stream was live in all (summed over drops): what live/bill counts. */
    liveSeconds: integer('live_seconds').notNull().default(0),
    /** The most viewers seen at once while live. */
    peakViewers: integer('peak_viewers').notNull().default(0),
    replayResourceId: text('replay_resource_id').references(() => resources.id, { onDelete: 'set null' }),
    replayChapterId: text('replay_chapter_id'),
    replayError: text('replay_error'),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('live_sessions_course').on(t.courseId, t.startAt),
    index('live_sessions_school').on(t.schoolId, t.startAt),
    uniqueIndex('live_sessions_key').on(t.streamKey),
  ],
);

/**
 * A student's attendance of a live session: seconds credited while the stream was live (each beat credits
 * at most the time since the previous beat, bounded by wall time), first and last beat.
 */
export const liveAttendance = table(
  'live_attendance',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.studentId] }), index('live_attendance_student').on(t.studentId)],
);
