/**
 * The records engine's group commit. The changes of one round of the event loop are written together at
 * its end (setImmediate), in one transaction, and whoever made them waits for that (commit()): an answer
 * comes only after the write that holds it. When the database refuses the transaction (a row whose
 * student, course or session was deleted meanwhile), each student's changes are written in a transaction
 * of their own, so a refused row costs only its own student's changes, whole, and only they are refused.
 * A write inside a caller's transaction (a direct writer's) stands or falls with it (in-doubt.ts).
 *
 * On PostgreSQL the writes are asynchronous: each commit is a transaction on a connection of the pool, one
 * after the other in the order they were taken, and flush() answers a promise of it. A caller's open
 * transaction is on another connection there, so nothing is in doubt.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { AppContext } from '../../context';
import { outsideTransaction } from '../../db/client';
import { InDoubtCommits } from './in-doubt';
import type { RecordLeases } from './record-leases';
import {
  batchWriter,
  writeBatch,
  type BatchWriter,
  type CourseRecordRow,
  type HeartbeatRow,
  type LearnRow,
} from './records.repository';

/** Study time credited to a student on a day (learn_days; added to what is there). */
export interface DayCredit {
  studentId: string;
  schoolId: string;
  day: string;
  ms: number;
}

/** What one group commit writes. */
export interface Changes {
  learn: LearnRow[];
  courses: CourseRecordRow[];
  streams: HeartbeatRow[];
  /** Course records created since the last commit: each adds a learner to its course (lcount). */
  learners: { studentId: string; courseId: string }[];
  days: DayCredit[];
  /**
   * PostgreSQL: the leases the node held when it made the changes (record-leases.ts); a student's are written
   * only while the node still holds the same lease.
   */
  leases?: { node: RecordLeases; seqs: ReadonlyMap<string, number> };
}

/** Where the changes come from: the engine's memory. */
export interface ChangeSource {
  /** The waiting changes, taken out of memory's dirty sets (null when nothing waits). */
  takeChanges(): Changes | null;
  /** Drops a student's states from memory, written or not: their changes were refused. */
  evict(studentId: string): void;
  /** Called after each write known to stay (the catalogue's counters follow). */
  written(): void;
}

/** The changes of one round: settles once they are written, with the students whose changes were refused. */
export class Batch {
  readonly written: Promise<ReadonlySet<string>>;
  settle!: (failed: ReadonlySet<string>) => void;
  constructor() {
    this.written = new Promise((resolve) => (this.settle = resolve));
  }
}

