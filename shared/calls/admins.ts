/**
 * Administrators (spec 6 roles and permissions; spec 7 Admins): the signed-in administrator's own profile
 * (any administrator) and managing sub-admins (permission group 'admin'); the service keeps each call within
 * the caller's school and never grants more than the caller holds.
 */
import * as z from 'zod';
import * as s from '../schemas/admins';
import { defineCall } from '../contract';

const tags = ['admins'];
const access = { admin: 'admin' } as const;

export const zSubAdminsDeleted = z.object({ deleted: z.number() });

export const adminCalls = {
  me: defineCall({
    method: 'GET',
    path: 'admins/me',
    access: 'admin',
    tags,
    summary: 'The signed-in administrator, their permissions, categories and school (the back office landing data).',
    reply: s.zAdminProfile,
  }),
  register: defineCall({
    method: 'POST',
    path: 'admins/registered',
    access,
    tags,
    summary: 'Creates a sub-admin with permission groups, categories ([] = all) and an admin group.',
    body: s.zNewSubAdmin,
    reply: s.zSubAdmin,
  }),
  list: defineCall({
    method: 'GET',
    path: 'admins/list',
    access,
    tags,
    summary: "The school's sub-admins, searchable by name and filtered by admin group.",
    query: s.zSubAdminQuery,
    reply: s.zSubAdminList,
  }),
  update: defineCall({
    method: 'POST',
    path: 'admins/update',
    access,
    tags,
    summary:
      "Changes a sub-admin's name, password, group, or disables it. Disabling or a new password ends its sessions " +
      "(one's own password: all but this one).",
    body: s.zUpdateSubAdmin,
    reply: s.zSubAdmin,
  }),
  delete: defineCall({
    method: 'POST',
    path: 'admins/delete',
    access,
    tags,
    summary: 'Deletes sub-admin accounts, all or none (never the main admin); their sessions end.',
    body: s.zDeleteSubAdmins,
    reply: zSubAdminsDeleted,
  }),
  setPermission: defineCall({
    method: 'POST',
    path: 'admins/setpermission',
    access,
    tags,
    summary: "Sets a sub-admin's permission groups and categories; never more than the caller holds.",
    body: s.zSetPermission,
    reply: s.zSubAdmin,
  }),
  groupPermissions: defineCall({
    method: 'GET',
    path: 'admins/getgrouppermissions',
    access,
    tags,
    summary: 'The permission groups with their labels, those the admin holds and those the caller may grant.',
    query: s.zGroupPermissionsQuery,
    reply: s.zGroupPermissions,
  }),
  cateTree: defineCall({
    method: 'GET',
    path: 'admins/getCate',
    access,
    tags,
    summary: 'The course category tree to choose a sub-admin’s categories from.',
    reply: s.zCateTree,
  }),
  cateNames: defineCall({
    method: 'GET',
    path: 'admins/getCateName',
    access,
    tags,
    summary: "The names of the school's course categories among the ids.",
    query: s.zCateNameQuery,
    reply: s.zCateNames,
  }),
};
