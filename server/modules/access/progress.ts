/**
 * A student's progress per chapter of a course, as the order rules read it. The learning records' own module
 * keeps heartbeats' changes in memory before writing them; it provides a reader that lays them over the
 * written rows (provideChapterProgress, at registration), so the policy sees them without importing it.
 */
import type { AppContext } from '../../context';

/** A chapter's progress, exam result and review state. */
export interface ChapterRecord {
  progress: number;
  passed: boolean;
  verifyStatus: number;
}

export type ChapterProgressReader = (studentId: string, courseId: string) => Promise<Map<string, ChapterRecord>>;

const readers = new WeakMap<AppContext, ChapterProgressReader>();

/** Registers the reader of the learning records (server/modules/records). */
export function provideChapterProgress(ctx: AppContext, reader: ChapterProgressReader): void {
  readers.set(ctx, reader);
}

/** The student's records of a course's chapters, by chapter id. */
export function chapterProgress(
  ctx: AppContext,
  studentId: string,
  courseId: string,
): Promise<Map<string, ChapterRecord>> {
  const reader = readers.get(ctx);
  // The records module registers it with its routes (app.ts); a missing one is a wiring mistake, not a state.
  if (!reader) throw new Error('access: no chapter progress reader (the records module is not registered)');
  return reader(studentId, courseId);
}
