/**
 * live_attendance as the live page writes it: a student's row of a session (seconds credited, first and last
 * beat), and how many watch a session now. The back office reads the same table for its attendance lists.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveAttendance, liveSessions } from '../../db/schema';

export type AttendanceRow = typeof liveAttendance.$inferSelect;

export function findAttendance(db: Db, sessionId: string, studentId: string): AttendanceRow | undefined {
  return db
    .select()
    .from(liveAttendance)
    .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.studentId, studentId)))
    .get();
}

/** Adds a beat: `seconds` more, last beat `at` (the first beat makes the row). */
export function creditAttendance(db: Db, sessionId: string, studentId: string, seconds: number, at: number): void {
  db.insert(liveAttendance)
    .values({ sessionId, studentId, seconds, firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.studentId],
      set: { seconds: sql`${liveAttendance.seconds} + ${seconds}`, lastAt: at },
    })
    .run();
}

/** Students whose last beat of the session is at or after `since`. */
export function viewersSince(db: Db, sessionId: string, since: number): number {
  return (
    db
      .select({ n: count() })
      .from(liveAttendance)
      .where(and(eq(liveAttendance.sessionId, sessionId), gte(liveAttendance.lastAt, since)))
      .get()?.n ?? 0
  );
}

/** Raises the session's peak of viewers to `viewers` when it is higher. */
export function raisePeakViewers(db: Db, sessionId: string, viewers: number): void {
  db.update(liveSessions)
    .set({ peakViewers: sql`max(${liveSessions.peakViewers}, ${viewers})` })
    .where(eq(liveSessions.id, sessionId))
    .run();
}
