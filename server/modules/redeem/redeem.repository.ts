/** The queries of enrolment keys and redeem codes (server/modules/redeem). */
import { and, asc, count, desc, eq, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  admins,
  codeBatches,
  codeRedemptions,
  columns,
  courses,
  enrolmentKeys,
  memberPlans,
  orderEvents,
  redeemCodes,
  students,
} from '../../db/schema';
import { likePattern } from '../courses/courses.repository';

export type KeyRow = typeof enrolmentKeys.$inferSelect;
export type BatchRow = typeof codeBatches.$inferSelect;
export type CodeRow = typeof redeemCodes.$inferSelect;
export type ItemKind = BatchRow['kind'];

// ---------------------------------------------------------------------------------------------------------
// Enrolment keys

export function keyOfCourse(db: Db, courseId: string): KeyRow | undefined {
  return db.select().from(enrolmentKeys).where(eq(enrolmentKeys.courseId, courseId)).get();
}

export function insertKey(db: Db, row: typeof enrolmentKeys.$inferInsert): void {
  db.insert(enrolmentKeys).values(row).run();
}

export function updateKey(db: Db, id: string, patch: Partial<typeof enrolmentKeys.$inferInsert>): void {
  db.update(enrolmentKeys).set(patch).where(eq(enrolmentKeys.id, id)).run();
}

/** One more use of the key unless it is used up: false when it was (nothing changed). */
export function useKey(db: Db, id: string): boolean {
  const result = db
    .update(enrolmentKeys)
    .set({ used: sql`${enrolmentKeys.used} + 1` })
    .where(
      and(eq(enrolmentKeys.id, id), or(isNull(enrolmentKeys.maxUses), lt(enrolmentKeys.used, enrolmentKeys.maxUses))),
    )
    .run();
  return result.changes === 1;
}

// ---------------------------------------------------------------------------------------------------------
// What a batch gives

/** The head of the course, column or plan a batch gives (title, school, visible). */
export function itemHead(
  db: Db,
  kind: ItemKind,
  id: string,
): { id: string; schoolId: string; title: string; published: boolean; deleted: boolean; days?: number } | undefined {
  if (kind === 'course') {
    const fields = { id: courses.id, schoolId: courses.schoolId, title: courses.title };
    return db
      .select({ ...fields, published: courses.published, deleted: courses.deleted })
      .from(courses)
      .where(eq(courses.id, id))
      .get();
  }
  if (kind === 'column') {
    const fields = { id: columns.id, schoolId: columns.schoolId, title: columns.title };
    return db
      .select({ ...fields, published: columns.published, deleted: columns.deleted })
      .from(columns)
      .where(eq(columns.id, id))
      .get();
  }
  const fields = { id: memberPlans.id, schoolId: memberPlans.schoolId, title: memberPlans.title };
  return db
    .select({ ...fields, published: memberPlans.published, deleted: memberPlans.deleted, days: memberPlans.days })
    .from(memberPlans)
    .where(eq(memberPlans.id, id))
    .get();
}

/** Published items of the school a batch may give, by title, newest first (courses within `scope`). */
export function publishedItems(
  db: Db,
  schoolId: string,
  kind: ItemKind,
  keyword: string,
  limit: number,
  scope?: SQL,
): { id: string; title: string }[] {
  const table = kind === 'course' ? courses : kind === 'column' ? columns : memberPlans;
  const where = [eq(table.schoolId, schoolId), eq(table.published, true), eq(table.deleted, false)];
  if (kind === 'course' && scope) where.push(scope);
  if (keyword) where.push(like(table.title, likePattern(keyword)));
  return db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(...where))
    .orderBy(desc(table.createdAt))
    .limit(limit)
    .all();
}

// ---------------------------------------------------------------------------------------------------------
// Batches and codes

export function insertBatch(db: Db, row: typeof codeBatches.$inferInsert): void {
  db.insert(codeBatches).values(row).run();
}

/** Inserts codes, skipping any whose text exists already; answers the texts inserted. */
export function insertCodes(db: Db, rows: (typeof redeemCodes.$inferInsert)[]): Set<string> {
  const inserted = new Set<string>();
  for (const row of rows) {
    const result = db.insert(redeemCodes).values(row).onConflictDoNothing().run();
    if (result.changes === 1) inserted.add(row.code);
  }
  return inserted;
}

export function findBatch(db: Db, id: string): BatchRow | undefined {
  return db.select().from(codeBatches).where(eq(codeBatches.id, id)).get();
}

export function findCode(db: Db, id: string): CodeRow | undefined {
  return db.select().from(redeemCodes).where(eq(redeemCodes.id, id)).get();
}

export function codeByText(db: Db, code: string): CodeRow | undefined {
  return db.select().from(redeemCodes).where(eq(redeemCodes.code, code)).get();
}

export interface BatchListRow extends BatchRow {
  createdByName: string | null;
  uses: number;
  codesUsed: number;
}

