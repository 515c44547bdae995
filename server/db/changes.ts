import type SqliteDatabase from 'better-sqlite3';

/**
 * Row changes of watched tables, reported by this connection's own TEMP triggers: every insert, update or
 * delete of a watched row calls back with the row's key, whoever wrote it (a repository, a cascade, a raw
 * statement in a test). In-memory caches of hot rows listen here, so they stay exact within the process
 * without each write path having to remember them.
 */
export type ChangeListener = (key: string) => void;

/** Tables watched, with the column that keys what caches hold (session token, student, school). */
const WATCHED = {
  sessions: 'token_hash',
  enrolments: 'student_id',
  collects: 'student_id',
  student_group_members: 'student_id',
  course_records: 'student_id',
  students: 'id',
  student_field_values: 'student_id',
  schools: 'id',
  student_fields: 'school_id',
  exams: 'school_id',
  course_grants: 'id',
  column_courses: 'column_id',
  memberships: 'student_id',
  member_plans: 'id',
  categories: 'id',
  // Issue 16: the badges' unread counts (server/modules/notices/unread-cache.ts).
  notices: 'student_id',
  private_messages: 'recipient_id',
  announcement_views: 'student_id',
  announcements: 'school_id',
  announcement_groups: 'announcement_id',
  student_groups: 'id',
  // The study page's kept ware replies (server/modules/learning/ware-cache.ts): the student's own rows...
  learn_records: 'student_id',
  exercise_answers: 'student_id',
  exam_sittings: 'student_id',
  signatures: 'student_id',
  grades: 'student_id',
  stage_reviews: 'student_id',
  // ...and the course content a ware is made of (back-office and media-worker writes).
  courses: 'id',
  chapters: 'course_id',
  resources: 'id',
  chapter_exercises: 'course_id',
  exercise_sets: 'id',
  exercise_set_questions: 'set_id',
  questions: 'id',
  papers: 'id',
  paper_questions: 'paper_id',
  exam_audience: 'exam_id',
  study_plans: 'course_id',
  plan_assignments: 'course_id',
  // PostgreSQL only (several nodes): who may change a student's records in memory (record-leases.ts), and
  // conversions queued on any node, which wake every node's queue (media.service.ts).
  record_leases: 'student_id',
  media_jobs: 'id',
} as const;

/**
 * Updates of these tables are reported on a channel of their own ('{table}.updated', the row's key): every
 * credited heartbeat updates a course record and a learn record, so only caches of the student's progress
 * (the kept ware replies) listen there, not those that hold which records exist.
 */
const UPDATE_CHANNELS = { course_records: 'course_records.updated', learn_records: 'learn_records.updated' } as const;
type UpdateChannel = (typeof UPDATE_CHANNELS)[keyof typeof UPDATE_CHANNELS];
/** What the app announces itself, beside row changes: 'catalogue' (a school's catalogue cache was bumped). */
type Announcement = 'catalogue';
export type WatchedTable = keyof typeof WATCHED | UpdateChannel | Announcement;

/** The watched tables, each with its key column and, for those whose updates have one, the update channel. */
export const watchedTables = (): { table: string; column: string; updates: string | null }[] =>
  Object.entries(WATCHED).map(([table, column]) => ({
    table,
    column,
    updates: UPDATE_CHANNELS[table as keyof typeof UPDATE_CHANNELS] ?? null,
  }));

/** Listeners by table; each engine's feed reports the changes (SQLite below, PostgreSQL in ./pg-changes). */
export abstract class ChangeFeed {
  private readonly listeners = new Map<WatchedTable, Set<ChangeListener>>();

  /** Calls the listeners of a table (or update channel) with a changed row's key. */
  protected report(table: string, key: string): void {
    for (const listener of this.listeners.get(table as WatchedTable) ?? []) listener(key);
  }

  /** Calls the listener with the key of every changed row of the tables. */
  on(tables: readonly WatchedTable[], listener: ChangeListener): void {
    for (const table of tables) {
      let set = this.listeners.get(table);
      if (!set) this.listeners.set(table, (set = new Set()));
      set.add(listener);
    }
  }

  /** True inside a transaction: what is read there may still be rolled back, so it must not be cached. */
  abstract get inTransaction(): boolean;

  /** Tells every node (this one too) of an announcement (nothing to do on SQLite: one process). */
  announce(_channel: Announcement, _key: string): void {}

  /** Resolves once the announcements made so far are sent (a reply waits for its request's). */
  announced(): Promise<void> | null {
    return null;
  }

  /** Resolves once every change committed before the call has been reported (at once on SQLite). */
  catchUp(): Promise<void> {
    return Promise.resolve();
  }

  /** Stops reporting (the database closes). */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * SQLite: the connection's own TEMP triggers call back synchronously, inside the statement that changed the
 * row, so a cache has forgotten the row before the write's caller goes on.
 */
export class SqliteChangeFeed extends ChangeFeed {
  constructor(private readonly sqlite: SqliteDatabase.Database) {
    super();
    sqlite.function(
      'lx_row_changed',
      { varargs: false, deterministic: false, directOnly: true },
      (table: unknown, key: unknown) => {
        this.report(String(table), String(key));
        return null;
      },
    );
    // A table the database does not have yet (opened with older migrations) has no rows to watch.
    const present = new Set(
      (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    for (const [table, column] of Object.entries(WATCHED)) {
      if (!present.has(table)) continue;
      const call = (row: 'NEW' | 'OLD', channel = table) => `SELECT lx_row_changed('${channel}', ${row}.${column});`;
      const channel = UPDATE_CHANNELS[table as keyof typeof UPDATE_CHANNELS];
      const update = channel
        ? `CREATE TEMP TRIGGER IF NOT EXISTS lx_${table}_update AFTER UPDATE ON main.${table}
             BEGIN ${call('NEW', channel)} END;`
        : `CREATE TEMP TRIGGER IF NOT EXISTS lx_${table}_update AFTER UPDATE ON main.${table}
             BEGIN ${call('OLD')} ${call('NEW')} END;`;
      sqlite.exec(`
        CREATE TEMP TRIGGER IF NOT EXISTS lx_${table}_insert AFTER INSERT ON main.${table} BEGIN ${call('NEW')} END;
        ${update}
        CREATE TEMP TRIGGER IF NOT EXISTS lx_${table}_delete AFTER DELETE ON main.${table} BEGIN ${call('OLD')} END;
      `);
    }
  }

  get inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }
}
