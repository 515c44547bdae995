/** The queries of enrolment keys and redeem codes (server/modules/redeem). */
import { and, asc, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, affected, first } from '../../db/client';
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
import { likeText } from '../../db/sql-dialect';

export type KeyRow = typeof enrolmentKeys.$inferSelect;
export type BatchRow = typeof codeBatches.$inferSelect;
export type CodeRow = typeof redeemCodes.$inferSelect;
export type ItemKind = BatchRow['kind'];

// ---------------------------------------------------------------------------------------------------------
// Enrolment keys

export async function keyOfCourse(db: Db, courseId: string): Promise<KeyRow | undefined> {
  return first(await db.select().from(enrolmentKeys).where(eq(enrolmentKeys.courseId, courseId)));
}

export async function insertKey(db: Db, row: typeof enrolmentKeys.$inferInsert): Promise<void> {
  await db.insert(enrolmentKeys).values(row);
}

export async function updateKey(db: Db, id: string, patch: Partial<typeof enrolmentKeys.$inferInsert>): Promise<void> {
  await db.update(enrolmentKeys).set(patch).where(eq(enrolmentKeys.id, id));
}

/** One more use of the key unless it is used up: false when it was (nothing changed). */
export async function useKey(db: Db, id: string): Promise<boolean> {
  const result = await db
    .update(enrolmentKeys)
    .set({ used: sql`${enrolmentKeys.used} + 1` })
    .where(
      and(eq(enrolmentKeys.id, id), or(isNull(enrolmentKeys.maxUses), lt(enrolmentKeys.used, enrolmentKeys.maxUses))),
    );
  return affected(result) === 1;
}

// ---------------------------------------------------------------------------------------------------------
// What a batch gives

/** The head of the course, column or plan a batch gives (title, school, visible). */
export async function itemHead(
  db: Db,
  kind: ItemKind,
  id: string,
): Promise<
  { id: string; schoolId: string; title: string; published: boolean; deleted: boolean; days?: number } | undefined
> {
  if (kind === 'course') {
    const fields = { id: courses.id, schoolId: courses.schoolId, title: courses.title };
    return first(
      await db
        .select({ ...fields, published: courses.published, deleted: courses.deleted })
        .from(courses)
        .where(eq(courses.id, id)),
    );
  }
  if (kind === 'column') {
    const fields = { id: columns.id, schoolId: columns.schoolId, title: columns.title };
    return first(
      await db
        .select({ ...fields, published: columns.published, deleted: columns.deleted })
        .from(columns)
        .where(eq(columns.id, id)),
    );
  }
  const fields = { id: memberPlans.id, schoolId: memberPlans.schoolId, title: memberPlans.title };
  return first(
    await db
      .select({ ...fields, published: memberPlans.published, deleted: memberPlans.deleted, days: memberPlans.days })
      .from(memberPlans)
      .where(eq(memberPlans.id, id)),
  );
}

