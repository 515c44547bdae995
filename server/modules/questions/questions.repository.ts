/**
 * The question bank's rows (server/db/schema/exams.ts: question_categories, questions; and who uses a question:
 * paper_questions, exercise_set_questions). The only file of the module that touches drizzle. Every query is
 * by school.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { exerciseSetQuestions, paperQuestions, papers, questionCategories, questions } from '../../db/schema';
import { inJsonArray, LIKE } from '../../db/sql-dialect';

export type QuestionRowDb = typeof questions.$inferSelect;
export type QuestionInsert = typeof questions.$inferInsert;
export type CategoryRowDb = typeof questionCategories.$inferSelect;

// ---- categories ----

/** The school's bank categories, by parent then position. */
export async function listCategories(db: Db, schoolId: string): Promise<CategoryRowDb[]> {
  return await db
    .select()
    .from(questionCategories)
    .where(eq(questionCategories.schoolId, schoolId))
    .orderBy(asc(questionCategories.parentId), asc(questionCategories.position), asc(questionCategories.createdAt));
}

export async function findCategory(db: Db, schoolId: string, id: string): Promise<CategoryRowDb | undefined> {
  return first(
    await db
      .select()
      .from(questionCategories)
      .where(and(eq(questionCategories.schoolId, schoolId), eq(questionCategories.id, id))),
  );
}

export async function insertCategory(db: Db, row: typeof questionCategories.$inferInsert): Promise<void> {
  await db.insert(questionCategories).values(row);
}

export async function updateCategory(
  db: Db,
  schoolId: string,
  id: string,
  values: Partial<Pick<CategoryRowDb, 'title' | 'parentId' | 'position'>>,
): Promise<void> {
  await db
    .update(questionCategories)
    .set(values)
    .where(and(eq(questionCategories.schoolId, schoolId), eq(questionCategories.id, id)));
}

export async function deleteCategories(db: Db, schoolId: string, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .delete(questionCategories)
      .where(and(eq(questionCategories.schoolId, schoolId), inArray(questionCategories.id, ids)));
}

/** Live questions per category id of the school. */
export async function countByCategory(db: Db, schoolId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: questions.categoryId, n: count() })
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), eq(questions.deleted, false)))
    .groupBy(questions.categoryId);
  return new Map(rows.map((row) => [row.categoryId, row.n]));
}

// ---- questions ----

/** A live question of the school. */
export async function findQuestion(db: Db, schoolId: string, id: string): Promise<QuestionRowDb | undefined> {
  return first(
    await db
      .select()
      .from(questions)
      .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id), eq(questions.deleted, false))),
  );
}

export async function insertQuestion(db: Db, row: QuestionInsert): Promise<void> {
  await db.insert(questions).values(row);
}

/** Replaces a question's fields and grows its version by one. */
export async function updateQuestion(
  db: Db,
  schoolId: string,
  id: string,
  values: Omit<QuestionInsert, 'id' | 'schoolId' | 'createdAt' | 'createdBy' | 'version' | 'deleted'>,
): Promise<void> {
  await db
    .update(questions)
    .set({ ...values, version: sql`${questions.version} + 1` })
    .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id), eq(questions.deleted, false)));
}

export async function softDeleteQuestion(db: Db, schoolId: string, id: string, now: number): Promise<void> {
  await db
    .update(questions)
    .set({ deleted: true, updatedAt: now })
    .where(and(eq(questions.schoolId, schoolId), eq(questions.id, id)));
}

/** How many live papers and how many exercise sets hold the question. */
export async function questionUse(db: Db, id: string): Promise<{ papers: number; exerciseSets: number }> {
  const paperCount = first(
    await db
      .select({ n: countDistinct(paperQuestions.paperId) })
      .from(paperQuestions)
      .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
      .where(and(eq(paperQuestions.questionId, id), eq(papers.deleted, false))),
  );
  const setCount = first(
    await db
      .select({ n: countDistinct(exerciseSetQuestions.setId) })
      .from(exerciseSetQuestions)
      .where(eq(exerciseSetQuestions.questionId, id)),
  );
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
  if (filter.keyword) parts.push(sql`${questions.content} ${LIKE} ${likePattern(filter.keyword)} escape '\\'`);
  if (filter.categoryIds)
    parts.push(filter.categoryIds.length ? inArray(questions.categoryId, filter.categoryIds) : sql`1 = 0`);
  if (filter.type !== undefined) parts.push(eq(questions.type, filter.type));
  if (filter.difficulty !== undefined) parts.push(eq(questions.difficulty, filter.difficulty));
  if (filter.tag) parts.push(inJsonArray(filter.tag, questions.tags));
  return and(...parts)!;
}

/** A page of the school's questions, newest first, and how many match. */
export async function listQuestions(
  db: Db,
  schoolId: string,
  filter: QuestionWhere,
  page: { offset: number; limit: number },
): Promise<{ rows: QuestionRowDb[]; total: number }> {
  const where = whereOf(schoolId, filter);
  const rows = await db
    .select()
    .from(questions)
    .where(where)
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = first(await db.select({ n: count() }).from(questions).where(where))?.n ?? 0;
  return { rows, total };
}
