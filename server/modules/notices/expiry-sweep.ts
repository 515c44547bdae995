/**
 * The daily sweep that tells students of the courses they were given that are about to expire (issue 16
 * 'a course granted or about to expire'). Runs once the app is ready and then every day on the real clock,
 * like the other schedulers (server/backup/scheduler.ts); the dedupe key per grant and threshold makes a run
 * that finds the same holding again write nothing, so a restart or a second run never notifies twice.
 */
import { COURSE_STATUS } from '../../../shared/rules/course-status';
import { expiryThreshold } from '../../../shared/rules/notices';
import type { AppContext } from '../../context';
import { statusOf } from '../access/policy';
import { cachedHead } from '../courses/course-visibility';
import { courseExpiring, memberExpiring } from './events';
import { leads } from '../cluster/nodes';
import { grantedPairs, runningMemberships } from './expiry.repository';

const DAY_MS = 86_400_000;
const timers = new WeakMap<AppContext, NodeJS.Timeout>();

/**
 * One sweep at ctx.now(): answers how many notices it wrote. Every (student, course) a grant gives (to them or
 * to their group) is asked of the access policy (statusOf: the best of all their ways, so a course a membership
 * or a longer grant still holds is not said to expire); the notice's dedupe key is the course, the end and the
 * threshold, so a renewal that moves the end may tell again. A membership is told of by its plan's latest end.
 */
export async function runExpiryNotices(ctx: AppContext): Promise<number> {
  const at = ctx.now();
  let written = 0;
  const pairs = await grantedPairs(ctx.db);
  await ctx.db.transaction(async (tx) => {
    for (const pair of pairs) {
      const head = await cachedHead(ctx, pair.courseId);
      if (!head) continue;
      const auth = { role: 'student' as const, schoolId: pair.schoolId, userId: pair.studentId, tokenHash: '' };
      const status = await statusOf(ctx, auth, head);
      if (status.status !== COURSE_STATUS.available || status.limitedDate === null) continue;
      const days = expiryThreshold(status.limitedDate - at, DAY_MS);
      if (days === null) continue;
      const who = { schoolId: pair.schoolId, studentId: pair.studentId };
      const item = { courseId: pair.courseId, until: status.limitedDate, title: pair.title, days };
      if (await courseExpiring({ tx, ctx, at }, who, item)) written += 1;
    }
    for (const row of await runningMemberships(tx, at)) {
      const days = expiryThreshold(row.until - at, DAY_MS);
      if (days === null) continue;
      const plan = { id: row.planId, title: row.title, until: row.until, days };
      if (await memberExpiring({ tx, ctx, at }, { schoolId: row.schoolId, studentId: row.studentId }, plan))
        written += 1;
    }
  });
  return written;
}

async function sweep(ctx: AppContext): Promise<void> {
  // Several nodes: the leader sweeps (cluster/nodes.ts).
  if (!leads(ctx)) return;
  try {
    const written = await runExpiryNotices(ctx);
    if (written > 0) ctx.log.info({ written }, 'course expiry notices written');
  } catch (error) {
    ctx.log.error({ error: error instanceof Error ? error.message : String(error) }, 'course expiry sweep failed');
  }
}

/** Sweeps now and then once a day. */
export async function startExpiryNotices(ctx: AppContext): Promise<void> {
  if (timers.has(ctx)) return;
  await sweep(ctx);
  const timer = setInterval(() => void sweep(ctx), DAY_MS);
  timer.unref();
  timers.set(ctx, timer);
}

export function stopExpiryNotices(ctx: AppContext): void {
  const timer = timers.get(ctx);
  if (timer) clearInterval(timer);
  timers.delete(ctx);
}
