/** Exam sittings and their answers (server/db/schema/exams.ts): the only place that queries them. */
import { affected, type Db, first } from '../../db/client';
import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import { examAnswers, exams, examSittings } from '../../db/schema';

export type SittingRow = typeof examSittings.$inferSelect;
export type SittingAnswerRow = typeof examAnswers.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;

export async function findSitting(db: Db, id: string): Promise<SittingRow | undefined> {
  return first(await db.select().from(examSittings).where(eq(examSittings.id, id)));
}

export async function findExam(db: Db, id: string): Promise<ExamRow | undefined> {
  return first(await db.select().from(exams).where(eq(exams.id, id)));
}

export async function sittingAnswers(db: Db, sittingId: string): Promise<SittingAnswerRow[]> {
  return await db.select().from(examAnswers).where(eq(examAnswers.sittingId, sittingId));
}

export async function saveSittingScore(
  db: Db,
  id: string,
  score: { score: number; pendingMarks: number; passed: boolean },
): Promise<void> {
  await db.update(examSittings).set(score).where(eq(examSittings.id, id));
}

/** A student's open sitting (at most one: the partial unique index exam_sittings_one_open). */
export async function openSittingOf(db: Db, studentId: string): Promise<SittingRow | undefined> {
  return first(
    await db
      .select()
      .from(examSittings)
      .where(and(eq(examSittings.studentId, studentId), eq(examSittings.status, 'open'))),
  );
}

/** A student's sittings of these exams (every status), oldest first. */
export async function studentSittings(db: Db, studentId: string, examIds: readonly string[]): Promise<SittingRow[]> {
  if (examIds.length === 0) return [];
  return await db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.studentId, studentId), inArray(examSittings.examId, [...examIds])))
    .orderBy(asc(examSittings.startedAt));
}

/** A page of a student's sittings with their exam, newest first (stu/exams). */
export async function mySittings(db: Db, studentId: string, limit: number, offset: number) {
  const where = eq(examSittings.studentId, studentId);
  const rows = await db
    .select({ sitting: examSittings, title: exams.title, showResults: exams.showResults })
    .from(examSittings)
    .innerJoin(exams, eq(exams.id, examSittings.examId))
    .where(where)
    .orderBy(desc(examSittings.startedAt), desc(examSittings.id))
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(examSittings).where(where))?.n ?? 0;
  return { rows, total };
}

export async function insertSitting(db: Db, row: typeof examSittings.$inferInsert): Promise<void> {
  await db.insert(examSittings).values(row);
}

/** Saves an answer as it is given (status 'saved'); later saves replace it. */
export async function upsertAnswer(
  db: Db,
  sittingId: string,
  questionId: string,
  answer: string,
  savedAt: number,
): Promise<void> {
  await db
    .insert(examAnswers)
    .values({ sittingId, questionId, answer, status: 'saved', savedAt })
    .onConflictDoUpdate({
      target: [examAnswers.sittingId, examAnswers.questionId],
      set: { answer, status: 'saved', isRight: false, point: 0, savedAt },
    });
}

export async function gradeSittingAnswer(
  db: Db,
  sittingId: string,
  questionId: string,
  grade: { status: 'graded' | 'pending'; isRight: boolean; point: number },
): Promise<void> {
  await db
    .update(examAnswers)
    .set(grade)
    .where(and(eq(examAnswers.sittingId, sittingId), eq(examAnswers.questionId, questionId)));
}

/** Closes an open sitting; false when it was already closed (someone else got there first). */
export async function closeOpenSitting(
  db: Db,
  id: string,
  closedBy: 'student' | 'deadline',
  submittedAt: number,
): Promise<boolean> {
  const result = await db
    .update(examSittings)
    .set({ status: 'submitted', closedBy, submittedAt })
    .where(and(eq(examSittings.id, id), eq(examSittings.status, 'open')));
  return affected(result) > 0;
}

/** Open sittings whose deadline has passed (the deadline sweeper; index exam_sittings_deadline). */
export async function overdueSittings(db: Db, now: number, limit = 200): Promise<string[]> {
  return (
    await db
      .select({ id: examSittings.id })
      .from(examSittings)
      .where(and(eq(examSittings.status, 'open'), lte(examSittings.deadlineAt, now)))
      .limit(limit)
  ).map((row) => row.id);
}
