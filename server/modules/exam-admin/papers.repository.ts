/** Exam categories, papers and the bank reads a paper needs (server/db/schema/exams.ts): the only place that queries them. */
import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { examCategories, exams, paperQuestions, papers, questions } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';

export type ExamCategoryRow = typeof examCategories.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;
export type BankQuestionRow = typeof questions.$inferSelect;

// ---- exam categories ----

const examsOfCategory = sql<number>`(select count(*) from exams e where e.category_id = exam_categories.id and e.deleted = 0)`;

/** The school's exam categories in order, with how many exams (not deleted) each holds. */
export function listCategories(db: Db, schoolId: string): (ExamCategoryRow & { exams: number })[] {
  return db
    .select({ row: examCategories, exams: examsOfCategory })
    .from(examCategories)
    .where(eq(examCategories.schoolId, schoolId))
    .orderBy(asc(examCategories.position), asc(examCategories.createdAt))
    .all()
    .map(({ row, exams: n }) => ({ ...row, exams: n }));
}

export function findCategory(db: Db, schoolId: string, id: string): ExamCategoryRow | undefined {
  return db
    .select()
    .from(examCategories)
    .where(and(eq(examCategories.id, id), eq(examCategories.schoolId, schoolId)))
    .get();
}

export function insertCategory(db: Db, row: typeof examCategories.$inferInsert): void {
  db.insert(examCategories).values(row).run();
}

export function renameCategory(db: Db, id: string, title: string): void {
  db.update(examCategories).set({ title }).where(eq(examCategories.id, id)).run();
}

export function setCategoryPosition(db: Db, id: string, position: number): void {
  db.update(examCategories).set({ position }).where(eq(examCategories.id, id)).run();
}

export function deleteCategory(db: Db, id: string): void {
  db.delete(examCategories).where(eq(examCategories.id, id)).run();
}

/** Exams (not deleted) filed under the category. */
export function examsInCategory(db: Db, id: string): number {
  return (
    db
      .select({ n: count() })
      .from(exams)
      .where(and(eq(exams.categoryId, id), eq(exams.deleted, false)))
      .get()?.n ?? 0
  );
}

// ---- papers ----

const examsOfPaper = sql<number>`(select count(*) from exams e where e.paper_id = papers.id and e.deleted = 0)`;
const questionsOfPaper = sql<number>`(select count(*) from paper_questions q where q.paper_id = papers.id)`;

/** The school's papers (not deleted), latest change first, with their exams and fixed questions counted. */
export function listPapers(db: Db, filter: { schoolId: string; key: string; limit: number; offset: number }) {
  const where = and(
    eq(papers.schoolId, filter.schoolId),
    eq(papers.deleted, false),
    filter.key ? like(papers.title, likePattern(filter.key)) : undefined,
  );
  const total = db.select({ n: count() }).from(papers).where(where).get()?.n ?? 0;
  const rows = db
    .select({ row: papers, exams: examsOfPaper, fixedQuestions: questionsOfPaper })
    .from(papers)
    .where(where)
    .orderBy(desc(papers.updatedAt), desc(papers.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  return { rows, total };
}

/** A paper of the school, not deleted. */
export function findPaper(db: Db, schoolId: string, id: string): PaperRow | undefined {
  return db
    .select()
    .from(papers)
    .where(and(eq(papers.id, id), eq(papers.schoolId, schoolId), eq(papers.deleted, false)))
    .get();
}

export function paperCounts(db: Db, id: string): { exams: number; fixedQuestions: number } {
  return (
    db
      .select({ exams: examsOfPaper, fixedQuestions: questionsOfPaper })
      .from(papers)
      .where(eq(papers.id, id))
      .get() ?? { exams: 0, fixedQuestions: 0 }
  );
}

/** A fixed paper's questions in order with the bank's row. */
export function paperQuestionRows(db: Db, paperId: string) {
  return db
    .select({ point: paperQuestions.point, position: paperQuestions.position, question: questions })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.position))
    .all();
}

export function insertPaper(db: Db, row: typeof papers.$inferInsert): void {
  db.insert(papers).values(row).run();
}

export function updatePaper(db: Db, id: string, patch: Partial<typeof papers.$inferInsert>): void {
  db.update(papers).set(patch).where(eq(papers.id, id)).run();
}

/** Replaces a paper's questions (in the caller's transaction). */
export function replacePaperQuestions(db: Db, paperId: string, rows: { questionId: string; point: number }[]): void {
  db.delete(paperQuestions).where(eq(paperQuestions.paperId, paperId)).run();
  rows.forEach((row, position) =>
    db.insert(paperQuestions).values({ paperId, questionId: row.questionId, position, point: row.point }).run(),
  );
}

// ---- the bank ----

/** The school's questions among these ids (deleted ones included: the caller says why they are refused). */
export function schoolQuestions(db: Db, schoolId: string, ids: string[]): BankQuestionRow[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), inArray(questions.id, ids)))
    .all();
}

/** Non-deleted questions of a kind in these categories (null: the whole bank). */
export function countBankQuestions(db: Db, schoolId: string, type: number, categoryIds: string[] | null): number {
  const where = and(
    eq(questions.schoolId, schoolId),
    eq(questions.deleted, false),
    eq(questions.type, type),
    categoryIds ? inArray(questions.categoryId, categoryIds.length > 0 ? categoryIds : ['']) : undefined,
  );
  return db.select({ n: count() }).from(questions).where(where).get()?.n ?? 0;
}
