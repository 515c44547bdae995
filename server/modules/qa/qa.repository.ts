import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { chapterAnswers, chapterQuestions, chapters, courses, students } from '../../db/schema';

export type QuestionRow = typeof chapterQuestions.$inferSelect;
export type AnswerRow = typeof chapterAnswers.$inferSelect;

// Snowflake ids grow with time; equal-length decimal strings compare like numbers.
const newestFirst = [
  desc(chapterQuestions.createdAt),
  desc(sql`length(${chapterQuestions.id})`),
  desc(chapterQuestions.id),
];

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  return first(await db.select().from(chapterQuestions).where(eq(chapterQuestions.id, id)));
}

export async function findQuestions(db: Db, ids: readonly string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(chapterQuestions)
    .where(inArray(chapterQuestions.id, [...ids]));
}

/** A page of a course's questions (of one chapter when given), newest first; hidden ones only when asked. */
export async function pageQuestions(
  db: Db,
  filter: { courseId: string; chapterId?: string; withHidden: boolean; limit: number; offset: number },
): Promise<{ rows: (QuestionRow & { chapterTitle: string | null; askerName: string | null })[]; total: number }> {
  const where = and(
    eq(chapterQuestions.courseId, filter.courseId),
    filter.chapterId ? eq(chapterQuestions.chapterId, filter.chapterId) : undefined,
    filter.withHidden ? undefined : eq(chapterQuestions.hidden, false),
  );
  const rows = (
    await db
      .select({ question: chapterQuestions, chapterTitle: chapters.title, askerName: students.name })
      .from(chapterQuestions)
      .leftJoin(chapters, eq(chapters.id, chapterQuestions.chapterId))
      .leftJoin(students, eq(students.id, chapterQuestions.studentId))
      .where(where)
      .orderBy(...newestFirst)
      .limit(filter.limit)
      .offset(filter.offset)
  ).map((row) => ({ ...row.question, chapterTitle: row.chapterTitle, askerName: row.askerName }));
  const total = first(await db.select({ n: count() }).from(chapterQuestions).where(where))?.n ?? 0;
  return { rows, total };
}

/** The answers of these questions, oldest first (a conversation reads downwards). */
export async function answersOf(db: Db, questionIds: readonly string[]): Promise<AnswerRow[]> {
  if (questionIds.length === 0) return [];
  return await db
    .select()
    .from(chapterAnswers)
    .where(inArray(chapterAnswers.questionId, [...questionIds]))
    .orderBy(chapterAnswers.createdAt, sql`length(${chapterAnswers.id})`, chapterAnswers.id);
}

export async function insertQuestion(db: Db, row: typeof chapterQuestions.$inferInsert): Promise<void> {
  await db.insert(chapterQuestions).values(row);
}

/** Adds an answer; a teacher's answer counts on the question (answerCount: teachers' answers only). */
export async function insertAnswer(db: Db, row: typeof chapterAnswers.$inferInsert): Promise<void> {
  await db.insert(chapterAnswers).values(row);
  const teacher = row.authorKind === 'admin';
  await db
    .update(chapterQuestions)
    .set({
      updatedAt: row.createdAt,
      ...(teacher ? { answerCount: sql`${chapterQuestions.answerCount} + 1` } : {}),
    })
    .where(eq(chapterQuestions.id, row.questionId));
}

/** How many questions and answers the author wrote since the instant (the flood guard). */
export async function countSince(
  db: Db,
  author: { kind: 'student' | 'admin'; id: string },
  since: number,
): Promise<number> {
  const questions =
    author.kind === 'student'
      ? (first(
          await db
            .select({ n: count() })
            .from(chapterQuestions)
            .where(and(eq(chapterQuestions.studentId, author.id), gt(chapterQuestions.createdAt, since))),
        )?.n ?? 0)
      : 0;
  const answers =
    first(
      await db
        .select({ n: count() })
        .from(chapterAnswers)
        .where(
          and(
            eq(chapterAnswers.authorKind, author.kind),
            eq(chapterAnswers.authorId, author.id),
            gt(chapterAnswers.createdAt, since),
          ),
        ),
    )?.n ?? 0;
  return questions + answers;
}

export async function setHidden(db: Db, ids: readonly string[], hidden: boolean, at: number): Promise<number> {
  if (ids.length === 0) return 0;
  return affected(
    await db
      .update(chapterQuestions)
      .set({ hidden, updatedAt: at })
      .where(inArray(chapterQuestions.id, [...ids])),
  );
}

/** Deletes the question; its answers go by cascade. */
export async function deleteQuestion(db: Db, id: string): Promise<number> {
  return affected(await db.delete(chapterQuestions).where(eq(chapterQuestions.id, id)));
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
export async function manageQuestions(db: Db, filter: ManageFilter) {
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
  const rows = await db
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
    .offset(filter.offset);
  const total =
    first(
      await db
        .select({ n: count() })
        .from(chapterQuestions)
        .innerJoin(courses, eq(courses.id, chapterQuestions.courseId))
        .where(where),
    )?.n ?? 0;
  return { rows, total };
}

/** The asker's name, the course's title and the chapter's title and type of one question (for a single reply). */
export async function questionLabels(db: Db, question: Pick<QuestionRow, 'studentId' | 'chapterId' | 'courseId'>) {
  const course = first(
    await db.select({ title: courses.title }).from(courses).where(eq(courses.id, question.courseId)),
  );
  const asker = first(
    await db.select({ name: students.name }).from(students).where(eq(students.id, question.studentId)),
  );
  const chapter = first(
    await db
      .select({ title: chapters.title, type: chapters.type })
      .from(chapters)
      .where(eq(chapters.id, question.chapterId)),
  );
  return {
    askerName: asker?.name ?? '',
    courseTitle: course?.title ?? '',
    chapterTitle: chapter?.title ?? '',
    chapterType: chapter?.type ?? null,
  };
}
