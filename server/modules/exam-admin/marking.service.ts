/**
 * Marking of short answers (short answers wait for a teacher's mark in the
 * back office, then count: sittingScore in shared/rules/exam-score). The queue holds exam answers of submitted
 * sittings and chapter exercise answers waiting for a mark (status 'pending'); marked ones may be listed and marked
 * again.
 *
 * Choices where the spec is silent:
 * - Marking is part of the exam area: permission 'exam' (the sidebar's marking entry sits there). A teacher
 *   who only keeps the question bank ('question') does not see students' answers and scores.
 * - A mark is points from 0 to the question's points (its points in the paper as sat, or the bank's for an
 *   exercise), two decimals. Full points is right; fewer points count but the answer is not right (so a
 *   partly right exercise answer stays on the student's pending list, like a wrong choice).
 * - An exam mark settles the sitting (settleSitting: score, marks due, pass, and for a chapter's exam the
 *   learn record) in the same transaction; a mark on an open sitting or on an answer that is not a short
 *   answer waiting or already marked is refused (409).
 */
import { questionKind } from '../../../shared/rules/grading';
import { EXAM_ADMIN_ERRORS, type Mark, type MarkingItem, type MarkingQuery } from '../../../shared/schemas/exam-admin';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { badField } from '../courses/courses.service';
import { settleSitting } from '../exams/sitting-score';
import * as repo from './results.repository';
import { findExamRow } from './exams-admin.repository';
import { examMarked } from '../notices/events';
import { readSnapshot } from '../exams/sat-questions';

export async function markingList(
  ctx: AppContext,
  schoolId: string,
  query: MarkingQuery,
): Promise<{ list: MarkingItem[]; total: number }> {
  const page = { schoolId, status: query.status, limit: query.num, offset: (query.page - 1) * query.num };
  if (query.source === 'exercise') {
    const { rows, total } = await repo.exerciseMarkingPage(ctx.db, page);
    const list = rows.map(
      ({ answer, question, courseTitle, chapterTitle, name, username }): MarkingItem => ({
        source: 'exercise',
        sittingId: '',
        studentId: answer.studentId,
        chapterId: answer.chapterId,
        qid: answer.questionId,
        name,
        username,
        where: [courseTitle, chapterTitle].filter(Boolean).join(' / '),
        content: sanitizeRichText(question.content),
        modelAnswer: question.answer,
        explanation: sanitizeRichText(question.explanation),
        given: answer.answer,
        maxPoint: question.point,
        status: answer.status === 'marked' ? 'marked' : 'pending',
        point: answer.point,
        isRight: answer.isRight,
        answeredAt: answer.answeredAt,
        markedAt: answer.markedAt ?? null,
      }),
    );
    return { list, total };
  }
  const { rows, total } = await repo.examMarkingPage(ctx.db, { ...page, examId: query.examId });
  const list = rows.map(({ answer, sitting, examTitle, name, username }): MarkingItem => {
    const question = readSnapshot(sitting.questions).find((item) => item.qid === answer.questionId);
    return {
      source: 'exam',
      sittingId: sitting.id,
      studentId: sitting.studentId,
      chapterId: '',
      qid: answer.questionId,
      name,
      username,
      where: examTitle,
      content: sanitizeRichText(question?.content ?? ''),
      modelAnswer: question?.answer ?? '',
      explanation: sanitizeRichText(question?.explanation ?? ''),
      given: answer.answer,
      maxPoint: question?.point ?? 0,
      status: answer.status === 'marked' ? 'marked' : 'pending',
      point: answer.point,
      isRight: answer.isRight,
      answeredAt: sitting.submittedAt ?? answer.savedAt,
      markedAt: answer.markedAt ?? null,
    };
  });
  return { list, total };
}

function checkPoint(point: number, maxPoint: number): boolean {
  if (point > maxPoint) throw badField('point', `must be at most ${maxPoint}`);
  return point >= maxPoint;
}

const markable = (status: string) => status === 'pending' || status === 'marked';

export async function mark(ctx: AppContext, admin: { schoolId: string; userId: string }, input: Mark) {
  const markedAt = ctx.now();
  if (input.source === 'exercise') {
    const key = { studentId: input.studentId, chapterId: input.chapterId, questionId: input.qid };
    const found = await repo.findExerciseAnswer(ctx.db, admin.schoolId, key);
    if (!found) throw notFound();
    if (!markable(found.answer.status) || questionKind(found.question.type) !== 'short')
      throw conflict(EXAM_ADMIN_ERRORS.notPending);
    const isRight = checkPoint(input.point, found.question.point);
    await repo.markExerciseAnswer(ctx.db, key, { point: input.point, isRight, markedBy: admin.userId, markedAt });
    return { status: 'marked' as const, point: input.point, isRight, sitting: null };
  }
  const sitting = await repo.findSchoolSitting(ctx.db, admin.schoolId, input.sittingId);
  if (!sitting) throw notFound();
  const answer = await repo.findExamAnswer(ctx.db, sitting.id, input.qid);
  const question = readSnapshot(sitting.questions).find((item) => item.qid === input.qid);
  if (!answer || !question) throw notFound();
  if (sitting.status !== 'submitted' || !markable(answer.status) || questionKind(question.type) !== 'short')
    throw conflict(EXAM_ADMIN_ERRORS.notPending);
  const isRight = checkPoint(input.point, question.point);
  const settled = await ctx.db.transaction(async () => {
    await repo.markExamAnswer(ctx.db, sitting.id, input.qid, {
      point: input.point,
      isRight,
      markedBy: admin.userId,
      markedAt,
    });
    const score = await settleSitting(ctx, sitting.id);
    // Issue 16: the last answer waiting is marked: the student is told the exam's score.
    const exam = (await findExamRow(ctx.db, admin.schoolId, sitting.examId))?.exam;
    if (score.pendingMarks === 0 && exam) {
      const who = { schoolId: admin.schoolId, studentId: sitting.studentId };
      await examMarked({ tx: ctx.db, ctx, at: markedAt }, who, { title: exam.title, score: score.score });
    }
    return score;
  });
  return { status: 'marked' as const, point: input.point, isRight, sitting: settled };
}
