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
import { roundScore } from '../../../shared/rules/exam-score';
import { parseDrawRules } from '../../../shared/schemas/exam-admin';
import { parseOptions } from '../../../shared/schemas/questions';
import type { AppContext } from '../../context';
import { categoryAndSubcategories } from '../questions/question-categories.service';
import { findPaper, fixedPaperQuestions, randomQuestions, type QuestionRow } from './exams.repository';
import type { SatQuestion } from './sat-questions';

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

/** Draws a sitting's questions from the exam's paper (the rule above). */
export async function drawQuestions(
  ctx: AppContext,
  schoolId: string,
  paperId: string,
): Promise<{ questions: SatQuestion[]; totalScore: number; passScore: number }> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper) return { questions: [], totalScore: 0, passScore: 0 };
  let questions: SatQuestion[];
  if (paper.mode === 'random') {
    questions = [];
    for (const rule of parseDrawRules(paper.drawRules)) {
      // A category removed since the paper was saved draws nothing.
      const categories =
        rule.categoryId === ''
          ? null
          : ((await categoryAndSubcategories(ctx, schoolId, rule.categoryId)) ?? [rule.categoryId]);
      const drawn = await randomQuestions(
        ctx.db,
        schoolId,
        categories,
        rule.type,
        rule.count,
        questions.map((q) => q.qid),
      );
      questions.push(...drawn.map((question) => sat(question, rule.point)));
    }
  } else {
    questions = (await fixedPaperQuestions(ctx.db, paper.id)).map((row) => sat(row.question, row.point));
  }
  const total = roundScore(questions.reduce((sum, q) => sum + q.point, 0));
  return {
    questions,
    totalScore: paper.mode === 'random' ? total : paper.totalScore || total,
    passScore: paper.passScore,
  };
}
