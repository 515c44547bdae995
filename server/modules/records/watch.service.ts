/**
 * Watch records (spec 3 'Watch record'; spec 7 'Add watch record', watch/add, watch/list): one per viewer,
 * course and day, never for the school owner (spec 5 'Watch recording is skipped when the parent id equals
 * the user id' — administrators are not learners, so no administrator leaves one). A visitor is one browser,
 * known by a cookie that lasts a day (spec 9 'Watch-record dedupe cookies expire after 1 day'). Each new
 * record adds to the course's count, which orders hot courses (watch/hot).
 */
import { and } from 'drizzle-orm';
import { formatDate } from '../../../shared/rules/dates';
import type * as z from 'zod';
import type { zAddWatch, zAddWatchReply, zWatchList, zWatchListQuery } from '../../../shared/schemas/records';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { findStudent } from '../auth/accounts.repository';
import { openCourse } from '../courses/course-visibility';
import { recordsEngine } from './heartbeat-engine';
import { schoolCourse } from './record-access';
import * as repo from './records.repository';

/** Spec 6: a visitor is displayed as the Chinese word for visitor. */
export const GUEST_NAME = '游客';

/** The operating system named by a user agent (spec 3 'Watch record' type). */
export function osOf(userAgent: string): string {
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'iOS';
  if (/android/i.test(userAgent)) return 'Android';
  if (/harmonyos/i.test(userAgent)) return 'HarmonyOS';
  if (/mac os x|macintosh/i.test(userAgent)) return 'macOS';
  if (/cros/i.test(userAgent)) return 'ChromeOS';
  if (/linux/i.test(userAgent)) return 'Linux';
  return 'Other';
}

/** POST watch/add. guestKey is the visitor's cookie (a new one when it had none). */
export async function addWatch(
  ctx: AppContext,
  auth: Auth,
  input: z.output<typeof zAddWatch>,
  client: { userAgent: string; guestKey: string },
): Promise<z.infer<typeof zAddWatchReply>> {
  const { head } = await openCourse(ctx, auth, input.coid);
  if (auth.role === 'admin') return { added: false, skipped: 'owner' };
  const now = ctx.now();
  const student = auth.role === 'student' ? await findStudent(ctx.db, auth.userId) : undefined;
  const added = await repo.insertWatch(ctx.db, {
    id: ctx.ids.next(),
    schoolId: head.schoolId,
    courseId: head.id,
    chapterId: input.cid ?? '0',
    studentId: student?.id ?? null,
    viewer: student ? student.id : `g:${client.guestKey}`,
    name: student?.name ?? GUEST_NAME,
    title: input.title ?? '',
    os: input.type || osOf(client.userAgent),
    area: input.area ?? '',
    watchTime: Math.floor(now / 1000),
    day: formatDate(now, 'yyyy-MM-dd'),
  });
  if (!added) return { added: false, skipped: 'duplicate' };
  await repo.addCourseCounters(ctx.db, head.id, 0, 1);
  const engine = recordsEngine(ctx);
  engine.countersChangedFor(head.schoolId);
  engine.bumpCounters(false);
  return { added: true, skipped: '' };
}

/** GET watch/list: the student's own watch records; an administrator's (permission student) school's, by course or student. */
export async function listWatch(
  ctx: AppContext,
  auth: Exclude<Auth, { role: 'guest' }>,
  query: z.output<typeof zWatchListQuery>,
): Promise<z.infer<typeof zWatchList>> {
  const { school, student, course } = repo.watchFilters;
  let where;
  if (auth.role === 'student') {
    where = and(
      student(auth.userId),
      query.coid ? course((await schoolCourse(ctx, auth.schoolId, query.coid)).id) : undefined,
    );
  } else {
    if (query.sid) {
      const found = await findStudent(ctx.db, query.sid);
      if (!found || found.schoolId !== auth.schoolId) throw notFound();
    }
    where = and(
      school(auth.schoolId),
      query.coid ? course((await schoolCourse(ctx, auth.schoolId, query.coid)).id) : undefined,
      query.sid ? student(query.sid) : undefined,
    );
  }
  const rows = await repo.listWatch(ctx.db, where, query.num, (query.page - 1) * query.num);
  return {
    total: await repo.countWatch(ctx.db, where),
    list: rows.map((row) => ({
      id: row.id,
      coid: row.courseId,
      cid: row.chapterId,
      uid: row.studentId ?? '',
      name: row.name,
      parent_id: row.schoolId,
      title: row.title,
      type: row.os,
      area: row.area,
      watch_time: row.watchTime,
    })),
  };
}
