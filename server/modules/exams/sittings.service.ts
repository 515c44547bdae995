/**
 * Sitting an exam ("a countdown, answers saved as they are given so a reload or a dropped
 * connection loses nothing, submission at the deadline by the server even if the browser is gone, one sitting
 * at a time per student, then the score (and answers if allowed)").
 *
 * - start: refused outside the window or without attempts left (shared/rules/exam-window), and while the
 *   student has an open sitting of another exam (409 'examInProgress'; the partial unique index
 *   exam_sittings_one_open makes it hold under concurrency). An open sitting of the same exam resumes.
 * - the deadline: min(start + duration, closesAt). Past it the server closes the sitting itself (the sweeper
 *   in routes.ts, and here whenever a sitting is read): status submitted, closedBy 'deadline'.
 * - closing (by the student or the deadline) grades every saved answer (gradeAnswer: graded, or pending for
 *   a short answer) and settles the sitting (settleSitting), in one transaction.
 *
 * Choices where the spec is silent: a save or a submit after the deadline is refused with 409 'sittingClosed'
 * (a submit closes the sitting at its deadline first, so its saved answers still count); clearing an answer
 * saves ''; the answer text is checked only for its length here (a blank is a blank, graded wrong).
 */
import { driverError, isUniqueViolation } from '../../db/client';
import { answerProblem, gradeAnswer } from '../../../shared/rules/grading';
import { examWindow, sittingDeadline } from '../../../shared/rules/exam-window';
import type * as z from 'zod';
import type { zStartExam } from '../../../shared/schemas/exams';
import type { AppContext } from '../../context';
import { AppError, badInput, conflict, notFound } from '../../lib/errors';
import { drawQuestions } from './draw';
import { readSnapshot } from './sat-questions';
import { assertStageOpen, examLinks, sittableExam, type StudentAuth } from './exam-access';
import { sittingView, type SittingView } from './sittings.presenter';
import { settleSitting } from './sitting-score';
import * as repo from './sittings.repository';

/** Closes an open sitting (by the student or at its deadline): grades its saved answers and settles it, in one transaction. */
export async function closeSitting(
  ctx: AppContext,
  sittingId: string,
  closedBy: 'student' | 'deadline',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const sitting = await repo.findSitting(tx, sittingId);
    if (sitting?.status !== 'open') return;
    const at = closedBy === 'deadline' ? Math.min(ctx.now(), sitting.deadlineAt) : ctx.now();
    if (!(await repo.closeOpenSitting(tx, sittingId, closedBy, at))) return;
    const questions = new Map(readSnapshot(sitting.questions).map((q) => [q.qid, q]));
    for (const answer of await repo.sittingAnswers(tx, sittingId)) {
      const question = questions.get(answer.questionId);
      if (!question) continue;
      const grade = gradeAnswer(question, answer.answer);
      await repo.gradeSittingAnswer(
        tx,
        sittingId,
        answer.questionId,
        grade.status === 'graded'
          ? { status: 'graded', isRight: grade.isRight, point: grade.getpoint }
          : { status: 'pending', isRight: false, point: 0 },
      );
    }
    await settleSitting(ctx, sittingId);
  });
}

/** Closes every open sitting past its deadline (the sweeper); returns how many. */
export async function closeOverdueSittings(ctx: AppContext): Promise<number> {
  const ids = await repo.overdueSittings(ctx.db, ctx.now());
  for (const id of ids) {
    try {
      await closeSitting(ctx, id, 'deadline');
    } catch (error) {
      ctx.log.error({ err: error, sittingId: id }, 'closing an overdue sitting failed');
    }
  }
  return ids.length;
}

/** A sitting read fresh: closed first when its deadline has passed (lazy closure). */
async function fresh(ctx: AppContext, sitting: repo.SittingRow): Promise<repo.SittingRow> {
  if (sitting.status === 'open' && sitting.deadlineAt <= ctx.now()) {
    await closeSitting(ctx, sitting.id, 'deadline');
    return (await repo.findSitting(ctx.db, sitting.id)) ?? sitting;
  }
  return sitting;
}

/** The student's own sitting, freshly closed when overdue, or 404. */
async function ownSitting(ctx: AppContext, auth: StudentAuth, sittingId: string): Promise<repo.SittingRow> {
  const sitting = await repo.findSitting(ctx.db, sittingId);
  if (!sitting || sitting.studentId !== auth.userId) throw notFound();
  return await fresh(ctx, sitting);
}

type StartExam = z.output<typeof zStartExam>;

const REFUSAL = { notOpen: 'examNotOpen', closed: 'examClosed', noAttempts: 'noAttemptsLeft' } as const;

function isOneOpenViolation(thrown: unknown): boolean {
  return isUniqueViolation(driverError(thrown), 'exam_sittings');
}

