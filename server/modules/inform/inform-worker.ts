/**
 * The delivery worker of notices by e-mail and SMS, in the app process: started when the app is ready, stopped
 * (deliveries under way finished, transports closed) before the database closes. It takes due rows of
 * inform_queue, marks them 'sending', sends them INFORM_CONCURRENCY at a time, then marks each 'sent', or
 * 'queued' again with an exponential backoff and the error, or 'failed' after the last attempt (at once for a
 * refused recipient). Rows left 'sending' by a server that stopped go back to the queue at start (a message may
 * then go out twice, never zero times).
 *
 * It sleeps between deliveries: informStudents wakes it with an event after queuing (inside the caller's
 * transaction, so the wake runs once that has committed), and a timer wakes it when the next retry is due.
 */
import { EventEmitter } from 'node:events';
import type { Transporter } from 'nodemailer';
import { DAY_MS } from '../../../shared/rules/course-status';
import { backoffMs, givesUp } from '../../../shared/rules/inform';
import type { AppContext } from '../../context';
import { INFORM_ERRORS } from '../../../shared/schemas/inform';
import { loadSettings, type LoadedSettings } from './inform-settings.service';
import * as repo from './inform.repository';
import { leads, nodeId, nodes, onNodeDead } from '../cluster/nodes';
import { createTransport, SendError, sendEmail, sendSms } from './transport';

/** Rows taken from the queue at a time. */
const BATCH = 100;
/** setTimeout's largest delay. */
const MAX_DELAY = 2 ** 31 - 1;

/** 'queued' is emitted after rows were queued (the workers of every app in the process look for due rows). */
export const informEvents = new EventEmitter();
informEvents.setMaxListeners(0);

interface Worker {
  stopped: boolean;
  /** The pass under way, if any; a wake during it asks for another pass. */
  pass: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  /** One pooled transport per school, for the settings version it was made for. */
  transports: Map<string, { version: number; transport: Transporter }>;
  onQueued: () => void;
  /** The daily purge of the delivery log's old rows (INFORM_KEEP_DAYS). */
  purgeTimer: NodeJS.Timeout;
}

const workers = new WeakMap<AppContext, Worker>();

/** Tells the running workers that rows were queued (they look once the current synchronous work is done). */
export function wakeWorkers(): void {
  informEvents.emit('queued');
}

function transportFor(ctx: AppContext, worker: Worker, schoolId: string, settings: LoadedSettings): Transporter {
  const held = worker.transports.get(schoolId);
  if (held && held.version === settings.updatedAt) return held.transport;
  held?.transport.close();
  const transport = createTransport(settings.smtp, ctx.config.INFORM_TIMEOUT_MS, true);
  // A pooled connection failing between messages must not take the process down; the next send reports it.
  transport.on('error', (error) => ctx.log.warn({ schoolId, error: String(error) }, 'inform smtp transport error'));
  worker.transports.set(schoolId, { version: settings.updatedAt, transport });
  return transport;
}

async function send(
  ctx: AppContext,
  worker: Worker,
  row: repo.QueueRow,
  settings: LoadedSettings | undefined,
  schoolName: string,
): Promise<void> {
  if (row.channel === 'email') {
    if (!settings?.smtp.host || !settings.smtp.from) throw new SendError(INFORM_ERRORS.notConfigured, false);
    const transport = transportFor(ctx, worker, row.schoolId, settings);
    await sendEmail(transport, settings.smtp, schoolName, { to: row.recipient, subject: row.subject, text: row.body });
    return;
  }
  if (!settings?.config.sms.url) throw new SendError(INFORM_ERRORS.smsNotConfigured, false);
  await sendSms(settings.config.sms, { phone: row.recipient, text: row.body }, ctx.config.INFORM_TIMEOUT_MS);
}

async function deliver(
  ctx: AppContext,
  worker: Worker,
  row: repo.QueueRow,
  school: (id: string) => Promise<{ settings: LoadedSettings | undefined; name: string }>,
): Promise<void> {
  const attempts = row.attempts + 1;
  const { settings, name } = await school(row.schoolId);
  try {
    await send(ctx, worker, row, settings, name);
    await repo.finish(ctx.db, row.id, {
      status: 'sent',
      attempts,
      lastError: row.lastError,
      nextAt: row.nextAt,
      sentAt: ctx.now(),
    });
  } catch (error) {
    const failure =
      error instanceof SendError ? error : new SendError(String((error as Error)?.message ?? error), false);
    const done = givesUp(attempts, ctx.config.INFORM_MAX_ATTEMPTS, failure.permanent);
    await repo.finish(ctx.db, row.id, {
      status: done ? 'failed' : 'queued',
      attempts,
      lastError: failure.message,
      nextAt: done ? row.nextAt : ctx.now() + backoffMs(attempts, ctx.config.INFORM_BACKOFF_MS),
    });
  }
}

