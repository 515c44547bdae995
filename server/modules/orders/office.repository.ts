/**
 * The school's side of orders: payment settings, pay administrators and invoices (payment_settings, pay_admins,
 * invoices), with the names their lists show.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { type Db, first, affected } from '../../db/client';
import { admins, invoices, orders, payAdmins, paymentSettings, students } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

// ---- settings and pay administrators ----

export async function findSettings(db: Db, schoolId: string) {
  return first(await db.select().from(paymentSettings).where(eq(paymentSettings.schoolId, schoolId)));
}

export async function saveSettings(db: Db, row: typeof paymentSettings.$inferInsert): Promise<void> {
  const { schoolId: _schoolId, ...set } = row;
  await db.insert(paymentSettings).values(row).onConflictDoUpdate({ target: paymentSettings.schoolId, set });
}

export async function findAdminRow(db: Db, id: string) {
  return first(await db.select().from(admins).where(eq(admins.id, id)));
}

/** The school's administrators (enabled), with whether each may confirm payments. */
export async function schoolAdmins(db: Db, schoolId: string) {
  return await db
    .select({
      id: admins.id,
      username: admins.username,
      name: admins.name,
      parentId: admins.parentId,
      payAdmin: payAdmins.adminId,
    })
    .from(admins)
    .leftJoin(payAdmins, and(eq(payAdmins.adminId, admins.id), eq(payAdmins.schoolId, schoolId)))
    .where(and(eq(admins.schoolId, schoolId), eq(admins.disabled, false)))
    .orderBy(asc(admins.createdAt));
}

export async function isPayAdmin(db: Db, schoolId: string, adminId: string): Promise<boolean> {
  return !!first(
    await db
      .select({ id: payAdmins.adminId })
      .from(payAdmins)
      .where(and(eq(payAdmins.schoolId, schoolId), eq(payAdmins.adminId, adminId))),
  );
}

export async function addPayAdmin(db: Db, schoolId: string, adminId: string, at: number): Promise<boolean> {
  return affected(await db.insert(payAdmins).values({ schoolId, adminId, createdAt: at }).onConflictDoNothing()) > 0;
}

export async function removePayAdmin(db: Db, schoolId: string, adminId: string): Promise<boolean> {
  return (
    affected(await db.delete(payAdmins).where(and(eq(payAdmins.schoolId, schoolId), eq(payAdmins.adminId, adminId)))) >
    0
  );
}

// ---- invoices ----

export async function findInvoice(db: Db, id: string) {
  return first(await db.select().from(invoices).where(eq(invoices.id, id)));
}

export async function findOrderInvoice(db: Db, orderId: string) {
  return first(await db.select().from(invoices).where(eq(invoices.orderId, orderId)));
}

export async function insertInvoice(db: Db, row: typeof invoices.$inferInsert): Promise<boolean> {
  return affected(await db.insert(invoices).values(row).onConflictDoNothing()) > 0;
}

export async function updateInvoice(
  db: Db,
  id: string,
  set: Partial<typeof invoices.$inferInsert>,
  from: InvoiceRow['status'],
) {
  return affected(
    await db
      .update(invoices)
      .set(set)
      .where(and(eq(invoices.id, id), eq(invoices.status, from))),
  );
}

const invoiceColumns = { invoice: invoices, studentName: students.name, orderTitle: orders.title };

/** One invoice with the names it shows. */
export async function invoiceView(db: Db, id: string) {
  return first(
    await db
      .select(invoiceColumns)
      .from(invoices)
      .innerJoin(students, eq(students.id, invoices.studentId))
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.id, id)),
  );
}

/** A page of the school's invoices, newest first. */
export async function schoolInvoices(
  db: Db,
  filter: { schoolId: string; status?: InvoiceRow['status']; limit: number; offset: number },
) {
  const where = and(
    eq(invoices.schoolId, filter.schoolId),
    filter.status ? eq(invoices.status, filter.status) : undefined,
  );
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = first(await db.select({ n: count() }).from(invoices).where(where))?.n ?? 0;
  return { rows, total };
}
