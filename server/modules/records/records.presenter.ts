/** Shapes of the records replies (shared/schemas/records.ts): seconds with one decimal, progress as stored. */
import type * as z from 'zod';
import type { LearnRecord, zChapterRecordRow } from '../../../shared/schemas/records';
import type { LearnRow } from './records.repository';

type ChapterRecordRow = z.infer<typeof zChapterRecordRow>;

export const seconds = (ms: number) => Math.round(ms / 100) / 10;
export const tenths = (value: number) => Math.round(value * 10) / 10;

type RecordLike = Pick<
  LearnRow,
  | 'effMs'
  | 'watched'
  | 'progress'
  | 'position'
  | 'furthest'
  | 'duration'
  | 'completedAt'
  | 'passed'
  | 'verifyStatus'
  | 'updatedAt'
>;

/** A chapter's record for its student (spec 3 'Learn record': eff, watch_time, progress, and where to resume). */
export function toLearnRecord(coid: string, cid: string, row: RecordLike | undefined): LearnRecord {
  if (!row) {
    return {
      coid,
      cid,
      eff: 0,
      watch_time: 0,
      progress: 0,
      position: 0,
      furthest: 0,
      duration: 0,
      completed: false,
      completed_at: null,
      passed: false,
      verify_status: 0,
      updated_at: null,
    };
  }
  return {
    coid,
    cid,
    eff: seconds(row.effMs),
    watch_time: tenths(row.watched),
    progress: row.progress,
    position: row.position,
    furthest: row.furthest,
    duration: row.duration,
    completed: row.completedAt !== null,
    completed_at: row.completedAt,
    passed: row.passed,
    verify_status: row.verifyStatus,
    updated_at: row.updatedAt,
  };
}

/** A chapter with its record (or none) for the back office. */
export function toChapterRecordRow(
  chapter: { id: string; title: string; type: number; parentId: string },
  row: LearnRow | undefined,
): ChapterRecordRow {
  return {
    cid: chapter.id,
    title: chapter.title,
    type: chapter.type,
    parent_id: chapter.parentId,
    eff: row ? seconds(row.effMs) : 0,
    watch_time: row ? tenths(row.watched) : 0,
    progress: row?.progress ?? 0,
    passed: row?.passed ?? false,
    verify_status: row?.verifyStatus ?? 0,
    completed_at: row?.completedAt ?? null,
    updated_at: row?.updatedAt ?? null,
  };
}

/** A course's chapters in display order: top-level by position, each followed by its subchapters. */
export function displayOrder<T extends { id: string; parentId: string; position: number; createdAt: number }>(
  rows: readonly T[],
): T[] {
  const byPosition = (a: T, b: T) => a.position - b.position || a.createdAt - b.createdAt;
  const tops = rows.filter((row) => row.parentId === '0').sort(byPosition);
  return tops.flatMap((top) => [top, ...rows.filter((row) => row.parentId === top.id).sort(byPosition)]);
}

/** Whether a chapter of the list is studied: not a heading, and without subchapters (they are studied instead). */
export function isStudyChapter<T extends { id: string; parentId: string; type: number }>(
  row: T,
  rows: readonly T[],
): boolean {
  return row.type !== 0 && !rows.some((other) => other.parentId === row.id);
}
