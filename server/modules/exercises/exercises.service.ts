/**
 * The student's side of chapter exercises (graded on the server: gradeAnswer in shared/rules/grading; spec 4 'Quiz
 * dialog', spec 5 'Quiz' and the question-window refusal; spec 7 exer/submit, check/exercise, get question
 * detail, submit answer).
 *
 * Who: a signed-in student who may study the chapter, asked through the one study check (openStudy in
 * server/modules/learning/study-access.ts, its refusals as they are). An administrator previewing the course
 * is refused with switchToViewMode (spec 5: "Showing a question window is refused when the parent id equals
 * the user id, with a message to switch to view mode"); a guest on a free chapter 401; another school 403.
 * Grading is the server's (shared/rules/grading gradeAnswer); the correct answer and explanation reach the
 * browser only in the reply to the student's own submit, and only when show-answer applies.
 *
 * Choices where the spec is silent:
 * - A question already answered right stays right: a later submit is graded and answered honestly, counted
 *   in attempts, but does not put the question back in the pending list (spec 4: it "is removed").
 * - A short answer waiting for a mark may be sent again (the new text replaces the old, still pending).
 * - An exercise chapter (CHAPTER_TYPE.exercise) is complete (progress 1, through records-admin
 *   setChapterResult) once nothing is pending; a short answer waiting for its mark does not hold it back,
 *   as it does not hold back exercOrder (pendingExercisesByChapter).
 * - Every answer of an exer/submit is checked before anything is written: one bad answer refuses them all.
 */
import { answerProblem, gradeAnswer, storedAnswer } from '../../../shared/rules/grading';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import {
  EXERCISE_ERRORS,
  type ExerciseCheck,
  type ExerciseList,
  type ExerciseQuestion,
  type ExerSubmitResult,
  type SubmitResult,
} from '../../../shared/schemas/exercises';
import type { Ware } from '../../../shared/schemas/learning';
import type { AnswerResult } from '../../../shared/schemas/questions';
import type { AppContext, Auth } from '../../context';
import { AppError, badInput, noLogin, notFound } from '../../lib/errors';
import { type ChapterRow, listChapters } from '../chapters/chapters.repository';
import type { CourseHead } from '../courses/catalogue.repository';
import { openStudy } from '../courses/course-visibility';
import { refusalError } from '../access/policy';
import { pendingExercisesByChapter } from '../access/access.repository';
import { setChapterResult } from '../records/records-admin.service';
import * as repo from './exercises.repository';
import { showsAnswer, stateOf, toExer, toStudentQuestion } from './exercises.presenter';

interface OpenExercises {
  head: CourseHead;
  chapter: ChapterRow;
  set: repo.ChapterSetRow;
  studentId: string;
  code: string;
}

/** Opens a chapter's exercises for the signed-in student, or throws the refusal (see the header). */
async function openExercises(ctx: AppContext, auth: Auth, coid: string, cid: string): Promise<OpenExercises> {
  const { course, chapter, access } = await openStudy(ctx, auth, coid, cid);
  if (access.preview) throw new AppError(403, EXERCISE_ERRORS.viewMode, { refusal: 'viewMode' });
  if (auth.role === 'guest') throw noLogin();
  if (auth.role !== 'student') throw refusalError(ctx, 'studentOnly', course.head);
  // A free chapter is open to anyone who sees the course (the audition); answers are the school's students'.
  if (auth.schoolId !== course.head.schoolId) throw refusalError(ctx, 'otherSchool', course.head);
  const set = await repo.chapterSet(ctx.db, chapter.id);
  if (!set || set.courseId !== course.head.id) throw notFound(EXERCISE_ERRORS.noExercises);
  return { head: course.head, chapter, set, studentId: auth.userId, code: ctx.courseCodec.encode(course.head.id) };
}

/** The chapter's questions with this student's state, and what is still pending. */
async function questionsOf(
  ctx: AppContext,
  open: OpenExercises,
): Promise<{ rows: repo.SetQuestionRow[]; questions: ExerciseQuestion[]; check: ExerciseCheck }> {
  const rows = await repo.questionsOfSets(ctx.db, [open.set.eid]);
  const answers = await repo.studentAnswers(ctx.db, open.studentId, open.chapter.id);
  const questions = rows.map((row) => ({ ...toStudentQuestion(row), state: stateOf(answers.get(row.qid)) }));
  const pending = questions.filter((q) => q.state === 'wrong' || q.state === 'unanswered').map((q) => q.qid);
  return { rows, questions, check: { pending, done: pending.length === 0, total: questions.length } };
}

/** The chapter's exercises for the quiz (never the answers). */
export async function exerciseList(ctx: AppContext, auth: Auth, coid: string, cid: string): Promise<ExerciseList> {
  const open = await openExercises(ctx, auth, coid, cid);
  const { questions, check } = await questionsOf(ctx, open);
  return {
    coid: open.head.id,
    cid: open.chapter.id,
    exer: toExer(open.set, open.code, open.chapter.type),
    questions,
    ...check,
  };
}

