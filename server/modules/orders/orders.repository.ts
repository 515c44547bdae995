/**
 * The order tables (orders, order_events, payment_settings, pay_admins, invoices) and what the order calls read
 * around them: the item ordered (course, column, membership plan) and the names of students and administrators.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  type like,
  lt,
  lte,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import {
  admins,
  columnBooks,
  columnCourses,
  columns,
  courses,
  invoices,
  memberPlans,
  orderEvents,
  orders,
  students,
} from '../../db/schema';
import type { OrderKind, OrderStatus } from '../../../shared/rules/order-price';
import { LIKE } from '../../db/sql-dialect';

export type OrderRow = typeof orders.$inferSelect;
export type EventInsert = typeof orderEvents.$inferInsert;

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return first(await db.select().from(orders).where(eq(orders.id, id)));
}

export async function insertOrder(db: Db, row: typeof orders.$inferInsert): Promise<void> {
  await db.insert(orders).values(row);
}

/** The student's pending orders of an item (newest first). */
export async function pendingOrdersOf(db: Db, studentId: string, kind: OrderKind, targetId: string, renew: boolean) {
  return await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.studentId, studentId),
        eq(orders.kind, kind),
        eq(orders.targetId, targetId),
        eq(orders.renew, renew),
        eq(orders.status, 'pending'),
      ),
    )
    .orderBy(desc(orders.createdAt));
}

/**
 * Moves an order from one state to another only if it is still in the first: the number of rows changed (0: it
 * had moved already, so two confirmations at once give one).
 */
export async function moveOrder(
  db: Db,
  id: string,
  from: OrderStatus,
  set: Partial<typeof orders.$inferInsert>,
): Promise<number> {
  return affected(
    await db
      .update(orders)
      .set(set)
      .where(and(eq(orders.id, id), eq(orders.status, from))),
  );
}

export async function updateOrder(db: Db, id: string, set: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db.update(orders).set(set).where(eq(orders.id, id));
}

/** Pending orders past their expiry (any school), oldest first. */
export async function overdueOrders(db: Db, now: number, limit: number): Promise<OrderRow[]> {
  return await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

export async function insertEvents(db: Db, rows: EventInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderEvents).values(rows);
}

/** An order's trail, oldest first, with the names of the people acting. */
export async function eventsOf(db: Db, orderId: string) {
  return await db
    .select({
      id: orderEvents.id,
      action: orderEvents.action,
      actorKind: orderEvents.actorKind,
      actorId: orderEvents.actorId,
      adminName: admins.name,
      studentName: students.name,
      before: orderEvents.before,
      after: orderEvents.after,
      at: orderEvents.at,
    })
    .from(orderEvents)
    .leftJoin(admins, and(eq(orderEvents.actorKind, 'admin'), eq(admins.id, orderEvents.actorId)))
    .leftJoin(students, and(eq(orderEvents.actorKind, 'student'), eq(students.id, orderEvents.actorId)))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

// ---- the student's lists ----

/** The student's orders (kind: only that kind), deleted or not, newest first. */
export async function studentOrders(
  db: Db,
  filter: { studentId: string; deleted: boolean; kind?: OrderKind; limit: number; offset: number },
) {
  const where = and(
    eq(orders.studentId, filter.studentId),
    filter.deleted ? isNotNull(orders.deletedAt) : isNull(orders.deletedAt),
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
  );
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = first(await db.select({ n: count() }).from(orders).where(where))?.n ?? 0;
  return { rows, total };
}

/** The invoice states of these orders. */
export async function invoiceStates(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, (typeof invoices.$inferSelect)['status']>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: invoices.orderId, status: invoices.status })
    .from(invoices)
    .where(inArray(invoices.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.status]));
}

// ---- the back office's list ----

