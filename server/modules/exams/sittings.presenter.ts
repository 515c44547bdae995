/**
 * A sitting as the student sees it: the questions in the student shape (zStudentQuestion: never the answer),
 * the saved answers, the deadline and the server's now; after submission the result as far as the exam shows
 * it (show_results 'none' nothing, 'score' the score and pass, 'answers' also each answer right or wrong with
 * the correct answer and explanation).
 */
import type * as z from 'zod';
import type { zMySitting, zSitting, zSittingResult } from '../../../shared/schemas/exams';
import type { AppContext } from '../../context';
import { readSnapshot } from './sat-questions';
import type { ExamRow, SittingRow } from './sittings.repository';
import * as repo from './sittings.repository';

export type SittingView = z.infer<typeof zSitting>;

function result(sitting: SittingRow, exam: ExamRow, answers: repo.SittingAnswerRow[]): z.infer<typeof zSittingResult> {
  const shows = exam.showResults;
  const scored = shows !== 'none';
  const given = new Map(answers.map((answer) => [answer.questionId, answer]));
  return {
    showResults: shows,
    score: scored ? sitting.score : null,
    totalScore: sitting.totalScore,
    passScore: sitting.passScore,
    passed: scored && sitting.pendingMarks === 0 ? sitting.passed : null,
    pendingMarks: sitting.pendingMarks,
    answers:
      shows === 'answers'
        ? readSnapshot(sitting.questions).map((question) => {
            const answer = given.get(question.qid);
            const pending = answer?.status === 'pending';
            return {
              qid: question.qid,
              status: pending ? ('pending' as const) : ('graded' as const),
              isRight: answer?.isRight ?? false,
              getpoint: answer?.point ?? 0,
              given: answer?.answer ?? '',
              answer: question.answer,
              explanation: question.explanation,
            };
          })
        : null,
  };
}

export async function sittingView(ctx: AppContext, sitting: SittingRow, exam: ExamRow): Promise<SittingView> {
  const answers = await repo.sittingAnswers(ctx.db, sitting.id);
  return {
    sittingId: sitting.id,
    examId: exam.id,
    title: exam.title,
    description: exam.description,
    attempt: sitting.attempt,
    status: sitting.status,
    closedBy: sitting.closedBy,
    startedAt: sitting.startedAt,
    deadlineAt: sitting.deadlineAt,
    now: ctx.now(),
    questions: readSnapshot(sitting.questions).map((q) => ({
      qid: q.qid,
      type: q.type,
      content: q.content,
      optiondata: q.options,
      point: q.point,
      showAnswer: q.showAnswer,
    })),
    answers: answers.map((answer) => ({ qid: answer.questionId, answer: answer.answer })),
    result: sitting.status === 'submitted' ? result(sitting, exam, answers) : null,
    coid: exam.courseId,
    cid: exam.chapterId,
  };
}

/** A row of stu/exams (exam records). */
export function mySittingRow(
  sitting: SittingRow,
  exam: { title: string; showResults: ExamRow['showResults'] },
): z.infer<typeof zMySitting> {
  const scored = sitting.status === 'submitted' && exam.showResults !== 'none';
  return {
    sittingId: sitting.id,
    examId: sitting.examId,
    title: exam.title,
    attempt: sitting.attempt,
    status: sitting.status,
    closedBy: sitting.closedBy,
    startedAt: sitting.startedAt,
    deadlineAt: sitting.deadlineAt,
    submittedAt: sitting.submittedAt,
    score: scored ? sitting.score : null,
    totalScore: sitting.totalScore,
    passed: scored && sitting.pendingMarks === 0 ? sitting.passed : null,
    pendingMarks: sitting.pendingMarks,
  };
}
