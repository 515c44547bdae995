import { and, asc, desc, eq, inArray, lte, min } from 'drizzle-orm';
import { type Db, affected, first } from '../../db/client';
import { files, mediaJobs, resources } from '../../db/schema';
import { ofDeadNodes } from '../cluster/nodes';

export type ResourceRow = typeof resources.$inferSelect;
export type MediaJobRow = typeof mediaJobs.$inferSelect;
export type ResourceStatus = ResourceRow['status'];

/** The only place that touches media_jobs, and the conversion columns of resources. */

/** What conversion needs of a resource's uploaded file: where it is, its extension and size. */
export type SourceFile = { key: string; ext: string; size: number; storage: 'local' | 's3' };

/** A resource with its uploaded file's key, extension, size and storage. */
export async function findResourceForConversion(db: Db, id: string): Promise<(ResourceRow & SourceFile) | undefined> {
  const row = first(
    await db
      .select({ resource: resources, key: files.key, ext: files.ext, size: files.size, storage: files.storage })
      .from(resources)
      .innerJoin(files, eq(files.id, resources.fileId))
      .where(eq(resources.id, id)),
  );
  return row ? { ...row.resource, key: row.key, ext: row.ext, size: row.size, storage: row.storage } : undefined;
}

export async function setResourceStatus(
  db: Db,
  id: string,
  status: ResourceStatus,
  statusMessage: string,
  now: number,
): Promise<void> {
  await db.update(resources).set({ status, statusMessage, updatedAt: now }).where(eq(resources.id, id));
}

/** Marks a conversion's result ready: outputs merged over what was there (a custom poster, subtitles stay). */
export async function setResourceConverted(
  db: Db,
  id: string,
  result: { outputs: Record<string, unknown>; duration?: number },
  now: number,
): Promise<void> {
  const current = first(await db.select({ outputs: resources.outputs }).from(resources).where(eq(resources.id, id)));
  if (!current) return;
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(current.outputs) as Record<string, unknown>;
  } catch {
    previous = {};
  }
  await db
    .update(resources)
    .set({
      status: 'ready',
      statusMessage: '',
      outputs: JSON.stringify({ ...previous, ...result.outputs }),
      ...(result.duration !== undefined ? { duration: result.duration } : {}),
      updatedAt: now,
    })
    .where(eq(resources.id, id));
}

export async function insertJob(
  db: Db,
  job: { id: string; resourceId: string; task: string; maxAttempts: number; createdAt: number },
): Promise<void> {
  await db.insert(mediaJobs).values({ ...job, state: 'queued', attempts: 0, runAfter: 0 });
}

export async function latestJob(db: Db, resourceId: string): Promise<MediaJobRow | undefined> {
  return first(
    await db
      .select()
      .from(mediaJobs)
      .where(eq(mediaJobs.resourceId, resourceId))
      .orderBy(desc(mediaJobs.createdAt), desc(mediaJobs.id)),
  );
}

/** The resource's queued or running job, if any. */
export async function activeJob(db: Db, resourceId: string): Promise<MediaJobRow | undefined> {
  return first(
    await db
      .select()
      .from(mediaJobs)
      .where(and(eq(mediaJobs.resourceId, resourceId), inArray(mediaJobs.state, ['queued', 'running']))),
  );
}

/**
 * Takes the next due job and marks it running (one more attempt). The mark holds only while the job is still
 * queued: of two claims at once (two nodes polling one PostgreSQL), one takes it and the other the next one.
 */
export async function claimNextJob(db: Db, now: number, node: string): Promise<MediaJobRow | undefined> {
  for (;;) {
    const next = first(
      await db
        .select()
        .from(mediaJobs)
        .where(and(eq(mediaJobs.state, 'queued'), lte(mediaJobs.runAfter, now)))
        .orderBy(asc(mediaJobs.runAfter), asc(mediaJobs.createdAt), asc(mediaJobs.id))
        .limit(1),
    );
    if (!next) return undefined;
    const claimed = {
      ...next,
      state: 'running' as const,
      attempts: next.attempts + 1,
      startedAt: now,
      finishedAt: null,
      node,
    };
    const taken = await db
      .update(mediaJobs)
      .set({ state: 'running', attempts: claimed.attempts, startedAt: now, finishedAt: null, node })
      .where(and(eq(mediaJobs.id, next.id), eq(mediaJobs.state, 'queued')));
    if (affected(taken) === 1) return claimed;
  }
}

/** When the earliest queued job becomes due, or undefined when none is queued. */
export async function nextDueAt(db: Db): Promise<number | undefined> {
  const row = first(
    await db
      .select({ at: min(mediaJobs.runAfter) })
      .from(mediaJobs)
      .where(eq(mediaJobs.state, 'queued')),
  );
  return row?.at ?? undefined;
}

/**
 * Jobs left running by a stopped process (at start) or a dead node (cluster/nodes.ts; alive: the nodes whose
 * jobs stay theirs) go back to the queue; their attempt does not count.
 */
export async function requeueRunningJobs(db: Db, alive: readonly string[] | null): Promise<number> {
  const running = await db
    .select()
    .from(mediaJobs)
    .where(and(eq(mediaJobs.state, 'running'), ofDeadNodes(mediaJobs.node, alive)));
  for (const job of running) {
    await db
      .update(mediaJobs)
      .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), runAfter: 0, startedAt: null, node: null })
      .where(and(eq(mediaJobs.id, job.id), eq(mediaJobs.state, 'running')));
    await db
      .update(resources)
      .set({ status: 'queued' })
      .where(and(eq(resources.id, job.resourceId), eq(resources.status, 'converting')));
  }
  return running.length;
}

/** The jobs running on these nodes (cluster/nodes.ts: the live ones). */
export async function jobsRunningOn(db: Db, nodes: readonly string[]): Promise<Set<string>> {
  if (nodes.length === 0) return new Set();
  const rows = await db
    .select({ id: mediaJobs.id })
    .from(mediaJobs)
    .where(and(eq(mediaJobs.state, 'running'), inArray(mediaJobs.node, [...nodes])));
  return new Set(rows.map((row) => row.id));
}

/** A job interrupted by our own stop goes back to the queue as it was. */
export async function putBackJob(db: Db, id: string): Promise<void> {
  const job = first(await db.select().from(mediaJobs).where(eq(mediaJobs.id, id)));
  if (!job) return;
  await db
    .update(mediaJobs)
    .set({ state: 'queued', attempts: Math.max(0, job.attempts - 1), startedAt: null })
    .where(eq(mediaJobs.id, id));
}

export async function finishJob(
  db: Db,
  id: string,
  state: 'done' | 'failed',
  error: string,
  now: number,
): Promise<void> {
  await db.update(mediaJobs).set({ state, error, finishedAt: now }).where(eq(mediaJobs.id, id));
}

export async function retryJobLater(db: Db, id: string, runAfter: number, error: string, now: number): Promise<void> {
  await db.update(mediaJobs).set({ state: 'queued', error, runAfter, finishedAt: now }).where(eq(mediaJobs.id, id));
}

/** Fails the resource's queued jobs (running ones are stopped by the queue); returns how many. */
export async function cancelQueuedJobs(db: Db, resourceId: string, reason: string, now: number): Promise<number> {
  return affected(
    await db
      .update(mediaJobs)
      .set({ state: 'failed', error: reason, finishedAt: now })
      .where(and(eq(mediaJobs.resourceId, resourceId), eq(mediaJobs.state, 'queued'))),
  );
}
