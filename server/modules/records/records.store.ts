/**
 * The learning records' tables as the rest of the server reads and writes them past the heartbeats
 * (architecture 'A store guards its own invariants'). The records engine keeps heartbeats' changes in
 * memory until the end of the event loop's round (heartbeat-engine.ts), so every reader here writes what
 * waits first, and writeThrough makes the engine forget what a direct write changed: no caller has to
 * remember either. Outside this module, nothing imports records.repository or the engine.
 */
import type { Db } from '../../db/client';
import { onPostgres } from '../../db/engine';
import type { AppContext } from '../../context';
import { recordsEngine, type RecordScope } from './heartbeat-engine';
import { studyActivity } from './activity.repository';
import { schoolStudyTotals, studentDays } from './study-days.repository';
import * as repo from './records.repository';

/** The queries read through the store, each after the engine's waiting changes are written. */
const queries = {
  courseRecord: repo.findCourseRecord,
  courseRecordsOf: repo.studentRecordsByCourse,
  learnRecord: repo.findLearnRecord,
  learnRecordsOf: repo.learnRecordsOf,
  stageReview: repo.lastStageReview,
  courseLearners: repo.courseLearners,
  studentCourseRecords: repo.studentCourseRecords,
  schoolRecords: repo.schoolRecords,
  studentTotals: repo.studentTotals,
  chapterSums: repo.chapterSums,
  studentStudies: repo.studentStudies,
  reviewQueue: repo.reviewQueue,
  studyActivity,
  // Issue 18: the control centre's week and the rank's study time.
  studentDays,
  schoolStudyTotals,
};

type Query = (db: Db, ...args: never[]) => unknown;
type Reader<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;
export type RecordsReader = { [K in keyof typeof queries]: Reader<(typeof queries)[K]> } & {
  /**
   * A student's progress, exam result and review state per chapter of a course: the database with the
   * engine's waiting changes laid over it, without writing them (the study gate asks on every heartbeat).
   */
  chapterProgress(
    studentId: string,
    courseId: string,
  ): ReturnType<Awaited<ReturnType<typeof recordsEngine>>['courseProgress']>;
};

const readers = new WeakMap<AppContext, RecordsReader>();

/** The app's records store (one per app). */
export function recordsStore(ctx: AppContext): RecordsReader {
  let reader = readers.get(ctx);
  if (!reader) {
    const engine = recordsEngine(ctx);
    const bound = Object.entries(queries).map(([name, query]) => [
      name,
      (...args: never[]) => {
        const written = engine.flush();
        return written ? written.then(() => (query as Query)(ctx.db, ...args)) : (query as Query)(ctx.db, ...args);
      },
    ]);
    reader = {
      ...(Object.fromEntries(bound) as Omit<RecordsReader, 'chapterProgress'>),
      chapterProgress: async (studentId, courseId) => await engine.courseProgress(studentId, courseId),
    };
    readers.set(ctx, reader);
  }
  return reader;
}

/**
 * A write of the records' tables past the heartbeats (an administrator's change, an exam's result, records
 * moved): what the engine holds is written first, and the states of the scopes the write touched leave its
 * memory afterwards, so the next heartbeat starts from the written rows.
 */
export async function writeThrough<T>(
  ctx: AppContext,
  scopes: readonly RecordScope[],
  write: (db: Db) => Promise<T>,
): Promise<T> {
  const engine = recordsEngine(ctx);
  await engine.flush();
  try {
    if (!onPostgres()) return await write(ctx.db);
    // Several nodes: the write takes the leases of the students it touches, in its transaction (record-leases.ts).
    return await ctx.db.transaction(async (tx) => {
      await engine.holdScopes(tx, scopes);
      return await write(tx);
    });
  } finally {
    for (const scope of scopes) engine.forget(scope);
  }
}
