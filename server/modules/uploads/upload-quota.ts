import type { Db } from '../../db/client';
import { UPLOAD_ERRORS } from '../../../shared/schemas/uploads';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import * as ledger from './upload-ledger.repository';
import { nodes, onNodeDead } from '../cluster/nodes';

/**
 * Daily upload limits per person and per school (config UPLOAD_STUDENT_DAILY_*, UPLOAD_STAFF_DAILY_*,
 * UPLOAD_SCHOOL_DAILY_*; 0 = none), so that one account, or one school of a shared server, cannot fill the disk.
 * "Daily" is the last 24 hours. An upload is counted from the moment it begins, at the size it announces
 * (Content-Length, Upload-Length), so unfinished resumable uploads count too; once stored it counts its real
 * size. Over a limit: 429 'upload limit reached' before a byte is written, with Retry-After.
 */

export const UPLOAD_WINDOW_MS = 24 * 3600 * 1000;

type Scope = 'person' | 'school';
interface Limits {
  bytes: number;
  files: number;
}

/** Whose upload it is: the school and 'admin:{id}' or 'student:{id}'. */
export interface QuotaOwner {
  schoolId: string;
  uploadedBy: string;
}

/** A counted upload under way: its ledger row and how many bytes it may still grow to. */
export interface Reservation {
  id: string;
  allowance: number;
  /** The error for going past the allowance while receiving. */
  overflow: () => AppError;
}

const isStudent = (owner: QuotaOwner) => owner.uploadedBy.startsWith('student:');

function limitsOf(config: Config, scope: Scope, owner: QuotaOwner): Limits {
  if (scope === 'school') return { bytes: config.UPLOAD_SCHOOL_DAILY_BYTES, files: config.UPLOAD_SCHOOL_DAILY_FILES };
  if (isStudent(owner)) return { bytes: config.UPLOAD_STUDENT_DAILY_BYTES, files: config.UPLOAD_STUDENT_DAILY_FILES };
  return { bytes: config.UPLOAD_STAFF_DAILY_BYTES, files: config.UPLOAD_STAFF_DAILY_FILES };
}

function overLimit(scope: Scope, unit: 'bytes' | 'files', limit: number, used: number, retryAfter: number): AppError {
  return new AppError(
    429,
    UPLOAD_ERRORS.limit,
    { scope, unit, limit, used, retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}

/** Seconds until the oldest stored upload in the window stops counting (an hour when only pending ones count). */
const retryAfterOf = (oldestDone: number | null, now: number) =>
  oldestDone === null ? 3600 : Math.max(1, Math.ceil((oldestDone + UPLOAD_WINDOW_MS - now) / 1000));

/**
 * Checks and records an upload about to begin, in one transaction (two at once cannot both take the last room):
 * 429 when one more file, or `bytes` more, would pass a limit of the person or the school; else a pending row.
 */
export async function reserveUpload(
  ctx: AppContext,
  owner: QuotaOwner,
  bytes: number,
  tusId: string | null = null,
): Promise<Reservation> {
  return await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    let allowance = Number.POSITIVE_INFINITY;
    let overflow = () => overLimit('person', 'bytes', 0, 0, 3600);
    for (const scope of ['person', 'school'] as const) {
      const limits = limitsOf(ctx.config, scope, owner);
      if (!limits.bytes && !limits.files) continue;
      const who = scope === 'person' ? { uploadedBy: owner.uploadedBy } : { schoolId: owner.schoolId };
      const used = await ledger.usage(tx, who, now - UPLOAD_WINDOW_MS);
      const retryAfter = retryAfterOf(used.oldestDone, now);
      if (limits.files && used.files + 1 > limits.files)
        throw overLimit(scope, 'files', limits.files, used.files, retryAfter);
      if (!limits.bytes) continue;
      if (used.bytes + bytes > limits.bytes) throw overLimit(scope, 'bytes', limits.bytes, used.bytes, retryAfter);
      if (limits.bytes - used.bytes < allowance) {
        allowance = limits.bytes - used.bytes;
        overflow = () => overLimit(scope, 'bytes', limits.bytes, used.bytes, retryAfter);
      }
    }
    const id = ctx.ids.next();
    await ledger.insertEntry(tx, {
      id,
      schoolId: owner.schoolId,
      uploadedBy: owner.uploadedBy,
      bytes,
      state: 'pending',
      tusId,
      // A multipart upload lives in this node's request; a resumable one may be continued on any node.
      node: tusId ? null : ctx.node,
      createdAt: now,
    });
    return { id, allowance, overflow };
  });
}

/** The upload was stored: it counts its real size from now. Runs inside the caller's transaction when given one. */
export async function settleUpload(ctx: AppContext, id: string, bytes: number, tx: Db = ctx.db): Promise<void> {
  await ledger.settleEntry(tx, id, bytes, ctx.now());
}

/** The upload failed or was cancelled: it does not count. */
export async function releaseUpload(ctx: AppContext, id: string): Promise<void> {
  await ledger.deleteEntry(ctx.db, id);
}

/** The counted row of a resumable upload, if it has one. */
export async function tusReservation(ctx: AppContext, tusId: string): Promise<string | undefined> {
  return (await ledger.findByTusId(ctx.db, tusId))?.id;
}

/** Resumable uploads removed (terminated, abandoned) no longer count. */
export async function releaseTusUploads(ctx: AppContext, tusIds: string[]): Promise<void> {
  await ledger.deleteByTusIds(ctx.db, tusIds);
}

/**
 * Housekeeping at start and daily: rows of multipart uploads that stopped nodes never finished (at start; a
 * node that dies meanwhile is the leader's to release, below), rows of resumable uploads whose files are gone
 * (`exists` says), and stored rows past any window.
 */
export async function tidyLedger(
  ctx: AppContext,
  tusExists: (tusId: string) => boolean,
  atStart: boolean,
): Promise<void> {
  if (atStart) {
    // This node among the live ones even before its first beat: its own uploads are under way.
    const alive = await nodes(ctx).alive();
    await ledger.deletePendingMultipart(ctx.db, alive && [...alive, ctx.node]);
  }
  await releaseTusUploads(
    ctx,
    (await ledger.pendingTusIds(ctx.db)).filter((tusId) => !tusExists(tusId)),
  );
  await ledger.pruneDone(ctx.db, ctx.now() - 2 * UPLOAD_WINDOW_MS);
}

// A node killed while receiving multipart uploads never releases them: the leader does once the node is dead.
onNodeDead((ctx, alive) => ledger.deletePendingMultipart(ctx.db, alive));
