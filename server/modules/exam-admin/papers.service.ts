/**
 * Exam categories and papers in the back office ("Papers: fixed (chosen questions) or drawn
 * at random from bank categories by kind and count, with total and pass score"; "exam categories for the
 * student side"). Permission 'exam', the administrator's school.
 *
 * Choices where the spec is silent:
 * - A category is deleted only while no exam (not deleted) is filed under it (409); renaming and reordering
 *   are free.
 * - A fixed paper's questions must be the school's and not deleted (400 naming questions.N). A random paper's
 *   rule draws `count` questions of a kind from a bank category and all its sub-categories ('' = the whole
 *   bank); it is refused (400 naming rules.N) when the bank holds fewer non-deleted questions of that kind
 *   there. The bank is checked again when a sitting draws (the student side).
 * - The total score is computed (sum of the fixed questions' points, or count × point of each rule); the pass
 *   score must be above 0 and at most the total.
 * - A paper may be edited while exams use it: sittings keep the questions as they were sat
 *   (exam_sittings.questions), so only later sittings see the change. Deleting is refused while an exam (not
 *   deleted) uses it; otherwise the row is kept with deleted = true (old exams still name it).
 * - Copying makes a new paper with the same questions or rules and scores (the title given, else the same).
 */
import { roundScore } from '../../../shared/rules/exam-score';
import {
  EXAM_ADMIN_ERRORS,
  parseDrawRules,
  type PaperInfo,
  type PaperRow,
  type SavePaper,
} from '../../../shared/schemas/exam-admin';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { badField as field } from '../courses/courses.service';
import { categoryAndSubcategories } from '../questions/question-categories.service';
import { excerptOf } from '../questions/questions.presenter';
import * as repo from './papers.repository';
import { eachAsync } from '../../lib/sequential';

// ---- categories ----

export async function listCategories(ctx: AppContext, schoolId: string) {
  return {
    list: (await repo.listCategories(ctx.db, schoolId)).map((row) => ({
      id: row.id,
      title: row.title,
      position: row.position,
      exams: row.exams,
    })),
  };
}

export async function addCategory(ctx: AppContext, schoolId: string, title: string) {
  const position = (await repo.listCategories(ctx.db, schoolId)).reduce(
    (max, row) => Math.max(max, row.position + 1),
    0,
  );
  await repo.insertCategory(ctx.db, { id: ctx.ids.next(), schoolId, title, position, createdAt: ctx.now() });
  return await listCategories(ctx, schoolId);
}

async function schoolCategory(ctx: AppContext, schoolId: string, id: string) {
  const row = await repo.findCategory(ctx.db, schoolId, id);
  if (!row) throw notFound();
  return row;
}

export async function renameCategory(ctx: AppContext, schoolId: string, id: string, title: string) {
  await repo.renameCategory(ctx.db, (await schoolCategory(ctx, schoolId, id)).id, title);
  return await listCategories(ctx, schoolId);
}

/** The new order must name every category of the school once. */
export async function orderCategories(ctx: AppContext, schoolId: string, ids: string[]) {
  const current = (await repo.listCategories(ctx.db, schoolId)).map((row) => row.id);
  if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id)))
    throw field('ids', 'must name every category once');
  await ctx.db.transaction(
    async (tx) => await eachAsync(ids, async (id, position) => await repo.setCategoryPosition(tx, id, position)),
  );
  return await listCategories(ctx, schoolId);
}

export async function deleteCategory(ctx: AppContext, schoolId: string, id: string) {
  const row = await schoolCategory(ctx, schoolId, id);
  if ((await repo.examsInCategory(ctx.db, row.id)) > 0) throw conflict(EXAM_ADMIN_ERRORS.categoryInUse);
  await repo.deleteCategory(ctx.db, row.id);
  return await listCategories(ctx, schoolId);
}

// ---- papers ----

function toPaperRow(row: repo.PaperRow, counts: { exams: number; fixedQuestions: number }): PaperRow {
  const rules = parseDrawRules(row.drawRules);
  return {
    id: row.id,
    title: row.title,
    mode: row.mode,
    questionCount: row.mode === 'fixed' ? counts.fixedQuestions : rules.reduce((sum, rule) => sum + rule.count, 0),
    totalScore: row.totalScore,
    passScore: row.passScore,
    exams: counts.exams,
    updatedAt: row.updatedAt,
  };
}

