/**
 * The question bank (back office): questions of the four kinds, created, edited
 * (version + 1), deleted, searched and filtered within the administrator's school (permission 'question').
 *
 * Delete (the schema's rule, server/db/schema/exams.ts): "deleting a question that a paper or an exercise set
 * still uses is refused; otherwise the row is kept with deleted = true so old answers still name it". The
 * refusal is 409 'question in use: N paper(s), M exercise set(s)' with data {papers, exerciseSets}.
 * Choice where the spec is silent: a deleted paper no longer counts as a use (nobody can see or sit it).
 *
 * Editing never changes a sitting already given the question: sittings keep their own copy (schema comment).
 */
import {
  QUESTION_ERRORS,
  type AdminQuestion,
  type QuestionFilter,
  type QuestionList,
  type QuestionListQuery,
  parseOptions,
  type zUpdateQuestion,
} from '../../../shared/schemas/questions';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import * as repo from './questions.repository';
import { checkQuestion, questionRefused, type CheckedQuestion, type QuestionInput } from './question-validation';
import { categoryAndSubcategories } from './question-categories.service';
import { toAdminQuestion, toQuestionRow } from './questions.presenter';

export interface Admin {
  schoolId: string;
  userId: string;
}

/** The titles of the school's categories by id. */
export async function categoryTitles(ctx: AppContext, schoolId: string): Promise<Map<string, string>> {
  return new Map((await repo.listCategories(ctx.db, schoolId)).map((row) => [row.id, row.title]));
}

/** The columns of a checked question as stored. */
export function storedValues(value: CheckedQuestion, now: number) {
  return { ...value, options: JSON.stringify(value.options), tags: JSON.stringify(value.tags), updatedAt: now };
}

/** A live question of the school, else 404 (another school's id is not found either). */
async function schoolQuestion(ctx: AppContext, schoolId: string, qid: string) {
  const row = await repo.findQuestion(ctx.db, schoolId, qid);
  if (!row) throw notFound();
  return row;
}

export async function getQuestion(ctx: AppContext, schoolId: string, qid: string): Promise<AdminQuestion> {
  const row = await schoolQuestion(ctx, schoolId, qid);
  return toAdminQuestion(row, (await categoryTitles(ctx, schoolId)).get(row.categoryId) ?? '');
}

/** Checks a question against the school's categories: the values to store, or a 400 with every field error. */
async function checked(
  ctx: AppContext,
  schoolId: string,
  input: QuestionInput,
  storedOptions: Awaited<ReturnType<typeof parseOptions>>,
): Promise<CheckedQuestion> {
  const titles = await categoryTitles(ctx, schoolId);
  const result = checkQuestion(input, storedOptions, (id) => titles.has(id));
  if (!result.ok) throw questionRefused(result.issues);
  return result.value;
}

export async function addQuestion(ctx: AppContext, admin: Admin, input: QuestionInput): Promise<AdminQuestion> {
  const value = await checked(ctx, admin.schoolId, input, []);
  const id = ctx.ids.next();
  const now = ctx.now();
  await repo.insertQuestion(ctx.db, {
    id,
    schoolId: admin.schoolId,
    ...storedValues(value, now),
    createdBy: admin.userId,
    createdAt: now,
  });
  return await getQuestion(ctx, admin.schoolId, id);
}

export async function updateQuestion(
  ctx: AppContext,
  admin: Admin,
  input: z.infer<typeof zUpdateQuestion>,
): Promise<AdminQuestion> {
  const row = await schoolQuestion(ctx, admin.schoolId, input.qid);
  const value = await checked(ctx, admin.schoolId, input, parseOptions(row.options));
  await repo.updateQuestion(ctx.db, admin.schoolId, row.id, storedValues(value, ctx.now()));
  return await getQuestion(ctx, admin.schoolId, row.id);
}

/** Soft delete; 409 naming how many papers and exercise sets still use the question. */
export async function deleteQuestion(
  ctx: AppContext,
  admin: Admin,
  qid: string,
): Promise<{ qid: string; deleted: true }> {
  const row = await schoolQuestion(ctx, admin.schoolId, qid);
  await ctx.db.transaction(async (tx) => {
    const use = await repo.questionUse(tx, row.id);
    if (use.papers + use.exerciseSets > 0) {
      throw conflict(`${QUESTION_ERRORS.inUse}: ${use.papers} paper(s), ${use.exerciseSets} exercise set(s)`, use);
    }
    await repo.softDeleteQuestion(tx, admin.schoolId, row.id, ctx.now());
  });
  return { qid: row.id, deleted: true };
}

/** The repository's filter of a list query: the category with its sub-categories. */
export async function whereOf(ctx: AppContext, schoolId: string, filter: QuestionFilter): Promise<repo.QuestionWhere> {
  let categoryIds: string[] | undefined;
  // Another school's (or an unknown) category matches nothing.
  if (filter.catid) categoryIds = (await categoryAndSubcategories(ctx, schoolId, filter.catid)) ?? [];
  return {
    keyword: filter.keyword || undefined,
    categoryIds,
    type: filter.type,
    difficulty: filter.difficulty,
    tag: filter.tag || undefined,
  };
}

/** A page of the bank, newest first. */
export async function listQuestions(
  ctx: AppContext,
  schoolId: string,
  query: QuestionListQuery,
): Promise<QuestionList> {
  const page = query.page ?? 1;
  const num = query.num ?? 20;
  const titles = await categoryTitles(ctx, schoolId);
  const { rows, total } = await repo.listQuestions(ctx.db, schoolId, await whereOf(ctx, schoolId, query), {
    offset: (page - 1) * num,
    limit: num,
  });
  return { list: rows.map((row) => toQuestionRow(row, titles.get(row.categoryId) ?? '')), total };
}
