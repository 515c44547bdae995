/**
 * Reads of an exam's sittings for the back office's results, and the answers waiting for a teacher's mark
 * (exam_answers of submitted sittings, exercise_answers of chapter exercises) with their marks. Sittings are
 * written by the student side (server/modules/exams); here only marks are written.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import {
  chapters,
  courses,
  examAnswers,
  exams,
  examSittings,
  exerciseAnswers,
  questions,
  students,
} from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { likeText } from '../../db/sql-dialect';

export type SittingRow = typeof examSittings.$inferSelect;
export type ExamAnswerRow = typeof examAnswers.$inferSelect;
export type ExerciseAnswerRow = typeof exerciseAnswers.$inferSelect;
export type SittingFilter = 'all' | 'open' | 'submitted' | 'pending' | 'passed' | 'failed';

const FILTERS: Record<SittingFilter, SQL | undefined> = {
  all: undefined,
  open: eq(examSittings.status, 'open'),
  submitted: eq(examSittings.status, 'submitted'),
  pending: and(eq(examSittings.status, 'submitted'), sql`${examSittings.pendingMarks} > 0`),
  passed: and(eq(examSittings.status, 'submitted'), eq(examSittings.passed, true)),
  failed: and(eq(examSittings.status, 'submitted'), eq(examSittings.passed, false), eq(examSittings.pendingMarks, 0)),
};

/** An exam's sittings with the student's name, latest start first. limit null: all of them. */
export async function listSittings(
  db: Db,
  examId: string,
  filter: { key: string; filter: SittingFilter; limit: number | null; offset: number },
) {
  const where = and(
    eq(examSittings.examId, examId),
    FILTERS[filter.filter],
    filter.key
      ? or(likeText(students.name, likePattern(filter.key)), likeText(students.username, likePattern(filter.key)))
      : undefined,
  );
  const total =
    first(
      await db
        .select({ n: count() })
        .from(examSittings)
        .innerJoin(students, eq(students.id, examSittings.studentId))
        .where(where),
    )?.n ?? 0;
  const query = db
    .select({ sitting: examSittings, name: students.name, username: students.username })
    .from(examSittings)
    .innerJoin(students, eq(students.id, examSittings.studentId))
    .where(where)
    .orderBy(desc(examSittings.startedAt), asc(examSittings.id));
  const rows = filter.limit === null ? await query : await query.limit(filter.limit).offset(filter.offset);
  return { rows, total };
}

/** An exam's submitted sittings (their questions as sat) and all their answers. */
export async function submittedSittings(
  db: Db,
  examId: string,
): Promise<{ sittings: SittingRow[]; answers: ExamAnswerRow[] }> {
  const sittings = await db
    .select()
    .from(examSittings)
    .where(and(eq(examSittings.examId, examId), eq(examSittings.status, 'submitted')));
  if (sittings.length === 0) return { sittings, answers: [] };
  const answers = (
    await db
      .select({ answer: examAnswers })
      .from(examAnswers)
      .innerJoin(examSittings, eq(examSittings.id, examAnswers.sittingId))
      .where(and(eq(examSittings.examId, examId), eq(examSittings.status, 'submitted')))
  ).map((row) => row.answer);
  return { sittings, answers };
}

// ---- marking ----

