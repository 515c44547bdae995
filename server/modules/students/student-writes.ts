import { and, eq, inArray } from 'drizzle-orm';
import { type Db, affected } from '../../db/client';
import { studentFieldValues, studentGroupMembers, students } from '../../db/schema';
import { endUserSessions } from '../auth/sessions.repository';

/**
 * The writes that create, change and disable students, shared by every path that does so (student/add and
 * update, import, LDAP sync, registration). Callers wrap them in one transaction with the seat check
 * (server/modules/licence/seats assertSeats), so a refused or failed write leaves nothing behind.
 */

export type StudentRow = typeof students.$inferSelect;

export interface NewStudent {
  id: string;
  schoolId: string;
  username: string;
  name: string;
  /** An argon2 hash, or null for an account without a local password (a directory account). */
  passwordHash: string | null;
  email?: string;
  phone?: string;
  source?: 'local' | 'ldap';
  externalId?: string | null;
  groupIds?: string[];
  /** Custom field values by field id ('' values are not stored). */
  fields?: Record<string, string>;
  createdAt: number;
}

const CHUNK = 400;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Inserts students with their groups and field values, in chunks (10,000 rows stay a few statements). */
export async function insertStudents(db: Db, rows: NewStudent[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insert(students).values(
      part.map((r) => ({
        id: r.id,
        schoolId: r.schoolId,
        username: r.username,
        passwordHash: r.passwordHash,
        name: r.name,
        email: r.email ?? '',
        phone: r.phone ?? '',
        source: r.source ?? 'local',
        externalId: r.externalId ?? null,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      })),
    );
  }
  const members = rows.flatMap((r) => [...new Set(r.groupIds ?? [])].map((groupId) => ({ studentId: r.id, groupId })));
  for (const part of chunks(members)) await db.insert(studentGroupMembers).values(part);
  const values = rows.flatMap((r) =>
    Object.entries(r.fields ?? {})
      .filter(([, v]) => v.trim() !== '')
      .map(([fieldId, value]) => ({ studentId: r.id, fieldId, value: value.trim() })),
  );
  for (const part of chunks(values)) await db.insert(studentFieldValues).values(part);
}

export type StudentPatch = Partial<
  Pick<StudentRow, 'name' | 'email' | 'phone' | 'passwordHash' | 'avatar' | 'externalId' | 'source'>
>;

/** Changes a student's own columns (updatedAt set); nothing when the patch is empty. */
export async function updateStudent(db: Db, id: string, patch: StudentPatch, now: number): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(students)
    .set({ ...patch, updatedAt: now })
    .where(eq(students.id, id));
}

/** Makes the student's groups exactly these. */
export async function replaceGroups(db: Db, studentId: string, groupIds: string[]): Promise<void> {
  await db.delete(studentGroupMembers).where(eq(studentGroupMembers.studentId, studentId));
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) await db.insert(studentGroupMembers).values(unique.map((groupId) => ({ studentId, groupId })));
}

/** Sets the given custom field values of a student; '' removes a value. Fields not named are left as they are. */
export async function setFieldValues(db: Db, studentId: string, values: Record<string, string>): Promise<void> {
  for (const [fieldId, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === '') {
      await db
        .delete(studentFieldValues)
        .where(and(eq(studentFieldValues.studentId, studentId), eq(studentFieldValues.fieldId, fieldId)));
    } else {
      await db
        .insert(studentFieldValues)
        .values({ studentId, fieldId, value })
        .onConflictDoUpdate({ target: [studentFieldValues.studentId, studentFieldValues.fieldId], set: { value } });
    }
  }
}

/** Disables students (never deletes them) and ends their sessions at once. `by` says who, so a sync only re-enables its own. */
export async function disableStudents(db: Db, ids: string[], by: 'admin' | 'ldap', now: number): Promise<number> {
  let changed = 0;
  for (const part of chunks(ids)) {
    changed += affected(
      await db
        .update(students)
        .set({ disabled: true, disabledBy: by, updatedAt: now })
        .where(and(inArray(students.id, part), eq(students.disabled, false))),
    );
  }
  await endUserSessions(db, 'student', ids, now);
  return changed;
}

/** Enables students again. The caller checks seats first (each counts as a seat again). */
export async function enableStudents(db: Db, ids: string[], now: number): Promise<number> {
  let changed = 0;
  for (const part of chunks(ids)) {
    changed += affected(
      await db
        .update(students)
        .set({ disabled: false, disabledBy: null, updatedAt: now })
        .where(and(inArray(students.id, part), eq(students.disabled, true))),
    );
  }
  return changed;
}

/** The school's students with these user names (duplicate detection: repeatdata, import, sync). */
export async function studentsByUsername(
  db: Db,
  schoolId: string,
  usernames: string[],
): Promise<Map<string, StudentRow>> {
  const found = new Map<string, StudentRow>();
  for (const part of chunks([...new Set(usernames)])) {
    for (const row of await db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.username, part))))
      found.set(row.username, row);
  }
  return found;
}
