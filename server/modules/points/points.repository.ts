/**
 * The points tables (point_rules, point_ledger) and what the points calls read around them: students' totals
 * (always the ledger's sum), a student's rows, the titles of what rows were for. Portable drizzle queries.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { admins, chapters, courses, exams, orderEvents, pointLedger, pointRules, students } from '../../db/schema';
import type { PointRuleName } from '../../../shared/rules/points';
import { likePattern } from '../courses/courses.repository';
import { LIKE } from '../../db/sql-dialect';

export type LedgerInsert = typeof pointLedger.$inferInsert;
export type RuleRow = typeof pointRules.$inferSelect;

/** The rules a school has set. */
export async function findRules(db: Db, schoolId: string): Promise<RuleRow[]> {
  return await db.select().from(pointRules).where(eq(pointRules.schoolId, schoolId));
}

export async function upsertRule(db: Db, row: typeof pointRules.$inferInsert): Promise<void> {
  await db
    .insert(pointRules)
    .values(row)
    .onConflictDoUpdate({
      target: [pointRules.schoolId, pointRules.rule],
      set: { points: row.points, dailyLimit: row.dailyLimit, enabled: row.enabled, updatedAt: row.updatedAt },
    });
}

/** An audit row (order_events, the commerce trail: who, when, before, after). */
export async function insertEvent(db: Db, row: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(row);
}

/** What a rule earned a student on a day. */
export async function daySum(db: Db, studentId: string, day: string, rule: PointRuleName): Promise<number> {
  const row = first(
    await db
      .select({ sum: sql<number | null>`sum(${pointLedger.delta})` })
      .from(pointLedger)
      .where(and(eq(pointLedger.studentId, studentId), eq(pointLedger.day, day), eq(pointLedger.reason, rule))),
  );
  return row?.sum ?? 0;
}

/** How many rows a rule wrote for a student on a day. */
export async function dayRows(db: Db, studentId: string, day: string, rule: PointRuleName): Promise<number> {
  const row = first(
    await db
      .select({ n: count() })
      .from(pointLedger)
      .where(and(eq(pointLedger.studentId, studentId), eq(pointLedger.day, day), eq(pointLedger.reason, rule))),
  );
  return row?.n ?? 0;
}

/** Writes a row unless the student already has one of the same reason and ref; true when written. */
export async function insertOnce(db: Db, row: LedgerInsert): Promise<boolean> {
  return affected(await db.insert(pointLedger).values(row).onConflictDoNothing()) > 0;
}

const pointsOf = sql<number>`coalesce(sum(${pointLedger.delta}), 0)`;
const weekOf = (from: string) =>
  sql<number>`coalesce(sum(case when ${pointLedger.day} >= ${from} and ${pointLedger.delta} > 0
    then ${pointLedger.delta} end), 0)`;

/** One student's total and this week's earnings (from the Monday `from`). */
export async function studentTotal(db: Db, studentId: string, from: string) {
  const row = first(
    await db
      .select({ points: pointsOf, week: weekOf(from) })
      .from(pointLedger)
      .where(eq(pointLedger.studentId, studentId)),
  );
  return { points: row?.points ?? 0, week: row?.week ?? 0 };
}

/** The school's students matching a keyword with their totals, most points first, paged. */
export async function schoolTotals(
  db: Db,
  schoolId: string,
  keyword: string,
  from: string,
  limit: number,
  offset: number,
) {
  const p = likePattern(keyword);
  const where = and(
    eq(students.schoolId, schoolId),
    keyword
      ? sql`(${students.username} ${LIKE} ${p} escape '\\' or ${students.name} ${LIKE} ${p} escape '\\')`
      : undefined,
  );
  const list = await db
    .select({
      sid: students.id,
      username: students.username,
      name: students.name,
      points: pointsOf,
      week: weekOf(from),
    })
    .from(students)
    .leftJoin(pointLedger, eq(pointLedger.studentId, students.id))
    .where(where)
    .groupBy(students.id)
    .orderBy(desc(pointsOf), students.username)
    .limit(limit)
    .offset(offset);
  const total = first(await db.select({ n: count() }).from(students).where(where))?.n ?? 0;
  return { list, total };
}

/** A student of the school (id, names), or undefined. */
export async function findStudent(db: Db, schoolId: string, studentId: string) {
  return first(
    await db
      .select({ id: students.id, username: students.username, name: students.name })
      .from(students)
      .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId))),
  );
}

/** The totals of the named students of the school (students without rows answer 0). */
export async function totalsOf(db: Db, schoolId: string, ids: readonly string[]) {
  return await db
    .select({ sid: students.id, points: pointsOf })
    .from(students)
    .leftJoin(pointLedger, eq(pointLedger.studentId, students.id))
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...ids])))
    .groupBy(students.id);
}

/** One page of a student's rows, newest first, with the acting administrator's name. */
export async function ledgerPage(db: Db, studentId: string, limit: number, offset: number) {
  const list = await db
    .select({
      id: pointLedger.id,
      delta: pointLedger.delta,
      reason: pointLedger.reason,
      ref: pointLedger.ref,
      day: pointLedger.day,
      at: pointLedger.at,
      actorName: admins.name,
    })
    .from(pointLedger)
    .leftJoin(admins, eq(admins.id, pointLedger.actorId))
    .where(eq(pointLedger.studentId, studentId))
    .orderBy(desc(pointLedger.at), desc(pointLedger.id))
    .limit(limit)
    .offset(offset);
  const total =
    first(await db.select({ n: count() }).from(pointLedger).where(eq(pointLedger.studentId, studentId)))?.n ?? 0;
  return { list, total };
}

/** The titles of chapters, courses and exams by id (what ledger rows were for). */
export async function titlesOf(db: Db, ids: { chapter: string[]; course: string[]; exam: string[] }) {
  const found = {
    chapter: new Map<string, string>(),
    course: new Map<string, string>(),
    exam: new Map<string, string>(),
  };
  const fill = (into: Map<string, string>, rows: { id: string; title: string }[]) => {
    for (const row of rows) into.set(row.id, row.title);
  };
  if (ids.chapter.length)
    fill(
      found.chapter,
      await db
        .select({ id: chapters.id, title: chapters.title })
        .from(chapters)
        .where(inArray(chapters.id, ids.chapter)),
    );
  if (ids.course.length)
    fill(
      found.course,
      await db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, ids.course)),
    );
  if (ids.exam.length)
    fill(
      found.exam,
      await db.select({ id: exams.id, title: exams.title }).from(exams).where(inArray(exams.id, ids.exam)),
    );
  return found;
}