/** check/exercise {coid, cid}: the pending question ids and whether the chapter's exercises are done. */
export async function checkExercise(ctx: AppContext, auth: Auth, coid: string, cid: string): Promise<ExerciseCheck> {
  return (await questionsOf(ctx, await openExercises(ctx, auth, coid, cid))).check;
}

/** Get question detail {qid} (spec 7), of the chapter's set: without the answer. */
export async function questionDetail(
  ctx: AppContext,
  auth: Auth,
  coid: string,
  cid: string,
  qid: string,
): Promise<ExerciseQuestion> {
  const open = await openExercises(ctx, auth, coid, cid);
  const found = (await questionsOf(ctx, open)).questions.find((q) => q.qid === qid);
  if (!found) throw badInput(EXERCISE_ERRORS.notInSet, { qid });
  return found;
}

interface Graded {
  result: AnswerResult;
  row: Parameters<typeof repo.saveAnswer>[1];
}

/** Grades one answer against the set (400 when the question is not in it or the answer is not given). Writes nothing. */
function gradeOne(
  ctx: AppContext,
  open: OpenExercises,
  rows: repo.SetQuestionRow[],
  answers: Map<string, repo.ExerciseAnswerRow>,
  qid: string,
  given: string,
): Graded {
  const question = rows.find((row) => row.qid === qid);
  if (!question) throw badInput(EXERCISE_ERRORS.notInSet, { qid });
  const problem = answerProblem(question.type, given);
  if (problem) throw badInput(EXERCISE_ERRORS[problem], { qid });
  const answer = storedAnswer(question.type, given);
  const grade = gradeAnswer(question, answer);
  const isRight = grade.status === 'graded' && grade.isRight;
  const previous = answers.get(qid);
  const keep = previous?.isRight === true;
  const result: AnswerResult = { qid, status: grade.status, isRight, getpoint: grade.getpoint, given: answer };
  if (showsAnswer(question)) Object.assign(result, { answer: question.answer, explanation: question.explanation });
  return {
    result,
    row: {
      studentId: open.studentId,
      chapterId: open.chapter.id,
      questionId: qid,
      courseId: open.head.id,
      schoolId: open.head.schoolId,
      answer: keep ? previous.answer : answer,
      status: keep ? previous.status : grade.status,
      isRight: keep || isRight,
      point: keep ? previous.point : grade.getpoint,
      answeredAt: ctx.now(),
    },
  };
}

/** Grades and writes these answers in one transaction, then completes an exercise chapter with nothing pending. */
async function submitAll(
  ctx: AppContext,
  open: OpenExercises,
  items: readonly { qid: string; answer: string }[],
): Promise<{ results: AnswerResult[]; check: ExerciseCheck }> {
  const rows = await repo.questionsOfSets(ctx.db, [open.set.eid]);
  const answers = await repo.studentAnswers(ctx.db, open.studentId, open.chapter.id);
  const graded = items.map((item) => gradeOne(ctx, open, rows, answers, item.qid, item.answer));
  await ctx.db.transaction(async (tx) => {
    for (const one of graded) await repo.saveAnswer(tx, one.row);
  });
  const { check } = await questionsOf(ctx, open);
  if (open.chapter.type === CHAPTER_TYPE.exercise && check.done) {
    await setChapterResult(ctx, open.studentId, open.head, open.chapter.id, { progress: 1 });
  }
  return { results: graded.map((one) => one.result), check };
}

/** Submit answer {coid, cid, qid, answer} (spec 7): isRight and getpoint from the server. */
export async function submitAnswer(
  ctx: AppContext,
  auth: Auth,
  input: { coid: string; cid: string; qid: string; answer: string },
): Promise<SubmitResult> {
  const open = await openExercises(ctx, auth, input.coid, input.cid);
  const { results, check } = await submitAll(ctx, open, [input]);
  return { ...results[0]!, pending: check.pending, done: check.done };
}

/** exer/submit {coid, cid, answers}: several answers of one chapter at once (same rules, one transaction). */
export async function submitExercises(
  ctx: AppContext,
  auth: Auth,
  input: { coid: string; cid: string; answers: { qid: string; answer: string }[] },
): Promise<ExerSubmitResult> {
  const open = await openExercises(ctx, auth, input.coid, input.cid);
  const { results, check } = await submitAll(ctx, open, input.answers);
  return { results, ...check };
}

/** Each chapter's exercises for the ware reply (spec 3 'Chapter' exer, exerc_count) and how many are pending for this student. */
export async function courseExercises(
  ctx: AppContext,
  studentId: string | null,
  head: CourseHead,
): Promise<Ware['exercises']> {
  const sets = await repo.chapterSetsOfCourse(ctx.db, head.id);
  if (sets.length === 0) return [];
  const types = new Map((await listChapters(ctx.db, head.id)).map((row) => [row.id, row.type]));
  const pending = studentId ? await pendingExercisesByChapter(ctx.db, studentId, head.id) : null;
  const code = ctx.courseCodec.encode(head.id);
  return sets
    .filter((set) => types.has(set.chapterId) && set.count > 0)
    .map((set) => ({
      cid: set.chapterId,
      exer: toExer(set, code, types.get(set.chapterId)!),
      exerc_count: set.count,
      exerc_pending: pending ? (pending.get(set.chapterId) ?? 0) : set.count,
    }));
}
