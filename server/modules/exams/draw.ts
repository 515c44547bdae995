/**
 * The questions of a new sitting, drawn once at its start and kept with it (server/db/schema/exams.ts:
 * "questions: the questions as sat ... drawn once at the start"): a fixed paper's questions in order with their
 * points on the paper; a random paper's draw rules, each `count` random questions of its kind from its bank
 * category and the category's sub-categories ('' = the whole bank), each worth the rule's point.
 *
 * Choices where the spec is silent: a question is drawn at most once per sitting (a later rule skips questions
 * an earlier one drew); a rule with fewer questions in the bank than its count gives what there is; deleted
 * questions are never drawn (a fixed paper keeps the questions it was made with, as the back office refuses
 * deleting a question a paper uses).
 */
import * as z from 'zod';
import type { AppContext } from '../../context';
import { parseOptions, type QuestionOption } from '../../../shared/schemas/questions';
import { findPaper, fixedPaperQuestions, questionCategoryTree, randomQuestions, type PaperRow, type QuestionRow } from './exams.repository';

/** A question as sat: the snapshot kept in exam_sittings.questions (never sent with its answer). */
export interface SatQuestion {
  qid: string;
  type: number;
  content: string;
  options: QuestionOption[];
  answer: string;
  point: number;
  explanation: string;
  showAnswer: boolean;
  version: number;
}

const zRule = z.object({ categoryId: z.string().default(''), type: z.coerce.number().int(), count: z.coerce.number().int().min(0), point: z.coerce.number().min(0) });

function rulesOf(paper: PaperRow): z.infer<typeof zRule>[] {
  try {
    const parsed = z.array(zRule).safeParse(JSON.parse(paper.drawRules));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function sat(question: QuestionRow, point: number): SatQuestion {
  return {
    qid: question.id,
    type: question.type,
    content: question.content,
    options: parseOptions(question.options),
    answer: question.answer,
    point,
    explanation: question.explanation,
    showAnswer: question.showAnswer,
    version: question.version,
  };
}

/** A category and all its sub-categories. */
function withDescendants(tree: readonly { id: string; parentId: string }[], root: string): string[] {
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const row of tree) if (row.parentId === found[i] && !found.includes(row.id)) found.push(row.id);
  return found;
}

/** Draws a sitting's questions from the exam's paper (the rule above). */
export function drawQuestions(ctx: AppContext, schoolId: string, paperId: string): { questions: SatQuestion[]; totalScore: number; passScore: number } {
  const paper = findPaper(ctx.db, paperId);
  if (!paper) return { questions: [], totalScore: 0, passScore: 0 };
  let questions: SatQuestion[];
  if (paper.mode === 'random') {
    const tree = questionCategoryTree(ctx.db, schoolId);
    questions = [];
    for (const rule of rulesOf(paper)) {
      const categories = rule.categoryId === '' || rule.categoryId === '0' ? null : withDescendants(tree, rule.categoryId);
      const drawn = randomQuestions(ctx.db, schoolId, categories, rule.type, rule.count, questions.map((q) => q.qid));
      questions.push(...drawn.map((question) => sat(question, rule.point)));
    }
  } else {
    questions = fixedPaperQuestions(ctx.db, paper.id).map((row) => sat(row.question, row.point));
  }
  const total = Math.round(questions.reduce((sum, q) => sum + q.point, 0) * 100) / 100;
  return { questions, totalScore: paper.mode === 'random' ? total : paper.totalScore || total, passScore: paper.passScore };
}

/** Reads a sitting's snapshot. */
export function readSnapshot(text: string): SatQuestion[] {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as SatQuestion[]) : [];
  } catch {
    return [];
  }
}
