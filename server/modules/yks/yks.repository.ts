import { affected, type Db, first } from '../../db/client';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { externalIdentities, studentGroupMembers, studentGroups, usedAssertions } from '../../db/schema';
import { mergeSchoolSettings } from '../student-fields/student-fields.repository';

/** The only place the yks module touches the database: its settings key, identities and used assertions. */

export async function saveYksSettings(db: Db, schoolId: string, stored: unknown): Promise<void> {
  // json_patch merges objects: the old key is cleared first so a removed origin does not stay.
  await mergeSchoolSettings(db, schoolId, { yks: null });
  await mergeSchoolSettings(db, schoolId, { yks: stored });
}

export async function linkedStudentId(db: Db, schoolId: string, subject: string): Promise<string | undefined> {
  return first(
    await db
      .select({ userId: externalIdentities.userId })
      .from(externalIdentities)
      .where(
        and(
          eq(externalIdentities.schoolId, schoolId),
          eq(externalIdentities.provider, 'yks'),
          eq(externalIdentities.subject, subject),
          eq(externalIdentities.role, 'student'),
        ),
      ),
  )?.userId;
}

export async function linkIdentity(
  db: Db,
  schoolId: string,
  subject: string,
  userId: string,
  at: number,
): Promise<void> {
  await db
    .insert(externalIdentities)
    .values({ schoolId, provider: 'yks', subject, role: 'student', userId, createdAt: at, lastLoginAt: at })
    .onConflictDoUpdate({
      target: [externalIdentities.schoolId, externalIdentities.provider, externalIdentities.subject],
      set: { lastLoginAt: at },
    });
}

/** Records an assertion's use; false when it was used already. */
export async function useAssertion(
  db: Db,
  schoolId: string,
  jti: string,
  at: number,
  expiresAt: number,
): Promise<boolean> {
  const done = await db.insert(usedAssertions).values({ schoolId, jti, usedAt: at, expiresAt }).onConflictDoNothing();
  return affected(done) === 1;
}

export async function sweepAssertions(db: Db, now: number): Promise<void> {
  await db.delete(usedAssertions).where(lt(usedAssertions.expiresAt, now));
}

/** Adds a student to the school's student groups of these names (never removes one); unknown names are skipped. */
export async function joinNamedGroups(
  db: Db,
  schoolId: string,
  studentId: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  const found = await db
    .select({ id: studentGroups.id })
    .from(studentGroups)
    .where(and(eq(studentGroups.schoolId, schoolId), inArray(studentGroups.name, [...names])));
  for (const { id } of found) {
    await db.insert(studentGroupMembers).values({ studentId, groupId: id }).onConflictDoNothing();
  }
}