/** Sends every due row, INFORM_CONCURRENCY at a time, batch after batch, then sets the timer for the next retry. */
async function runPass(ctx: AppContext, worker: Worker): Promise<void> {
  do {
    worker.again = false;
    for (;;) {
      if (worker.stopped) return;
      const rows = await repo.claimDue(ctx.db, ctx.now(), BATCH, nodeId(ctx));
      if (rows.length === 0) break;
      // One read of a school's settings per batch.
      const schools = new Map<string, { settings: LoadedSettings | undefined; name: string }>();
      const school = async (id: string) => {
        let found = schools.get(id);
        if (!found) {
          found = { settings: await loadSettings(ctx, id), name: await repo.schoolName(ctx.db, id) };
          schools.set(id, found);
        }
        return found;
      };
      let next = 0;
      const lane = async () => {
        while (next < rows.length && !worker.stopped) await deliver(ctx, worker, rows[next++], school);
      };
      await Promise.all(Array.from({ length: Math.min(ctx.config.INFORM_CONCURRENCY, rows.length) }, lane));
      // Stopping: the rows taken but not started go back to the queue at once (not at the next start).
      if (next < rows.length)
        await repo.requeue(
          ctx.db,
          rows.slice(next).map((row) => row.id),
        );
    }
  } while (worker.again && !worker.stopped);
  if (worker.stopped) return;
  const due = await repo.nextDue(ctx.db);
  if (due === null) return;
  if (worker.timer) clearTimeout(worker.timer);
  worker.timer = setTimeout(() => kick(ctx, worker), Math.min(MAX_DELAY, Math.max(0, due - ctx.now())));
  worker.timer.unref();
}

function kick(ctx: AppContext, worker: Worker): void {
  if (worker.stopped) return;
  if (worker.pass) {
    worker.again = true;
    return;
  }
  worker.pass = runPass(ctx, worker)
    .catch((error) => ctx.log.error({ error: String(error) }, 'inform worker pass failed'))
    .finally(() => {
      worker.pass = null;
      if (worker.again && !worker.stopped) kick(ctx, worker);
    });
}

/** Starts the worker: rows left 'sending' go back to the queue, then every due row is sent. */
export async function startInformWorker(ctx: AppContext): Promise<void> {
  if (workers.has(ctx)) return;
  const requeued = await repo.requeueSending(ctx.db, ctx.now(), await nodes(ctx).alive());
  if (requeued > 0) ctx.log.info({ requeued }, 'inform deliveries left sending were queued again');
  const purge = async () => {
    if (!leads(ctx)) return;
    const purged = await repo.purgeFinished(ctx.db, ctx.now() - ctx.config.INFORM_KEEP_DAYS * DAY_MS);
    if (purged > 0) ctx.log.info({ purged }, 'inform delivery log: old rows purged');
  };
  await purge();
  const purgeTimer = setInterval(
    () => void purge().catch((error) => ctx.log.error({ err: error }, 'purging the inform log failed')),
    DAY_MS,
  );
  purgeTimer.unref();
  const worker: Worker = {
    stopped: false,
    pass: null,
    again: false,
    timer: null,
    transports: new Map(),
    purgeTimer,
    // After the emitter's caller (a transaction) has finished.
    onQueued: () => setImmediate(() => kick(ctx, worker)),
  };
  informEvents.on('queued', worker.onQueued);
  workers.set(ctx, worker);
  kick(ctx, worker);
}

/** Stops the worker: no new deliveries, the ones under way finish, transports close. */
export async function stopInformWorker(ctx: AppContext): Promise<void> {
  const worker = workers.get(ctx);
  if (!worker) return;
  worker.stopped = true;
  workers.delete(ctx);
  informEvents.off('queued', worker.onQueued);
  if (worker.timer) clearTimeout(worker.timer);
  clearInterval(worker.purgeTimer);
  await worker.pass;
  for (const { transport } of worker.transports.values()) transport.close();
}

// The leader queues a dead node's deliveries again (cluster/nodes.ts), and wakes its own worker for them.
onNodeDead(async (ctx, alive) => {
  const requeued = await repo.requeueSending(ctx.db, ctx.now(), alive);
  if (requeued === 0) return;
  ctx.log.info({ requeued }, 'inform deliveries of a node that stopped answering were queued again');
  wakeWorker(ctx);
});

/** Wakes this app's worker (after a retry from the back office). */
export function wakeWorker(ctx: AppContext): void {
  const worker = workers.get(ctx);
  if (worker) kick(ctx, worker);
}
