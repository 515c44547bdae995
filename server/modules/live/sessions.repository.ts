import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessions } from '../../db/schema';

/** The core reads of live sessions, shared by the live hooks, the back office and the live page. */
export type LiveSessionRow = typeof liveSessions.$inferSelect;

/** A session that is not deleted, by id. */
export function sessionById(db: Db, id: string): LiveSessionRow | undefined {
  return db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.id, id), eq(liveSessions.deleted, false)))
    .get();
}

/** The session a stream key belongs to (keys are unique; a deleted session's key publishes nothing). */
export function sessionByKey(db: Db, streamKey: string): LiveSessionRow | undefined {
  return db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.streamKey, streamKey), eq(liveSessions.deleted, false)))
    .get();
}

/** A course's sessions that are not deleted, earliest first. */
export function sessionsOfCourse(db: Db, courseId: string): LiveSessionRow[] {
  return db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.courseId, courseId), eq(liveSessions.deleted, false)))
    .orderBy(asc(liveSessions.startAt))
    .all();
}