/** A school's batches (or one), newest first, with the uses so far and the codes used at least once. */
export function batches(
  db: Db,
  schoolId: string,
  limit: number,
  offset: number,
  id?: string,
): { rows: BatchListRow[]; total: number } {
  const where = and(eq(codeBatches.schoolId, schoolId), id === undefined ? undefined : eq(codeBatches.id, id));
  const total = db.select({ n: count() }).from(codeBatches).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      batch: codeBatches,
      createdByName: admins.name,
      uses: sql<number>`coalesce((select sum(used) from redeem_codes where batch_id = ${codeBatches.id}), 0)`,
      codesUsed: sql<number>`(select count(*) from redeem_codes where batch_id = ${codeBatches.id} and used > 0)`,
    })
    .from(codeBatches)
    .leftJoin(admins, eq(admins.id, codeBatches.createdBy))
    .where(where)
    .orderBy(desc(codeBatches.createdAt), desc(codeBatches.id))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    total,
    rows: rows.map((row) => ({
      ...row.batch,
      createdByName: row.createdByName,
      uses: row.uses,
      codesUsed: row.codesUsed,
    })),
  };
}

/** A batch's codes in creation order (paged when limit is given), searched by code text. */
export function codesOf(
  db: Db,
  batchId: string,
  page: { keyword: string; limit?: number; offset?: number },
): { rows: CodeRow[]; total: number } {
  const where = [eq(redeemCodes.batchId, batchId)];
  if (page.keyword) where.push(like(redeemCodes.code, likePattern(page.keyword)));
  const total =
    db
      .select({ n: count() })
      .from(redeemCodes)
      .where(and(...where))
      .get()?.n ?? 0;
  let query = db
    .select()
    .from(redeemCodes)
    .where(and(...where))
    .orderBy(asc(redeemCodes.id))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return { rows: query.all(), total };
}

export interface RedeemerRow {
  codeId: string;
  studentId: string;
  username: string;
  name: string;
  at: number;
}

/** Who redeemed these codes, oldest first. */
export function redeemersOf(db: Db, codeIds: readonly string[]): RedeemerRow[] {
  if (codeIds.length === 0) return [];
  const rows: RedeemerRow[] = [];
  for (let i = 0; i < codeIds.length; i += 500) {
    const chunk = codeIds.slice(i, i + 500);
    rows.push(
      ...db
        .select({
          codeId: codeRedemptions.codeId,
          studentId: codeRedemptions.studentId,
          username: students.username,
          name: students.name,
          at: codeRedemptions.at,
        })
        .from(codeRedemptions)
        .innerJoin(students, eq(students.id, codeRedemptions.studentId))
        .where(inArray(codeRedemptions.codeId, chunk))
        .orderBy(asc(codeRedemptions.at))
        .all(),
    );
  }
  return rows;
}

export function disableBatch(db: Db, id: string, by: string, at: number): boolean {
  const result = db
    .update(codeBatches)
    .set({ disabledAt: at, disabledBy: by })
    .where(and(eq(codeBatches.id, id), isNull(codeBatches.disabledAt)))
    .run();
  return result.changes === 1;
}

export function disableCode(db: Db, id: string, at: number): boolean {
  const result = db
    .update(redeemCodes)
    .set({ disabledAt: at })
    .where(and(eq(redeemCodes.id, id), isNull(redeemCodes.disabledAt)))
    .run();
  return result.changes === 1;
}

/** One more use of the code unless it is used up: false when it was (nothing changed). */
export function useCode(db: Db, id: string): boolean {
  const result = db
    .update(redeemCodes)
    .set({ used: sql`${redeemCodes.used} + 1` })
    .where(and(eq(redeemCodes.id, id), lt(redeemCodes.used, redeemCodes.maxUses), isNull(redeemCodes.disabledAt)))
    .run();
  return result.changes === 1;
}

/** Whether the student has redeemed the code already. */
export function hasRedeemed(db: Db, codeId: string, studentId: string): boolean {
  const row = db
    .select({ id: codeRedemptions.id })
    .from(codeRedemptions)
    .where(and(eq(codeRedemptions.codeId, codeId), eq(codeRedemptions.studentId, studentId)))
    .get();
  return row !== undefined;
}

/** Records a redemption; false when the student had redeemed the code (the unique index). */
export function insertRedemption(db: Db, row: typeof codeRedemptions.$inferInsert): boolean {
  return db.insert(codeRedemptions).values(row).onConflictDoNothing().run().changes === 1;
}

// ---------------------------------------------------------------------------------------------------------
// The audit trail (order_events rows: see the module header)

export function insertAudit(db: Db, row: typeof orderEvents.$inferInsert): void {
  db.insert(orderEvents).values(row).run();
}

export function auditOf(db: Db, schoolId: string, subjectId: string) {
  return db
    .select({
      id: orderEvents.id,
      action: orderEvents.action,
      actorId: orderEvents.actorId,
      actorName: admins.name,
      before: orderEvents.before,
      after: orderEvents.after,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .leftJoin(admins, eq(admins.id, orderEvents.actorId))
    .where(and(eq(orderEvents.schoolId, schoolId), eq(orderEvents.orderId, subjectId)))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .all();
}
