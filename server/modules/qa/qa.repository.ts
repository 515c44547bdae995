import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterAnswers, chapterQuestions, chapters, courses, students } from '../../db/schema';

export type QuestionRow = typeof chapterQuestions.$inferSelect;
export type AnswerRow = typeof chapterAnswers.$inferSelect;

// Snowflake ids grow with time; equal-length decimal strings compare like numbers.
const newestFirst = [
  desc(chapterQuestions.createdAt),
  desc(sql`length(${chapterQuestions.id})`),
  desc(chapterQuestions.id),
];

export function findQuestion(db: Db, id: string): QuestionRow | undefined {
  return db.select().from(chapterQuestions).where(eq(chapterQuestions.id, id)).get();
}

export function findQuestions(db: Db, ids: readonly string[]): QuestionRow[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(chapterQuestions)
    .where(inArray(chapterQuestions.id, [...ids]))
    .all();
}

/** A page of a course's questions (of one chapter when given), newest first; hidden ones only when asked. */
export function pageQuestions(
  db: Db,
  filter: { courseId: string; chapterId?: string; withHidden: boolean; limit: number; offset: number },
): { rows: (QuestionRow & { chapterTitle: string | null; askerName: string | null })[]; total: number } {
  const where = and(
    eq(chapterQuestions.courseId, filter.courseId),
    filter.chapterId ? eq(chapterQuestions.chapterId, filter.chapterId) : undefined,
    filter.withHidden ? undefined : eq(chapterQuestions.hidden, false),
  );
  const rows = db
    .select({ question: chapterQuestions, chapterTitle: chapters.title, askerName: students.name })
    .from(chapterQuestions)
    .leftJoin(chapters, eq(chapters.id, chapterQuestions.chapterId))
    .leftJoin(students, eq(students.id, chapterQuestions.studentId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset(filter.offset)
    .all()
    .map((row) => ({ ...row.question, chapterTitle: row.chapterTitle, askerName: row.askerName }));
  const total = db.select({ n: count() }).from(chapterQuestions).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** The answers of these questions, oldest first (a conversation reads downwards). */
export function answersOf(db: Db, questionIds: readonly string[]): AnswerRow[] {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(chapterAnswers)
    .where(inArray(chapterAnswers.questionId, [...questionIds]))
    .orderBy(chapterAnswers.createdAt, sql`length(${chapterAnswers.id})`, chapterAnswers.id)
    .all();
}

export function insertQuestion(db: Db, row: typeof chapterQuestions.$inferInsert): void {
  db.insert(chapterQuestions).values(row).run();
}

/** Adds an answer; a teacher's answer counts on the question (answerCount: teachers' answers only). */
export function insertAnswer(db: Db, row: typeof chapterAnswers.$inferInsert): void {
  db.insert(chapterAnswers).values(row).run();
  const teacher = row.authorKind === 'admin';
  db.update(chapterQuestions)
    .set({
      updatedAt: row.createdAt,
      ...(teacher ? { answerCount: sql`${chapterQuestions.answerCount} + 1` } : {}),
    })
    .where(eq(chapterQuestions.id, row.questionId))
    .run();
}

/** How many questions and answers the author wrote since the instant (the flood guard). */
export function countSince(db: Db, author: { kind: 'student' | 'admin'; id: string }, since: number): number {
  const questions =
    author.kind === 'student'
      ? (db
          .select({ n: count() })
          .from(chapterQuestions)
          .where(and(eq(chapterQuestions.studentId, author.id), gt(chapterQuestions.createdAt, since)))
          .get()?.n ?? 0)
      : 0;
  const answers =
    db
      .select({ n: count() })
      .from(chapterAnswers)
      .where(
        and(
          eq(chapterAnswers.authorKind, author.kind),
          eq(chapterAnswers.authorId, author.id),
          gt(chapterAnswers.createdAt, since),
        ),
      )
      .get()?.n ?? 0;
  return questions + answers;
}

export function setHidden(db: Db, ids: readonly string[], hidden: boolean, at: number): number {
  if (ids.length === 0) return 0;
  return db
    .update(chapterQuestions)
    .set({ hidden, updatedAt: at })
    .where(inArray(chapterQuestions.id, [...ids]))
    .run().changes;
}

/** Deletes the question; its answers go by cascade. */
export function deleteQuestion(db: Db, id: string): number {
  return db.delete(chapterQuestions).where(eq(chapterQuestions.id, id)).run().changes;
}

export interface ManageFilter {
  schoolId: string;
  courseId?: string;
  state?: 'unanswered' | 'answered' | 'hidden';
  /** The administrator's category scope over courses (course-access scopeFilter); undefined = every course. */
  scope?: SQL;
  limit: number;
  offset: number;
}

/** The school's questions on courses not deleted, with course and chapter, newest first (the back office). */
export function manageQuestions(db: Db, filter: ManageFilter) {
  const state =
    filter.state === 'hidden'
      ? eq(chapterQuestions.hidden, true)
      : filter.state === 'answered'
        ? and(eq(chapterQuestions.hidden, false), gt(chapterQuestions.answerCount, 0))
        : filter.state === 'unanswered'
          ? and(eq(chapterQuestions.hidden, false), eq(chapterQuestions.answerCount, 0))
          : undefined;
  const where = and(
    eq(chapterQuestions.schoolId, filter.schoolId),
    eq(courses.deleted, false),
    filter.courseId ? eq(chapterQuestions.courseId, filter.courseId) : undefined,
    state,
    filter.scope,
  );
  const rows = db
    .select({
      question: chapterQuestions,
      courseTitle: courses.title,
      chapterTitle: chapters.title,
      chapterType: chapters.type,
      askerName: students.name,
    })
    .from(chapterQuestions)
    .innerJoin(courses, eq(courses.id, chapterQuestions.courseId))
    .leftJoin(chapters, eq(chapters.id, chapterQuestions.chapterId))
    .leftJoin(students, eq(students.id, chapterQuestions.studentId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total =
    db
      .select({ n: count() })
      .from(chapterQuestions)
      .innerJoin(courses, eq(courses.id, chapterQuestions.courseId))
      .where(where)
      .get()?.n ?? 0;
  return { rows, total };
}

/** The asker's name, the course's title and the chapter's title and type of one question (for a single reply). */
export function questionLabels(db: Db, question: Pick<QuestionRow, 'studentId' | 'chapterId' | 'courseId'>) {
  const course = db.select({ title: courses.title }).from(courses).where(eq(courses.id, question.courseId)).get();
  const asker = db.select({ name: students.name }).from(students).where(eq(students.id, question.studentId)).get();
  const chapter = db
    .select({ title: chapters.title, type: chapters.type })
    .from(chapters)
    .where(eq(chapters.id, question.chapterId))
    .get();
  return {
    askerName: asker?.name ?? '',
    courseTitle: course?.title ?? '',
    chapterTitle: chapter?.title ?? '',
    chapterType: chapter?.type ?? null,
  };
}
