import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { type Db, first } from '../../db/client';
import { admins, studentGroupMembers, studentGroups, students } from '../../db/schema';
import { loginNameForms } from '../../../shared/rules/login-name';

export type Admin = typeof admins.$inferSelect;
export type Student = typeof students.$inferSelect;

export async function findAdminByUsername(db: Db, username: string): Promise<Admin | undefined> {
  return first(await db.select().from(admins).where(eq(admins.username, username)));
}

export async function findAdmin(db: Db, id: string): Promise<Admin | undefined> {
  return await prepared(db, 'findAdmin', (d) =>
    d
      .select()
      .from(admins)
      .where(eq(admins.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

export async function findStudentByUsername(db: Db, schoolId: string, username: string): Promise<Student | undefined> {
  return first(
    await db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.username, username))),
  );
}

/** A student by a typed user name in any Unicode form, the typed form first (the login-name rule). */
export async function findStudentByLoginName(db: Db, schoolId: string, typed: string): Promise<Student | undefined> {
  for (const name of loginNameForms(typed)) {
    const found = await findStudentByUsername(db, schoolId, name);
    if (found) return found;
  }
  return undefined;
}

export async function findStudent(db: Db, id: string): Promise<Student | undefined> {
  return await prepared(db, 'findStudent', (d) =>
    d
      .select()
      .from(students)
      .where(eq(students.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The ids of the groups a student belongs to. */
export async function studentGroupIds(db: Db, studentId: string): Promise<string[]> {
  return (
    await prepared(db, 'studentGroupIds', (d) =>
      d
        .select({ id: studentGroupMembers.groupId })
        .from(studentGroupMembers)
        .where(eq(studentGroupMembers.studentId, sql.placeholder('studentId')))
        .prepare(),
    ).all({ studentId })
  ).map((row) => row.id);
}

export async function insertAdmin(db: Db, admin: typeof admins.$inferInsert): Promise<void> {
  await db.insert(admins).values(admin);
}

export async function insertStudent(
  db: Db,
  student: typeof students.$inferInsert,
  groupIds: string[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(students).values(student);
    for (const groupId of groupIds) await tx.insert(studentGroupMembers).values({ studentId: student.id, groupId });
  });
}

export async function insertGroup(db: Db, group: typeof studentGroups.$inferInsert): Promise<void> {
  await db.insert(studentGroups).values(group);
}

export async function recordLogin(db: Db, role: 'student' | 'admin', id: string, at: number): Promise<void> {
  const table = role === 'admin' ? admins : students;
  await db.update(table).set({ lastLoginAt: at }).where(eq(table.id, id));
}
