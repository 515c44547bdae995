/**
 * Sliding-window throttles' memory (recent_events): the times of a key's recent events, kept in the database
 * so that every app node counts the same ones (issue 20 'the throttles'). The rules that judge the times stay
 * pure (shared/rules: waitSeconds, withinRate); this only stores and reads them.
 */
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recentEvents } from '../../db/schema';

/** The key's event times after `since`, oldest first. */
export async function recentTimes(db: Db, key: string, since: number): Promise<number[]> {
  const rows = await db
    .select({ at: recentEvents.at })
    .from(recentEvents)
    .where(and(eq(recentEvents.key, key), gt(recentEvents.at, since)))
    .orderBy(asc(recentEvents.at));
  return rows.map((row) => row.at);
}

/** Counts an event at `at` under each key; the keys' events before `forget` go. */
export async function addEvent(db: Db, keys: readonly string[], at: number, forget: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recentEvents).where(and(inArray(recentEvents.key, [...keys]), lt(recentEvents.at, forget)));
    await tx.insert(recentEvents).values(keys.map((key) => ({ key, at })));
  });
}

/** Forgets every event before `before` (keys not seen again). */
export async function purgeEvents(db: Db, before: number): Promise<void> {
  await db.delete(recentEvents).where(lt(recentEvents.at, before));
}
