import { and, desc, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { chapters, courses, enrolments } from '../../db/schema';
import { inCategoryRange, keywordMatch, type CategoryRange } from './courses.repository';

/** The columns a course card needs. */
export const cardColumns = {
  id: courses.id,
  title: courses.title,
  img: courses.img,
  type: courses.type,
  level: courses.level,
  label: courses.label,
  actualFen: courses.actualFen,
  priceFen: courses.priceFen,
  lcount: courses.lcount,
  count: courses.count,
  duration: courses.duration,
  catid: courses.catid,
  createdAt: courses.createdAt,
  top: courses.top,
};
export type CardRow = Pick<typeof courses.$inferSelect, keyof typeof cardColumns>;

/** What a student or guest may list: published, not deleted, not private courses of the school. */
export const listable = (schoolId: string) =>
  and(
    eq(courses.schoolId, schoolId),
    eq(courses.published, true),
    eq(courses.deleted, false),
    eq(courses.isPrivate, false),
  );

/** The listable cards of a school, optionally within a category range and matching a keyword (unsorted). */
export async function listableCards(
  db: Db,
  schoolId: string,
  range: CategoryRange | null,
  keyword: string,
): Promise<CardRow[]> {
  return await db
    .select(cardColumns)
    .from(courses)
    .where(
      and(listable(schoolId), range ? inCategoryRange(range) : undefined, keyword ? keywordMatch(keyword) : undefined),
    );
}

/** Hot courses of a school: by popularity (count) then learners (lcount), newest first on ties. */
export async function hotCards(db: Db, schoolId: string, limit: number): Promise<CardRow[]> {
  return await db
    .select(cardColumns)
    .from(courses)
    .where(listable(schoolId))
    .orderBy(desc(courses.count), desc(courses.lcount), desc(sql`length(${courses.id})`), desc(courses.id))
    .limit(limit);
}

/** What a read needs before touching the cache: visibility, and the price and validity the viewer's fields need. One primary-key read. */
export async function courseHead(db: Db, id: string) {
  return await prepared(db, 'courseHead', (d) =>
    d
      .select({
        id: courses.id,
        schoolId: courses.schoolId,
        published: courses.published,
        deleted: courses.deleted,
        isPrivate: courses.isPrivate,
        type: courses.type,
        actualFen: courses.actualFen,
        priceFen: courses.priceFen,
        ceType: courses.ceType,
        ceTime: courses.ceTime,
        settings: courses.settings,
        authenticationGid: courses.authenticationGid,
        level: courses.level,
        label: courses.label,
        orderRest: courses.orderRest,
        catid: courses.catid,
      })
      .from(courses)
      .where(eq(courses.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}
export type CourseHead = NonNullable<Awaited<ReturnType<typeof courseHead>>>;

/** How many students are enrolled in the course. */
export async function studyNum(db: Db, courseId: string): Promise<number> {
  return (
    (
      await prepared(db, 'courseStudyNum', (d) =>
        d
          .select({ n: sql<number>`count(*)` })
          .from(enrolments)
          .where(eq(enrolments.courseId, sql.placeholder('courseId')))
          .prepare(),
      ).get({ courseId })
    )?.n ?? 0
  );
}

/** True when a chapter of the course is free to try. */
export async function hasFreeChapter(db: Db, courseId: string): Promise<boolean> {
  return !!(await prepared(db, 'courseHasFreeChapter', (d) =>
    d
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.courseId, sql.placeholder('courseId')), eq(chapters.free, true)))
      .limit(1)
      .prepare(),
  ).get({ courseId }));
}
