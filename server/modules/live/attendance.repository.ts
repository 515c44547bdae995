/**
 * live_attendance as the live page writes it: a student's row of a session (seconds credited, first and last
 * beat), and how many watch a session now. The back office reads the same table for its attendance lists.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { liveAttendance, liveSessions } from '../../db/schema';
import { greatest } from '../../db/sql-dialect';

export type AttendanceRow = typeof liveAttendance.$inferSelect;

export async function findAttendance(db: Db, sessionId: string, studentId: string): Promise<AttendanceRow | undefined> {
  return first(
    await db
      .select()
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.studentId, studentId))),
  );
}

/** Adds a beat: `seconds` more, last beat `at` (the first beat makes the row). */
export async function creditAttendance(
  db: Db,
  sessionId: string,
  studentId: string,
  seconds: number,
  at: number,
): Promise<void> {
  await db
    .insert(liveAttendance)
    .values({ sessionId, studentId, seconds, firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.studentId],
      set: { seconds: sql`${liveAttendance.seconds} + ${seconds}`, lastAt: at },
    });
}

/** Students whose last beat of the session is at or after `since`. */
export async function viewersSince(db: Db, sessionId: string, since: number): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(liveAttendance)
        .where(and(eq(liveAttendance.sessionId, sessionId), gte(liveAttendance.lastAt, since))),
    )?.n ?? 0
  );
}

/** Raises the session's peak of viewers to `viewers` when it is higher. */
export async function raisePeakViewers(db: Db, sessionId: string, viewers: number): Promise<void> {
  await db
    .update(liveSessions)
    .set({ peakViewers: greatest(liveSessions.peakViewers, viewers) })
    .where(eq(liveSessions.id, sessionId));
}
