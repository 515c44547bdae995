/**
 * The tables of announcements (announcements, announcement_groups, announcement_views): the only place that
 * queries them. The students' unread count is one prepared statement (every signed-in page asks for it).
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { prepared } from '../../db/prepared';
import { announcementGroups, announcements, announcementViews, studentGroupMembers, students } from '../../db/schema';
import { inJsonArray } from '../../db/sql-dialect';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementWithGroups = AnnouncementRow & { groupIds: string[] };

export async function findSchoolAnnouncement(
  db: Db,
  schoolId: string,
  id: string,
): Promise<AnnouncementRow | undefined> {
  return first(
    await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.schoolId, schoolId))),
  );
}

export async function insertAnnouncement(db: Db, row: typeof announcements.$inferInsert): Promise<void> {
  await db.insert(announcements).values(row);
}

export async function updateAnnouncement(
  db: Db,
  id: string,
  set: Partial<typeof announcements.$inferInsert>,
): Promise<void> {
  await db.update(announcements).set(set).where(eq(announcements.id, id));
}

export async function deleteAnnouncement(db: Db, id: string): Promise<number> {
  return affected(await db.delete(announcements).where(eq(announcements.id, id)));
}

/** Replaces the announcement's groups. */
export async function setGroups(db: Db, id: string, groupIds: readonly string[]): Promise<void> {
  await db.delete(announcementGroups).where(eq(announcementGroups.announcementId, id));
  if (groupIds.length === 0) return;
  await db.insert(announcementGroups).values(groupIds.map((groupId) => ({ announcementId: id, groupId })));
}

/** The groups of each announcement named. */
export async function groupsOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(announcementGroups)
    .where(inArray(announcementGroups.announcementId, [...ids]));
  for (const row of rows) found.get(row.announcementId)?.push(row.groupId);
  return found;
}

const withGroups = async (db: Db, rows: AnnouncementRow[]): Promise<AnnouncementWithGroups[]> => {
  const groups = await groupsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, groupIds: groups.get(row.id) ?? [] }));
};

/** A page of the school's announcements, newest first, with the total. */
export async function schoolAnnouncements(
  db: Db,
  schoolId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: AnnouncementWithGroups[]; total: number }> {
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.schoolId, schoolId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = first(
    await db.select({ n: count() }).from(announcements).where(eq(announcements.schoolId, schoolId)),
  )?.n;
  return { rows: await withGroups(db, rows), total: total ?? 0 };
}

/** The school's published announcements with their groups (the window and audience are the rules' to apply). */
export async function publishedAnnouncements(db: Db, schoolId: string): Promise<AnnouncementWithGroups[]> {
  const rows = await prepared(db, 'publishedAnnouncements', (d) =>
    d
      .select()
      .from(announcements)
      .where(and(eq(announcements.schoolId, sql.placeholder('schoolId')), isNotNull(announcements.publishedAt)))
      .prepare(),
  ).all({ schoolId });
  return await withGroups(db, rows);
}

/** Which of these announcements the student has viewed. */
export async function viewedBy(db: Db, studentId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: announcementViews.announcementId })
    .from(announcementViews)
    .where(and(eq(announcementViews.studentId, studentId), inArray(announcementViews.announcementId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Records a view (a second one changes nothing). */
export async function insertView(db: Db, announcementId: string, studentId: string, at: number): Promise<void> {
  await db.insert(announcementViews).values({ announcementId, studentId, viewedAt: at }).onConflictDoNothing();
}

/**
 * The ids of the students in an audience (not disabled): everyone of the school, or the members of these
 * groups (which already include the sub-groups); for the e-mails and SMS of a publication.
 */
export async function audienceStudentIds(
  db: Db,
  schoolId: string,
  audienceGroups: readonly string[] | null,
): Promise<string[]> {
  if (audienceGroups?.length === 0) return [];
  const school = and(eq(students.schoolId, schoolId), eq(students.disabled, false));
  const groups = JSON.stringify(audienceGroups ?? []);
  const members = sql`${students.id} in (select ${studentGroupMembers.studentId} from ${studentGroupMembers}
    where ${inJsonArray(studentGroupMembers.groupId, groups)})`;
  return (
    await db
      .select({ id: students.id })
      .from(students)
      .where(audienceGroups === null ? school : and(school, members))
  ).map((row) => row.id);
}

/**
 * How many students are in the audience (everyone of the school, or the members of these groups, which
 * already include the sub-groups) and how many of them viewed the announcement; disabled accounts count not.
 */
export async function viewCounts(
  db: Db,
  schoolId: string,
  announcementId: string,
  audienceGroups: readonly string[] | null,
): Promise<{ audience: number; viewed: number }> {
  if (audienceGroups === null) {
    const audience = first(
      await db
        .select({ n: count() })
        .from(students)
        .where(and(eq(students.schoolId, schoolId), eq(students.disabled, false))),
    )?.n;
    const viewed = first(
      await db
        .select({ n: count() })
        .from(announcementViews)
        .innerJoin(students, eq(students.id, announcementViews.studentId))
        .where(and(eq(announcementViews.announcementId, announcementId), eq(students.disabled, false))),
    )?.n;
    return { audience: audience ?? 0, viewed: viewed ?? 0 };
  }
  if (audienceGroups.length === 0) return { audience: 0, viewed: 0 };
  const groups = JSON.stringify(audienceGroups);
  const members = sql`select ${studentGroupMembers.studentId} from ${studentGroupMembers}
    where ${inJsonArray(studentGroupMembers.groupId, groups)}`;
  const audience = first(
    await db
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.disabled, false), sql`${students.id} in (${members})`)),
  )?.n;
  const viewed = first(
    await db
      .select({ n: count() })
      .from(announcementViews)
      .innerJoin(students, eq(students.id, announcementViews.studentId))
      .where(
        and(
          eq(announcementViews.announcementId, announcementId),
          eq(students.disabled, false),
          sql`${announcementViews.studentId} in (${members})`,
        ),
      ),
  )?.n;
  return { audience: audience ?? 0, viewed: viewed ?? 0 };
}