/** Exam answers of submitted sittings of the school in a marking state, oldest submission first. */
export async function examMarkingPage(
  db: Db,
  filter: { schoolId: string; status: 'pending' | 'marked'; examId: string; limit: number; offset: number },
) {
  const where = and(
    eq(examSittings.schoolId, filter.schoolId),
    eq(examSittings.status, 'submitted'),
    eq(examAnswers.status, filter.status),
    eq(exams.deleted, false),
    filter.examId ? eq(examSittings.examId, filter.examId) : undefined,
  );
  const total =
    first(
      await db
        .select({ n: count() })
        .from(examAnswers)
        .innerJoin(examSittings, eq(examSittings.id, examAnswers.sittingId))
        .innerJoin(exams, eq(exams.id, examSittings.examId))
        .where(where),
    )?.n ?? 0;
  const rows = await db
    .select({
      answer: examAnswers,
      sitting: examSittings,
      examTitle: exams.title,
      name: students.name,
      username: students.username,
    })
    .from(examAnswers)
    .innerJoin(examSittings, eq(examSittings.id, examAnswers.sittingId))
    .innerJoin(exams, eq(exams.id, examSittings.examId))
    .innerJoin(students, eq(students.id, examSittings.studentId))
    .where(where)
    .orderBy(
      filter.status === 'pending' ? asc(examSittings.submittedAt) : desc(examAnswers.markedAt),
      asc(examAnswers.sittingId),
      asc(examAnswers.questionId),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** Exercise answers of the school in a marking state with the question, course and chapter. */
export async function exerciseMarkingPage(
  db: Db,
  filter: { schoolId: string; status: 'pending' | 'marked'; limit: number; offset: number },
) {
  const where = and(eq(exerciseAnswers.schoolId, filter.schoolId), eq(exerciseAnswers.status, filter.status));
  const total = first(await db.select({ n: count() }).from(exerciseAnswers).where(where))?.n ?? 0;
  const rows = await db
    .select({
      answer: exerciseAnswers,
      question: questions,
      courseTitle: sql<string>`coalesce(${courses.title}, '')`,
      chapterTitle: sql<string>`coalesce(${chapters.title}, '')`,
      name: students.name,
      username: students.username,
    })
    .from(exerciseAnswers)
    .innerJoin(questions, eq(questions.id, exerciseAnswers.questionId))
    .innerJoin(students, eq(students.id, exerciseAnswers.studentId))
    .leftJoin(courses, eq(courses.id, exerciseAnswers.courseId))
    .leftJoin(chapters, eq(chapters.id, exerciseAnswers.chapterId))
    .where(where)
    .orderBy(
      filter.status === 'pending' ? asc(exerciseAnswers.answeredAt) : desc(exerciseAnswers.markedAt),
      asc(exerciseAnswers.studentId),
      asc(exerciseAnswers.questionId),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** A sitting of the school. */
export async function findSchoolSitting(db: Db, schoolId: string, sittingId: string): Promise<SittingRow | undefined> {
  return first(
    await db
      .select()
      .from(examSittings)
      .where(and(eq(examSittings.id, sittingId), eq(examSittings.schoolId, schoolId))),
  );
}

export async function findExamAnswer(
  db: Db,
  sittingId: string,
  questionId: string,
): Promise<ExamAnswerRow | undefined> {
  return first(
    await db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.sittingId, sittingId), eq(examAnswers.questionId, questionId))),
  );
}

export async function markExamAnswer(
  db: Db,
  sittingId: string,
  questionId: string,
  mark: { point: number; isRight: boolean; markedBy: string; markedAt: number },
): Promise<void> {
  await db
    .update(examAnswers)
    .set({ status: 'marked', ...mark })
    .where(
      and(
        eq(examAnswers.sittingId, sittingId),
        eq(examAnswers.questionId, questionId),
        inArray(examAnswers.status, ['pending', 'marked']),
      ),
    );
}

/** An exercise answer of the school with the question's bank row. */
export async function findExerciseAnswer(
  db: Db,
  schoolId: string,
  key: { studentId: string; chapterId: string; questionId: string },
) {
  return first(
    await db
      .select({ answer: exerciseAnswers, question: questions })
      .from(exerciseAnswers)
      .innerJoin(questions, eq(questions.id, exerciseAnswers.questionId))
      .where(
        and(
          eq(exerciseAnswers.schoolId, schoolId),
          eq(exerciseAnswers.studentId, key.studentId),
          eq(exerciseAnswers.chapterId, key.chapterId),
          eq(exerciseAnswers.questionId, key.questionId),
        ),
      ),
  );
}

export async function markExerciseAnswer(
  db: Db,
  key: { studentId: string; chapterId: string; questionId: string },
  mark: { point: number; isRight: boolean; markedBy: string; markedAt: number },
): Promise<void> {
  await db
    .update(exerciseAnswers)
    .set({ status: 'marked', ...mark })
    .where(
      and(
        eq(exerciseAnswers.studentId, key.studentId),
        eq(exerciseAnswers.chapterId, key.chapterId),
        eq(exerciseAnswers.questionId, key.questionId),
      ),
    );
}

// ---- the records views (learn/exams) ----

/** The exams (not deleted) on chapters of a course, with their paper's full and pass marks. */
export async function courseChapterExams(db: Db, courseId: string) {
  return await db
    .select({
      id: exams.id,
      title: exams.title,
      chapterId: exams.chapterId,
      totalScore: sql<number>`coalesce((select p.total_score from papers p where p.id = ${exams.paperId}), 0)`,
      passScore: sql<number>`coalesce((select p.pass_score from papers p where p.id = ${exams.paperId}), 0)`,
    })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.deleted, false), sql`${exams.chapterId} <> ''`))
    .orderBy(asc(exams.createdAt), asc(exams.id));
}

/**
 * The submitted sittings of these exams (one student's with studentId): their settled figures only (not the
 * questions as sat, nor the student's name: a course's sittings may be tens of thousands).
 */
export async function submittedSittingsOf(db: Db, examIds: readonly string[], studentId?: string) {
  if (examIds.length === 0) return [];
  return await db
    .select({
      examId: examSittings.examId,
      studentId: examSittings.studentId,
      score: examSittings.score,
      totalScore: examSittings.totalScore,
      passScore: examSittings.passScore,
      passed: examSittings.passed,
      pendingMarks: examSittings.pendingMarks,
      submittedAt: sql<number>`coalesce(${examSittings.submittedAt}, ${examSittings.startedAt})`,
    })
    .from(examSittings)
    .where(
      and(
        inArray(examSittings.examId, [...examIds]),
        eq(examSittings.status, 'submitted'),
        studentId ? eq(examSittings.studentId, studentId) : undefined,
      ),
    );
}

/** The names and logins of these students (a page of results). */
export async function studentNamesOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; username: string }>();
  const rows = await db
    .select({ id: students.id, name: students.name, username: students.username })
    .from(students)
    .where(inArray(students.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, username: row.username }]));
}
