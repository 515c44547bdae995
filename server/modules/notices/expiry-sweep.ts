/**
 * The daily sweep that tells students of the courses they were given that are about to expire (issue 16
 * 'a course granted or about to expire'). Runs once the app is ready and then every day on the real clock,
 * like the other schedulers (server/backup/scheduler.ts); the dedupe key per grant and threshold makes a run
 * that finds the same holding again write nothing, so a restart or a second run never notifies twice.
 */
import { COURSE_STATUS, courseStatus } from '../../../shared/rules/course-status';
import { expiryThreshold } from '../../../shared/rules/notices';
import type { AppContext } from '../../context';
import { termsOf } from '../access/policy';
import { courseExpiring } from './events';
import { activeCourseGrants } from './expiry.repository';

const DAY_MS = 86_400_000;
const timers = new WeakMap<AppContext, NodeJS.Timeout>();

/** One sweep at ctx.now(): answers how many notices it wrote. */
export function runExpiryNotices(ctx: AppContext): number {
  const at = ctx.now();
  let written = 0;
  const rows = activeCourseGrants(ctx.db);
  ctx.db.transaction((tx) => {
    for (const row of rows) {
      const status = courseStatus(termsOf(row), { bought: true, buyDate: row.createdAt, until: row.expiresAt }, at);
      if (status.status !== COURSE_STATUS.available || status.limitedDate === null) continue;
      const days = expiryThreshold(status.limitedDate - at, DAY_MS);
      if (days === null) continue;
      const who = { schoolId: row.schoolId, studentId: row.studentId };
      const item = { grantId: row.grantId, courseId: row.courseId, title: row.title, days };
      if (courseExpiring({ tx, ctx, at }, who, item)) written += 1;
    }
  });
  return written;
}

function sweep(ctx: AppContext): void {
  try {
    const written = runExpiryNotices(ctx);
    if (written > 0) ctx.log.info({ written }, 'course expiry notices written');
  } catch (error) {
    ctx.log.error({ error: error instanceof Error ? error.message : String(error) }, 'course expiry sweep failed');
  }
}

/** Sweeps now and then once a day. */
export function startExpiryNotices(ctx: AppContext): void {
  if (timers.has(ctx)) return;
  sweep(ctx);
  const timer = setInterval(() => sweep(ctx), DAY_MS);
  timer.unref();
  timers.set(ctx, timer);
}

export function stopExpiryNotices(ctx: AppContext): void {
  const timer = timers.get(ctx);
  if (timer) clearInterval(timer);
  timers.delete(ctx);
}
