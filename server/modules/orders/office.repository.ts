/**
 * The school's side of orders: payment settings, pay administrators and invoices (payment_settings, pay_admins,
 * invoices), with the names their lists show.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, invoices, orders, payAdmins, paymentSettings, students } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

// ---- settings and pay administrators ----

export function findSettings(db: Db, schoolId: string) {
  return db.select().from(paymentSettings).where(eq(paymentSettings.schoolId, schoolId)).get();
}

export function saveSettings(db: Db, row: typeof paymentSettings.$inferInsert): void {
  const { schoolId: _schoolId, ...set } = row;
  db.insert(paymentSettings).values(row).onConflictDoUpdate({ target: paymentSettings.schoolId, set }).run();
}

export function findAdminRow(db: Db, id: string) {
  return db.select().from(admins).where(eq(admins.id, id)).get();
}

/** The school's administrators (enabled), with whether each may confirm payments. */
export function schoolAdmins(db: Db, schoolId: string) {
  return db
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
    .orderBy(asc(admins.createdAt))
    .all();
}

export function isPayAdmin(db: Db, schoolId: string, adminId: string): boolean {
  return !!db
    .select({ id: payAdmins.adminId })
    .from(payAdmins)
    .where(and(eq(payAdmins.schoolId, schoolId), eq(payAdmins.adminId, adminId)))
    .get();
}

export function addPayAdmin(db: Db, schoolId: string, adminId: string, at: number): boolean {
  return db.insert(payAdmins).values({ schoolId, adminId, createdAt: at }).onConflictDoNothing().run().changes > 0;
}

export function removePayAdmin(db: Db, schoolId: string, adminId: string): boolean {
  return (
    db
      .delete(payAdmins)
      .where(and(eq(payAdmins.schoolId, schoolId), eq(payAdmins.adminId, adminId)))
      .run().changes > 0
  );
}

// ---- invoices ----

export function findInvoice(db: Db, id: string) {
  return db.select().from(invoices).where(eq(invoices.id, id)).get();
}

export function findOrderInvoice(db: Db, orderId: string) {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).get();
}

export function insertInvoice(db: Db, row: typeof invoices.$inferInsert): boolean {
  return db.insert(invoices).values(row).onConflictDoNothing().run().changes > 0;
}

export function updateInvoice(
  db: Db,
  id: string,
  set: Partial<typeof invoices.$inferInsert>,
  from: InvoiceRow['status'],
) {
  return db
    .update(invoices)
    .set(set)
    .where(and(eq(invoices.id, id), eq(invoices.status, from)))
    .run().changes;
}

const invoiceColumns = { invoice: invoices, studentName: students.name, orderTitle: orders.title };

/** One invoice with the names it shows. */
export function invoiceView(db: Db, id: string) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id))
    .get();
}

/** A page of the school's invoices, newest first. */
export function schoolInvoices(
  db: Db,
  filter: { schoolId: string; status?: InvoiceRow['status']; limit: number; offset: number },
) {
  const where = and(
    eq(invoices.schoolId, filter.schoolId),
    filter.status ? eq(invoices.status, filter.status) : undefined,
  );
  const rows = db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total = db.select({ n: count() }).from(invoices).where(where).get()?.n ?? 0;
  return { rows, total };
}
