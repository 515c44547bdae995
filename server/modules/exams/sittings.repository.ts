/** Exam sittings and their answers (server/db/schema/exams.ts): the only place that queries them. */
import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
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

export function saveSittingScore(
  db: Db,
  id: string,
  score: { score: number; pendingMarks: number; passed: boolean },
): void {
  db.update(examSittings).set(score).where(eq(examSittings.id, id)).run();
}

/** A student's open sitting (at most one: the partial unique index exam_sittings_one_open). */
export function openSittingOf(db: Db, studentId: string): SittingRow | undefined {
  return db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.studentId, studentId), eq(examSittings.status, 'open')))
    .get();
}

/** A student's sittings of these exams (every status), oldest first. */
export function studentSittings(db: Db, studentId: string, examIds: readonly string[]): SittingRow[] {
  if (examIds.length === 0) return [];
  return db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.studentId, studentId), inArray(examSittings.examId, [...examIds])))
    .orderBy(asc(examSittings.startedAt))
    .all();
}

/** A page of a student's sittings with their exam, newest first (stu/exams). */
export function mySittings(db: Db, studentId: string, limit: number, offset: number) {
  const where = eq(examSittings.studentId, studentId);
  const rows = db
    .select({ sitting: examSittings, title: exams.title, showResults: exams.showResults })
    .from(examSittings)
    .innerJoin(exams, eq(exams.id, examSittings.examId))
    .where(where)
    .orderBy(desc(examSittings.startedAt), desc(examSittings.id))
    .limit(limit)
    .offset(offset)
    .all();
  const total = db.select({ n: count() }).from(examSittings).where(where).get()?.n ?? 0;
  return { rows, total };
}

export function insertSitting(db: Db, row: typeof examSittings.$inferInsert): void {
  db.insert(examSittings).values(row).run();
}

/** Saves an answer as it is given (status 'saved'); later saves replace it. */
export function upsertAnswer(db: Db, sittingId: string, questionId: string, answer: string, savedAt: number): void {
  db.insert(examAnswers)
    .values({ sittingId, questionId, answer, status: 'saved', savedAt })
    .onConflictDoUpdate({
      target: [examAnswers.sittingId, examAnswers.questionId],
      set: { answer, status: 'saved', isRight: false, point: 0, savedAt },
    })
    .run();
}

export function gradeSittingAnswer(
  db: Db,
  sittingId: string,
  questionId: string,
  grade: { status: 'graded' | 'pending'; isRight: boolean; point: number },
): void {
  db.update(examAnswers)
    .set(grade)
    .where(and(eq(examAnswers.sittingId, sittingId), eq(examAnswers.questionId, questionId)))
    .run();
}

/** Closes an open sitting; false when it was already closed (someone else got there first). */
export function closeOpenSitting(db: Db, id: string, closedBy: 'student' | 'deadline', submittedAt: number): boolean {
  const result = db
    .update(examSittings)
    .set({ status: 'submitted', closedBy, submittedAt })
    .where(and(eq(examSittings.id, id), eq(examSittings.status, 'open')))
    .run();
  return result.changes > 0;
}

/** Open sittings whose deadline has passed (the deadline sweeper; index exam_sittings_deadline). */
export function overdueSittings(db: Db, now: number, limit = 200): string[] {
  return db
    .select({ id: examSittings.id })
    .from(examSittings)
    .where(and(eq(examSittings.status, 'open'), lte(examSittings.deadlineAt, now)))
    .limit(limit)
    .all()
    .map((row) => row.id);
}
