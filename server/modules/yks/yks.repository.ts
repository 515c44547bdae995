import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalIdentities, studentGroupMembers, studentGroups, usedAssertions } from '../../db/schema';
import { mergeSchoolSettings } from '../student-fields/student-fields.repository';

/** The only place the yks module touches the database: its settings key, identities and used assertions. */

export function saveYksSettings(db: Db, schoolId: string, stored: unknown): void {
  // json_patch merges objects: the old key is cleared first so a removed origin does not stay.
  mergeSchoolSettings(db, schoolId, { yks: null });
  mergeSchoolSettings(db, schoolId, { yks: stored });
}

export function linkedStudentId(db: Db, schoolId: string, subject: string): string | undefined {
  return db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.provider, 'yks'),
        eq(externalIdentities.subject, subject),
        eq(externalIdentities.role, 'student'),
      ),
    )
    .get()?.userId;
}

export function linkIdentity(db: Db, schoolId: string, subject: string, userId: string, at: number): void {
  db.insert(externalIdentities)
    .values({ schoolId, provider: 'yks', subject, role: 'student', userId, createdAt: at, lastLoginAt: at })
    .onConflictDoUpdate({
      target: [externalIdentities.schoolId, externalIdentities.provider, externalIdentities.subject],
      set: { lastLoginAt: at },
    })
    .run();
}

/** Records an assertion's use; false when it was used already. */
export function useAssertion(db: Db, schoolId: string, jti: string, at: number, expiresAt: number): boolean {
  const done = db.insert(usedAssertions).values({ schoolId, jti, usedAt: at, expiresAt }).onConflictDoNothing().run();
  return done.changes === 1;
}

export function sweepAssertions(db: Db, now: number): void {
  db.delete(usedAssertions).where(lt(usedAssertions.expiresAt, now)).run();
}

/** Adds a student to the school's student groups of these names (never removes one); unknown names are skipped. */
export function joinNamedGroups(db: Db, schoolId: string, studentId: string, names: readonly string[]): void {
  if (names.length === 0) return;
  const found = db
    .select({ id: studentGroups.id })
    .from(studentGroups)
    .where(and(eq(studentGroups.schoolId, schoolId), inArray(studentGroups.name, [...names])))
    .all();
  for (const { id } of found) {
    db.insert(studentGroupMembers).values({ studentId, groupId: id }).onConflictDoNothing().run();
  }
}
