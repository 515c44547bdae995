import { and, eq, gt, inArray, isNull, lt, min, or, sql, type SQL } from 'drizzle-orm';
import { type Db, affected, first } from '../../db/client';
import { uploadLedger } from '../../db/schema';
import { ofDeadNodes } from '../cluster/nodes';

export type LedgerRow = typeof uploadLedger.$inferSelect;

/** The only place that touches upload_ledger (what counts against the daily upload limits). */

/** Bytes and uploads counted for one person or school: pending ones whatever their age, done ones since `since`. */
export async function usage(db: Db, who: { uploadedBy: string } | { schoolId: string }, since: number) {
  const whose: SQL =
    'uploadedBy' in who ? eq(uploadLedger.uploadedBy, who.uploadedBy) : eq(uploadLedger.schoolId, who.schoolId);
  const counted = or(eq(uploadLedger.state, 'pending'), gt(uploadLedger.createdAt, since));
  const row = first(
    await db
      .select({
        bytes: sql<number>`coalesce(sum(${uploadLedger.bytes}), 0)`,
        files: sql<number>`count(*)`,
        oldestDone: min(sql`case when ${uploadLedger.state} = 'done' then ${uploadLedger.createdAt} end`),
      })
      .from(uploadLedger)
      .where(and(whose, counted)),
  );
  return {
    bytes: Number(row?.bytes ?? 0),
    files: Number(row?.files ?? 0),
    oldestDone: row?.oldestDone as number | null,
  };
}

export async function insertEntry(db: Db, row: LedgerRow): Promise<void> {
  await db.insert(uploadLedger).values(row);
}

/** A stored upload: its real size, counted from now. */
export async function settleEntry(db: Db, id: string, bytes: number, now: number): Promise<void> {
  await db
    .update(uploadLedger)
    .set({ state: 'done', bytes, tusId: null, createdAt: now })
    .where(eq(uploadLedger.id, id));
}

export async function deleteEntry(db: Db, id: string): Promise<void> {
  await db.delete(uploadLedger).where(eq(uploadLedger.id, id));
}

export async function findByTusId(db: Db, tusId: string): Promise<LedgerRow | undefined> {
  return first(await db.select().from(uploadLedger).where(eq(uploadLedger.tusId, tusId)));
}

export async function deleteByTusIds(db: Db, tusIds: string[]): Promise<void> {
  if (tusIds.length) await db.delete(uploadLedger).where(inArray(uploadLedger.tusId, tusIds));
}

/** Pending resumable uploads (to match against the files still on disk at start). */
export async function pendingTusIds(db: Db): Promise<string[]> {
  return (
    await db.select({ tusId: uploadLedger.tusId }).from(uploadLedger).where(eq(uploadLedger.state, 'pending'))
  ).flatMap((row) => (row.tusId ? [row.tusId] : []));
}

/**
 * Multipart uploads that stopped or dead nodes were receiving never finished (alive: the nodes whose uploads go
 * on; null: every one, SQLite's start).
 */
export async function deletePendingMultipart(db: Db, alive: readonly string[] | null): Promise<number> {
  const pending = and(eq(uploadLedger.state, 'pending'), isNull(uploadLedger.tusId));
  return affected(await db.delete(uploadLedger).where(and(pending, ofDeadNodes(uploadLedger.node, alive))));
}

/** Done rows past any window the limits look at. */
export async function pruneDone(db: Db, before: number): Promise<number> {
  return affected(
    await db.delete(uploadLedger).where(and(eq(uploadLedger.state, 'done'), lt(uploadLedger.createdAt, before))),
  );
}
