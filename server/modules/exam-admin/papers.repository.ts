/** Exam categories, papers and the bank reads a paper needs (server/db/schema/exams.ts): the only place that queries them. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { examCategories, exams, paperQuestions, papers, questions } from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { eachAsync } from '../../lib/sequential';
import { likeText } from '../../db/sql-dialect';

export type ExamCategoryRow = typeof examCategories.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;
export type BankQuestionRow = typeof questions.$inferSelect;

// ---- exam categories ----

const examsOfCategory = sql<number>`(select count(*) from exams e where e.category_id = exam_categories.id and e.deleted = 0)`;

/** The school's exam categories in order, with how many exams (not deleted) each holds. */
export async function listCategories(db: Db, schoolId: string): Promise<(ExamCategoryRow & { exams: number })[]> {
  return (
    await db
      .select({ row: examCategories, exams: examsOfCategory })
      .from(examCategories)
      .where(eq(examCategories.schoolId, schoolId))
      .orderBy(asc(examCategories.position), asc(examCategories.createdAt))
  ).map(({ row, exams: n }) => ({ ...row, exams: n }));
}

export async function findCategory(db: Db, schoolId: string, id: string): Promise<ExamCategoryRow | undefined> {
  return first(
    await db
      .select()
      .from(examCategories)
      .where(and(eq(examCategories.id, id), eq(examCategories.schoolId, schoolId))),
  );
}

export async function insertCategory(db: Db, row: typeof examCategories.$inferInsert): Promise<void> {
  await db.insert(examCategories).values(row);
}

export async function renameCategory(db: Db, id: string, title: string): Promise<void> {
  await db.update(examCategories).set({ title }).where(eq(examCategories.id, id));
}

export async function setCategoryPosition(db: Db, id: string, position: number): Promise<void> {
  await db.update(examCategories).set({ position }).where(eq(examCategories.id, id));
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.delete(examCategories).where(eq(examCategories.id, id));
}

/** Exams (not deleted) filed under the category. */
export async function examsInCategory(db: Db, id: string): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(exams)
        .where(and(eq(exams.categoryId, id), eq(exams.deleted, false))),
    )?.n ?? 0
  );
}

// ---- papers ----

const examsOfPaper = sql<number>`(select count(*) from exams e where e.paper_id = papers.id and e.deleted = 0)`;
const questionsOfPaper = sql<number>`(select count(*) from paper_questions q where q.paper_id = papers.id)`;

/** The school's papers (not deleted), latest change first, with their exams and fixed questions counted. */
export async function listPapers(db: Db, filter: { schoolId: string; key: string; limit: number; offset: number }) {
  const where = and(
    eq(papers.schoolId, filter.schoolId),
    eq(papers.deleted, false),
    filter.key ? likeText(papers.title, likePattern(filter.key)) : undefined,
  );
  const total = first(await db.select({ n: count() }).from(papers).where(where))?.n ?? 0;
  const rows = await db
    .select({ row: papers, exams: examsOfPaper, fixedQuestions: questionsOfPaper })
    .from(papers)
    .where(where)
    .orderBy(desc(papers.updatedAt), desc(papers.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** A paper of the school, not deleted. */
export async function findPaper(db: Db, schoolId: string, id: string): Promise<PaperRow | undefined> {
  return first(
    await db
      .select()
      .from(papers)
      .where(and(eq(papers.id, id), eq(papers.schoolId, schoolId), eq(papers.deleted, false))),
  );
}

export async function paperCounts(db: Db, id: string): Promise<{ exams: number; fixedQuestions: number }> {
  return (
    first(
      await db.select({ exams: examsOfPaper, fixedQuestions: questionsOfPaper }).from(papers).where(eq(papers.id, id)),
    ) ?? { exams: 0, fixedQuestions: 0 }
  );
}

/** A fixed paper's questions in order with the bank's row. */
export async function paperQuestionRows(db: Db, paperId: string) {
  return await db
    .select({ point: paperQuestions.point, position: paperQuestions.position, question: questions })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.position));
}

export async function insertPaper(db: Db, row: typeof papers.$inferInsert): Promise<void> {
  await db.insert(papers).values(row);
}

export async function updatePaper(db: Db, id: string, patch: Partial<typeof papers.$inferInsert>): Promise<void> {
  await db.update(papers).set(patch).where(eq(papers.id, id));
}

/** Replaces a paper's questions (in the caller's transaction). */
export async function replacePaperQuestions(
  db: Db,
  paperId: string,
  rows: { questionId: string; point: number }[],
): Promise<void> {
  await db.delete(paperQuestions).where(eq(paperQuestions.paperId, paperId));
  await eachAsync(
    rows,
    async (row, position) =>
      await db.insert(paperQuestions).values({ paperId, questionId: row.questionId, position, point: row.point }),
  );
}

// ---- the bank ----

/** The school's questions among these ids (deleted ones included: the caller says why they are refused). */
export async function schoolQuestions(db: Db, schoolId: string, ids: string[]): Promise<BankQuestionRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), inArray(questions.id, ids)));
}

/** Non-deleted questions of a kind in these categories (null: the whole bank). */
export async function countBankQuestions(
  db: Db,
  schoolId: string,
  type: number,
  categoryIds: string[] | null,
): Promise<number> {
  const where = and(
    eq(questions.schoolId, schoolId),
    eq(questions.deleted, false),
    eq(questions.type, type),
    categoryIds ? inArray(questions.categoryId, categoryIds.length > 0 ? categoryIds : ['']) : undefined,
  );
  return first(await db.select({ n: count() }).from(questions).where(where))?.n ?? 0;
}
