/**
 * The records engine: learn records, course records and the last heartbeat of each viewing live in memory
 * while they are used, and heartbeats change them there. The changes of one round of the event loop reach
 * the database together at the end of the round (group-commit.ts; at once when FLUSH_ITEMS are waiting),
 * and a change is answered only once its commit is done (commit()): an answered heartbeat survives a crash
 * (kill -9), and one whose commit failed is answered 503 so the client sends it again. A heartbeat's reply
 * is computed from the same memory, so it is exactly what was written.
 *
 * Other readers of these tables go through records.store.ts, which writes what waits first; direct writers
 * go through its writeThrough, which also makes the engine forget what they changed. JavaScript runs one
 * request at a time, so a heartbeat's read-modify-write needs no lock.
 */
import type { AppContext } from '../../context';
import { ERRORS } from '../../../shared/envelope';
import { AppError } from '../../lib/errors';
import { parseIntervals } from './intervals';
import * as repo from './records.repository';
import { studentCourses } from '../access/holdings';
import { MAX_CREDIT_MS } from './heartbeat-rules';
import { formatDate } from '../../../shared/rules/dates';
import { GroupCommits, studentsOf, type Changes, type ChangeSource, type DayCredit } from './group-commit';
import { toCourseRow, toLearnRow, type CourseState, type LearnState, type StreamRow } from './record-states';
import type { MaybePromise } from '../../lib/sequential';
import { RecordLeases } from './record-leases';
import { leads } from '../cluster/nodes';
import type { Db } from '../../db/client';

export type { CourseState, LearnState, StreamRow } from './record-states';

/** Changes that trigger a write at once rather than at the end of the round. */
export const FLUSH_ITEMS = 1000;
/** Unused clean states older than this leave memory. */
const IDLE_MS = 15 * 60_000;
/** Above this many states in memory, clean ones go oldest first. */
const MAX_STATES = 200_000;
/** Heartbeats not heard of for a day are deleted. */
const HEARTBEAT_KEEP_MS = 24 * 3600_000;
/** How often the sweep purges old heartbeats. */
const PURGE_EVERY_MS = 15 * 60_000;

type Progress = { progress: number; passed: boolean; verifyStatus: number };
/** What a direct write touched: a student's course (or one chapter of it), or a chapter of every student. */
export type RecordScope = { studentId?: string; courseId: string; chapterId?: string };

const learnKey = (studentId: string, courseId: string, chapterId: string) => `${studentId}|${courseId}|${chapterId}`;
const courseKey = (studentId: string, courseId: string) => `${studentId}|${courseId}`;
const streamKey = (tokenHash: string, courseId: string, chapterId: string) => `${tokenHash}|${courseId}|${chapterId}`;
const inScope = (row: { studentId: string; courseId: string; chapterId?: string }, scope: RecordScope) =>
  row.courseId === scope.courseId &&
  (scope.studentId === undefined || row.studentId === scope.studentId) &&
  (scope.chapterId === undefined || row.chapterId === undefined || row.chapterId === scope.chapterId);

/** 503: the database did not take the change; nothing was kept, so the client may send it again. */
export const notWritten = () => new AppError(503, ERRORS.server, null, { 'retry-after': '1' });

export class RecordsEngine implements ChangeSource {
  private readonly learn = new Map<string, LearnState>();
  private readonly courses = new Map<string, CourseState>();
  private readonly streams = new Map<string, StreamRow>();
  /** Each student's last credited moment (ms), across all their sessions and chapters. */
  private readonly clocks = new Map<string, number>();
  private readonly dirtyLearn = new Set<LearnState>();
  private readonly dirtyCourses = new Set<CourseState>();
  private readonly dirtyStreams = new Set<StreamRow>();
  /** Study time credited per student and day since the last write (learn_days; added to what is there). */
  private readonly days = new Map<string, DayCredit>();
  /** Course records created since the last write: each adds a learner (lcount). */
  private newLearners: { studentId: string; courseId: string }[] = [];
  private readonly commits: GroupCommits;
  /** PostgreSQL: the students whose records this node may change (record-leases.ts); null on SQLite. */
  private readonly leases: RecordLeases | null;
  private sweeper: NodeJS.Timeout | null = null;
  /** When old heartbeats were last purged (0: never since start). */
  private purgedAt = 0;
  /** Schools whose counters changed: their catalogue cache is bumped, at most once a minute. */
  private readonly bumpedAt = new Map<string, number>();
  private readonly countersChanged = new Set<string>();

