/** Exams and their audience as the back office writes them (server/db/schema/exams.ts): the only place that queries them here. */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import {
  chapters,
  courses,
  examAudience,
  examCategories,
  exams,
  examSittings,
  papers,
  studentGroups,
} from '../../db/schema';
import { likePattern } from '../courses/courses.repository';
import { likeText } from '../../db/sql-dialect';

export type ExamRow = typeof exams.$inferSelect;

const sittingsOf = sql<number>`(select count(*) from exam_sittings s where s.exam_id = exams.id)`;
const pendingOf = sql<number>`(select coalesce(sum(s.pending_marks), 0) from exam_sittings s where s.exam_id = exams.id and s.status = 'submitted')`;
const chapterTitleOf = sql<string>`coalesce((select c.title from chapters c where c.id = exams.chapter_id), '')`;

const listColumns = {
  exam: exams,
  categoryTitle: sql<string>`coalesce(${examCategories.title}, '')`,
  paperTitle: sql<string>`coalesce(${papers.title}, '')`,
  chapterTitle: chapterTitleOf,
  sittings: sittingsOf,
  pendingMarks: pendingOf,
};
export type ExamListRow = {
  exam: ExamRow;
  categoryTitle: string;
  paperTitle: string;
  chapterTitle: string;
  sittings: number;
  pendingMarks: number;
};

/** Exams with the list's columns (category and paper joined). */
const selectExamRows = (db: Db) =>
  db
    .select(listColumns)
    .from(exams)
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .leftJoin(papers, eq(papers.id, exams.paperId));

/** The school's exams (not deleted), latest change first, with category, paper, chapter, sittings and marks due. */
export async function listExams(
  db: Db,
  filter: {
    schoolId: string;
    key: string;
    categoryId: string;
    status?: ExamRow['status'];
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(exams.schoolId, filter.schoolId),
    eq(exams.deleted, false),
    filter.key ? likeText(exams.title, likePattern(filter.key)) : undefined,
    filter.categoryId ? eq(exams.categoryId, filter.categoryId) : undefined,
    filter.status ? eq(exams.status, filter.status) : undefined,
  );
  const total = first(await db.select({ n: count() }).from(exams).where(where))?.n ?? 0;
  const rows: ExamListRow[] = await selectExamRows(db)
    .where(where)
    .orderBy(desc(exams.updatedAt), desc(exams.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total };
}

/** One exam of the school (not deleted) with the list's columns. */
export async function findExamRow(db: Db, schoolId: string, id: string): Promise<ExamListRow | undefined> {
  return first(
    await selectExamRows(db).where(and(eq(exams.id, id), eq(exams.schoolId, schoolId), eq(exams.deleted, false))),
  );
}

export async function insertExam(db: Db, row: typeof exams.$inferInsert): Promise<void> {
  await db.insert(exams).values(row);
}

export async function updateExam(db: Db, id: string, patch: Partial<typeof exams.$inferInsert>): Promise<void> {
  await db.update(exams).set(patch).where(eq(exams.id, id));
}

/** Replaces who may sit the exam (in the caller's transaction). */
export async function replaceAudience(
  db: Db,
  examId: string,
  rows: { targetType: 'group' | 'course'; targetId: string }[],
): Promise<void> {
  await db.delete(examAudience).where(eq(examAudience.examId, examId));
  for (const row of rows) await db.insert(examAudience).values({ examId, ...row });
}

/** The groups and courses that may sit the exam, with their names. */
export async function audienceOf(db: Db, examId: string) {
  const groups = await db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(examAudience)
    .innerJoin(studentGroups, eq(studentGroups.id, examAudience.targetId))
    .where(and(eq(examAudience.examId, examId), eq(examAudience.targetType, 'group')));
  const courseRows = await db
    .select({ id: courses.id, title: courses.title })
    .from(examAudience)
    .innerJoin(courses, eq(courses.id, examAudience.targetId))
    .where(and(eq(examAudience.examId, examId), eq(examAudience.targetType, 'course')));
  return { groups, courses: courseRows };
}

/** The exam (not deleted) on a chapter other than `exceptId`, if any. */
export async function examOnChapter(db: Db, chapterId: string, exceptId: string): Promise<string | undefined> {
  return first(
    await db
      .select({ id: exams.id })
      .from(exams)
      .where(and(eq(exams.chapterId, chapterId), eq(exams.deleted, false), ne(exams.id, exceptId))),
  )?.id;
}

/** The chapters of a course that could carry an exam, with the exam already on each ('' when none). */
export async function examChapters(db: Db, courseId: string) {
  return await db
    .select({
      cid: chapters.id,
      title: chapters.title,
      type: chapters.type,
      parentId: chapters.parentId,
      position: chapters.position,
      examId: sql<string>`coalesce((select e.id from exams e where e.chapter_id = chapters.id and e.deleted = 0), '')`,
    })
    .from(chapters)
    .where(eq(chapters.courseId, courseId))
    .orderBy(chapters.parentId, chapters.position);
}

export async function openSittings(db: Db, examId: string): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(examSittings)
        .where(and(eq(examSittings.examId, examId), eq(examSittings.status, 'open'))),
    )?.n ?? 0
  );
}

/** The school's courses (not deleted) among these ids. */
export async function schoolCourseIds(db: Db, schoolId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.schoolId, schoolId), eq(courses.deleted, false), inArray(courses.id, ids)))
  ).map((row) => row.id);
}