export async function listPapers(ctx: AppContext, schoolId: string, query: { key: string; page: number; num: number }) {
  const { rows, total } = await repo.listPapers(ctx.db, {
    schoolId,
    key: query.key,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map(({ row, exams, fixedQuestions }) => toPaperRow(row, { exams, fixedQuestions })), total };
}

/** A paper of the school (404 for another school's or a deleted one). */
export async function schoolPaper(ctx: AppContext, schoolId: string, id: string): Promise<repo.PaperRow> {
  const row = await repo.findPaper(ctx.db, schoolId, id);
  if (!row) throw notFound();
  return row;
}

export async function paperInfo(ctx: AppContext, schoolId: string, id: string): Promise<PaperInfo> {
  const row = await schoolPaper(ctx, schoolId, id);
  const questions = (await repo.paperQuestionRows(ctx.db, row.id)).map(({ point, question }) => ({
    qid: question.id,
    type: question.type,
    content: question.content,
    excerpt: excerptOf(question.content),
    categoryId: question.categoryId,
    bankPoint: question.point,
    point,
    deleted: question.deleted,
  }));
  return {
    ...toPaperRow(row, await repo.paperCounts(ctx.db, row.id)),
    questions,
    rules: parseDrawRules(row.drawRules),
  };
}

/** Checks the paper's questions or rules against the school's bank; returns its total score. */
async function checkedTotal(ctx: AppContext, schoolId: string, input: SavePaper): Promise<number> {
  if (input.mode === 'fixed') {
    const bank = new Map(
      (
        await repo.schoolQuestions(
          ctx.db,
          schoolId,
          input.questions.map((q) => q.qid),
        )
      ).map((row) => [row.id, row]),
    );
    input.questions.forEach((q, index) => {
      const row = bank.get(q.qid);
      if (!row) throw field(`questions.${index}`, 'is not a question of this school');
      if (row.deleted) throw field(`questions.${index}`, 'is a deleted question');
    });
    return roundScore(input.questions.reduce((sum, q) => sum + q.point, 0));
  }
  await eachAsync(input.rules, async (rule, index) => {
    const categories = rule.categoryId === '' ? null : await categoryAndSubcategories(ctx, schoolId, rule.categoryId);
    if (categories === null && rule.categoryId !== '')
      throw field(`rules.${index}.categoryId`, 'is not a question category of this school');
    const inBank = await repo.countBankQuestions(ctx.db, schoolId, rule.type, categories);
    if (inBank < rule.count) throw field(`rules.${index}.count`, `asks more than the bank holds (${inBank})`);
  });
  return roundScore(input.rules.reduce((sum, rule) => sum + rule.count * rule.point, 0));
}

export async function savePaper(ctx: AppContext, schoolId: string, input: SavePaper): Promise<PaperInfo> {
  const existing = input.id ? await schoolPaper(ctx, schoolId, input.id) : undefined;
  const totalScore = await checkedTotal(ctx, schoolId, input);
  if (input.passScore > totalScore) throw field('passScore', `must be at most the total score ${totalScore}`);
  const now = ctx.now();
  const id = existing?.id ?? ctx.ids.next();
  const values = {
    title: input.title,
    mode: input.mode,
    drawRules: JSON.stringify(input.mode === 'random' ? input.rules : []),
    totalScore,
    passScore: input.passScore,
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    if (existing) await repo.updatePaper(tx, id, values);
    else await repo.insertPaper(tx, { id, schoolId, createdAt: now, ...values });
    await repo.replacePaperQuestions(
      tx,
      id,
      input.mode === 'fixed' ? input.questions.map((q) => ({ questionId: q.qid, point: q.point })) : [],
    );
  });
  return await paperInfo(ctx, schoolId, id);
}

export async function copyPaper(ctx: AppContext, schoolId: string, id: string, title?: string): Promise<PaperInfo> {
  const source = await schoolPaper(ctx, schoolId, id);
  const questions = await repo.paperQuestionRows(ctx.db, source.id);
  const now = ctx.now();
  const copy = ctx.ids.next();
  await ctx.db.transaction(async (tx) => {
    await repo.insertPaper(tx, { ...source, id: copy, title: title ?? source.title, createdAt: now, updatedAt: now });
    await repo.replacePaperQuestions(
      tx,
      copy,
      questions.map((row) => ({ questionId: row.question.id, point: row.point })),
    );
  });
  return await paperInfo(ctx, schoolId, copy);
}

export async function deletePaper(ctx: AppContext, schoolId: string, id: string): Promise<{ id: string }> {
  const row = await schoolPaper(ctx, schoolId, id);
  if ((await repo.paperCounts(ctx.db, row.id)).exams > 0) throw conflict(EXAM_ADMIN_ERRORS.paperInUse);
  await repo.updatePaper(ctx.db, row.id, { deleted: true, updatedAt: ctx.now() });
  return { id: row.id };
}
