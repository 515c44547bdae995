/** Exams as the student side reads them: published exams, their audience, categories, papers and the bank's questions. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { examAudience, examCategories, exams, paperQuestions, papers, questions } from '../../db/schema';
import type { ExamRow } from './sittings.repository';

export type PaperRow = typeof papers.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AudienceRow = typeof examAudience.$inferSelect;

/** The school's published exams that are not deleted. */
export function publishedExams(db: Db, schoolId: string): ExamRow[] {
  return db
    .select()
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.status, 'published'), eq(exams.deleted, false)))
    .orderBy(asc(exams.createdAt), asc(exams.id))
    .all();
}

/** The published exams attached to chapters of a course. */
export function courseExams(db: Db, courseId: string): ExamRow[] {
  // Asked by every ware reply: prepared once.
  return prepared(db, 'courseExams', (d) =>
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
export function chapterExam(db: Db, courseId: string, chapterId: string): ExamRow | undefined {
  return courseExams(db, courseId)
    .filter((row) => row.chapterId === chapterId)
    .at(-1);
}

export function audienceOf(db: Db, examIds: readonly string[]): AudienceRow[] {
  if (examIds.length === 0) return [];
  return db
    .select()
    .from(examAudience)
    .where(inArray(examAudience.examId, [...examIds]))
    .all();
}

export function schoolExamCategories(db: Db, schoolId: string) {
  return db
    .select()
    .from(examCategories)
    .where(eq(examCategories.schoolId, schoolId))
    .orderBy(asc(examCategories.position), asc(examCategories.createdAt))
    .all();
}

export function findPaper(db: Db, id: string): PaperRow | undefined {
  return db.select().from(papers).where(eq(papers.id, id)).get();
}

/** The papers of these ids (an exam list's papers, read at once). */
export function papersOf(db: Db, ids: readonly string[]): PaperRow[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(papers)
    .where(inArray(papers.id, [...new Set(ids)]))
    .all();
}

/** A fixed paper's questions in order, each with its points on the paper. */
export function fixedPaperQuestions(db: Db, paperId: string): { question: QuestionRow; point: number }[] {
  return db
    .select({ question: questions, point: paperQuestions.point })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.position))
    .all();
}

/** `count` random questions of a kind from these categories ('' categoryIds: the whole bank), not deleted. */
export function randomQuestions(
  db: Db,
  schoolId: string,
  categoryIds: readonly string[] | null,
  type: number,
  count: number,
  exclude: readonly string[],
): QuestionRow[] {
  const conditions = [eq(questions.schoolId, schoolId), eq(questions.deleted, false), eq(questions.type, type)];
  if (categoryIds) conditions.push(inArray(questions.categoryId, [...categoryIds]));
  if (exclude.length > 0) conditions.push(sql`${questions.id} not in ${[...exclude]}`);
  return db
    .select()
    .from(questions)
    .where(and(...conditions))
    .orderBy(sql`random()`)
    .limit(count)
    .all();
}

/**
 * The published exams attached to chapters of a course, by chapter id (an exam chapter, or a plan stage's stage
 * exam; the newest when several, as chapterExam).
 */
export function chapterExams(db: Db, courseId: string): Map<string, { examId: string; optional: boolean }> {
  return new Map(
    courseExams(db, courseId)
      .filter((row) => row.chapterId !== '')
      .map((row) => [row.chapterId, { examId: row.id, optional: row.optional }]),
  );
}
