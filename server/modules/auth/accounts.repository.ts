import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db/client';
import { admins, studentGroupMembers, studentGroups, students } from '../../db/schema';
import { loginNameForms } from '../../../shared/rules/login-name';

export type Admin = typeof admins.$inferSelect;
export type Student = typeof students.$inferSelect;

export function findAdminByUsername(db: Db, username: string): Admin | undefined {
  return db.select().from(admins).where(eq(admins.username, username)).get();
}

export function findAdmin(db: Db, id: string): Admin | undefined {
  return prepared(db, 'findAdmin', (d) =>
    d
      .select()
      .from(admins)
      .where(eq(admins.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

export function findStudentByUsername(db: Db, schoolId: string, username: string): Student | undefined {
  return db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.username, username)))
    .get();
}

/** A student by a typed user name in any Unicode form, the typed form first (the login-name rule). */
export function findStudentByLoginName(db: Db, schoolId: string, typed: string): Student | undefined {
  for (const name of loginNameForms(typed)) {
    const found = findStudentByUsername(db, schoolId, name);
    if (found) return found;
  }
  return undefined;
}

export function findStudent(db: Db, id: string): Student | undefined {
  return prepared(db, 'findStudent', (d) =>
    d
      .select()
      .from(students)
      .where(eq(students.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The ids of the groups a student belongs to. */
export function studentGroupIds(db: Db, studentId: string): string[] {
  return prepared(db, 'studentGroupIds', (d) =>
    d
      .select({ id: studentGroupMembers.groupId })
      .from(studentGroupMembers)
      .where(eq(studentGroupMembers.studentId, sql.placeholder('studentId')))
      .prepare(),
  )
    .all({ studentId })
    .map((row) => row.id);
}

export function insertAdmin(db: Db, admin: typeof admins.$inferInsert): void {
  db.insert(admins).values(admin).run();
}

export function insertStudent(db: Db, student: typeof students.$inferInsert, groupIds: string[] = []): void {
  db.transaction((tx) => {
    tx.insert(students).values(student).run();
    for (const groupId of groupIds) tx.insert(studentGroupMembers).values({ studentId: student.id, groupId }).run();
  });
}

export function insertGroup(db: Db, group: typeof studentGroups.$inferInsert): void {
  db.insert(studentGroups).values(group).run();
}

export function recordLogin(db: Db, role: 'student' | 'admin', id: string, at: number): void {
  const table = role === 'admin' ? admins : students;
  db.update(table).set({ lastLoginAt: at }).where(eq(table.id, id)).run();
}
