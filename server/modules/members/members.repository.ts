/**
 * The membership tables (member_plans, memberships, and their trail in order_events) and what the member calls
 * read around them: categories, students and groups named, holders, figures. The student's pages read
 * mine.repository.ts. What a membership gives is the access policy's; the courses a plan's categories give are counted with
 * the access module's own queries (categorySubtrees, coursesInCategories), so the count is what members hold.
 */
import { and, count, countDistinct, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import {
  admins,
  categories,
  memberPlans,
  memberships,
  orderEvents,
  studentGroupMembers,
  students,
} from '../../db/schema';
import { categorySubtrees, coursesInCategories } from '../access/access.repository';
import { likeText } from '../../db/sql-dialect';

export type PlanRow = typeof memberPlans.$inferSelect;
export type NewPlanRow = typeof memberPlans.$inferInsert;
export type MembershipRow = typeof memberships.$inferSelect;
export type EventInsert = typeof orderEvents.$inferInsert;

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return first(await db.select().from(memberPlans).where(eq(memberPlans.id, id)));
}

/** The school's plans not deleted (only the published ones when asked), newest first. */
export async function schoolPlans(db: Db, schoolId: string, publishedOnly = false): Promise<PlanRow[]> {
  const where = [eq(memberPlans.schoolId, schoolId), eq(memberPlans.deleted, false)];
  if (publishedOnly) where.push(eq(memberPlans.published, true));
  return await db
    .select()
    .from(memberPlans)
    .where(and(...where))
    .orderBy(desc(memberPlans.createdAt), desc(memberPlans.id));
}

export async function insertPlan(db: Db, row: NewPlanRow): Promise<void> {
  await db.insert(memberPlans).values(row);
}

export async function updatePlan(db: Db, id: string, values: Partial<NewPlanRow>): Promise<void> {
  await db.update(memberPlans).set(values).where(eq(memberPlans.id, id));
}

/** The school's course categories among these ids, with their titles. */
export async function schoolCategories(db: Db, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return await db
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(and(eq(categories.schoolId, schoolId), eq(categories.kind, 'course'), inArray(categories.id, [...ids])));
}

/** How many published courses a plan of these categories gives now (with their sub-categories). */
export async function planCourseCount(db: Db, schoolId: string, categoryIds: readonly string[]): Promise<number> {
  const subtree = await categorySubtrees(db, schoolId, categoryIds);
  return (await coursesInCategories(db, schoolId, [...subtree.keys()])).length;
}

/** Students with a current membership (not revoked, until now or later), per plan of the school. */
export async function activeHolderCounts(db: Db, schoolId: string, now: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ planId: memberships.planId, n: countDistinct(memberships.studentId) })
    .from(memberships)
    .where(and(eq(memberships.schoolId, schoolId), isNull(memberships.revokedAt), gte(memberships.until, now)))
    .groupBy(memberships.planId);
  return new Map(rows.map((row) => [row.planId, row.n]));
}

/** Figures of the school's current memberships of plans not deleted. */
export async function membershipFigures(db: Db, schoolId: string, now: number, since: number, soonUntil: number) {
  const current = and(
    eq(memberships.schoolId, schoolId),
    isNull(memberships.revokedAt),
    gte(memberships.until, now),
    eq(memberPlans.deleted, false),
  );
  const base = () =>
    db
      .select({ n: countDistinct(memberships.studentId) })
      .from(memberships)
      .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId));
  const active = first(await base().where(current))?.n ?? 0;
  const joined = first(
    await base().where(
      and(eq(memberships.schoolId, schoolId), gte(memberships.createdAt, since), eq(memberPlans.deleted, false)),
    ),
  )?.n;
  const soon = first(
    await db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId))
      .where(and(current, sql`${memberships.until} < ${soonUntil}`)),
  )?.n;
  return { active, joined: joined ?? 0, soon: soon ?? 0 };
}

