import type { AppContext } from '../../context';
import * as repo from './media.repository';
import { nodeId, nodes } from '../cluster/nodes';
import { convertAudio, convertVideo } from './av-tasks';
import { convertOffice, convertPdf, convertPresentation } from './document-tasks';
import { convertImage } from './image-tasks';
import { recordFileOf, recordTool } from './leftover-tools';
import { fetchSource, publishToStore } from './media-store';
import { freshWorkDir, publishWork, removeLeftovers, removeWork, sourcePath, type Attempt } from './media-paths';
import type { MediaTask, TaskInput, TaskResult } from './media-task';
import { toolPaths, ToolError } from './media-tools';

/**
 * The conversion queue (background jobs, persisted, restart-safe). Jobs live in media_jobs; this class only
 * holds what runs now. At most `concurrency` jobs run at once, each in a numbered slot; a failed job is tried again
 * later (backoff) until maxAttempts, then the job and its resource are 'failed' with the tool's message.
 */
export interface QueueOptions {
  concurrency: number;
  /** Delay before the next attempt after the given failed attempt (1-based). */
  retryDelayMs: (attempt: number) => number;
}

/** 10 s, 40 s, 160 s ... at most 10 minutes. */
export const defaultRetryDelay = (attempt: number) => Math.min(10 * 60_000, 10_000 * 4 ** (attempt - 1));

const RUNNERS: Record<MediaTask, (input: TaskInput) => Promise<TaskResult>> = {
  video: convertVideo,
  audio: convertAudio,
  office: convertOffice,
  ppt: convertPresentation,
  pdf: convertPdf,
  image: convertImage,
};

/** A tool's message as an administrator reads it: paths relative to the data folder, no memory addresses. */
export function cleanMessage(message: string, dataDir: string): string {
  return message
    .split(dataDir + '/')
    .join('')
    .replace(/ @ 0x[0-9a-f]+\]/g, ']')
    .trim();
}

type Running = { jobId: string; resourceId: string; slot: number; controller: AbortController; done: Promise<void> };

export class MediaQueue {
  private readonly running = new Map<string, Running>();
  private started = false;
  /** Set once start() has cleared what a stopped process left; no job runs before. */
  private ready = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private pumpScheduled = false;
  /** The most jobs that ever ran at once (for tests and the log). */
  peak = 0;

  constructor(
    private readonly ctx: AppContext,
    readonly options: QueueOptions,
  ) {}

