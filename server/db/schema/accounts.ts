import { table, text, integer, uniqueIndex, index, primaryKey } from './dialect';
import { schools } from './schools';

/** Administrators: the main admin (parentId null, adminType 0) and sub-admins (parentId = main admin id). */
export const admins = table(
  'admins',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** JSON list of permission groups (spec 6); the main admin has them all. */
    permissions: text('permissions').notNull().default('[]'),
    /** JSON list of course category ids a sub-admin may manage; [] = every category (spec 7 admins/getCate). */
    categories: text('categories').notNull().default('[]'),
    /** The sub-admin's group in the back office's admin group tree (a/group), if any. */
    groupId: text('group_id'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastLoginAt: integer('last_login_at'),
  },
  (t) => [uniqueIndex('admins_username').on(t.username), index('admins_school').on(t.schoolId)],
);

/** Students of a school. The login name is unique within the school. */
export const students = table(
  'students',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** Null for accounts that sign in through the directory only. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** 'local' accounts sign in with their own password; 'ldap' accounts with the directory's (never stored). */
    source: text('source', { enum: ['local', 'ldap'] })
      .notNull()
      .default('local'),
    /** The directory entry's DN for an 'ldap' account (the sync's key). */
    externalId: text('external_id'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    /** Who disabled the account: an administrator, or the directory sync (which may enable it again). */
    disabledBy: text('disabled_by', { enum: ['admin', 'ldap'] }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at'),
    lastLoginAt: integer('last_login_at'),
  },
  (t) => [
    uniqueIndex('students_school_username').on(t.schoolId, t.username),
    index('students_school_external').on(t.schoolId, t.externalId),
    index('students_school_created').on(t.schoolId, t.createdAt),
  ],
);

/** Student groups of a school, a tree (spec 6 groups; managed by the students domain). */
export const studentGroups = table(
  'student_groups',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('student_groups_school').on(t.schoolId)],
);

export const studentGroupMembers = table(
  'student_group_members',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => studentGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.groupId] }), index('student_group_members_group').on(t.groupId)],
);

/** Groups of sub-admins in the back office (spec 7 a/group), a tree like the student groups. */
export const adminGroups = table(
  'admin_groups',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('admin_groups_school').on(t.schoolId)],
);