  constructor(private readonly ctx: AppContext) {
    this.leases = ctx.sqlite ? null : new RecordLeases();
    const leases = this.leases;
    if (leases) ctx.changes.on(['record_leases'], (studentId) => leases.changedRow(studentId));
    this.commits = new GroupCommits(ctx, this);
    this.sweeper = setInterval(
      () => void this.sweep().catch((error) => ctx.log.error({ err: error }, 'records sweep failed')),
      60_000,
    );
    this.sweeper.unref();
  }

  /**
   * Before a student's records are read or changed in memory (PostgreSQL, several nodes): this node takes the
   * student's lease, and forgets what it kept of them when another node held it since.
   */
  hold(studentId: string): Promise<void> | undefined {
    return this.leases?.take(this.ctx.db, [studentId]).then((moved) => this.lostLeases(moved));
  }

  /**
   * A direct write of records (records.store writeThrough), in its transaction: takes the leases of the
   * students in scope (of every student of a course when a scope names none), so no node goes on from what
   * it kept of them.
   */
  async holdScopes(tx: Db, scopes: readonly RecordScope[]): Promise<void> {
    if (!this.leases) return;
    const students = scopes.flatMap((scope) => (scope.studentId ? [scope.studentId] : []));
    this.lostLeases(await this.leases.take(tx, students, true));
    for (const courseId of new Set(scopes.filter((scope) => !scope.studentId).map((scope) => scope.courseId))) {
      this.lostLeases(await this.leases.takeCourse(tx, courseId));
    }
  }

  /** Another node held these students' leases: what this node kept goes, and its unwritten changes fail. */
  private lostLeases(studentIds: readonly string[]): void {
    for (const studentId of studentIds) {
      const mine = (row: { studentId: string }) => row.studentId === studentId;
      const waiting = [...this.dirtyLearn, ...this.dirtyCourses, ...this.dirtyStreams, ...this.days.values()].some(
        mine,
      );
      this.evict(studentId);
      if (waiting) this.commits.refuse(studentId);
    }
  }

  /** The learn record in memory (loaded, or new when create is set). */
  learnState(
    studentId: string,
    courseId: string,
    chapterId: string,
    schoolId: string,
    create: true,
    at?: number,
  ): MaybePromise<LearnState>;
  learnState(
    studentId: string,
    courseId: string,
    chapterId: string,
    schoolId: string,
    create: false,
  ): MaybePromise<LearnState | undefined>;
  /** A new record starts at `at` (the heartbeat's moment), else now. */
  learnState(
    studentId: string,
    courseId: string,
    chapterId: string,
    schoolId: string,
    create: boolean,
    at?: number,
  ): MaybePromise<LearnState | undefined> {
    const state = this.learn.get(learnKey(studentId, courseId, chapterId));
    if (!state) return this.loadLearn(studentId, courseId, chapterId, schoolId, create, at);
    state.usedAt = this.ctx.now();
    return state;
  }

  private async loadLearn(
    studentId: string,
    courseId: string,
    chapterId: string,
    schoolId: string,
    create: boolean,
    at?: number,
  ) {
    const key = learnKey(studentId, courseId, chapterId);
    const row = await repo.findLearnRecord(this.ctx.db, studentId, courseId, chapterId);
    const now = this.ctx.now();
    // Another request may have loaded it meanwhile: its state (with what it changed) is the one kept.
    let state = this.learn.get(key);
    if (!state) {
      if (!row && !create) return undefined;
      const base = row ?? repo.newLearnRow(studentId, courseId, chapterId, schoolId, at ?? now);
      state = { ...base, intervals: parseIntervals(base.intervals), usedAt: now };
      this.learn.set(key, state);
    }
    state.usedAt = now;
    return state;
  }

