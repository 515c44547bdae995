import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, affected } from '../../db/client';
import { loginAttempts, sessions } from '../../db/schema';

export type Session = typeof sessions.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function findSession(db: Db, tokenHash: string): Promise<Session | undefined> {
  return await prepared(db, 'findSession', (d) =>
    d
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare(),
  ).get({ tokenHash });
}

export async function endSession(db: Db, tokenHash: string, at: number): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: 'logout' })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
}

/** Ends a user's other live sessions as 'kicked' so their poll can tell them (one live session per student). */
export async function kickOtherSessions(
  db: Db,
  role: 'student' | 'admin',
  userId: string,
  keep: string,
  at: number,
): Promise<number> {
  return affected(
    await db
      .update(sessions)
      .set({ endedAt: at, endReason: 'kicked' })
      .where(
        and(
          eq(sessions.role, role),
          eq(sessions.userId, userId),
          ne(sessions.tokenHash, keep),
          isNull(sessions.endedAt),
        ),
      ),
  );
}

/** Removes sessions a day past expiry, and stale login counters. */
export async function purgeExpired(db: Db, now: number, keepMs: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now - keepMs));
  await db
    .delete(loginAttempts)
    .where(and(lt(loginAttempts.lockedUntil, now), lt(loginAttempts.firstAt, now - keepMs)));
}

export async function findAttempts(db: Db, keys: string[]): Promise<LoginAttempt[]> {
  if (keys.length === 0) return [];
  return await db
    .select()
    .from(loginAttempts)
    .where(or(...keys.map((key) => eq(loginAttempts.key, key))));
}

export async function saveAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .insert(loginAttempts)
    .values(attempt)
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { failures: attempt.failures, firstAt: attempt.firstAt, lockedUntil: attempt.lockedUntil },
    });
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Ends a user's live sessions but the one kept (a credential change: the session that made it may stay). */
export async function endSessionsExcept(
  db: Db,
  role: 'student' | 'admin',
  userId: string,
  keep: string | null,
  at: number,
): Promise<number> {
  const others = keep ? ne(sessions.tokenHash, keep) : undefined;
  return affected(
    await db
      .update(sessions)
      .set({ endedAt: at, endReason: 'logout' })
      .where(and(eq(sessions.role, role), eq(sessions.userId, userId), others, isNull(sessions.endedAt))),
  );
}

/** Ends every live session of these users (a disabled or deleted account signs out at once). */
export async function endUserSessions(
  db: Db,
  role: 'student' | 'admin',
  userIds: string[],
  at: number,
): Promise<number> {
  if (userIds.length === 0) return 0;
  let ended = 0;
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    ended += affected(
      await db
        .update(sessions)
        .set({ endedAt: at, endReason: 'logout' })
        .where(and(eq(sessions.role, role), inArray(sessions.userId, chunk), isNull(sessions.endedAt))),
    );
  }
  return ended;
}
