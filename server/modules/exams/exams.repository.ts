/** Exams as the student side reads them: published exams, their audience, categories, papers and the bank's questions. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { prepared } from '../../db/prepared';
import { examAudience, examCategories, exams, paperQuestions, papers, questions } from '../../db/schema';
import type { ExamRow } from './sittings.repository';

export type PaperRow = typeof papers.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AudienceRow = typeof examAudience.$inferSelect;

/** The school's published exams that are not deleted. */
export async function publishedExams(db: Db, schoolId: string): Promise<ExamRow[]> {
  return await db
    .select()
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.status, 'published'), eq(exams.deleted, false)))
    .orderBy(asc(exams.createdAt), asc(exams.id));
}

/** The published exams attached to chapters of a course. */
export async function courseExams(db: Db, courseId: string): Promise<ExamRow[]> {
  // Asked by every ware reply: prepared once.
  return await prepared(db, 'courseExams', (d) =>
    d
      .select()
      .from(exams)
      .where(
        and(eq(exams.courseId, sql.placeholder('courseId')), eq(exams.status, 'published'), eq(exams.deleted, false)),
      )
      .orderBy(asc(exams.createdAt))
      .prepare(),
  ).all({ courseId });
}

/** The published exam of a chapter (the newest when several). */
export async function chapterExam(db: Db, courseId: string, chapterId: string): Promise<ExamRow | undefined> {
  return (await courseExams(db, courseId)).filter((row) => row.chapterId === chapterId).at(-1);
}

export async function audienceOf(db: Db, examIds: readonly string[]): Promise<AudienceRow[]> {
  if (examIds.length === 0) return [];
  return await db
    .select()
    .from(examAudience)
    .where(inArray(examAudience.examId, [...examIds]));
}

export async function schoolExamCategories(db: Db, schoolId: string) {
  return await db
    .select()
    .from(examCategories)
    .where(eq(examCategories.schoolId, schoolId))
    .orderBy(asc(examCategories.position), asc(examCategories.createdAt));
}

export async function findPaper(db: Db, id: string): Promise<PaperRow | undefined> {
  return first(await db.select().from(papers).where(eq(papers.id, id)));
}

/** The papers of these ids (an exam list's papers, read at once). */
export async function papersOf(db: Db, ids: readonly string[]): Promise<PaperRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(papers)
    .where(inArray(papers.id, [...new Set(ids)]));
}

/** A fixed paper's questions in order, each with its points on the paper. */
export async function fixedPaperQuestions(
  db: Db,
  paperId: string,
): Promise<{ question: QuestionRow; point: number }[]> {
  return await db
    .select({ question: questions, point: paperQuestions.point })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.position));
}

/** `count` random questions of a kind from these categories ('' categoryIds: the whole bank), not deleted. */
export async function randomQuestions(
  db: Db,
  schoolId: string,
  categoryIds: readonly string[] | null,
  type: number,
  count: number,
  exclude: readonly string[],
): Promise<QuestionRow[]> {
  const conditions = [eq(questions.schoolId, schoolId), eq(questions.deleted, false), eq(questions.type, type)];
  if (categoryIds) conditions.push(inArray(questions.categoryId, [...categoryIds]));
  if (exclude.length > 0) conditions.push(sql`${questions.id} not in ${[...exclude]}`);
  return await db
    .select()
    .from(questions)
    .where(and(...conditions))
    .orderBy(sql`random()`)
    .limit(count);
}

/**
 * The published exams attached to chapters of a course, by chapter id (an exam chapter, or a plan stage's stage
 * exam; the newest when several, as chapterExam).
 */
export async function chapterExams(
  db: Db,
  courseId: string,
): Promise<Map<string, { examId: string; optional: boolean }>> {
  return new Map(
    (await courseExams(db, courseId))
      .filter((row) => row.chapterId !== '')
      .map((row) => [row.chapterId, { examId: row.id, optional: row.optional }]),
  );
}
