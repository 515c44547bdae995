import { and, eq, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { columnBooks, columnCollects, columns, enrolments } from '../../db/schema';

/** Records the subscription once; true when it is new. */
export async function insertBook(db: Db, studentId: string, columnId: string, at: number): Promise<boolean> {
  return (
    affected(await db.insert(columnBooks).values({ studentId, columnId, createdAt: at }).onConflictDoNothing()) > 0
  );
}

export async function incrementBookCount(db: Db, columnId: string): Promise<number> {
  await db
    .update(columns)
    .set({ bookCount: sql`${columns.bookCount} + 1` })
    .where(eq(columns.id, columnId));
  return first(await db.select({ n: columns.bookCount }).from(columns).where(eq(columns.id, columnId)))?.n ?? 0;
}

/** The students subscribed to the column. */
export async function subscriberIds(db: Db, columnId: string): Promise<string[]> {
  return (
    await db.select({ id: columnBooks.studentId }).from(columnBooks).where(eq(columnBooks.columnId, columnId))
  ).map((row) => row.id);
}

/** Lets the students study the courses through the column (enrolment source 'column'); existing enrolments stay as they are. */
export async function enrolThroughColumn(
  db: Db,
  studentIds: readonly string[],
  courseIds: readonly string[],
  at: number,
): Promise<void> {
  for (const studentId of studentIds) {
    for (const courseId of courseIds) {
      await db
        .insert(enrolments)
        .values({ studentId, courseId, source: 'column', createdAt: at })
        .onConflictDoNothing();
    }
  }
}

/** True when the student bookmarked the column. */
export async function isColumnCollected(db: Db, studentId: string, columnId: string): Promise<boolean> {
  return !!first(
    await db
      .select({ id: columnCollects.columnId })
      .from(columnCollects)
      .where(and(eq(columnCollects.studentId, studentId), eq(columnCollects.columnId, columnId))),
  );
}

/** Bookmarks (true) or un-bookmarks (false) the column for the student; repeating is harmless. */
export async function setColumnCollected(
  db: Db,
  studentId: string,
  columnId: string,
  collected: boolean,
  at: number,
): Promise<void> {
  if (collected) await db.insert(columnCollects).values({ studentId, columnId, createdAt: at }).onConflictDoNothing();
  else
    await db
      .delete(columnCollects)
      .where(and(eq(columnCollects.studentId, studentId), eq(columnCollects.columnId, columnId)));
}