/** The students in these groups now. */
export async function groupMemberIds(db: Db, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  return (
    await db
      .selectDistinct({ id: studentGroupMembers.studentId })
      .from(studentGroupMembers)
      .where(inArray(studentGroupMembers.groupId, [...groupIds]))
  ).map((row) => row.id);
}

export async function findMembership(db: Db, id: string): Promise<MembershipRow | undefined> {
  return first(await db.select().from(memberships).where(eq(memberships.id, id)));
}

/** Sets revokedAt on a membership not yet revoked; true when it changed. */
export async function revokeMembership(db: Db, id: string, adminId: string, at: number): Promise<boolean> {
  return (
    affected(
      await db
        .update(memberships)
        .set({ revokedAt: at, revokedBy: adminId })
        .where(and(eq(memberships.id, id), isNull(memberships.revokedAt))),
    ) > 0
  );
}

export async function insertEvents(db: Db, rows: EventInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderEvents).values(rows);
}

/** Memberships of the school with their plan and student, filtered, newest first, paged. */
export async function subscriptions(
  db: Db,
  filter: { schoolId: string; planId?: string; studentId?: string; keyword?: string; activeAt?: number },
  page: { limit: number; offset: number },
) {
  const where: (SQL | undefined)[] = [eq(memberships.schoolId, filter.schoolId)];
  if (filter.planId) where.push(eq(memberships.planId, filter.planId));
  if (filter.studentId) where.push(eq(memberships.studentId, filter.studentId));
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(likeText(students.username, pattern), likeText(students.name, pattern)));
  }
  if (filter.activeAt !== undefined) where.push(isNull(memberships.revokedAt), gte(memberships.until, filter.activeAt));
  const condition = and(...where);
  const total =
    first(
      await db
        .select({ n: count() })
        .from(memberships)
        .innerJoin(students, eq(students.id, memberships.studentId))
        .where(condition),
    )?.n ?? 0;
  const rows = await db
    .select({
      id: memberships.id,
      planId: memberships.planId,
      planTitle: memberPlans.title,
      sid: students.id,
      username: students.username,
      name: students.name,
      since: memberships.since,
      until: memberships.until,
      via: memberships.via,
      ref: memberships.ref,
      revokedAt: memberships.revokedAt,
    })
    .from(memberships)
    .innerJoin(students, eq(students.id, memberships.studentId))
    .innerJoin(memberPlans, eq(memberPlans.id, memberships.planId))
    .where(condition)
    .orderBy(desc(memberships.createdAt), desc(memberships.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total, rows };
}

/**
 * The trail of the school's plans and memberships (order_events member.*): of a plan (its edits and its
 * memberships' grants and revocations) or of a student (their memberships'), newest first, paged.
 */
export async function memberEvents(
  db: Db,
  filter: { schoolId: string; planId?: string; studentId?: string },
  page: { limit: number; offset: number },
) {
  const ofMemberships = (where: SQL) =>
    db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.schoolId, filter.schoolId), where));
  const where: (SQL | undefined)[] = [
    eq(orderEvents.schoolId, filter.schoolId),
    likeText(orderEvents.action, 'member.%'),
  ];
  if (filter.planId)
    where.push(
      or(
        eq(orderEvents.orderId, filter.planId),
        inArray(orderEvents.orderId, ofMemberships(eq(memberships.planId, filter.planId))),
      ),
    );
  if (filter.studentId)
    where.push(inArray(orderEvents.orderId, ofMemberships(eq(memberships.studentId, filter.studentId))));
  const condition = and(...where);
  const total = first(await db.select({ n: count() }).from(orderEvents).where(condition))?.n ?? 0;
  const rows = await db
    .select({
      id: orderEvents.id,
      action: orderEvents.action,
      targetId: orderEvents.orderId,
      actorId: orderEvents.actorId,
      actorName: admins.name,
      at: orderEvents.at,
      before: orderEvents.before,
      after: orderEvents.after,
    })
    .from(orderEvents)
    .leftJoin(admins, eq(admins.id, orderEvents.actorId))
    .where(condition)
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total, rows };
}