  /**
   * After the app is ready: kills the tools a killed process left running, clears half-done folders, puts jobs of
   * a stopped process back and starts work.
   */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    // Several nodes may share the data folder (PostgreSQL): the jobs live nodes run keep their folders and tools.
    const alive = await nodes(this.ctx).alive();
    const busy = alive ? await repo.jobsRunningOn(this.ctx.db, alive) : new Set<string>();
    const { removed, killed } = await removeLeftovers(this.ctx.config.dataDir, busy);
    if (killed.length) this.ctx.log.warn({ killed }, 'media queue: killed tools a stopped process left running');
    const requeued = await repo.requeueRunningJobs(this.ctx.db, alive);
    if (removed.length || requeued) this.ctx.log.info({ removed, requeued }, 'media queue: resumed after a stop');
    this.ready = true;
    await this.pump();
  }

  /** Looks for due jobs soon (coalesced: many enqueues in one tick make one look). */
  wake(): void {
    if (!this.ready || this.stopped || this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      void this.pump().catch((error) => this.ctx.log.error({ err: error }, 'media queue failed'));
    });
  }

  /** Kills running tools and waits for their jobs to settle; they go back to the queue for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = [...this.running.values()];
    for (const run of all) run.controller.abort();
    await Promise.allSettled(all.map((run) => run.done));
    // A pump under way finishes its statements before the database closes.
    await this.pumping.catch(() => undefined);
  }

  /** Stops the resource's running job, if any, and waits until its process is gone. */
  async cancel(resourceId: string): Promise<boolean> {
    const run = [...this.running.values()].find((entry) => entry.resourceId === resourceId);
    if (!run) return false;
    run.controller.abort(new Error('cancelled'));
    await run.done;
    return true;
  }

  get size(): number {
    return this.running.size;
  }

  /** Pumps one after another: two at once could both see a free slot and claim a job each for it. */
  private pumping: Promise<void> = Promise.resolve();

  private pump(): Promise<void> {
    this.pumping = this.pumping.catch(() => undefined).then(() => this.pumpOnce());
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    if (!this.ready || this.stopped) return;
    while (this.running.size < this.options.concurrency) {
      const job = await repo.claimNextJob(this.ctx.db, this.ctx.now(), nodeId(this.ctx));
      if (!job) break;
      this.launch(job);
    }
    await this.scheduleNext();
  }

  /** A timer for the earliest job waiting on its backoff; unref'd so it never keeps the process (or a test) alive. */
  private async scheduleNext(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running.size >= this.options.concurrency) return;
    const due = await repo.nextDueAt(this.ctx.db);
    if (due === undefined) return;
    this.timer = setTimeout(
      () => void this.pump().catch((error) => this.ctx.log.error({ err: error }, 'media queue failed')),
      Math.max(10, due - this.ctx.now()),
    );
    this.timer.unref();
  }

  private freeSlot(): number {
    const used = new Set([...this.running.values()].map((run) => run.slot));
    let slot = 0;
    while (used.has(slot)) slot += 1;
    return slot;
  }

  private launch(job: repo.MediaJobRow): void {
    const controller = new AbortController();
    const slot = this.freeSlot();
    const entry: Running = { jobId: job.id, resourceId: job.resourceId, slot, controller, done: Promise.resolve() };
    this.running.set(job.id, entry);
    this.peak = Math.max(this.peak, this.running.size);
    entry.done = this.execute(job, slot, controller.signal)
      .catch((err) => this.ctx.log.error({ err, job: job.id }, 'media job crashed'))
      .finally(async () => {
        this.running.delete(job.id);
        await this.pump();
      });
  }

  private async execute(job: repo.MediaJobRow, slot: number, signal: AbortSignal): Promise<void> {
    const { ctx } = this;
    const { dataDir } = ctx.config;
    const began = Date.now();
    const resource = await repo.findResourceForConversion(ctx.db, job.resourceId);
    if (!resource || resource.deleted) {
      await repo.finishJob(ctx.db, job.id, 'failed', 'resource deleted', ctx.now());
      return;
    }
    // A folder of its own for this run: a job put back after a crash never reuses the folder of the run before.
    const attempt: Attempt = { jobId: job.id, run: ctx.ids.next() };
    const log = ctx.log.child({
      job: job.id,
      resource: job.resourceId,
      task: job.task,
      attempt: job.attempts,
      run: attempt.run,
      slot,
    });
    log.info('media job started');
    await repo.setResourceStatus(ctx.db, job.resourceId, 'converting', '', ctx.now());
    try {
      const runner = RUNNERS[job.task as MediaTask];
      if (!runner) throw new ToolError(`unknown task ${job.task}`, 'missing');
      const work = freshWorkDir(dataDir, job.resourceId, attempt);
      const records = recordFileOf(work);
      const track = (pid: number, command: string) => recordTool(records, pid, command);
      // An upload in the object store is read from it, and its outputs go there (media-store.ts).
      const stored = resource.storage === 's3';
      const source = stored ? await fetchSource(ctx, resource, work, signal) : sourcePath(dataDir, resource.key);
      const tools = toolPaths(ctx.config);
      const result = await runner({ source, ext: resource.ext, work, slot, dataDir, tools, signal, track });
      if (signal.aborted) throw new ToolError('cancelled', 'cancelled');
      const removeReplaced = stored ? await publishToStore(ctx, job.resourceId, work, signal) : null;
      if (removeReplaced) removeWork(dataDir, job.resourceId, attempt);
      else publishWork(dataDir, job.resourceId, attempt);
      // Together: no reader sees the resource ready while its job still runs.
      await ctx.db.transaction(async (tx) => {
        await repo.setResourceConverted(tx, job.resourceId, result, ctx.now());
        await repo.finishJob(tx, job.id, 'done', '', ctx.now());
      });
      log.info({ ms: Date.now() - began, outputs: result.outputs }, 'media job done');
      // Once no record names them: what the new outputs replaced (the store has no rename to swap them).
      await removeReplaced?.().catch((err) => log.warn({ err }, 'could not remove replaced outputs from the store'));
    } catch (err) {
      removeWork(dataDir, job.resourceId, attempt);
      await this.settleFailure(job, err, signal, log, Date.now() - began);
    }
  }

  private async settleFailure(
    job: repo.MediaJobRow,
    err: unknown,
    signal: AbortSignal,
    log: AppContext['log'],
    ms: number,
  ): Promise<void> {
    const { ctx } = this;
    const now = ctx.now();
    if (this.stopped) {
      // Our own stop, not the file's fault: the next start runs it again.
      await repo.putBackJob(ctx.db, job.id);
      await repo.setResourceStatus(ctx.db, job.resourceId, 'queued', '', now);
      log.info({ ms }, 'media job interrupted by stop: queued again');
      return;
    }
    if (signal.aborted) {
      await repo.finishJob(ctx.db, job.id, 'failed', 'cancelled', now);
      await repo.setResourceStatus(ctx.db, job.resourceId, 'failed', 'cancelled', now);
      log.info({ ms }, 'media job cancelled');
      return;
    }
    const tool = err instanceof ToolError ? err : null;
    const message = cleanMessage(
      tool ? tool.message : err instanceof Error ? err.message : String(err),
      ctx.config.dataDir,
    );
    if (tool?.kind === 'missing') {
      // The original stays usable as uploaded; retrying will not help until the tool is installed.
      await repo.finishJob(ctx.db, job.id, 'failed', message, now);
      await repo.setResourceStatus(ctx.db, job.resourceId, 'unconverted', message, now);
      log.warn({ ms, reason: message }, 'media job skipped: tool missing');
      return;
    }
    if (job.attempts < job.maxAttempts) {
      const delay = this.options.retryDelayMs(job.attempts);
      await repo.retryJobLater(ctx.db, job.id, now + delay, message, now);
      await repo.setResourceStatus(
        ctx.db,
        job.resourceId,
        'queued',
        `attempt ${job.attempts} of ${job.maxAttempts} failed: ${message}`,
        now,
      );
      log.warn({ ms, reason: message, retryInMs: delay }, 'media job failed: will try again');
      return;
    }
    await repo.finishJob(ctx.db, job.id, 'failed', message, now);
    await repo.setResourceStatus(ctx.db, job.resourceId, 'failed', message, now);
    log.error({ ms, reason: message }, 'media job failed');
  }
}
