/** Chapter exercises and students' answers to them (server/db/schema/exams.ts): the only place that queries them. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  chapterExercises,
  exerciseAnswers,
  exerciseSetQuestions,
  exerciseSets,
  questions,
  students,
} from '../../db/schema';
import { eachAsync } from '../../lib/sequential';

/** A chapter's exercise set link (spec 3 exer: esid, eid, title) with its question count. */
export interface ChapterSetRow {
  chapterId: string;
  courseId: string;
  esid: string;
  eid: string;
  title: string;
  count: number;
}

/** A chapter's set link joined to its set, with the question count; narrowed by the caller's where. */
function chapterSets(db: Db) {
  return db
    .select({
      chapterId: chapterExercises.chapterId,
      courseId: chapterExercises.courseId,
      esid: chapterExercises.id,
      eid: chapterExercises.setId,
      title: exerciseSets.title,
      count: sql<number>`(SELECT COUNT(*) FROM exercise_set_questions q WHERE q.set_id = ${chapterExercises.setId})`,
    })
    .from(chapterExercises)
    .innerJoin(exerciseSets, eq(exerciseSets.id, chapterExercises.setId));
}

/** The exercise sets of a course's chapters, with their question counts (exerc_count). */
export async function chapterSetsOfCourse(db: Db, courseId: string): Promise<ChapterSetRow[]> {
  // Asked by every ware reply: prepared once.
  return await prepared(db, 'chapterSetsOfCourse', (d) =>
    chapterSets(d)
      .where(eq(chapterExercises.courseId, sql.placeholder('courseId')))
      .prepare(),
  ).all({ courseId });
}

/** The exercise set of one chapter, if any. */
export async function chapterSet(db: Db, chapterId: string): Promise<ChapterSetRow | undefined> {
  return first(await chapterSets(db).where(eq(chapterExercises.chapterId, chapterId)));
}

/** A question of a set, as stored, with the set's show-answer flag. */
export interface SetQuestionRow {
  setId: string;
  qid: string;
  type: number;
  content: string;
  options: string;
  answer: string;
  point: number;
  explanation: string;
  questionShowAnswer: boolean;
  setShowAnswer: boolean;
  position: number;
}

const setQuestionColumns = {
  setId: exerciseSetQuestions.setId,
  qid: questions.id,
  type: questions.type,
  content: questions.content,
  options: questions.options,
  answer: questions.answer,
  point: questions.point,
  explanation: questions.explanation,
  questionShowAnswer: questions.showAnswer,
  setShowAnswer: exerciseSetQuestions.showAnswer,
  position: exerciseSetQuestions.position,
};

/** The questions of these sets in each set's order. */
export async function questionsOfSets(db: Db, setIds: readonly string[]): Promise<SetQuestionRow[]> {
  if (setIds.length === 0) return [];
  return await db
    .select(setQuestionColumns)
    .from(exerciseSetQuestions)
    .innerJoin(questions, eq(questions.id, exerciseSetQuestions.questionId))
    .where(inArray(exerciseSetQuestions.setId, [...setIds]))
    .orderBy(asc(exerciseSetQuestions.setId), asc(exerciseSetQuestions.position));
}