/** Published items of the school a batch may give, by title, newest first (courses within `scope`). */
export async function publishedItems(
  db: Db,
  schoolId: string,
  kind: ItemKind,
  keyword: string,
  limit: number,
  scope?: SQL,
): Promise<{ id: string; title: string }[]> {
  const table = kind === 'course' ? courses : kind === 'column' ? columns : memberPlans;
  const where = [eq(table.schoolId, schoolId), eq(table.published, true), eq(table.deleted, false)];
  if (kind === 'course' && scope) where.push(scope);
  if (keyword) where.push(likeText(table.title, likePattern(keyword)));
  return await db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(...where))
    .orderBy(desc(table.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------------
// Batches and codes

export async function insertBatch(db: Db, row: typeof codeBatches.$inferInsert): Promise<void> {
  await db.insert(codeBatches).values(row);
}

/** Inserts codes, skipping any whose text exists already; answers the texts inserted. */
export async function insertCodes(db: Db, rows: (typeof redeemCodes.$inferInsert)[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const row of rows) {
    const result = await db.insert(redeemCodes).values(row).onConflictDoNothing();
    if (affected(result) === 1) inserted.add(row.code);
  }
  return inserted;
}

export async function findBatch(db: Db, id: string): Promise<BatchRow | undefined> {
  return first(await db.select().from(codeBatches).where(eq(codeBatches.id, id)));
}

export async function findCode(db: Db, id: string): Promise<CodeRow | undefined> {
  return first(await db.select().from(redeemCodes).where(eq(redeemCodes.id, id)));
}

export async function codeByText(db: Db, code: string): Promise<CodeRow | undefined> {
  return first(await db.select().from(redeemCodes).where(eq(redeemCodes.code, code)));
}

export interface BatchListRow extends BatchRow {
  createdByName: string | null;
  uses: number;
  codesUsed: number;
}

/** A school's batches (or one), newest first, with the uses so far and the codes used at least once. */
export async function batches(
  db: Db,
  schoolId: string,
  limit: number,
  offset: number,
  id?: string,
): Promise<{ rows: BatchListRow[]; total: number }> {
  const where = and(eq(codeBatches.schoolId, schoolId), id === undefined ? undefined : eq(codeBatches.id, id));
  const total = first(await db.select({ n: count() }).from(codeBatches).where(where))?.n ?? 0;
  const rows = await db
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
    .offset(offset);
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
export async function codesOf(
  db: Db,
  batchId: string,
  page: { keyword: string; limit?: number; offset?: number },
): Promise<{ rows: CodeRow[]; total: number }> {
  const where = [eq(redeemCodes.batchId, batchId)];
  if (page.keyword) where.push(likeText(redeemCodes.code, likePattern(page.keyword)));
  const total =
    first(
      await db
        .select({ n: count() })
        .from(redeemCodes)
        .where(and(...where)),
    )?.n ?? 0;
  let query = db
    .select()
    .from(redeemCodes)
    .where(and(...where))
    .orderBy(asc(redeemCodes.id))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return { rows: await query, total };
}

export interface RedeemerRow {
  codeId: string;
  studentId: string;
  username: string;
  name: string;
  at: number;
}

/** Who redeemed these codes, oldest first. */
export async function redeemersOf(db: Db, codeIds: readonly string[]): Promise<RedeemerRow[]> {
  if (codeIds.length === 0) return [];
  const rows: RedeemerRow[] = [];
  for (let i = 0; i < codeIds.length; i += 500) {
    const chunk = codeIds.slice(i, i + 500);
    rows.push(
      ...(await db
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
        .orderBy(asc(codeRedemptions.at))),
    );
  }
  return rows;
}

export async function disableBatch(db: Db, id: string, by: string, at: number): Promise<boolean> {
  const result = await db
    .update(codeBatches)
    .set({ disabledAt: at, disabledBy: by })
    .where(and(eq(codeBatches.id, id), isNull(codeBatches.disabledAt)));
  return affected(result) === 1;
}

export async function disableCode(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .update(redeemCodes)
    .set({ disabledAt: at })
    .where(and(eq(redeemCodes.id, id), isNull(redeemCodes.disabledAt)));
  return affected(result) === 1;
}

/** One more use of the code unless it is used up: false when it was (nothing changed). */
export async function useCode(db: Db, id: string): Promise<boolean> {
  const result = await db
    .update(redeemCodes)
    .set({ used: sql`${redeemCodes.used} + 1` })
    .where(and(eq(redeemCodes.id, id), lt(redeemCodes.used, redeemCodes.maxUses), isNull(redeemCodes.disabledAt)));
  return affected(result) === 1;
}

/** Whether the student has redeemed the code already. */
export async function hasRedeemed(db: Db, codeId: string, studentId: string): Promise<boolean> {
  const row = first(
    await db
      .select({ id: codeRedemptions.id })
      .from(codeRedemptions)
      .where(and(eq(codeRedemptions.codeId, codeId), eq(codeRedemptions.studentId, studentId))),
  );
  return row !== undefined;
}

/** Records a redemption; false when the student had redeemed the code (the unique index). */
export async function insertRedemption(db: Db, row: typeof codeRedemptions.$inferInsert): Promise<boolean> {
  return affected(await db.insert(codeRedemptions).values(row).onConflictDoNothing()) === 1;
}

// ---------------------------------------------------------------------------------------------------------
// The audit trail (order_events rows: see the module header)

export async function insertAudit(db: Db, row: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(row);
}

export async function auditOf(db: Db, schoolId: string, subjectId: string) {
  return await db
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
    .orderBy(desc(orderEvents.at), desc(orderEvents.id));
}
