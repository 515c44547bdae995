import os from 'node:os';
import type { AppContext } from '../../context';
import * as repo from './media.repository';
import { watermark } from './image-tasks';
import { defaultRetryDelay, MediaQueue, type QueueOptions } from './media-queue';
import { taskOfKind, TOOLS_OF_TASK } from './media-task';
import { isExecutable, toolPaths, type ToolName } from './media-tools';
import { afterCommit } from '../../db/client';
import { onNodeDead } from '../cluster/nodes';

/**
 * Media conversion on the server: what other modules call.
 * Callers authorise first (the resource belongs to the admin's school); these functions take a resource id
 * that is already known to be allowed.
 */

/** Which conversion tools this machine has (probed once per app, cached; retryConversion probes again). */
export type MediaTools = Record<ToolName, boolean> & { sharp: boolean };

export type ConversionStatus = {
  status: 'ready' | 'queued' | 'converting' | 'failed' | 'unconverted';
  statusMessage: string;
  duration: number;
  outputs: Record<string, unknown>;
  job: {
    id: string;
    task: string;
    state: 'queued' | 'running' | 'done' | 'failed';
    attempts: number;
    maxAttempts: number;
    error: string;
    startedAt: number | null;
    finishedAt: number | null;
  } | null;
};

/** Tries before a job is 'failed'. */
export const MAX_ATTEMPTS = 3;

const toolCache = new WeakMap<AppContext, MediaTools>();
const queues = new WeakMap<AppContext, MediaQueue>();
const queueOptions = new WeakMap<AppContext, Partial<QueueOptions>>();

/** Tests: a shorter backoff, another concurrency. Call before the app is ready. */
export function configureMediaQueue(ctx: AppContext, options: Partial<QueueOptions>): void {
  queueOptions.set(ctx, options);
}

function queueOf(ctx: AppContext): MediaQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    const options = queueOptions.get(ctx) ?? {};
    queue = new MediaQueue(ctx, {
      // Conversion concurrency: no more than the cores, unless the administrator says otherwise.
      concurrency: options.concurrency ?? ctx.config.MEDIA_CONCURRENCY ?? Math.max(1, os.cpus().length),
      retryDelayMs: options.retryDelayMs ?? defaultRetryDelay,
    });
    queues.set(ctx, queue);
    // Several nodes (PostgreSQL): a job queued (or queued again) on any node wakes every node's queue, and one
    // of them claims it (the claim is a conditional update: a job runs once). One process wakes its own.
    const woken = queue;
    if (!ctx.sqlite) ctx.changes.on(['media_jobs'], () => woken.wake());
  }
  return queue;
}

/** At app ready: clears what a stopped process left (tools included), resumes its jobs and starts working. */
export async function startMediaQueue(ctx: AppContext): Promise<void> {
  const tools = mediaTools(ctx);
  const missing = (Object.keys(tools) as (keyof MediaTools)[]).filter((name) => !tools[name]);
  if (missing.length)
    ctx.log.warn({ missing }, 'media conversion: some tools are missing; those files stay as uploaded');
  await queueOf(ctx).start();
}

/** At app close: kills running tools; their jobs run again at the next start. */
export async function stopMediaQueue(ctx: AppContext): Promise<void> {
  await queues.get(ctx)?.stop();
}

// The leader queues a dead node's conversions again (cluster/nodes.ts), and wakes its own queue for them.
onNodeDead(async (ctx, alive) => {
  const requeued = await repo.requeueRunningJobs(ctx.db, alive);
  if (requeued === 0) return;
  ctx.log.info({ requeued }, 'media jobs of a node that stopped answering were queued again');
  queues.get(ctx)?.wake();
});

/** The most jobs that ran at once since start (0 before any ran). */
export function mediaQueuePeak(ctx: AppContext): number {
  return queues.get(ctx)?.peak ?? 0;
}

