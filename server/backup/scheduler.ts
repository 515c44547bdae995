import { CronExpressionParser } from 'cron-parser';
import path from 'node:path';
import type { AppContext } from '../context';
import { createBackup, type BackupResult } from './backup';

/**
 * Scheduled backups (BACKUP_SCHEDULE, a cron expression in the server's time zone; off when empty). One timer
 * waits for the next due time; after a run ends the next one is counted from then, so a run that outlasts a due
 * time skips it instead of overlapping. Backups use the server's own connection (./backup). Timers and archive
 * names follow the real clock, not ctx.now: a test's fixed clock must not make two archives of the same name.
 */

interface Scheduler {
  timer: NodeJS.Timeout | null;
  stopped: boolean;
}

const schedulers = new WeakMap<AppContext, Scheduler>();
const running = new WeakMap<AppContext, Promise<BackupResult>>();
/** setTimeout's longest wait; a due time further away is waited for in several steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The first time the expression comes due after `now`. */
export function nextDue(expression: string, now: number): number {
  return CronExpressionParser.parse(expression, { currentDate: new Date(now) })
    .next()
    .getTime();
}

/** A backup of the running server; a call while one runs gets that run, so two never overlap. */
export function runBackupNow(ctx: AppContext): Promise<BackupResult> {
  const current = running.get(ctx);
  if (current) return current;
  const run = createBackup({ config: ctx.config, version: ctx.version, sqlite: ctx.sqlite ?? undefined }).finally(() =>
    running.delete(ctx),
  );
  running.set(ctx, run);
  return run;
}

function arm(ctx: AppContext, scheduler: Scheduler, expression: string): void {
  if (scheduler.stopped) return;
  const due = nextDue(expression, Date.now());
  scheduler.timer = setTimeout(
    () => {
      if (Date.now() < due) {
        arm(ctx, scheduler, expression);
        return;
      }
      runBackupNow(ctx)
        .then(
          (result) =>
            ctx.log.info(
              {
                archive: path.basename(result.file),
                bytes: result.bytes,
                entries: result.manifest.entries.length,
                removed: result.removed,
              },
              'scheduled backup written',
            ),
          (error: unknown) =>
            ctx.log.error({ error: error instanceof Error ? error.message : String(error) }, 'scheduled backup failed'),
        )
        .finally(() => arm(ctx, scheduler, expression));
    },
    Math.min(Math.max(due - Date.now(), 0), MAX_DELAY_MS),
  );
  scheduler.timer.unref();
}

/** Starts the schedule when BACKUP_SCHEDULE is set (a database in memory has nothing to back up). */
export function startBackupScheduler(ctx: AppContext): void {
  const expression = ctx.config.BACKUP_SCHEDULE;
  if (!expression || schedulers.has(ctx)) return;
  if (ctx.config.databaseFile === ':memory:') {
    ctx.log.warn('BACKUP_SCHEDULE is set but the database is in memory: no scheduled backups');
    return;
  }
  if (!ctx.sqlite) {
    ctx.log.warn('BACKUP_SCHEDULE is set but the database is PostgreSQL: back it up with pg_dump (README)');
    return;
  }
  const scheduler: Scheduler = { timer: null, stopped: false };
  schedulers.set(ctx, scheduler);
  arm(ctx, scheduler, expression);
}

/** Stops the schedule and waits for a backup under way (before the database closes). */
export async function stopBackupScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  if (scheduler) {
    scheduler.stopped = true;
    if (scheduler.timer) clearTimeout(scheduler.timer);
    schedulers.delete(ctx);
  }
  await running.get(ctx)?.catch(() => undefined);
}
