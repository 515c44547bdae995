import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { phoneCodes, students } from '../../db/schema';

/** The rows of phone_codes the limits of shared/rules/phone-codes count. */

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

export async function insertCode(db: Db, row: typeof phoneCodes.$inferInsert): Promise<void> {
  await db.insert(phoneCodes).values(row);
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
}

/** The newest code asked for by this student or for this number of the school (the resend interval). */
export async function lastSent(db: Db, schoolId: string, studentId: string, phone: string): Promise<number | null> {
  const row = first(
    await db
      .select({ at: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(
        and(eq(phoneCodes.schoolId, schoolId), or(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone))),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1),
  );
  return row?.at ?? null;
}

/** When codes went to this number of the school since `since`. */
export async function numberTimes(db: Db, schoolId: string, phone: string, since: number): Promise<number[]> {
  return (
    await db
      .select({ at: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, since), eq(phoneCodes.schoolId, schoolId)))
  ).map((r) => r.at);
}

/** When codes were asked for from this address (any school) since `since`. */
export async function addressTimes(db: Db, ip: string, since: number): Promise<number[]> {
  return (
    await db
      .select({ at: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.ip, ip), gt(phoneCodes.createdAt, since)))
  ).map((r) => r.at);
}

/** The student's newest code for this number. */
export async function newestCode(db: Db, studentId: string, phone: string): Promise<PhoneCodeRow | undefined> {
  return first(
    await db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1),
  );
}

export async function countTry(db: Db, id: string, attempts: number): Promise<void> {
  await db.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.id, id));
}

/** Used: its sealed copy goes (nobody reads it out any more). */
export async function markUsed(db: Db, id: string, at: number): Promise<void> {
  await db.update(phoneCodes).set({ usedAt: at, codeSealed: null }).where(eq(phoneCodes.id, id));
}

/** Only the newest code of a student for a number can be checked: the older ones are not read out. */
export async function forgetOlder(db: Db, studentId: string, phone: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ codeSealed: null })
    .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone), isNotNull(phoneCodes.codeSealed)));
}

/** The school's codes waiting to be read out (sealed, unused, not expired), newest first, with their students. */
export async function sealedCodes(db: Db, schoolId: string, now: number) {
  return await db
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
    .orderBy(desc(phoneCodes.expiresAt));
}

/** Whether another student of the school holds this number by a checked code (and still has it as their phone). */
export async function boundToOther(db: Db, schoolId: string, phone: string, studentId: string): Promise<boolean> {
  const row = first(
    await db
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
      .limit(1),
  );
  return row !== undefined;
}

/** Whether the student's phone was bound by a checked code. */
export async function isBound(db: Db, studentId: string, phone: string): Promise<boolean> {
  if (!phone) return false;
  const row = first(
    await db
      .select({ id: phoneCodes.id })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.studentId, studentId), eq(phoneCodes.phone, phone), isNotNull(phoneCodes.usedAt)))
      .limit(1),
  );
  return row !== undefined;
}
