/**
 * What the student's membership pages read: their current memberships with the plan, their subscribed columns
 * and their bookmarked courses and columns (available ones), newest first.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collects, columnBooks, columnCollects, columns, courses, memberPlans, memberships } from '../../db/schema';

/** The student's current memberships of plans not deleted, with the plan, latest end first. */
export async function currentMemberships(db: Db, studentId: string, now: number) {
  return await db
    .select({
      id: memberships.id,
      planId: memberships.planId,
      title: memberPlans.title,
      categoryIds: memberPlans.categoryIds,
      since: memberships.since,
      until: memberships.until,
      via: memberships.via,
    })
    .from(memberships)
    .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId))
    .where(
      and(
        eq(memberships.studentId, studentId),
        isNull(memberships.revokedAt),
        gte(memberships.until, now),
        eq(memberPlans.deleted, false),
      ),
    )
    .orderBy(desc(memberships.until));
}

const columnCard = { columnId: columns.id, title: columns.title, img: columns.img } as const;
const availableColumn = and(eq(columns.published, true), eq(columns.deleted, false));

/** The student's subscribed columns (available ones), newest first. */
export async function bookedColumns(db: Db, studentId: string) {
  return await db
    .select({ ...columnCard, at: columnBooks.createdAt })
    .from(columnBooks)
    .innerJoin(columns, eq(columns.id, columnBooks.columnId))
    .where(and(eq(columnBooks.studentId, studentId), availableColumn))
    .orderBy(desc(columnBooks.createdAt));
}

/** The student's bookmarked columns (available ones), newest first. */
export async function collectedColumns(db: Db, studentId: string) {
  return await db
    .select({ ...columnCard, at: columnCollects.createdAt })
    .from(columnCollects)
    .innerJoin(columns, eq(columns.id, columnCollects.columnId))
    .where(and(eq(columnCollects.studentId, studentId), availableColumn))
    .orderBy(desc(columnCollects.createdAt));
}

/** The student's bookmarked courses (published, not deleted), newest first. */
export async function collectedCourses(db: Db, studentId: string) {
  return await db
    .select({ courseId: courses.id, title: courses.title, img: courses.img, at: collects.createdAt })
    .from(collects)
    .innerJoin(courses, eq(courses.id, collects.courseId))
    .where(and(eq(collects.studentId, studentId), eq(courses.published, true), eq(courses.deleted, false)))
    .orderBy(desc(collects.createdAt));
}
