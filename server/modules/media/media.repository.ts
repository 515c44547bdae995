import { and, asc, desc, eq, inArray, lte, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, mediaJobs, resources } from '../../db/schema';

export type ResourceRow = typeof resources.$inferSelect;
export type MediaJobRow = typeof mediaJobs.$inferSelect;
export type ResourceStatus = ResourceRow['status'];

/** The only place that touches media_jobs, and the conversion columns of resources. */

/** A resource with the key and extension of its uploaded file. */
export function findResourceForConversion(
  db: Db,
  id: string,
): (ResourceRow & { key: string; ext: string }) | undefined {
  const row = db
    .select({ resource: resources, key: files.key, ext: files.ext })
    .from(resources)
    .innerJoin(files, eq(files.id, resources.fileId))
    .where(eq(resources.id, id))
    .get();
  return row ? { ...row.resource, key: row.key, ext: row.ext } : undefined;
}

export function setResourceStatus(
  db: Db,
  id: string,
  status: ResourceStatus,
  statusMessage: string,
  now: number,
): void {
  db.update(resources).set({ status, statusMessage, updatedAt: now }).where(eq(resources.id, id)).run();
}

/** Marks a conversion's result ready: outputs merged over what was there (a custom poster, subtitles stay). */
export function setResourceConverted(
  db: Db,
  id: string,
  result: { outputs: Record<string, unknown>; duration?: number },
  now: number,
): void {
  const current = db.select({ outputs: resources.outputs }).from(resources).where(eq(resources.id, id)).get();
  if (!current) return;
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(current.outputs) as Record<string, unknown>;
  } catch {
    previous = {};
  }
  db.update(resources)
    .set({
      status: 'ready',
      statusMessage: '',
      outputs: JSON.stringify({ ...previous, ...result.outputs }),
      ...(result.duration !== undefined ? { duration: result.duration } : {}),
      updatedAt: now,
    })
    .where(eq(resources.id, id))
    .run();
}

export function insertJob(
  db: Db,
  job: { id: string; resourceId: string; task: string; maxAttempts: number; createdAt: number },
): void {
  db.insert(mediaJobs)
    .values({ ...job, state: 'queued', attempts: 0, runAfter: 0 })
    .run();
}

export function latestJob(db: Db, resourceId: string): MediaJobRow | undefined {
  return db
    .select()
    .from(mediaJobs)
    .where(eq(mediaJobs.resourceId, resourceId))
    .orderBy(desc(mediaJobs.createdAt), desc(mediaJobs.id))
    .get();
}

/** The resource's queued or running job, if any. */
export function activeJob(db: Db, resourceId: string): MediaJobRow | undefined {
  return db
    .select()
    .from(mediaJobs)
    .where(and(eq(mediaJobs.resourceId, resourceId), inArray(mediaJobs.state, ['queued', 'running'])))
    .get();
}

/** Takes the next due job and marks it running (one more attempt). Synchronous, so no other claim interleaves. */
export function claimNextJob(db: Db, now: number): MediaJobRow | undefined {
  return db.transaction((tx) => {
    const next = tx
      .select()
      .from(mediaJobs)
      .where(and(eq(mediaJobs.state, 'queued'), lte(mediaJobs.runAfter, now)))
      .orderBy(asc(mediaJobs.runAfter), asc(mediaJobs.createdAt), asc(mediaJobs.id))
      .get();
    if (!next) return undefined;
    const claimed = {
      ...next,
      state: 'running' as const,
      attempts: next.attempts + 1,
      startedAt: now,
      finishedAt: null,
    };
    tx.update(mediaJobs)
      .set({ state: 'running', attempts: claimed.attempts, startedAt: now, finishedAt: null })
      .where(eq(mediaJobs.id, next.id))
      .run();
    return claimed;
  });
}

/** When the earliest queued job becomes due, or undefined when none is queued. */
export function nextDueAt(db: Db): number | undefined {
  const row = db
    .select({ at: min(mediaJobs.runAfter) })
    .from(mediaJobs)
    .where(eq(mediaJobs.state, 'queued'))
    .get();
  return row?.at ?? undefined;
}

/** At start: jobs left running by a stopped process go back to the queue (their attempt does not count). */
export function requeueRunningJobs(db: Db): number {
  const running = db.select().from(mediaJobs).where(eq(mediaJobs.state, 'running')).all();
  for (const job of running) {
    db.update(mediaJobs)
      .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), runAfter: 0, startedAt: null })
      .where(eq(mediaJobs.id, job.id))
      .run();
    db.update(resources)
      .set({ status: 'queued' })
      .where(and(eq(resources.id, job.resourceId), eq(resources.status, 'converting')))
      .run();
  }
  return running.length;
}

/** A job interrupted by our own stop goes back to the queue as it was. */
export function putBackJob(db: Db, id: string): void {
  const job = db.select().from(mediaJobs).where(eq(mediaJobs.id, id)).get();
  if (!job) return;
  db.update(mediaJobs)
    .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), startedAt: null })
    .where(eq(mediaJobs.id, id))
    .run();
}

export function finishJob(db: Db, id: string, state: 'done' | 'failed', error: string, now: number): void {
  db.update(mediaJobs).set({ state, error, finishedAt: now }).where(eq(mediaJobs.id, id)).run();
}

export function retryJobLater(db: Db, id: string, runAfter: number, error: string, now: number): void {
  db.update(mediaJobs).set({ state: 'queued', error, runAfter, finishedAt: now }).where(eq(mediaJobs.id, id)).run();
}

/** Fails the resource's queued jobs (running ones are stopped by the queue); returns how many. */
export function cancelQueuedJobs(db: Db, resourceId: string, reason: string, now: number): number {
  return db
    .update(mediaJobs)
    .set({ state: 'failed', error: reason, finishedAt: now })
    .where(and(eq(mediaJobs.resourceId, resourceId), eq(mediaJobs.state, 'queued')))
    .run().changes;
}