/** The school's questions among these ids that are not deleted (the ids found). */
export async function liveSchoolQuestions(db: Db, schoolId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.schoolId, schoolId), eq(questions.deleted, false), inArray(questions.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Creates or replaces a chapter's exercise set (keeping its eid and esid when it had one). Call inside a transaction. */
export async function saveChapterSet(
  tx: Db,
  input: {
    existing: ChapterSetRow | undefined;
    ids: { eid: string; esid: string };
    schoolId: string;
    courseId: string;
    chapterId: string;
    title: string;
    now: number;
  },
  items: readonly { qid: string; showanswer: boolean }[],
): Promise<{ eid: string; esid: string }> {
  const { existing, now } = input;
  const eid = existing?.eid ?? input.ids.eid;
  const esid = existing?.esid ?? input.ids.esid;
  if (existing) {
    await tx.update(exerciseSets).set({ title: input.title, updatedAt: now }).where(eq(exerciseSets.id, eid));
    await tx.delete(exerciseSetQuestions).where(eq(exerciseSetQuestions.setId, eid));
  } else {
    await tx
      .insert(exerciseSets)
      .values({ id: eid, schoolId: input.schoolId, title: input.title, createdAt: now, updatedAt: now });
    await tx.insert(chapterExercises).values({
      id: esid,
      chapterId: input.chapterId,
      courseId: input.courseId,
      schoolId: input.schoolId,
      setId: eid,
      createdAt: now,
    });
  }
  await eachAsync(
    items,
    async (item, position) =>
      await tx
        .insert(exerciseSetQuestions)
        .values({ setId: eid, questionId: item.qid, position, showAnswer: item.showanswer }),
  );
  return { eid, esid };
}

/** Detaches a chapter's exercise set and deletes the set (students' answers stay). Call inside a transaction. */
export async function removeChapterSet(tx: Db, existing: ChapterSetRow): Promise<void> {
  await tx.delete(chapterExercises).where(eq(chapterExercises.id, existing.esid));
  await tx.delete(exerciseSets).where(eq(exerciseSets.id, existing.eid));
}

export type ExerciseAnswerRow = typeof exerciseAnswers.$inferSelect;

/** A student's answers to a chapter's exercises, by question id. */
export async function studentAnswers(
  db: Db,
  studentId: string,
  chapterId: string,
): Promise<Map<string, ExerciseAnswerRow>> {
  const rows = await db
    .select()
    .from(exerciseAnswers)
    .where(and(eq(exerciseAnswers.studentId, studentId), eq(exerciseAnswers.chapterId, chapterId)));
  return new Map(rows.map((row) => [row.questionId, row]));
}

/** Writes a student's latest answer (attempts grow by one on every submit). */
export async function saveAnswer(
  db: Db,
  row: Omit<ExerciseAnswerRow, 'attempts' | 'markedBy' | 'markedAt'>,
): Promise<void> {
  await db
    .insert(exerciseAnswers)
    .values({ ...row, attempts: 1, markedBy: null, markedAt: null })
    .onConflictDoUpdate({
      target: [exerciseAnswers.studentId, exerciseAnswers.chapterId, exerciseAnswers.questionId],
      set: {
        answer: row.answer,
        status: row.status,
        isRight: row.isRight,
        point: row.point,
        answeredAt: row.answeredAt,
        attempts: sql`${exerciseAnswers.attempts} + 1`,
        markedBy: null,
        markedAt: null,
      },
    });
}

// ---- the staff's read side (records views: learn/exercises) ----

/** A student's latest answers on one chapter, summed. */
export interface ResultRow {
  studentId: string;
  name: string;
  username: string;
  chapterId: string;
  answered: number;
  right: number;
  pending: number;
  score: number;
  attempts: number;
  lastAnswered: number;
}

/** Each student's results per chapter of a course (only one student's with studentId), latest answer first. */
export async function courseResults(
  db: Db,
  courseId: string,
  studentId: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ResultRow[]; total: number }> {
  const where = and(
    eq(exerciseAnswers.courseId, courseId),
    studentId === undefined ? undefined : eq(exerciseAnswers.studentId, studentId),
  );
  const lastAnswered = sql<number>`max(${exerciseAnswers.answeredAt})`;
  const rows = await db
    .select({
      studentId: exerciseAnswers.studentId,
      name: students.name,
      username: students.username,
      chapterId: exerciseAnswers.chapterId,
      answered: sql<number>`count(*)`,
      right: sql<number>`sum(${exerciseAnswers.isRight})`,
      pending: sql<number>`sum(case when ${exerciseAnswers.status} = 'pending' then 1 else 0 end)`,
      score: sql<number>`coalesce(sum(${exerciseAnswers.point}), 0)`,
      attempts: sql<number>`sum(${exerciseAnswers.attempts})`,
      lastAnswered,
    })
    .from(exerciseAnswers)
    .innerJoin(students, eq(students.id, exerciseAnswers.studentId))
    .where(where)
    .groupBy(exerciseAnswers.studentId, students.name, students.username, exerciseAnswers.chapterId)
    .orderBy(desc(lastAnswered), asc(exerciseAnswers.studentId), asc(exerciseAnswers.chapterId))
    .limit(limit)
    .offset(offset);
  const total =
    first(
      await db
        .select({ n: sql<number>`count(distinct ${exerciseAnswers.studentId} || '|' || ${exerciseAnswers.chapterId})` })
        .from(exerciseAnswers)
        .innerJoin(students, eq(students.id, exerciseAnswers.studentId))
        .where(where),
    )?.n ?? 0;
  return { rows, total };
}

/** How many students' latest answers to each question of a course are each answer (with whether it is right). */
export interface AnswerCountRow {
  chapterId: string;
  questionId: string;
  answer: string;
  status: 'graded' | 'pending' | 'marked';
  isRight: boolean;
  count: number;
}

/** The answers given to a course's exercise questions, counted (one student's with studentId). */
export async function answerCounts(db: Db, courseId: string, studentId?: string): Promise<AnswerCountRow[]> {
  return await db
    .select({
      chapterId: exerciseAnswers.chapterId,
      questionId: exerciseAnswers.questionId,
      answer: exerciseAnswers.answer,
      status: exerciseAnswers.status,
      isRight: exerciseAnswers.isRight,
      count: sql<number>`count(*)`,
    })
    .from(exerciseAnswers)
    .where(
      and(
        eq(exerciseAnswers.courseId, courseId),
        studentId === undefined ? undefined : eq(exerciseAnswers.studentId, studentId),
      ),
    )
    .groupBy(
      exerciseAnswers.chapterId,
      exerciseAnswers.questionId,
      exerciseAnswers.answer,
      exerciseAnswers.status,
      exerciseAnswers.isRight,
    );
}
