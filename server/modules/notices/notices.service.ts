/**
 * The systemnotice page's reads and marks, and the badges' counts (issue 16 'System notices'). A student reads
 * and marks only their own notices; notices are written by notify() inside the events' transactions.
 */
import type { Notice, UnreadCounts } from '../../../shared/schemas/announcements';
import type { AppContext } from '../../context';
import * as repo from './notices.repository';
import { unreadCountsOf } from './unread-cache';

export interface StudentCaller {
  userId: string;
  schoolId: string;
}

/** The params as stored (JSON); anything but plain strings and numbers is left out. */
function paramsOf(text: string): Notice['params'] {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(([, v]) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))),
    ) as Notice['params'];
  } catch {
    return {};
  }
}

/** GET notice/list. */
export async function myNotices(ctx: AppContext, student: StudentCaller, query: { page: number; num: number }) {
  const { rows, total } = await repo.studentNotices(ctx.db, student.userId, {
    offset: (query.page - 1) * query.num,
    limit: query.num,
  });
  const list: Notice[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    params: paramsOf(row.params),
    link: row.link,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  }));
  return { list, total, unread: (await unreadCounts(ctx, student)).notices };
}

/** POST notice/read: 0 when it was read already or is not the student's. */
export const readNotice = async (ctx: AppContext, student: StudentCaller, id: string) => ({
  read: await repo.markRead(ctx.db, student.userId, id, ctx.now()),
});

/** POST notice/readall. */
export const readAllNotices = async (ctx: AppContext, student: StudentCaller) => ({
  read: await repo.markAllRead(ctx.db, student.userId, ctx.now()),
});

/** GET notice/unread. */
export const unreadCounts = async (ctx: AppContext, student: StudentCaller): Promise<UnreadCounts> =>
  await unreadCountsOf(ctx, student.schoolId, student.userId);
