import { table, text, integer, index, primaryKey } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';

/**
 * Study plans (spec 1, 3 'Course' type 3 and level: 0 growth plan, 1 phase plan; 'Course settings' plan_type,
 * verify, stage_year, stage_date, expire_limit; spec 3 state 'Study plan: published; goes through a
 * verify/commit flow'). A plan IS a course of type 3 — its stages are its top-level chapters and their
 * subchapters the lessons — so the study page, records, order rules and staged windows are the course's.
 * This row carries what a plan has beyond a course: its review state.
 *
 * status: 'draft' (being built) → 'committed' (submitted for review) → 'approved' or 'rejected' (with a
 * reason; a rejected plan is edited and committed again). Only an approved plan may be published.
 */
export const studyPlans = table(
  'study_plans',
  {
    courseId: text('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'committed', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    committedBy: text('committed_by'),
    committedAt: integer('committed_at'),
    verifiedBy: text('verified_by'),
    verifiedAt: integer('verified_at'),
    reason: text('reason').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('study_plans_school').on(t.schoolId, t.status)],
);

/**
 * Who a plan is assigned to: students one by one, or whole groups (a student in an assigned group has the
 * plan while a member). An assigned plan is a required course of the student ('Course list item'
 * required_courses; the blue Required badge).
 */
export const planAssignments = table(
  'plan_assignments',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['student', 'group'] }).notNull(),
    targetId: text('target_id').notNull(),
    assignedBy: text('assigned_by').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.targetType, t.targetId] }),
    index('plan_assignments_target').on(t.targetType, t.targetId),
  ],
);
