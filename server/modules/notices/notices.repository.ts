/**
 * The notices table for the systemnotice page, and the one statement behind every signed-in page's badges
 * (GET notice/unread): unread notices, announcements shown now and not viewed, unread private messages. Each
 * count rides an index (notices_unread, announcements_school, announcement_views' key,
 * private_messages_recipient); the audience mirrors shared/rules/announcements (a member of a sub-group counts).
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { prepared } from '../../db/prepared';
import { announcements, notices, schools } from '../../db/schema';

export type NoticeRow = typeof notices.$inferSelect;

export async function studentNotices(
  db: Db,
  studentId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.studentId, studentId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = first(await db.select({ n: count() }).from(notices).where(eq(notices.studentId, studentId)))?.n ?? 0;
  return { rows, total };
}

/** Marks one of the student's notices read; answers 1 when it changed. */
export async function markRead(db: Db, studentId: string, id: string, at: number): Promise<number> {
  return affected(
    await db
      .update(notices)
      .set({ readAt: at })
      .where(and(eq(notices.id, id), eq(notices.studentId, studentId), isNull(notices.readAt))),
  );
}

export async function markAllRead(db: Db, studentId: string, at: number): Promise<number> {
  return affected(
    await db
      .update(notices)
      .set({ readAt: at })
      .where(and(eq(notices.studentId, studentId), isNull(notices.readAt))),
  );
}

export async function noticeOf(db: Db, studentId: string, id: string): Promise<NoticeRow | undefined> {
  return first(
    await db
      .select()
      .from(notices)
      .where(and(eq(notices.id, id), eq(notices.studentId, studentId))),
  );
}

/** The three badge counts of a student, in one prepared statement. */
export async function unreadCounts(
  db: Db,
  schoolId: string,
  studentId: string,
  now: number,
): Promise<{ notices: number; announcements: number; messages: number }> {
  const row = await prepared(db, 'unreadCounts', (d) => {
    const sid = sql.placeholder('studentId');
    const school = sql.placeholder('schoolId');
    const at = sql.placeholder('now');
    return d
      .select({
        notices: sql<number>`(select count(*) from notices where student_id = ${sid} and read_at is null)`,
        announcements: sql<number>`(with recursive g(id) as (
            select group_id from student_group_members where student_id = ${sid}
            union select p.parent_id from student_groups p join g on p.id = g.id
              where p.parent_id is not null and p.parent_id <> '0')
          select count(*) from announcements a
          where a.school_id = ${school} and a.published_at is not null
            and (a.publish_at is null or a.publish_at <= ${at}) and (a.end_at is null or a.end_at > ${at})
            and (a.audience = 'all' or exists (select 1 from announcement_groups ag
              where ag.announcement_id = a.id and ag.group_id in (select id from g)))
            and not exists (select 1 from announcement_views v
              where v.announcement_id = a.id and v.student_id = ${sid}))`,
        messages: sql<number>`(select count(*) from private_messages
          where recipient_kind = 'student' and recipient_id = ${sid} and read_at is null)`,
      })
      .from(schools)
      .where(eq(schools.id, school))
      .prepare();
  }).get({ studentId, schoolId, now });
  return { notices: row?.notices ?? 0, announcements: row?.announcements ?? 0, messages: row?.messages ?? 0 };
}

/**
 * The next instant after `now` at which one of the school's published announcements starts or stops showing
 * (its publishAt or endAt), or null: until then the announcements a student sees cannot change without a write.
 */
export async function nextAnnouncementBoundary(db: Db, schoolId: string, now: number): Promise<number | null> {
  const rows = await prepared(db, 'announcementWindows', (d) =>
    d
      .select({ publishAt: announcements.publishAt, endAt: announcements.endAt })
      .from(announcements)
      .where(and(eq(announcements.schoolId, sql.placeholder('schoolId')), isNotNull(announcements.publishedAt)))
      .prepare(),
  ).all({ schoolId });
  let next: number | null = null;
  for (const row of rows)
    for (const at of [row.publishAt, row.endAt]) if (at !== null && at > now && (next === null || at < next)) next = at;
  return next;
}
