import { table, text, integer, index } from './dialect';
import { admins, studentGroups, students } from './accounts';
import { columns, courses } from './catalogue';
import { schools } from './schools';

/**
 * Administrator grants (issue rule 'Ways to obtain a course or column: administrator grants'): a course or a
 * column given to one student or to a whole student group (its present and future members while the grant
 * lasts). Exactly one of courseId / columnId and one of studentId / groupId is set. A revoked grant keeps its
 * row (revokedAt); an end date (expiresAt, inclusive ms) replaces the course's validity, null keeps it.
 */
export const courseGrants = table(
  'course_grants',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    columnId: text('column_id').references(() => columns.id, { onDelete: 'cascade' }),
    studentId: text('student_id').references(() => students.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => studentGroups.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at'),
    /** How the student obtained it: an administrator's grant, an enrolment key, a redeem code or a paid order. */
    via: text('via', { enum: ['admin', 'key', 'code', 'order'] })
      .notNull()
      .default('admin'),
    /** The key, code or order it came from ('' for an administrator's grant). */
    ref: text('ref').notNull().default(''),
    grantedBy: text('granted_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
    revokedBy: text('revoked_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('course_grants_course').on(t.courseId),
    index('course_grants_column').on(t.columnId),
    index('course_grants_student').on(t.studentId),
    index('course_grants_group').on(t.groupId),
  ],
);

/**
 * Every grant change (issue rule 'Every money and grant change is audited'): who, when, what (the grant and its
 * course or column, student or group), and the grant's state before and after (JSON, null before a new grant).
 * Rows name ids without foreign keys, so the trail outlives what it names.
 */
export const grantAudit = table(
  'grant_audit',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    grantId: text('grant_id').notNull(),
    action: text('action', { enum: ['grant', 'change', 'revoke'] }).notNull(),
    actorId: text('actor_id').notNull(),
    courseId: text('course_id'),
    columnId: text('column_id'),
    studentId: text('student_id'),
    groupId: text('group_id'),
    before: text('before'),
    after: text('after'),
    at: integer('at').notNull(),
  },
  (t) => [
    index('grant_audit_school').on(t.schoolId, t.at),
    index('grant_audit_course').on(t.courseId),
    index('grant_audit_student').on(t.studentId),
  ],
);