/** Starts (or resumes) a sitting of an exam: by id, or by the exam URL's exid (checked: sealed, this student's, not expired). */
export async function startSitting(ctx: AppContext, auth: StudentAuth, input: StartExam): Promise<SittingView> {
  let examId = input.examId ?? '';
  if (input.exid) {
    examId = (await examLinks(ctx)).openExid(input.exid, auth.userId).examId;
    if (input.token && !(await examLinks(ctx)).checkToken(input.token, auth.userId, auth.schoolId))
      throw new AppError(403, 'examLinkInvalid');
  }
  const exam = await sittableExam(ctx, auth, examId);
  await assertStageOpen(ctx, auth, exam);
  const current = await repo.openSittingOf(ctx.db, auth.userId);
  const open = current ? await fresh(ctx, current) : undefined;
  if (open && open.status === 'open') {
    if (open.examId === exam.id) return await sittingView(ctx, open, exam);
    throw conflict('examInProgress', { sittingId: open.id, examId: open.examId });
  }
  const sittings = await repo.studentSittings(ctx.db, auth.userId, [exam.id]);
  const now = ctx.now();
  const state = examWindow(
    {
      opensAt: exam.opensAt,
      closesAt: exam.closesAt,
      attempts: exam.attempts,
      used: sittings.length,
      inProgress: false,
    },
    now,
  );
  if (state !== 'available' && state !== 'inProgress') {
    // A start of the same student made meanwhile (its sitting counted above, not seen open before) is resumed.
    const meanwhile = await repo.openSittingOf(ctx.db, auth.userId);
    const live = meanwhile ? await fresh(ctx, meanwhile) : undefined;
    if (live?.status === 'open') return await resumeOrRefuse(ctx, live, exam);
    throw new AppError(403, REFUSAL[state]);
  }
  const drawn = await drawQuestions(ctx, exam.schoolId, exam.paperId);
  if (drawn.questions.length === 0) throw new AppError(409, 'examEmpty');
  const id = ctx.ids.next();
  try {
    await repo.insertSitting(ctx.db, {
      id,
      examId: exam.id,
      studentId: auth.userId,
      schoolId: exam.schoolId,
      attempt: sittings.length + 1,
      status: 'open',
      startedAt: now,
      deadlineAt: sittingDeadline(now, exam.durationSec, exam.closesAt),
      totalScore: drawn.totalScore,
      passScore: drawn.passScore,
      questions: JSON.stringify(drawn.questions),
    });
  } catch (error) {
    if (!isOneOpenViolation(error)) throw error;
    // Another start of the same student won the race: the same exam is resumed, another one refused.
    const winner = await repo.openSittingOf(ctx.db, auth.userId);
    if (winner) return await resumeOrRefuse(ctx, winner, exam);
    throw conflict('examInProgress', null);
  }
  return await sittingView(ctx, (await repo.findSitting(ctx.db, id))!, exam);
}

/** An open sitting another start of the student made: the same exam is resumed, another one refused (409). */
async function resumeOrRefuse(ctx: AppContext, open: repo.SittingRow, exam: repo.ExamRow): Promise<SittingView> {
  if (open.examId === exam.id) return await sittingView(ctx, open, exam);
  throw conflict('examInProgress', { sittingId: open.id, examId: open.examId });
}

/** The sitting page's data (closed first when overdue). */
export async function readSitting(ctx: AppContext, auth: StudentAuth, sittingId: string): Promise<SittingView> {
  const sitting = await ownSitting(ctx, auth, sittingId);
  return await sittingView(ctx, sitting, (await repo.findExam(ctx.db, sitting.examId))!);
}

/** Saves one answer as it is given; 409 'sittingClosed' after the deadline or the submission. */
export async function saveAnswer(
  ctx: AppContext,
  auth: StudentAuth,
  input: { sittingId: string; qid: string; answer: string },
): Promise<{ qid: string; savedAt: number }> {
  const sitting = await ownSitting(ctx, auth, input.sittingId);
  if (sitting.status !== 'open') throw conflict('sittingClosed');
  const question = readSnapshot(sitting.questions).find((q) => q.qid === input.qid);
  if (!question) throw badInput('qid');
  if (input.answer !== '' && answerProblem(question.type, input.answer) === 'tooLong') throw badInput('answerTooLong');
  const savedAt = ctx.now();
  await repo.upsertAnswer(ctx.db, sitting.id, question.qid, input.answer, savedAt);
  return { qid: question.qid, savedAt };
}

/** Submits a sitting: graded and settled; the result as far as the exam shows it. */
export async function submitSitting(ctx: AppContext, auth: StudentAuth, sittingId: string): Promise<SittingView> {
  const sitting = await ownSitting(ctx, auth, sittingId);
  if (sitting.status !== 'open') throw conflict('sittingClosed');
  await closeSitting(ctx, sitting.id, 'student');
  return await readSitting(ctx, auth, sitting.id);
}