  /**
   * The course record in memory, or loaded, or new (counting the chapters completed in the database; it
   * starts at `at`, the heartbeat's moment, else now). No
   * change of the student's chapters in this course can be waiting unwritten when it is not in memory: every
   * heartbeat touches the course record with the chapter's, only clean states leave memory, and direct
   * writers (records.store writeThrough) write what waits before they forget() it.
   */
  courseState(
    studentId: string,
    courseId: string,
    schoolId: string,
    totalChapter: () => MaybePromise<number>,
    at?: number,
  ): MaybePromise<CourseState> {
    const state = this.courses.get(courseKey(studentId, courseId));
    if (!state) return this.loadCourse(studentId, courseId, schoolId, totalChapter, at);
    state.usedAt = this.ctx.now();
    return state;
  }

  private async loadCourse(
    studentId: string,
    courseId: string,
    schoolId: string,
    totalChapter: () => MaybePromise<number>,
    at?: number,
  ): Promise<CourseState> {
    const key = courseKey(studentId, courseId);
    const now = this.ctx.now();
    const start = at ?? now;
    const row = await repo.findCourseRecord(this.ctx.db, studentId, courseId);
    const loaded: CourseState = row
      ? { ...row, usedAt: now, isNew: false }
      : {
          studentId,
          courseId,
          schoolId,
          lastChapterId: '',
          lastVisitAt: start,
          effMs: 0,
          completeChapter: await repo.countCompleted(this.ctx.db, studentId, courseId),
          totalChapter: await totalChapter(),
          process: 0,
          startedAt: start,
          completedAt: null,
          updatedAt: start,
          usedAt: now,
          isNew: true,
        };
    // Another request may have loaded it meanwhile: its state (with what it changed) is the one kept.
    const state = this.courses.get(key) ?? loaded;
    this.courses.set(key, state);
    state.usedAt = now;
    return state;
  }

  /**
   * A student's progress, exam result and review state of every chapter of a course with a record: the
   * database's rows with the changes not yet written laid over them (only unwritten states can differ).
   */
  async courseProgress(studentId: string, courseId: string): Promise<Map<string, Progress>> {
    const found = new Map<string, Progress>();
    for (const row of await repo.chapterProgressOf(this.ctx.db, studentId, courseId)) {
      found.set(row.chapterId, { progress: row.progress, passed: !!row.passed, verifyStatus: row.verifyStatus });
    }
    for (const state of this.dirtyLearn) {
      if (state.studentId === studentId && state.courseId === courseId) {
        const { progress, passed, verifyStatus } = state;
        found.set(state.chapterId, { progress, passed, verifyStatus });
      }
    }
    return found;
  }

  /** True when the student has a course record (studied or began the course): in memory, else in the database. */
  async hasCourse(studentId: string, courseId: string): Promise<boolean> {
    // Records not yet written are in memory; written ones are in the student's cached course facts.
    if (this.courses.has(courseKey(studentId, courseId))) return true;
    return (await studentCourses(this.ctx, studentId)).studied.has(courseId);
  }

  /** The last heartbeat of a session on a chapter, if any. */
  stream(tokenHash: string, courseId: string, chapterId: string): MaybePromise<StreamRow | undefined> {
    const key = streamKey(tokenHash, courseId, chapterId);
    return this.streams.get(key) ?? this.loadStream(key, tokenHash, courseId, chapterId);
  }

  private async loadStream(key: string, tokenHash: string, courseId: string, chapterId: string) {
    const read = await repo.findHeartbeat(this.ctx.db, tokenHash, courseId, chapterId);
    const row = this.streams.get(key) ?? read;
    if (row) this.streams.set(key, row);
    return row;
  }