export interface AdminFilter {
  schoolId: string;
  status?: OrderStatus;
  kind?: OrderKind;
  item?: string;
  student: string;
  number: string;
  from: number | null;
  to: number | null;
  now: number;
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeOf = (column: Parameters<typeof like>[0], text: string) =>
  sql`${column} ${LIKE} ${escapeLike(text)} escape '\\'`;

/** The filter's condition; a status reads the state now (a pending order past its expiry is closed). */
function adminWhere(filter: AdminFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(orders.schoolId, filter.schoolId)];
  if (filter.status === 'pending') parts.push(eq(orders.status, 'pending'), gte(orders.expiresAt, filter.now));
  else if (filter.status === 'closed')
    parts.push(or(eq(orders.status, 'closed'), and(eq(orders.status, 'pending'), lt(orders.expiresAt, filter.now))));
  else if (filter.status) parts.push(eq(orders.status, filter.status));
  if (filter.kind) parts.push(eq(orders.kind, filter.kind));
  if (filter.item) parts.push(eq(orders.targetId, filter.item));
  if (filter.number) parts.push(likeOf(orders.id, filter.number));
  if (filter.student) parts.push(or(likeOf(students.username, filter.student), likeOf(students.name, filter.student)));
  if (filter.from !== null) parts.push(gte(orders.createdAt, filter.from));
  if (filter.to !== null) parts.push(lte(orders.createdAt, filter.to));
  return and(...parts);
}

const adminColumns = {
  order: orders,
  username: students.username,
  studentName: students.name,
};

/** A page of the school's orders under the filter, newest first, with the filter's totals. */
export async function adminOrders(db: Db, filter: AdminFilter, limit: number, offset: number) {
  const where = adminWhere(filter);
  const rows = await db
    .select(adminColumns)
    .from(orders)
    .innerJoin(students, eq(students.id, orders.studentId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const totals = first(
    await db
      .select({
        count: count(),
        paidCount: sql<number>`coalesce(sum(case when ${orders.status} = 'paid' then 1 else 0 end), 0)`,
        paidFen: sum(sql`case when ${orders.status} = 'paid' then ${orders.paidFen} else 0 end`),
      })
      .from(orders)
      .innerJoin(students, eq(students.id, orders.studentId))
      .where(where),
  );
  return {
    rows,
    total: totals?.count ?? 0,
    totals: {
      count: totals?.count ?? 0,
      paidCount: Number(totals?.paidCount ?? 0),
      paidFen: Number(totals?.paidFen ?? 0),
    },
  };
}

/** One order of the school with its student's names. */
export async function adminOrder(db: Db, schoolId: string, id: string) {
  return first(
    await db
      .select(adminColumns)
      .from(orders)
      .innerJoin(students, eq(students.id, orders.studentId))
      .where(and(eq(orders.id, id), eq(orders.schoolId, schoolId))),
  );
}

// ---- the items ----

export async function findCourseItem(db: Db, id: string) {
  return first(
    await db
      .select({ id: courses.id, schoolId: courses.schoolId, title: courses.title })
      .from(courses)
      .where(eq(courses.id, id)),
  );
}

export async function findColumnItem(db: Db, id: string) {
  return first(await db.select().from(columns).where(eq(columns.id, id)));
}

export async function findPlanItem(db: Db, id: string) {
  return first(await db.select().from(memberPlans).where(eq(memberPlans.id, id)));
}

/** The column's published courses that are not deleted, in order, with their prices. */
export async function columnCourseprices(db: Db, columnId: string) {
  return await db
    .select({ id: courses.id, title: courses.title, actualFen: courses.actualFen })
    .from(columnCourses)
    .innerJoin(courses, eq(courses.id, columnCourses.courseId))
    .where(and(eq(columnCourses.columnId, columnId), eq(courses.published, true), eq(courses.deleted, false)))
    .orderBy(asc(columnCourses.position));
}

/** Records the column's subscription for a paid order (column/info then reads it bought); true when new. */
export async function bookColumn(db: Db, studentId: string, columnId: string, at: number): Promise<boolean> {
  const added = await db.insert(columnBooks).values({ studentId, columnId, createdAt: at }).onConflictDoNothing();
  if (affected(added) === 0) return false;
  await db
    .update(columns)
    .set({ bookCount: sql`${columns.bookCount} + 1` })
    .where(eq(columns.id, columnId));
  return true;
}
