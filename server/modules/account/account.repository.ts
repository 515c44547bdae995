import { and, eq, isNull, ne } from 'drizzle-orm';
import { type Db, affected } from '../../db/client';
import { sessions } from '../../db/schema';

/** The writes of the student's own account that the shared student writes do not cover. */

/** Ends a student's live sessions but `keep` (after a password change: other devices must sign in again). */
export async function endOtherSessions(db: Db, studentId: string, keep: string, at: number): Promise<number> {
  return affected(
    await db
      .update(sessions)
      .set({ endedAt: at, endReason: 'logout' })
      .where(
        and(
          eq(sessions.role, 'student'),
          eq(sessions.userId, studentId),
          ne(sessions.tokenHash, keep),
          isNull(sessions.endedAt),
        ),
      ),
  );
}
