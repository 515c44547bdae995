import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { collects, courseRecords, enrolments } from '../../db/schema';

export type Enrolment = typeof enrolments.$inferSelect;

/** The student's enrolment in the course (free, bought, obtained, column, admin), if any. */
export function findEnrolment(db: Db, studentId: string, courseId: string): Enrolment | undefined {
  return prepared(db, 'findEnrolment', (d) =>
    d
      .select()
      .from(enrolments)
      .where(
        and(
          eq(enrolments.studentId, sql.placeholder('studentId')),
          eq(enrolments.courseId, sql.placeholder('courseId')),
        ),
      )
      .prepare(),
  ).get({ studentId, courseId });
}

/** True when the student bookmarked the course. */
export function isCollected(db: Db, studentId: string, courseId: string): boolean {
  return !!prepared(db, 'isCollected', (d) =>
    d
      .select({ at: collects.createdAt })
      .from(collects)
      .where(
        and(eq(collects.studentId, sql.placeholder('studentId')), eq(collects.courseId, sql.placeholder('courseId'))),
      )
      .prepare(),
  ).get({ studentId, courseId });
}

/** Bookmarks the course; a second bookmark changes nothing. */
export function addCollect(db: Db, studentId: string, courseId: string, at: number): void {
  db.insert(collects).values({ studentId, courseId, createdAt: at }).onConflictDoNothing().run();
}

/** Removes the bookmark; removing a missing one changes nothing. */
export function removeCollect(db: Db, studentId: string, courseId: string): void {
  db.delete(collects)
    .where(and(eq(collects.studentId, studentId), eq(collects.courseId, courseId)))
    .run();
}

/** Every enrolment of a student. */
export function studentEnrolments(db: Db, studentId: string): Enrolment[] {
  return prepared(db, 'studentEnrolments', (d) =>
    d
      .select()
      .from(enrolments)
      .where(eq(enrolments.studentId, sql.placeholder('studentId')))
      .prepare(),
  ).all({ studentId });
}

/** The ids of every course a student bookmarked. */
export function studentCollects(db: Db, studentId: string): string[] {
  return prepared(db, 'studentCollects', (d) =>
    d
      .select({ id: collects.courseId })
      .from(collects)
      .where(eq(collects.studentId, sql.placeholder('studentId')))
      .prepare(),
  )
    .all({ studentId })
    .map((row) => row.id);
}

/** The ids of every course a student has a learning record of. */
export function studentCourseRecordIds(db: Db, studentId: string): string[] {
  return prepared(db, 'studentCourseRecordIds', (d) =>
    d
      .select({ id: courseRecords.courseId })
      .from(courseRecords)
      .where(eq(courseRecords.studentId, sql.placeholder('studentId')))
      .prepare(),
  )
    .all({ studentId })
    .map((row) => row.id);
}
