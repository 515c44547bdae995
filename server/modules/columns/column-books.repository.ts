import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, columnBooks, columns, enrolments } from '../../db/schema';

/** True when the student has subscribed to (or bought) the column. */
export function isBooked(db: Db, studentId: string, columnId: string): boolean {
  return !!db
    .select({ id: columnBooks.columnId })
    .from(columnBooks)
    .where(and(eq(columnBooks.studentId, studentId), eq(columnBooks.columnId, columnId)))
    .get();
}

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
export function enrolThroughColumn(db: Db, studentIds: readonly string[], courseIds: readonly string[], at: number): void {
  for (const studentId of studentIds) {
    for (const courseId of courseIds) {
      db.insert(enrolments).values({ studentId, courseId, source: 'column', createdAt: at }).onConflictDoNothing().run();
    }
  }
}

// Column bookmarks have no table yet (collects references courses only), so they live in app_settings under
// this key until a column_collects table exists. Only these two functions know it.
const collectKey = (studentId: string, columnId: string) => `column-collect:${studentId}:${columnId}`;

/** True when the student bookmarked the column. */
export function isColumnCollected(db: Db, studentId: string, columnId: string): boolean {
  return !!db.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, collectKey(studentId, columnId))).get();
}

/** Bookmarks (true) or un-bookmarks (false) the column for the student; repeating is harmless. */
export function setColumnCollected(db: Db, studentId: string, columnId: string, collected: boolean, at: number): void {
  const key = collectKey(studentId, columnId);
  if (collected) db.insert(appSettings).values({ key, value: String(at) }).onConflictDoNothing().run();
  else db.delete(appSettings).where(eq(appSettings.key, key)).run();
}
