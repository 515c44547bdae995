import { and, desc, eq } from 'drizzle-orm';
import { ofDeadNodes } from '../cluster/nodes';
import { type Db, first } from '../../db/client';
import { ldapRuns, ldapSettings, studentFieldValues, studentGroupMembers, students } from '../../db/schema';

/** The only place the directory module touches the database: settings, runs, and the school's directory accounts. */

export type LdapSettingsRow = typeof ldapSettings.$inferSelect;
export type LdapRunRow = typeof ldapRuns.$inferSelect;

export async function findSettings(db: Db, schoolId: string): Promise<LdapSettingsRow | undefined> {
  return first(await db.select().from(ldapSettings).where(eq(ldapSettings.schoolId, schoolId)));
}

export async function allSettings(db: Db): Promise<LdapSettingsRow[]> {
  return await db.select().from(ldapSettings);
}

export async function saveSettings(db: Db, row: LdapSettingsRow): Promise<void> {
  await db
    .insert(ldapSettings)
    .values(row)
    .onConflictDoUpdate({
      target: ldapSettings.schoolId,
      set: { config: row.config, bindPassword: row.bindPassword, caCert: row.caCert, updatedAt: row.updatedAt },
    });
}

export async function insertRun(db: Db, run: typeof ldapRuns.$inferInsert): Promise<void> {
  await db.insert(ldapRuns).values(run);
}

export async function finishRun(db: Db, id: string, patch: Partial<LdapRunRow>): Promise<void> {
  await db.update(ldapRuns).set(patch).where(eq(ldapRuns.id, id));
}

export async function findRun(db: Db, id: string): Promise<LdapRunRow | undefined> {
  return first(await db.select().from(ldapRuns).where(eq(ldapRuns.id, id)));
}

export async function lastRuns(db: Db, schoolId: string, limit: number): Promise<LdapRunRow[]> {
  return await db
    .select()
    .from(ldapRuns)
    .where(eq(ldapRuns.schoolId, schoolId))
    .orderBy(desc(ldapRuns.startedAt), desc(ldapRuns.id))
    .limit(limit);
}

/** The last scheduled run of a school (the scheduler's memory of what it already did). */
export async function lastScheduledRun(db: Db, schoolId: string): Promise<LdapRunRow | undefined> {
  return first(
    await db
      .select()
      .from(ldapRuns)
      .where(and(eq(ldapRuns.schoolId, schoolId), eq(ldapRuns.trigger, 'schedule')))
      .orderBy(desc(ldapRuns.startedAt))
      .limit(1),
  );
}

/** Runs left 'running' by a stopped server: marked failed at start. */
export async function failStaleRuns(db: Db, at: number, alive: readonly string[] | null): Promise<void> {
  await db
    .update(ldapRuns)
    .set({ status: 'failed', finishedAt: at, message: 'the server stopped during the run' })
    .where(and(eq(ldapRuns.status, 'running'), ofDeadNodes(ldapRuns.node, alive)));
}

export type SchoolStudent = Pick<
  typeof students.$inferSelect,
  'id' | 'username' | 'name' | 'email' | 'phone' | 'source' | 'externalId' | 'disabled' | 'disabledBy'
>;

/** Every student of a school with the columns the sync compares (10,000 rows: one query). */
export async function schoolStudents(db: Db, schoolId: string): Promise<SchoolStudent[]> {
  return await db
    .select({
      id: students.id,
      username: students.username,
      name: students.name,
      email: students.email,
      phone: students.phone,
      source: students.source,
      externalId: students.externalId,
      disabled: students.disabled,
      disabledBy: students.disabledBy,
    })
    .from(students)
    .where(eq(students.schoolId, schoolId));
}

/** Group memberships of a school's directory accounts, by student id. */
export async function directoryMemberships(db: Db, schoolId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ studentId: studentGroupMembers.studentId, groupId: studentGroupMembers.groupId })
    .from(studentGroupMembers)
    .innerJoin(students, eq(students.id, studentGroupMembers.studentId))
    .where(and(eq(students.schoolId, schoolId), eq(students.source, 'ldap')));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.studentId, [...(out.get(r.studentId) ?? []), r.groupId]);
  return out;
}

/** Custom field values of a school's directory accounts: student id → field id → value. */
export async function directoryFieldValues(db: Db, schoolId: string): Promise<Map<string, Map<string, string>>> {
  const rows = await db
    .select({
      studentId: studentFieldValues.studentId,
      fieldId: studentFieldValues.fieldId,
      value: studentFieldValues.value,
    })
    .from(studentFieldValues)
    .innerJoin(students, eq(students.id, studentFieldValues.studentId))
    .where(and(eq(students.schoolId, schoolId), eq(students.source, 'ldap')));
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const m = out.get(r.studentId) ?? new Map<string, string>();
    m.set(r.fieldId, r.value);
    out.set(r.studentId, m);
  }
  return out;
}