  /** The student's last credited moment. */
  clock(studentId: string): MaybePromise<number> {
    return this.clocks.get(studentId) ?? this.loadClock(studentId);
  }

  private async loadClock(studentId: string): Promise<number> {
    const read = await repo.lastCredit(this.ctx.db, studentId);
    const at = this.clocks.get(studentId) ?? read;
    this.clocks.set(studentId, at);
    return at;
  }

  setClock(studentId: string, at: number): void {
    this.clocks.set(studentId, at);
  }

  putStream(row: StreamRow): void {
    const key = streamKey(row.tokenHash, row.courseId, row.chapterId);
    const existing = this.streams.get(key);
    const target = existing ? Object.assign(existing, row) : row;
    if (!existing) this.streams.set(key, target);
    this.dirtyStreams.add(target);
    this.schedule();
  }

  touchLearn(state: LearnState): void {
    this.dirtyLearn.add(state);
    this.schedule();
  }

  touchCourse(state: CourseState): void {
    if (state.isNew) {
      state.isNew = false;
      this.newLearners.push({ studentId: state.studentId, courseId: state.courseId });
      this.countersChanged.add(state.schoolId);
    }
    this.dirtyCourses.add(state);
    this.schedule();
  }

  /** Adds credited study time to the student's day (the server's time zone), written with the next group commit. */
  creditDay(studentId: string, schoolId: string, at: number, ms: number): void {
    if (ms <= 0) return;
    const day = formatDate(at, 'yyyy-MM-dd');
    const key = `${studentId}|${day}`;
    const entry = this.days.get(key);
    if (entry) entry.ms += ms;
    else this.days.set(key, { studentId, schoolId, day, ms });
    this.schedule();
  }

  /**
   * Resolves once the changes made so far reach the database; rejects (503) when the student's were refused.
   * Every change (touch, creditDay, putStream) is followed by this before it is answered.
   */
  commit(studentId: string): Promise<void> {
    return this.commits.commit(studentId, this.pending >= FLUSH_ITEMS, notWritten);
  }

  /** Writes every waiting change now (readers through records.store, direct writers, the sweep, the stop). */
  flush(): Promise<void> | undefined {
    return this.commits.flush();
  }

  /**
   * Writes the waiting changes, if any: for readers that ask on every request (the kept study page and control
   * centre), whose caches the written rows then forget. Nothing waiting, nothing is done.
   */
  flushWaiting(): Promise<void> | undefined {
    return this.pending > 0 || this.newLearners.length > 0 ? this.commits.flush() : undefined;
  }

  /** How many group commits were written (for tests and the benchmark). */
  get flushes(): number {
    return this.commits.flushes;
  }

  /** Marks a school's public counters (lcount, count) changed: its catalogue cache is refreshed within a minute. */
  countersChangedFor(schoolId: string): void {
    this.countersChanged.add(schoolId);
  }

  private get pending(): number {
    return this.dirtyLearn.size + this.dirtyCourses.size + this.dirtyStreams.size + this.days.size;
  }

  /** The changes are written at the end of this round of the event loop. */
  private schedule(): void {
    this.commits.changed();
  }

  /** ChangeSource: the waiting changes, out of the dirty sets. */
  takeChanges(): Changes | null {
    if (this.pending === 0 && this.newLearners.length === 0) return null;
    const changes: Changes = {
      learn: [...this.dirtyLearn].map(toLearnRow),
      courses: [...this.dirtyCourses].map(toCourseRow),
      streams: [...this.dirtyStreams],
      learners: this.newLearners,
      days: [...this.days.values()],
    };
    if (this.leases) changes.leases = { node: this.leases, seqs: this.leases.snapshot(studentsOf(changes)) };
    this.dirtyLearn.clear();
    this.dirtyCourses.clear();
    this.dirtyStreams.clear();
    this.days.clear();
    this.newLearners = [];
    return changes;
  }

