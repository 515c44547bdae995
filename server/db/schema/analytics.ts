import { table, text, integer, index, primaryKey } from './dialect';

/*
 * The back office's analytics (issue 18 'Back office analytics'; spec 7 'Other admin areas: analysis and
 * dashboard statistics'): aggregates kept up to date in the same transaction as the rows they count, so an
 * overview reads a few hundred rows instead of scanning millions of learn records.
 *
 * They are maintained by SQLite triggers (migrations/0016_analytics.sql) on learn_days, learn_records,
 * course_records, enrolments and course_grants: the records engine's group commit (heartbeat-engine.ts,
 * group-commit.ts) writes those rows, and every direct write (records.store writeThrough: an administrator's
 * change, an exam result, records moved or deleted) fires the same triggers, so no writer has to remember
 * the aggregates. The migration fills them from the existing rows (backfill) so an upgraded school has figures
 * at once. Days are yyyy-MM-dd in the server's time zone, as learn_days.day.
 */

/** Per school and day: study time credited and students who studied (a new learn_days row). */
export const analyticsSchoolDays = table(
  'analytics_school_days',
  {
    schoolId: text('school_id').notNull(),
    day: text('day').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
    students: integer('students').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);

/**
 * Per course and day: study time credited to its chapters, students who studied it, courses completed
 * (course_records.completed_at), new enrolments (enrolments rows and course grants to a student).
 */
export const analyticsCourseDays = table(
  'analytics_course_days',
  {
    courseId: text('course_id').notNull(),
    day: text('day').notNull(),
    schoolId: text('school_id').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
    students: integer('students').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    enrolments: integer('enrolments').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.day] }),
    // Covering: the overview sums a school's days of every course from the index alone.
    index('analytics_course_days_school').on(
      t.schoolId,
      t.day,
      t.courseId,
      t.effMs,
      t.students,
      t.completions,
      t.enrolments,
    ),
  ],
);

/** Who studied a course on a day: one row each, so analytics_course_days.students counts each student once. */
export const analyticsCourseDayStudents = table(
  'analytics_course_day_students',
  {
    courseId: text('course_id').notNull(),
    day: text('day').notNull(),
    studentId: text('student_id').notNull(),
    schoolId: text('school_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day, t.studentId] })],
);

/** Per chapter: students who started it (have a learn record), finished it (completed_at), their study time. */
export const analyticsChapterStats = table(
  'analytics_chapter_stats',
  {
    courseId: text('course_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    schoolId: text('school_id').notNull(),
    started: integer('started').notNull().default(0),
    finished: integer('finished').notNull().default(0),
    effMs: integer('eff_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.chapterId] })],
);

/** Per course: learners (course records) and how many of them completed it. */
export const analyticsCourseStats = table(
  'analytics_course_stats',
  {
    courseId: text('course_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    learners: integer('learners').notNull().default(0),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [index('analytics_course_stats_school').on(t.schoolId)],
);

/**
 * Per student group and day: the study time of its members (as members were when they studied) and how many
 * of them studied. Kept from learn_days with the member's groups at that moment; a later change of membership
 * does not move history.
 */
export const analyticsGroupDays = table(
  'analytics_group_days',
  {
    groupId: text('group_id').notNull(),
    day: text('day').notNull(),
    schoolId: text('school_id').notNull(),
    effMs: integer('eff_ms').notNull().default(0),
    students: integer('students').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.day] }),
    // Covering: the overview's groups by study time read the index alone.
    index('analytics_group_days_school').on(t.schoolId, t.day, t.groupId, t.effMs),
  ],
);

/** Each student's last day of study (the students who have not studied in N days). */
export const analyticsStudentLast = table(
  'analytics_student_last',
  {
    studentId: text('student_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    lastDay: text('last_day').notNull(),
  },
  (t) => [index('analytics_student_last_school').on(t.schoolId, t.lastDay)],
);
