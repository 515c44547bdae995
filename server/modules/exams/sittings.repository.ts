/** Exam sittings and their answers (server/db/schema/exams.ts): the only place that queries them. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examAnswers, exams, examSittings } from '../../db/schema';

export type SittingRow = typeof examSittings.$inferSelect;
export type SittingAnswerRow = typeof examAnswers.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;

export function findSitting(db: Db, id: string): SittingRow | undefined {
  return db.select().from(examSittings).where(eq(examSittings.id, id)).get();
}

export function findExam(db: Db, id: string): ExamRow | undefined {
  return db.select().from(exams).where(eq(exams.id, id)).get();
}

export function sittingAnswers(db: Db, sittingId: string): SittingAnswerRow[] {
  return db.select().from(examAnswers).where(eq(examAnswers.sittingId, sittingId)).all();
}

export function saveSittingScore(db: Db, id: string, score: { score: number; pendingMarks: number; passed: boolean }): void {
  db.update(examSittings).set(score).where(eq(examSittings.id, id)).run();
}

/** The published exams attached to chapters of a course, by chapter id (an exam chapter, or a plan stage's stage exam). */
export function chapterExams(db: Db, courseId: string): Map<string, { examId: string; optional: boolean }> {
  const rows = db
    .select({ chapterId: exams.chapterId, examId: exams.id, optional: exams.optional })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.deleted, false), eq(exams.status, 'published')))
    .all();
  return new Map(rows.filter((row) => row.chapterId !== '').map((row) => [row.chapterId, { examId: row.examId, optional: row.optional }]));
}
