/**
 * Factories for exam sittings written directly, as the student side (server/modules/exams) would leave them:
 * the questions as sat drawn by the student side's drawQuestions, each answer graded with shared/rules/grading
 * (short answers left 'pending'), and a submitted sitting settled with settleSitting.
 */
import { eq } from 'drizzle-orm';
import { examAnswers, exams, examSittings, exerciseAnswers } from '../../server/db/schema';
import { drawQuestions } from '../../server/modules/exams/draw';
import { settleSitting } from '../../server/modules/exams/sitting-score';
import { gradeAnswer } from '../../shared/rules/grading';
import type { TestApp } from './app';
import { first } from '../../server/db/client';

export interface SeedSitting {
  examId: string;
  studentId: string;
  /** The given answer per question id (questions not named are left unanswered). */
  answers: Record<string, string>;
  attempt?: number;
  /** 'open' leaves the sitting in progress with its answers saved. */
  status?: 'open' | 'submitted';
  closedBy?: 'student' | 'deadline';
  startedAt?: number;
}

/** A sitting of the exam by the student; returns its id. A submitted sitting is graded and settled. */
export async function seedSitting(app: TestApp, input: SeedSitting): Promise<string> {
  const { ctx } = app;
  const exam = first(await ctx.db.select().from(exams).where(eq(exams.id, input.examId)));
  if (!exam) throw new Error('no exam');
  const { questions, totalScore, passScore } = await drawQuestions(ctx, exam.schoolId, exam.paperId);
  const id = ctx.ids.next();
  const startedAt = input.startedAt ?? ctx.now() - 10 * 60_000;
  const status = input.status ?? 'submitted';
  await ctx.db.insert(examSittings).values({
    id,
    examId: exam.id,
    studentId: input.studentId,
    schoolId: exam.schoolId,
    attempt: input.attempt ?? 1,
    status,
    closedBy: status === 'submitted' ? (input.closedBy ?? 'student') : null,
    startedAt,
    deadlineAt: startedAt + exam.durationSec * 1000,
    submittedAt: status === 'submitted' ? startedAt + 5 * 60_000 : null,
    totalScore,
    passScore,
    questions: JSON.stringify(questions),
  });
  for (const question of questions) {
    const given = input.answers[question.qid];
    if (given === undefined) continue;
    const grade = gradeAnswer(question, given);
    await ctx.db.insert(examAnswers).values({
      sittingId: id,
      questionId: question.qid,
      answer: given,
      status: status === 'open' ? 'saved' : grade.status,
      isRight: status === 'submitted' && grade.status === 'graded' ? grade.isRight : false,
      point: status === 'submitted' ? grade.getpoint : 0,
      savedAt: startedAt + 60_000,
    });
  }
  if (status === 'submitted') await ctx.db.transaction(() => settleSitting(ctx, id));
  return id;
}

/** A chapter exercise's short answer waiting for a mark (what exer/submit leaves). */
export async function seedPendingExerciseAnswer(
  app: TestApp,
  input: {
    studentId: string;
    schoolId: string;
    courseId: string;
    chapterId: string;
    questionId: string;
    answer: string;
  },
): Promise<void> {
  await app.ctx.db
    .insert(exerciseAnswers)
    .values({ ...input, status: 'pending', isRight: false, point: 0, answeredAt: app.ctx.now() });
}
