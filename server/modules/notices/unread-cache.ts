/**
 * The badges' counts per student, kept in memory (GET notice/unread is asked by every signed-in page). An entry
 * goes when a row it counts changes, whoever writes it (server/db/changes: the student's notices, messages to
 * them, their announcement views and group memberships; any announcement, its groups or the group tree clear
 * all), and when an announcement of the school starts or stops showing (its window's next boundary), so what is
 * answered is what the statement would answer now. Reads inside a transaction are not cached.
 */
import type { UnreadCounts } from '../../../shared/schemas/announcements';
import type { AppContext } from '../../context';
import * as repo from './notices.repository';

/** How long an entry may live without a change (bounds memory, not freshness) and how many students are kept. */
const ENTRY_MS = 10 * 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  schoolId: string;
  counts: UnreadCounts;
  until: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new Map<string, Entry>();
    ctx.changes.on(['notices', 'private_messages', 'announcement_views', 'student_group_members'], (studentId) =>
      created.delete(studentId),
    );
    ctx.changes.on(['announcements', 'announcement_groups', 'student_groups'], () => created.clear());
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/** The student's unread notices, announcements not viewed and unread messages, now. */
export async function unreadCountsOf(ctx: AppContext, schoolId: string, studentId: string): Promise<UnreadCounts> {
  const now = ctx.now();
  if (ctx.changes.inTransaction) return await repo.unreadCounts(ctx.db, schoolId, studentId, now);
  const cache = cacheOf(ctx);
  const hit = cache.get(studentId);
  if (hit && hit.schoolId === schoolId && now < hit.until) return hit.counts;
  const counts = await repo.unreadCounts(ctx.db, schoolId, studentId, now);
  const boundary = await repo.nextAnnouncementBoundary(ctx.db, schoolId, now);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(studentId, { schoolId, counts, until: Math.min(now + ENTRY_MS, boundary ?? Number.POSITIVE_INFINITY) });
  return counts;
}