export class GroupCommits {
  /** The changes not yet written, and who waits for them. */
  private batch: Batch | null = null;
  /** Students whose memory went back to the database since the last write: their waiting changes fail. */
  private readonly refused = new Set<string>();
  /** SQLite only (on PostgreSQL nothing is in doubt). */
  private readonly inDoubt: InDoubtCommits | null;
  private immediate: NodeJS.Immediate | null = null;
  /** After the app's stop there is no next round: commit() writes at once. */
  stopped = false;
  flushes = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'sqlite' | 'db' | 'log'>,
    private readonly source: ChangeSource,
  ) {
    this.inDoubt = ctx.sqlite ? new InDoubtCommits(ctx.sqlite) : null;
  }

  /** PostgreSQL: the commit being written, and the next one while it waits to start. */
  private writing: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;

  /** The student's waiting changes went (their memory went back to the database): their waiters are refused. */
  refuse(studentId: string): void {
    this.refused.add(studentId);
  }

  /** A change was made: it is written at the end of this round. */
  changed(): void {
    this.batch ??= new Batch();
    if (!this.stopped) this.soon();
  }

  /** Resolves once the changes made so far are written; rejects with the error when the student's were refused. */
  commit(studentId: string, now: boolean, refusal: () => Error): Promise<void> {
    const batch = this.batch;
    if (!batch) return Promise.resolve();
    if (this.stopped || now) this.flush();
    return batch.written.then((failed) => {
      if (failed.has(studentId)) throw refusal();
    });
  }

  /** Writes every waiting change now; on PostgreSQL, answers when they are written. */
  flush(): Promise<void> | undefined {
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    const sqlite = this.ctx.sqlite;
    if (!sqlite) return this.flushAsync();
    const nested = sqlite.inTransaction;
    if (!nested) this.settleInDoubt();
    const batch = this.batch;
    this.batch = null;
    const refused = new Set(this.refused);
    this.refused.clear();
    const changes = this.source.takeChanges();
    if (!changes) {
      batch?.settle(refused);
      this.source.written();
      return;
    }
    const failed = writeSqlite(this.ctx, sqlite, changes);
    for (const studentId of failed) this.source.evict(studentId);
    for (const studentId of refused) failed.add(studentId);
    this.flushes++;
    if (nested) {
      this.inDoubt?.add(batch, failed, studentsOf(changes));
      this.soon();
    } else {
      batch?.settle(failed);
      this.source.written();
    }
    return undefined;
  }

  /**
   * PostgreSQL's flush. A write under way is waited for, and what changed meanwhile goes in the next one, whole:
   * heartbeats that arrive while a commit is written share the following commit (the group commit of a
   * database that answers over the network). Answers when the changes made so far are written.
   */
  private flushAsync(): Promise<void> {
    if (this.next) return this.next;
    // Never inside a caller's transaction (the first change of the round may have been made in one): a
    // commit of heartbeats stands on its own.
    const run = outsideTransaction(this.ctx.db, () => this.writing.then(() => this.writeNext()));
    this.next = run;
    this.writing = run;
    return run;
  }

  /** Takes what waits now and writes it (PostgreSQL). */
  private async writeNext(): Promise<void> {
    this.next = null;
    const batch = this.batch;
    this.batch = null;
    const refused = new Set(this.refused);
    this.refused.clear();
    const changes = this.source.takeChanges();
    let failed = new Set<string>();
    try {
      if (changes) failed = await writeChanges(this.ctx, changes);
    } catch (error) {
      this.ctx.log.error({ err: error }, 'records: a group commit failed');
      failed = changes ? studentsOf(changes) : failed;
    }
    for (const studentId of failed) this.source.evict(studentId);
    for (const studentId of refused) failed.add(studentId);
    if (changes) this.flushes++;
    batch?.settle(failed);
    this.source.written();
  }

  private soon(): void {
    this.immediate ??= setImmediate(() => {
      this.immediate = null;
      this.flush();
    });
  }

  /** Answers the waiters of writes made inside a caller's transaction, now that it is over. */
  private settleInDoubt(): void {
    for (const { batch, failed, students } of this.inDoubt?.settle() ?? []) {
      // Rolled back (students): memory goes back to the database and the waiters are refused, with those
      // of the students' changes made since, which leave memory too.
      for (const studentId of students) {
        this.source.evict(studentId);
        this.refused.add(studentId);
      }
      batch?.settle(new Set([...failed, ...students]));
    }
  }
}

type Writes = Pick<AppContext, 'sqlite' | 'db' | 'log'>;

/**
 * Writes the changes; answers the students whose changes were not written (none when all went in): at once
 * on SQLite, a promise on PostgreSQL.
 */
export function writeChanges(ctx: Writes, changes: Changes): Set<string> | Promise<Set<string>> {
  return ctx.sqlite ? writeSqlite(ctx, ctx.sqlite, changes) : writeChangesAsync(ctx, changes);
}

function writeSqlite(ctx: Writes, sqlite: SqliteDatabase.Database, changes: Changes): Set<string> {
  const writer = batchWriter(sqlite);
  const write = (own: Changes) =>
    sqlite.transaction(() => {
      for (const step of writeAll(writer, own)) step();
    })();
  try {
    write(changes);
    return new Set();
  } catch (error) {
    ctx.log.warn({ err: error }, 'records: group commit refused, writing each student on their own');
  }
  const failed = new Set<string>();
  for (const [studentId, own] of byStudent(changes)) {
    try {
      write(own);
    } catch (error) {
      ctx.log.warn({ err: error, studentId }, "records: a student's changes were not written");
      failed.add(studentId);
    }
  }
  return failed;
}

/**
 * The same on PostgreSQL: one transaction, else one per student. A student whose lease another node took
 * meanwhile is not written (record-leases.ts): their changes were made on what this node kept, now stale.
 */
