import { sqliteTable, text, integer, uniqueIndex, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { schools } from './schools';

/** Administrators: the main admin (parentId null, adminType 0) and sub-admins (parentId = main admin id). */
export const admins = sqliteTable(
  'admins',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** JSON list of permission groups (spec 6); the main admin has them all. */
    permissions: text('permissions').notNull().default('[]'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastLoginAt: integer('last_login_at'),
  },
  (t) => [uniqueIndex('admins_username').on(t.username), index('admins_school').on(t.schoolId)],
);

/** Students of a school. The login name is unique within the school. */
export const students = sqliteTable(
  'students',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** Null for accounts that sign in through the directory only. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastLoginAt: integer('last_login_at'),
  },
  (t) => [uniqueIndex('students_school_username').on(t.schoolId, t.username)],
);

/** Student groups of a school, a tree (spec 6 groups; managed by the students domain). */
export const studentGroups = sqliteTable(
  'student_groups',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('student_groups_school').on(t.schoolId)],
);

export const studentGroupMembers = sqliteTable(
  'student_group_members',
  {
    studentId: text('student_id').notNull().references(() => students.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull().references(() => studentGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.groupId] }), index('student_group_members_group').on(t.groupId)],
);
