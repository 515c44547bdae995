import * as z from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PERMISSION_GROUPS, USERNAME_MAX } from '../constants';
import { zId, zQueryNum, zQueryPage } from './common';

/** GET admins/me: the signed-in administrator and their school. adminType '0' is the main admin. */
export const zAdminProfile = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  adminType: z.string(),
  permissions: z.array(z.enum(PERMISSION_GROUPS)),
  /** Course category ids the administrator may manage; [] = every category (spec 7 admins/getCate). */
  categories: z.array(z.string()).default([]),
  school: z.object({ id: z.string(), name: z.string(), hashUID: z.string() }),
});
export type AdminProfile = z.infer<typeof zAdminProfile>;

/*
 * Sub-admins (spec 6 roles and permissions, spec 7 Admins: registered, list, delete, update, setpermission,
 * getgrouppermissions, getCate, getCateName). A sub-admin holds some of the permission groups (spec 3) and
 * optionally a set of course categories it may manage ([] = all).
 */

/** How many categories one sub-admin may be limited to, and how many accounts one delete may name. */
export const ADMIN_CATEGORIES_MAX = 200;
export const ADMIN_DELETE_MAX = 200;
export const ADMIN_NAME_MAX = 64;

/** Error strings of the admins calls. */
export const ADMIN_ERRORS = {
  usernameTaken: 'username taken',
  /** A sub-admin tried to grant a permission or category it does not hold itself. */
  notGrantable: 'cannot grant what you do not hold',
  /** Nobody changes their own permissions, disables or deletes themselves. */
  self: 'cannot change yourself',
  badCategory: 'not a category of this school',
  badGroup: 'not an admin group of this school',
} as const;

export const zPermissionGroup = z.enum(PERMISSION_GROUPS);
const zPermissions = z
  .array(zPermissionGroup)
  .max(PERMISSION_GROUPS.length * 2)
  .transform((list) => [...new Set(list)]);
const zCategoryIds = z
  .array(zId)
  .max(ADMIN_CATEGORIES_MAX)
  .transform((list) => [...new Set(list)]);
const zAdminUsername = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(USERNAME_MAX)
  .regex(/^[^\s]+$/, 'must not contain spaces');
const zAdminName = z.string().trim().min(1, 'is required').max(ADMIN_NAME_MAX);
const zPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** An admin group id, or null / '' / '0' for none. */
const zGroupRef = z
  .union([zId, z.literal(''), z.null()])
  .transform((value) => (value === '' || value === '0' ? null : value));

/** POST admins/registered: a new sub-admin of the caller's school. */
export const zNewSubAdmin = z.object({
  username: zAdminUsername,
  name: zAdminName,
  password: zPassword,
  permissions: zPermissions.default([]),
  categories: zCategoryIds.default([]),
  groupId: zGroupRef.optional(),
});
export type NewSubAdminInput = z.input<typeof zNewSubAdmin>;

/** GET admins/list. */
export const zSubAdminQuery = z.object({
  page: zQueryPage,
  num: zQueryNum(100, 20),
  keyword: z.string().trim().max(64).default(''),
  groupId: z.union([zId, z.literal('')]).default(''),
});
export type SubAdminQuery = z.input<typeof zSubAdminQuery>;

/** POST admins/update: the given fields only; disabling ends the sub-admin's sessions. */
export const zUpdateSubAdmin = z.object({
  id: zId,
  name: zAdminName.optional(),
  password: zPassword.optional(),
  disabled: z.boolean().optional(),
  groupId: zGroupRef.optional(),
});
export type UpdateSubAdminInput = z.input<typeof zUpdateSubAdmin>;

/** POST admins/delete. */
export const zDeleteSubAdmins = z.object({ ids: z.array(zId).min(1).max(ADMIN_DELETE_MAX) });

/** POST admins/setpermission: the whole set of permission groups and categories ([] = all). */
export const zSetPermission = z.object({ id: zId, permissions: zPermissions, categories: zCategoryIds });
export type SetPermissionInput = z.input<typeof zSetPermission>;

/** GET admins/getgrouppermissions {id?}. */
export const zGroupPermissionsQuery = z.object({ id: zId.optional() });

/** GET admins/getCateName {ids}: a comma list (or repeated ids). */
export const zCateNameQuery = z.object({
  ids: z
    .union([z.string().max(20 * ADMIN_CATEGORIES_MAX), z.array(z.string()).max(ADMIN_CATEGORIES_MAX)])
    .transform((value) => [
      ...new Set((Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean)),
    ])
    .pipe(z.array(zId).max(ADMIN_CATEGORIES_MAX)),
});

const zNamedRef = z.object({ id: z.string(), name: z.string() });

/** A sub-admin as admins/list shows it. */
export const zSubAdmin = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** The parent admin id (spec 3 adminType). */
  adminType: z.string(),
  permissions: z.array(zPermissionGroup),
  /** [] = every category. */
  categories: z.array(zNamedRef),
  group: zNamedRef.nullable(),
  disabled: z.boolean(),
  created: z.number(),
  lastLogin: z.number().nullable(),
});
export type SubAdmin = z.infer<typeof zSubAdmin>;
export const zSubAdminList = z.object({ total: z.number().int(), list: z.array(zSubAdmin) });
export type SubAdminList = z.infer<typeof zSubAdminList>;

/** GET admins/getgrouppermissions: every permission group with its message key, what the admin holds, what the caller may grant. */
export const zGroupPermissions = z.object({
  groups: z.array(z.object({ key: zPermissionGroup, label: z.string() })),
  granted: z.array(zPermissionGroup),
  categories: z.array(z.string()),
  grantable: z.array(zPermissionGroup),
  /** The categories the caller may grant; [] = any (the caller is unscoped). */
  grantableCategories: z.array(z.string()),
});
export type GroupPermissions = z.infer<typeof zGroupPermissions>;

/** A node of admins/getCate's tree. */
export type CateNode = { id: string; name: string; children: CateNode[] };
export const zCateNode: z.ZodType<CateNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), children: z.array(zCateNode) }),
);
export const zCateTree = z.object({ cates: z.array(zCateNode) });
export const zCateNames = z.object({ list: z.array(zNamedRef) });
