import { and, asc, eq } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { liveSessions } from '../../db/schema';

/** The core reads of live sessions, shared by the live hooks, the back office and the live page. */
export type LiveSessionRow = typeof liveSessions.$inferSelect;

/** A session that is not deleted, by id. */
export async function sessionById(db: Db, id: string): Promise<LiveSessionRow | undefined> {
  return first(
    await db
      .select()
      .from(liveSessions)
      .where(and(eq(liveSessions.id, id), eq(liveSessions.deleted, false))),
  );
}

/** The session a stream key belongs to (keys are unique; a deleted session's key publishes nothing). */
export async function sessionByKey(db: Db, streamKey: string): Promise<LiveSessionRow | undefined> {
  return first(
    await db
      .select()
      .from(liveSessions)
      .where(and(eq(liveSessions.streamKey, streamKey), eq(liveSessions.deleted, false))),
  );
}

/** A course's sessions that are not deleted, earliest first. */
export async function sessionsOfCourse(db: Db, courseId: string): Promise<LiveSessionRow[]> {
  return await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.courseId, courseId), eq(liveSessions.deleted, false)))
    .orderBy(asc(liveSessions.startAt));
}
