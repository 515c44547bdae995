import { and, eq, gt, inArray, isNull, lt, min, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadLedger } from '../../db/schema';

export type LedgerRow = typeof uploadLedger.$inferSelect;

/** The only place that touches upload_ledger (what counts against the daily upload limits). */

/** Bytes and uploads counted for one person or school: pending ones whatever their age, done ones since `since`. */
export function usage(db: Db, who: { uploadedBy: string } | { schoolId: string }, since: number) {
  const whose: SQL =
    'uploadedBy' in who ? eq(uploadLedger.uploadedBy, who.uploadedBy) : eq(uploadLedger.schoolId, who.schoolId);
  const counted = or(eq(uploadLedger.state, 'pending'), gt(uploadLedger.createdAt, since));
  const row = db
    .select({
      bytes: sql<number>`coalesce(sum(${uploadLedger.bytes}), 0)`,
      files: sql<number>`count(*)`,
      oldestDone: min(sql`case when ${uploadLedger.state} = 'done' then ${uploadLedger.createdAt} end`),
    })
    .from(uploadLedger)
    .where(and(whose, counted))
    .get();
  return {
    bytes: Number(row?.bytes ?? 0),
    files: Number(row?.files ?? 0),
    oldestDone: row?.oldestDone as number | null,
  };
}

export function insertEntry(db: Db, row: LedgerRow): void {
  db.insert(uploadLedger).values(row).run();
}

/** A stored upload: its real size, counted from now. */
export function settleEntry(db: Db, id: string, bytes: number, now: number): void {
  db.update(uploadLedger)
    .set({ state: 'done', bytes, tusId: null, createdAt: now })
    .where(eq(uploadLedger.id, id))
    .run();
}

export function deleteEntry(db: Db, id: string): void {
  db.delete(uploadLedger).where(eq(uploadLedger.id, id)).run();
}

export function findByTusId(db: Db, tusId: string): LedgerRow | undefined {
  return db.select().from(uploadLedger).where(eq(uploadLedger.tusId, tusId)).get();
}

export function deleteByTusIds(db: Db, tusIds: string[]): void {
  if (tusIds.length) db.delete(uploadLedger).where(inArray(uploadLedger.tusId, tusIds)).run();
}

/** Pending resumable uploads (to match against the files still on disk at start). */
export function pendingTusIds(db: Db): string[] {
  return db
    .select({ tusId: uploadLedger.tusId })
    .from(uploadLedger)
    .where(eq(uploadLedger.state, 'pending'))
    .all()
    .flatMap((row) => (row.tusId ? [row.tusId] : []));
}

/** At start: multipart uploads a stopped process was receiving never finished. */
export function deletePendingMultipart(db: Db): number {
  return db
    .delete(uploadLedger)
    .where(and(eq(uploadLedger.state, 'pending'), isNull(uploadLedger.tusId)))
    .run().changes;
}

/** Done rows past any window the limits look at. */
export function pruneDone(db: Db, before: number): number {
  return db
    .delete(uploadLedger)
    .where(and(eq(uploadLedger.state, 'done'), lt(uploadLedger.createdAt, before)))
    .run().changes;
}