async function writeChangesAsync(ctx: Writes, changes: Changes): Promise<Set<string>> {
  const write = (own: Changes) =>
    ctx.db.transaction(async (tx) => {
      const leases = own.leases;
      const lost = leases ? await leases.node.lostIn(tx, seqsOf(leases.seqs, studentsOf(own))) : new Set<string>();
      leases?.node.forget(lost);
      const kept = lost.size ? without(own, lost) : own;
      // A statement a table, one after the other: after a refused one the transaction takes no more.
      await writeBatch(tx, (writer) => {
        for (const step of writeAll(writer, kept)) step();
      });
      return lost;
    });
  try {
    const lost = await write(changes);
    if (lost.size) ctx.log.warn({ students: [...lost] }, 'records: changes made on another node meanwhile');
    return lost;
  } catch (error) {
    ctx.log.warn({ err: error }, 'records: group commit refused, writing each student on their own');
  }
  const failed = new Set<string>();
  for (const [studentId, own] of byStudent(changes)) {
    try {
      for (const lost of await write(own)) failed.add(lost);
    } catch (error) {
      ctx.log.warn({ err: error, studentId }, "records: a student's changes were not written");
      failed.add(studentId);
    }
  }
  return failed;
}

const seqsOf = (seqs: ReadonlyMap<string, number>, students: Set<string>) =>
  new Map([...students].map((studentId) => [studentId, seqs.get(studentId) ?? -1]));

/** The changes without those of the students. */
function without(changes: Changes, students: Set<string>): Changes {
  const keep = (row: { studentId: string }) => !students.has(row.studentId);
  return {
    learn: changes.learn.filter(keep),
    courses: changes.courses.filter(keep),
    streams: changes.streams.filter(keep),
    learners: changes.learners.filter(keep),
    days: changes.days.filter(keep),
  };
}

/** Orders rows by their keys, the first key first. */
const byKeys =
  <T>(...keys: ((row: T) => string)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/**
 * The writer's statements for the changes, each to be run in turn (on PostgreSQL they gather into writeBatch's).
 * Rows go in key order, course first: the rows' triggers add them up into shared rows (analytics per chapter,
 * course and day, a course's learners), and two nodes' commits that lock those in the same order never deadlock.
 */
function writeAll(writer: BatchWriter, changes: Changes): (() => unknown)[] {
  const learners = new Map<string, number>();
  const byCourse = [...changes.learners].sort((a, b) => (a.courseId < b.courseId ? -1 : 1));
  for (const { courseId } of byCourse) learners.set(courseId, (learners.get(courseId) ?? 0) + 1);
  const learn = [...changes.learn].sort(
    byKeys<LearnRow>(
      (row) => row.courseId,
      (row) => row.chapterId,
      (row) => row.studentId,
    ),
  );
  const courses = [...changes.courses].sort(
    byKeys<CourseRecordRow>(
      (row) => row.courseId,
      (row) => row.studentId,
    ),
  );
  const days = [...changes.days].sort(
    byKeys<DayCredit>(
      (d) => d.schoolId,
      (d) => d.day,
      (d) => d.studentId,
    ),
  );
  return [
    ...learn.map((row) => () => writer.learn(row)),
    ...courses.map((row) => () => writer.course(row)),
    ...changes.streams.map((row) => () => writer.heartbeat(row)),
    ...days.map((d) => () => writer.day(d.studentId, d.schoolId, d.day, Math.round(d.ms))),
    ...[...learners].map(
      ([courseId, added]) =>
        () =>
          writer.learners(courseId, added),
    ),
  ];
}

function byStudent(changes: Changes): Map<string, Changes> {
  const split = new Map<string, Changes>();
  const of = (studentId: string) => {
    let own = split.get(studentId);
    if (!own) split.set(studentId, (own = { learn: [], courses: [], streams: [], learners: [], days: [] }));
    return own;
  };
  for (const row of changes.learn) of(row.studentId).learn.push(row);
  for (const row of changes.courses) of(row.studentId).courses.push(row);
  for (const row of changes.streams) of(row.studentId).streams.push(row);
  for (const row of changes.learners) of(row.studentId).learners.push(row);
  for (const row of changes.days) of(row.studentId).days.push(row);
  if (changes.leases) for (const own of split.values()) own.leases = changes.leases;
  return split;
}

export function studentsOf(changes: Changes): Set<string> {
  const rows = [...changes.learn, ...changes.courses, ...changes.streams, ...changes.days, ...changes.learners];
  return new Set(rows.map((row) => row.studentId));
}