export function mediaTools(ctx: AppContext): MediaTools {
  let tools = toolCache.get(ctx);
  if (!tools) {
    const paths = toolPaths(ctx.config);
    tools = {
      ffmpeg: isExecutable(paths.ffmpeg),
      ffprobe: isExecutable(paths.ffprobe),
      soffice: isExecutable(paths.soffice),
      pdftoppm: isExecutable(paths.pdftoppm),
      pdfinfo: isExecutable(paths.pdfinfo),
      sharp: true,
    };
    toolCache.set(ctx, tools);
  }
  return tools;
}

/**
 * Queues the conversion a resource's kind calls for (video, audio, office, ppt, pdf, image); 'other' is ready at once.
 * Sets the resource 'queued' (or 'unconverted' naming the missing tool), inserts the job and wakes the queue.
 * Does nothing while the resource already has a queued or running job.
 */
export async function enqueueConversion(ctx: AppContext, resourceId: string): Promise<void> {
  const resource = await repo.findResourceForConversion(ctx.db, resourceId);
  if (!resource || resource.deleted) return;
  if (await repo.activeJob(ctx.db, resourceId)) return;
  const now = ctx.now();
  const task = taskOfKind(resource.kind);
  if (!task) {
    await repo.setResourceStatus(ctx.db, resourceId, 'ready', '', now);
    return;
  }
  const tools = mediaTools(ctx);
  const missing = TOOLS_OF_TASK[task].filter((tool) => !tools[tool]);
  if (missing.length) {
    // Without the tool the file stays usable as uploaded and its status says what is missing.
    await repo.setResourceStatus(ctx.db, resourceId, 'unconverted', `${missing.join(', ')} not installed`, now);
    return;
  }
  await repo.insertJob(ctx.db, { id: ctx.ids.next(), resourceId, task, maxAttempts: MAX_ATTEMPTS, createdAt: now });
  await repo.setResourceStatus(ctx.db, resourceId, 'queued', '', now);
  afterCommit(ctx.db, () => queueOf(ctx).wake());
}

/** The resource's status with its latest job, or null when there is no such resource. */
export async function conversionStatus(ctx: AppContext, resourceId: string): Promise<ConversionStatus | null> {
  const resource = await repo.findResourceForConversion(ctx.db, resourceId);
  if (!resource) return null;
  const job = await repo.latestJob(ctx.db, resourceId);
  let outputs: Record<string, unknown> = {};
  try {
    outputs = JSON.parse(resource.outputs) as Record<string, unknown>;
  } catch {
    outputs = {};
  }
  return {
    status: resource.status,
    statusMessage: resource.statusMessage,
    duration: resource.duration,
    outputs,
    job: job
      ? {
          id: job.id,
          task: job.task,
          state: job.state,
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
          error: job.error,
          startedAt: job.startedAt,
          finishedAt: job.finishedAt,
        }
      : null,
  };
}

/** Admin action after a failure (or once a missing tool is installed): probes the tools again and queues anew. */
export async function retryConversion(ctx: AppContext, resourceId: string): Promise<ConversionStatus | null> {
  toolCache.delete(ctx);
  await enqueueConversion(ctx, resourceId);
  return await conversionStatus(ctx, resourceId);
}

/** On resource delete: drops queued jobs and kills a running one; resolves once its process is gone. */
export async function cancelConversion(ctx: AppContext, resourceId: string): Promise<void> {
  if ((await repo.cancelQueuedJobs(ctx.db, resourceId, 'cancelled', ctx.now())) > 0)
    await repo.setResourceStatus(ctx.db, resourceId, 'failed', 'cancelled', ctx.now());
  await queues.get(ctx)?.cancel(resourceId);
}

/** Spec 9 'Image watermark: top-right, offset 50 px, opacity 50': an image (Buffer) or a text mark over the input, same format out. */
export async function watermarkImage(input: Buffer, mark: Buffer | string): Promise<Buffer> {
  return watermark(input, mark);
}
