/**
 * Scheduled directory syncs (the directory settings' cron expression, off by default): every
 * LDAP_SCHEDULE_TICK_MS the server looks for schools whose schedule came due since their last scheduled run
 * (or since the settings were saved) and runs a real sync with trigger 'schedule'. It never confirms: a run
 * held by the disable cap waits for an administrator.
 */
import { CronExpressionParser } from 'cron-parser';
import { zLdapConfig } from '../../../shared/schemas/ldap';
import type { AppContext } from '../../context';
import { isRunning, runSync } from './ldap-sync.service';
import * as repo from './ldap.repository';
import { leads, nodes, onNodeDead } from '../cluster/nodes';

interface Scheduler {
  timer: NodeJS.Timeout;
  pending: Set<Promise<unknown>>;
}

const schedulers = new WeakMap<AppContext, Scheduler>();

/** The last time the expression came due at or before `now`, or null when it does not parse. */
export function lastDue(expression: string, now: number): number | null {
  try {
    return CronExpressionParser.parse(expression, { currentDate: new Date(now) })
      .prev()
      .getTime();
  } catch {
    return null;
  }
}

async function tick(ctx: AppContext, scheduler: Scheduler): Promise<void> {
  // Several nodes: the leader runs the schedule (a manual sync may run on any node, one per school at a time).
  if (!leads(ctx)) return;
  const now = ctx.now();
  for (const row of await repo.allSettings(ctx.db)) {
    const config = zLdapConfig.safeParse(JSON.parse(row.config));
    if (!config.success || !config.data.enabled || !config.data.schedule.trim()) continue;
    const due = lastDue(config.data.schedule.trim(), now);
    const since = (await repo.lastScheduledRun(ctx.db, row.schoolId))?.startedAt ?? row.updatedAt;
    if (due === null || due <= since || isRunning(ctx, row.schoolId)) continue;
    const job = runSync(ctx, row.schoolId, { dryRun: false, confirm: false, trigger: 'schedule' })
      .catch((error) => ctx.log.warn({ schoolId: row.schoolId, error: String(error) }, 'scheduled ldap sync not run'))
      .finally(() => scheduler.pending.delete(job));
    scheduler.pending.add(job);
  }
}

/** Starts looking for due syncs; runs left 'running' by a stopped server are marked failed first. */
export async function startLdapScheduler(ctx: AppContext): Promise<void> {
  if (schedulers.has(ctx)) return;
  await repo.failStaleRuns(ctx.db, ctx.now(), await nodes(ctx).alive());
  const scheduler: Scheduler = {
    pending: new Set(),
    timer: setInterval(
      () => void tick(ctx, scheduler).catch((error) => ctx.log.error({ err: error }, 'LDAP schedule tick failed')),
      ctx.config.LDAP_SCHEDULE_TICK_MS,
    ),
  };
  scheduler.timer.unref();
  schedulers.set(ctx, scheduler);
}

// The leader marks a dead node's sync failed (cluster/nodes.ts): the school may sync again.
onNodeDead((ctx, alive) => repo.failStaleRuns(ctx.db, ctx.now(), alive));

/** Stops the timer and waits for syncs under way (before the database closes). */
export async function stopLdapScheduler(ctx: AppContext): Promise<void> {
  const scheduler = schedulers.get(ctx);
  if (!scheduler) return;
  clearInterval(scheduler.timer);
  schedulers.delete(ctx);
  await Promise.allSettled([...scheduler.pending]);
}
