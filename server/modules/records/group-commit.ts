/**
 * The records engine's group commit. The changes of one round of the event loop are written together at
 * its end (setImmediate), in one transaction, and whoever made them waits for that (commit()): an answer
 * comes only after the write that holds it. When the database refuses the transaction (a row whose
 * student, course or session was deleted meanwhile), each student's changes are written in a transaction
 * of their own, so a refused row costs only its own student's changes, whole, and only they are refused.
 * A write inside a caller's transaction (a direct writer's) stands or falls with it (in-doubt.ts).
 */
import type SqliteDatabase from 'better-sqlite3';
import type { AppContext } from '../../context';
import { InDoubtCommits } from './in-doubt';
import {
  batchWriter,
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
  private readonly inDoubt: InDoubtCommits;
  private immediate: NodeJS.Immediate | null = null;
  /** After the app's stop there is no next round: commit() writes at once. */
  stopped = false;
  flushes = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'sqlite' | 'log'>,
    private readonly source: ChangeSource,
  ) {
    this.inDoubt = new InDoubtCommits(ctx.sqlite);
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

  /** Writes every waiting change now. */
  flush(): void {
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    const nested = this.ctx.sqlite.inTransaction;
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
    const failed = writeChanges(this.ctx, changes);
    for (const studentId of failed) this.source.evict(studentId);
    for (const studentId of refused) failed.add(studentId);
    this.flushes++;
    if (nested) {
      this.inDoubt.add(batch, failed, studentsOf(changes));
      this.soon();
    } else {
      batch?.settle(failed);
      this.source.written();
    }
  }

  private soon(): void {
    this.immediate ??= setImmediate(() => {
      this.immediate = null;
      this.flush();
    });
  }

  /** Answers the waiters of writes made inside a caller's transaction, now that it is over. */
  private settleInDoubt(): void {
    for (const { batch, failed, students } of this.inDoubt.settle()) {
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

/** Writes the changes; answers the students whose changes were not written (none when all went in). */
export function writeChanges(ctx: Pick<AppContext, 'sqlite' | 'log'>, changes: Changes): Set<string> {
  const writer = batchWriter(ctx.sqlite);
  try {
    transaction(ctx.sqlite, () => writeAll(writer, changes));
    return new Set();
  } catch (error) {
    ctx.log.warn({ err: error }, 'records: group commit refused, writing each student on their own');
  }
  const failed = new Set<string>();
  for (const [studentId, own] of byStudent(changes)) {
    try {
      transaction(ctx.sqlite, () => writeAll(writer, own));
    } catch (error) {
      ctx.log.warn({ err: error, studentId }, "records: a student's changes were not written");
      failed.add(studentId);
    }
  }
  return failed;
}

function writeAll(writer: BatchWriter, changes: Changes): void {
  for (const row of changes.learn) writer.learn(row);
  for (const row of changes.courses) writer.course(row);
  for (const row of changes.streams) writer.heartbeat(row);
  for (const d of changes.days) writer.day(d.studentId, d.schoolId, d.day, Math.round(d.ms));
  const learners = new Map<string, number>();
  for (const { courseId } of changes.learners) learners.set(courseId, (learners.get(courseId) ?? 0) + 1);
  for (const [courseId, added] of learners) writer.learners(courseId, added);
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
  return split;
}

function studentsOf(changes: Changes): Set<string> {
  const rows = [...changes.learn, ...changes.courses, ...changes.streams, ...changes.days, ...changes.learners];
  return new Set(rows.map((row) => row.studentId));
}

function transaction(sqlite: SqliteDatabase.Database, work: () => void): void {
  sqlite.transaction(work)();
}
