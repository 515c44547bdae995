import { sql } from 'drizzle-orm';
import { table, text, integer, index, uniqueIndex, primaryKey } from './dialect';
import { schools } from './schools';
import { students } from './accounts';

/**
 * Custom student fields ("labels", spec 3 other payload names sfid/sfids/label): text, number, date or a
 * single choice among options; required or not; in order.
 */
export const studentFields = table(
  'student_fields',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['text', 'number', 'date', 'choice'] }).notNull(),
    /** JSON list of the choices of a 'choice' field. */
    options: text('options').notNull().default('[]'),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('student_fields_school').on(t.schoolId)],
);

/** A student's value of a custom field (always text; checked against the field's kind on save). */
export const studentFieldValues = table(
  'student_field_values',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fieldId: text('field_id')
      .notNull()
      .references(() => studentFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.fieldId] }), index('student_field_values_field').on(t.fieldId)],
);

/** Student imports (student/import, getImport): progress while running, then the result and row report. */
export const studentImports = table(
  'student_imports',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').notNull(),
    fileName: text('file_name').notNull(),
    /** 'all' applies nothing unless every row is good; 'rows' applies the good rows one by one. */
    mode: text('mode', { enum: ['all', 'rows'] }).notNull(),
    /** What to do with a row whose user name exists: skip it or update the student. */
    duplicates: text('duplicates', { enum: ['skip', 'update'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** JSON list of { row, field, reason } (capped), and the message of a failed import. */
    report: text('report').notNull().default('[]'),
    message: text('message').notNull().default(''),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('student_imports_school').on(t.schoolId, t.startedAt)],
);

/**
 * A school's directory settings (lan release): the connection, mapping and schedule as JSON, the service
 * account's password encrypted at rest (AES-256-GCM under the install secret), an optional CA certificate.
 */
export const ldapSettings = table('ldap_settings', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  config: text('config').notNull(),
  bindPassword: text('bind_password').notNull().default(''),
  caCert: text('ca_cert').notNull().default(''),
  updatedAt: integer('updated_at').notNull(),
});

/** Every directory sync run, dry or not (ldap/sync): when, who started it, the counts and what went wrong. */
export const ldapRuns = table(
  'ldap_runs',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    dryRun: integer('dry_run', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: ['running', 'ok', 'failed', 'held'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
    found: integer('found').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    disabled: integer('disabled').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message').notNull().default(''),
    /** JSON: the difference (samples of each kind) and the per-entry errors, capped. */
    detail: text('detail').notNull().default('{}'),
    /** The app node running the sync (server/modules/cluster/nodes.ts): a dead node's run is marked failed. */
    node: text('node'),
  },
  (t) => [
    index('ldap_runs_school').on(t.schoolId, t.startedAt),
    // One sync at a time per school, whichever node runs it.
    uniqueIndex('ldap_runs_one_running').on(t.schoolId).where(sql`status = 'running'`),
  ],
);
