import { table, text, integer, index, primaryKey } from './dialect';
import { students } from './accounts';
import { courses } from './catalogue';

/**
 * Study credits (学分, issue 18 'my credits'): one row per student and course, written when the student's
 * course record becomes complete, at the course's credit value of that moment (courses.credit_tenths), so a
 * later change of the course's value does not rewrite history.
 *
 * Written by SQLite triggers on course_records (migrations/0017_study_credits.sql) in the very statement that
 * records the completion: the records engine's group commit and every direct write (an administrator's change,
 * an exam or exercise result) fire them, so the award is in the same transaction as the completion and no
 * writer has to remember it. The primary key makes it once per student and course: a course completed again
 * (progress deleted and studied anew) never awards twice. Tenths are integers: no floating point is stored.
 */
export const studyCredits = table(
  'study_credits',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id').notNull(),
    tenths: integer('tenths').notNull(),
    /** When the course was completed (course_records.completed_at, ms). */
    awardedAt: integer('awarded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('study_credits_student').on(t.studentId, t.awardedAt),
    index('study_credits_school').on(t.schoolId),
  ],
);
