/**
 * Group commits made inside a caller's transaction (a direct writer's, such as an exam's result, which
 * writes what waits first) commit or roll back with that transaction, so their waiters cannot be answered
 * at once. Each such commit leaves a mark in a TEMP table of the same connection, inside the same
 * transaction; once the transaction is over, a mark still there says it committed, a missing one that it
 * rolled back (temporary tables take part in the connection's transactions).
 */
import type SqliteDatabase from 'better-sqlite3';

const TABLE = 'temp.lx_records_marks';

/** Who waits for a commit (group-commit.ts Batch). */
export interface Waiters {
  settle(failed: ReadonlySet<string>): void;
}

interface Entry {
  mark: number;
  batch: Waiters | null;
  /** Students whose changes were refused even inside the transaction. */
  failed: Set<string>;
  /** Every student with changes in the commit. */
  students: Set<string>;
}

export class InDoubtCommits {
  private entries: Entry[] = [];
  private next = 0;

  constructor(private readonly sqlite: SqliteDatabase.Database) {}

  /** Records a commit made inside the open transaction. */
  add(batch: Waiters | null, failed: Set<string>, students: Set<string>): void {
    const mark = ++this.next;
    // Created inside the transaction when needed: a rollback removes the table and its marks alike.
    this.sqlite.exec(`create table if not exists ${TABLE} (mark integer primary key)`);
    this.sqlite.prepare(`insert into ${TABLE} (mark) values (?)`).run(mark);
    this.entries.push({ mark, batch, failed, students });
  }

  /**
   * The commits whose transaction is over (call outside any transaction), each with the students to refuse:
   * none beyond its own refusals when it committed, all of them when it rolled back.
   */
  settle(): { batch: Waiters | null; failed: Set<string>; students: Set<string> }[] {
    if (this.entries.length === 0) return [];
    let kept = new Set<number>();
    try {
      const rows = this.sqlite.prepare(`select mark from ${TABLE}`).all() as { mark: number }[];
      kept = new Set(rows.map((row) => row.mark));
      this.sqlite.exec(`delete from ${TABLE}`);
    } catch {
      // No table: the transaction that created it rolled back, and every mark with it.
    }
    const entries = this.entries;
    this.entries = [];
    return entries.map(({ mark, batch, failed, students }) => ({
      batch,
      failed,
      students: kept.has(mark) ? new Set<string>() : students,
    }));
  }
}
