import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnBooks, columnCollects, columns, enrolments } from '../../db/schema';

/** Records the subscription once; true when it is new. */
export function insertBook(db: Db, studentId: string, columnId: string, at: number): boolean {
  return db.insert(columnBooks).values({ studentId, columnId, createdAt: at }).onConflictDoNothing().run().changes > 0;
}

export function incrementBookCount(db: Db, columnId: string): number {
  db.update(columns)
    .set({ bookCount: sql`${columns.bookCount} + 1` })
    .where(eq(columns.id, columnId))
    .run();
  return db.select({ n: columns.bookCount }).from(columns).where(eq(columns.id, columnId)).get()?.n ?? 0;
}

/** The students subscribed to the column. */
export function subscriberIds(db: Db, columnId: string): string[] {
  return db
    .select({ id: columnBooks.studentId })
    .from(columnBooks)
    .where(eq(columnBooks.columnId, columnId))
    .all()
    .map((row) => row.id);
}

/** Lets the students study the courses through the column (enrolment source 'column'); existing enrolments stay as they are. */
export function enrolThroughColumn(
  db: Db,
  studentIds: readonly string[],
  courseIds: readonly string[],
  at: number,
): void {
  for (const studentId of studentIds) {
    for (const courseId of courseIds) {
      db.insert(enrolments)
        .values({ studentId, courseId, source: 'column', createdAt: at })
        .onConflictDoNothing()
        .run();
    }
  }
}

/** True when the student bookmarked the column. */
export function isColumnCollected(db: Db, studentId: string, columnId: string): boolean {
  return !!db
    .select({ id: columnCollects.columnId })
    .from(columnCollects)
    .where(and(eq(columnCollects.studentId, studentId), eq(columnCollects.columnId, columnId)))
    .get();
}

/** Bookmarks (true) or un-bookmarks (false) the column for the student; repeating is harmless. */
export function setColumnCollected(db: Db, studentId: string, columnId: string, collected: boolean, at: number): void {
  if (collected) db.insert(columnCollects).values({ studentId, columnId, createdAt: at }).onConflictDoNothing().run();
  else
    db.delete(columnCollects)
      .where(and(eq(columnCollects.studentId, studentId), eq(columnCollects.columnId, columnId)))
      .run();
}
