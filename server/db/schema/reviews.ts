import { table, text, integer, index } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';
import { students } from './accounts';

/**
 * The staged review's decisions (spec 4 'Growth plan order', 'Next chapter flow': "review can be requested in
 * the back office"), one row per decision, never changed: who approved or rejected which stage of which
 * student, when, and why. The current state stays on the stage's learn record (verify_status); this is its
 * history, so a rejection's reason reaches the student and an approval can always be traced to a reviewer.
 */
export const stageReviews = table(
  'stage_reviews',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The stage: a top-level chapter of the course. */
    chapterId: text('chapter_id').notNull(),
    action: text('action', { enum: ['approve', 'reject'] }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The administrator who decided. */
    reviewerId: text('reviewer_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('stage_reviews_stage').on(t.studentId, t.courseId, t.chapterId, t.createdAt),
    index('stage_reviews_school').on(t.schoolId, t.createdAt),
  ],
);
