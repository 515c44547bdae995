/**
 * The question bank's rows (server/db/schema/exams.ts: question_categories, questions; and who uses a question:
 * paper_questions, exercise_set_questions). The only file of the module that touches drizzle. Every query is
 * by school.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exerciseSetQuestions, paperQuestions, papers, questionCategories, questions } from '../../db/schema';

export type QuestionRowDb = typeof questions.$inferSelect;
export type QuestionInsert = typeof questions.$inferInsert;
export type CategoryRowDb = typeof questionCategories.$inferSelect;

// ---- categories ----

/** The school's bank categories, by parent then position. */
export function listCategories(db: Db, schoolId: string): CategoryRowDb[] {
  return db
    .select()
    .from(questionCategories)
    .where(eq(questionCategories.schoolId, schoolId))
    .orderBy(asc(questionCategories.parentId), asc(questionCategories.position), asc(questionCategories.createdAt))
    .all();
}

export function findCategory(db: Db, schoolId: string, id: string): CategoryRowDb | undefined {
  return db
    .select()
    .from(questionCategories)
    .where(and(eq(questionCategories.schoolId, schoolId), eq(questionCategories.id, id)))
    .get();
}

export function insertCategory(db: Db, row: typeof questionCategories.$inferInsert): void {
  db.insert(questionCategories).values(row).run();
}

export function updateCategory(
  db: Db,
  schoolId: string,
  id: string,
  values: Partial<Pick<CategoryRowDb, 'title' | 'parentId' | 'position'>>,
): void {
  db.update(questionCategories)
    .set(values)
    .where(and(eq(questionCategories.schoolId, schoolId), eq(questionCategories.id, id)))
    .run();
}

export function deleteCategories(db: Db, schoolId: string, ids: string[]): void {
  if (ids.length)
    db.delete(questionCategories)
      .where(and(eq(questionCategories.schoolId, schoolId), inArray(questionCategories.id, ids)))
      .run();
}

/** Live questions per category id of the school. */
export function countByCategory(db: Db, schoolId: string): Map<string, number> {
  const rows = db
    .select({ categoryId: questions.categoryId, n: count() })
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), eq(questions.deleted, false)))
    .groupBy(questions.categoryId)
    .all();
  return new Map(rows.map((row) => [row.categoryId, row.n]));
}

// ---- questions ----

/** A live question of the school. */
export function findQuestion(db: Db, schoolId: string, id: string): QuestionRowDb | undefined {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id), eq(questions.deleted, false)))
    .get();
}

export function insertQuestion(db: Db, row: QuestionInsert): void {
  db.insert(questions).values(row).run();
}

/** Replaces a question's fields and grows its version by one. */
export function updateQuestion(
  db: Db,
  schoolId: string,
  id: string,
  values: Omit<QuestionInsert, 'id' | 'schoolId' | 'createdAt' | 'createdBy' | 'version' | 'deleted'>,
): void {
  db.update(questions)
    .set({ ...values, version: sql`${questions.version} + 1` })
    .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id), eq(questions.deleted, false)))
    .run();
}

export function softDeleteQuestion(db: Db, schoolId: string, id: string, now: number): void {
  db.update(questions)
    .set({ deleted: true, updatedAt: now })
    .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id)))
    .run();
}

/** How many live papers and how many exercise sets hold the question. */
export function questionUse(db: Db, id: string): { papers: number; exerciseSets: number } {
  const paperCount = db
    .select({ n: countDistinct(paperQuestions.paperId) })
    .from(paperQuestions)
    .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
    .where(and(eq(paperQuestions.questionId, id), eq(papers.deleted, false)))
    .get();
  const setCount = db
    .select({ n: countDistinct(exerciseSetQuestions.setId) })
    .from(exerciseSetQuestions)
    .where(eq(exerciseSetQuestions.questionId, id))
    .get();
  return { papers: paperCount?.n ?? 0, exerciseSets: setCount?.n ?? 0 };
}

/** The filter of a list: live questions of the school, then the given conditions. */
export interface QuestionWhere {
  keyword?: string;
  /** Category ids to keep (a category and its sub-categories); undefined: all. */
  categoryIds?: string[];
  type?: number;
  difficulty?: number;
  tag?: string;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function whereOf(schoolId: string, filter: QuestionWhere): SQL {
  const parts: SQL[] = [eq(questions.schoolId, schoolId), eq(questions.deleted, false)];
  if (filter.keyword) parts.push(sql`${questions.content} like ${likePattern(filter.keyword)} escape '\\'`);
  if (filter.categoryIds)
    parts.push(filter.categoryIds.length ? inArray(questions.categoryId, filter.categoryIds) : sql`0`);
  if (filter.type !== undefined) parts.push(eq(questions.type, filter.type));
  if (filter.difficulty !== undefined) parts.push(eq(questions.difficulty, filter.difficulty));
  if (filter.tag)
    parts.push(sql`exists (select 1 from json_each(${questions.tags}) where json_each.value = ${filter.tag})`);
  return and(...parts)!;
}

/** A page of the school's questions, newest first, and how many match. */
export function listQuestions(
  db: Db,
  schoolId: string,
  filter: QuestionWhere,
  page: { offset: number; limit: number },
): { rows: QuestionRowDb[]; total: number } {
  const where = whereOf(schoolId, filter);
  const rows = db
    .select()
    .from(questions)
    .where(where)
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  const total = db.select({ n: count() }).from(questions).where(where).get()?.n ?? 0;
  return { rows, total };
}
