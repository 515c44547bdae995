import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneCodes, students } from '../../db/schema';

/** The rows of phone_codes the limits of shared/rules/phone-codes count. */

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

export function insertCode(db: Db, row: typeof phoneCodes.$inferInsert): void {
  db.insert(phoneCodes).values(row).run();
}

export function deleteCode(db: Db, id: string): void {
  db.delete(phoneCodes).where(eq(phoneCodes.id, id)).run();
}

/** The newest code asked for by this student or for this number of the school (the resend interval). */
export function lastSent(db: Db, schoolId: string, studentId: string, phone: string): number | null {
  const row = db
    .select({ at: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.schoolId, schoolId), or(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone))))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .get();
  return row?.at ?? null;
}

/** When codes went to this number of the school since `since`. */
export function numberTimes(db: Db, schoolId: string, phone: string, since: number): number[] {
  return db
    .select({ at: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, since), eq(phoneCodes.schoolId, schoolId)))
    .all()
    .map((r) => r.at);
}

/** When codes were asked for from this address (any school) since `since`. */
export function addressTimes(db: Db, ip: string, since: number): number[] {
  return db
    .select({ at: phoneCodes.createdAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.ip, ip), gt(phoneCodes.createdAt, since)))
    .all()
    .map((r) => r.at);
}

/** The student's newest code for this number. */
export function newestCode(db: Db, studentId: string, phone: string): PhoneCodeRow | undefined {
  return db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .get();
}

export function countTry(db: Db, id: string, attempts: number): void {
  db.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.id, id)).run();
}

/** Used: its sealed copy goes (nobody reads it out any more). */
export function markUsed(db: Db, id: string, at: number): void {
  db.update(phoneCodes).set({ usedAt: at, codeSealed: null }).where(eq(phoneCodes.id, id)).run();
}

/** Only the newest code of a student for a number can be checked: the older ones are not read out. */
export function forgetOlder(db: Db, studentId: string, phone: string): void {
  db.update(phoneCodes)
    .set({ codeSealed: null })
    .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone), isNotNull(phoneCodes.codeSealed)))
    .run();
}

/** The school's codes waiting to be read out (sealed, unused, not expired), newest first, with their students. */
export function sealedCodes(db: Db, schoolId: string, now: number) {
  return db
    .select({
      id: phoneCodes.id,
      phone: phoneCodes.phone,
      sealed: phoneCodes.codeSealed,
      expiresAt: phoneCodes.expiresAt,
      studentName: students.name,
      username: students.username,
    })
    .from(phoneCodes)
    .innerJoin(students, and(eq(students.id, phoneCodes.studentId), eq(students.schoolId, schoolId)))
    .where(
      and(
        eq(phoneCodes.schoolId, schoolId),
        isNotNull(phoneCodes.codeSealed),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(phoneCodes.expiresAt))
    .all();
}

/** Whether another student of the school holds this number by a checked code (and still has it as their phone). */
export function boundToOther(db: Db, schoolId: string, phone: string, studentId: string): boolean {
  const row = db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .innerJoin(students, eq(students.id, phoneCodes.studentId))
    .where(
      and(
        eq(phoneCodes.schoolId, schoolId),
        eq(phoneCodes.phone, phone),
        isNotNull(phoneCodes.usedAt),
        ne(phoneCodes.studentId, studentId),
        eq(students.schoolId, schoolId),
        eq(students.phone, phone),
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

/** Whether the student's phone was bound by a checked code. */
export function isBound(db: Db, studentId: string, phone: string): boolean {
  if (!phone) return false;
  const row = db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone), isNotNull(phoneCodes.usedAt)))
    .limit(1)
    .get();
  return row !== undefined;
}