  /**
   * ChangeSource: drops everything of a student from memory, written or not (their changes were refused):
   * the next heartbeat starts again from the database.
   */
  evict(studentId: string): void {
    const mine = (row: { studentId: string }) => row.studentId === studentId;
    dropWhere(this.learn, mine, this.dirtyLearn);
    dropWhere(this.courses, mine, this.dirtyCourses);
    dropWhere(this.streams, mine, this.dirtyStreams);
    dropWhere(this.days, mine);
    this.newLearners = this.newLearners.filter((entry) => !mine(entry));
    this.clocks.delete(studentId);
  }

  /** ChangeSource: after a write, the catalogue's counters follow. */
  written(): void {
    if (this.countersChanged.size) this.bumpCounters(false);
  }

  /** Refreshes the catalogue cache of schools whose counters changed, at most once a minute each (now when forced). */
  bumpCounters(force: boolean): void {
    const now = Date.now();
    for (const schoolId of this.countersChanged) {
      if (force || now - (this.bumpedAt.get(schoolId) ?? 0) >= 60_000) {
        this.ctx.catalogueCache.bump(schoolId);
        this.bumpedAt.set(schoolId, now);
        this.countersChanged.delete(schoolId);
      }
    }
  }

  /**
   * Drops the states a direct write changed from memory (flush() first): a student's course, or one chapter
   * of it; without a student, a chapter of every student (and every course state of the course).
   */
  forget(scope: RecordScope): void {
    dropWhere(this.learn, (state) => inScope(state, scope));
    dropWhere(this.courses, (state) => inScope(state, scope));
    dropWhere(this.streams, (row) => inScope(row, scope));
  }

  /** Frees memory: clean states unused for IDLE_MS, clocks too old to matter, old heartbeats in the database. */
  async sweep(): Promise<void> {
    const now = this.ctx.now();
    const idle = now - IDLE_MS;
    const over = this.learn.size + this.courses.size + this.streams.size > MAX_STATES;
    if (over) await this.flush();
    dropWhere(this.learn, (state) => (over || state.usedAt < idle) && !this.dirtyLearn.has(state));
    dropWhere(this.courses, (state) => (over || state.usedAt < idle) && !this.dirtyCourses.has(state));
    dropWhere(this.streams, (row) => (over || row.lastAt < idle) && !this.dirtyStreams.has(row));
    for (const [studentId, at] of this.clocks) if (at < now - MAX_CREDIT_MS) this.clocks.delete(studentId);
    if (this.leases) {
      const kept = new Set(this.clocks.keys());
      for (const map of [this.learn, this.courses, this.streams])
        for (const row of map.values()) kept.add(row.studentId);
      this.leases.keepOnly((studentId) => kept.has(studentId), Date.now() - IDLE_MS);
    }
    await this.flush();
    // A scan of the table (last_at has no index: heartbeats rewrite it), so not at every sweep.
    if (now - this.purgedAt < PURGE_EVERY_MS || !leads(this.ctx)) return;
    this.purgedAt = now;
    try {
      await repo.purgeHeartbeats(this.ctx.db, now - HEARTBEAT_KEEP_MS);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'records: purging heartbeats failed');
    }
  }

  /** Writes what waits and stops the timers (the app is closing); later changes are written by commit() at once. */
  async stop(): Promise<void> {
    this.commits.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.flush();
    this.bumpCounters(true);
  }

  /** How much is held in memory (for tests and the benchmark). */
  get size() {
    return { learn: this.learn.size, courses: this.courses.size, streams: this.streams.size, pending: this.pending };
  }
}

function dropWhere<T>(map: Map<string, T>, drop: (value: T) => boolean, dirty?: Set<T>): void {
  for (const [key, value] of map) {
    if (!drop(value)) continue;
    map.delete(key);
    dirty?.delete(value);
  }
}

const engines = new WeakMap<AppContext, RecordsEngine>();

/** The app's records engine (one per app). */
export function recordsEngine(ctx: AppContext): RecordsEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new RecordsEngine(ctx);
    engines.set(ctx, engine);
  }
  return engine;
}
