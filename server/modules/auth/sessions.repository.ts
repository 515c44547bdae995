import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { loginAttempts, sessions } from '../../db/schema';

export type Session = typeof sessions.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;

export function insertSession(db: Db, session: typeof sessions.$inferInsert): void {
  db.insert(sessions).values(session).run();
}

export function findSession(db: Db, tokenHash: string): Session | undefined {
  return prepared(db, 'findSession', (d) =>
    d
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare(),
  ).get({ tokenHash });
}

export function endSession(db: Db, tokenHash: string, at: number): void {
  db.update(sessions)
    .set({ endedAt: at, endReason: 'logout' })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
    .run();
}

/** Ends a user's other live sessions as 'kicked' so their poll can tell them (one live session per student). */
export function kickOtherSessions(db: Db, role: 'student' | 'admin', userId: string, keep: string, at: number): number {
  return db
    .update(sessions)
    .set({ endedAt: at, endReason: 'kicked' })
    .where(
      and(eq(sessions.role, role), eq(sessions.userId, userId), ne(sessions.tokenHash, keep), isNull(sessions.endedAt)),
    )
    .run().changes;
}

/** Removes sessions a day past expiry, and stale login counters. */
export function purgeExpired(db: Db, now: number, keepMs: number): void {
  db.delete(sessions)
    .where(lt(sessions.expiresAt, now - keepMs))
    .run();
  db.delete(loginAttempts)
    .where(and(lt(loginAttempts.lockedUntil, now), lt(loginAttempts.firstAt, now - keepMs)))
    .run();
}

export function findAttempts(db: Db, keys: string[]): LoginAttempt[] {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(loginAttempts)
    .where(or(...keys.map((key) => eq(loginAttempts.key, key))))
    .all();
}

export function saveAttempt(db: Db, attempt: LoginAttempt): void {
  db.insert(loginAttempts)
    .values(attempt)
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures: attempt.failures, firstAt: attempt.firstAt, lockedUntil: attempt.lockedUntil },
    })
    .run();
}

export function clearAttempts(db: Db, key: string): void {
  db.delete(loginAttempts).where(eq(loginAttempts.key, key)).run();
}

/** Ends a user's live sessions but the one kept (a credential change: the session that made it may stay). */
export function endSessionsExcept(
  db: Db,
  role: 'student' | 'admin',
  userId: string,
  keep: string | null,
  at: number,
): number {
  const others = keep ? ne(sessions.tokenHash, keep) : undefined;
  return db
    .update(sessions)
    .set({ endedAt: at, endReason: 'logout' })
    .where(and(eq(sessions.role, role), eq(sessions.userId, userId), others, isNull(sessions.endedAt)))
    .run().changes;
}

/** Ends every live session of these users (a disabled or deleted account signs out at once). */
export function endUserSessions(db: Db, role: 'student' | 'admin', userIds: string[], at: number): number {
  if (userIds.length === 0) return 0;
  let ended = 0;
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    ended += db
      .update(sessions)
      .set({ endedAt: at, endReason: 'logout' })
      .where(and(eq(sessions.role, role), inArray(sessions.userId, chunk), isNull(sessions.endedAt)))
      .run().changes;
  }
  return ended;
}
