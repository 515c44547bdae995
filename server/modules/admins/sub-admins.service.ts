import type { z } from 'zod';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../../shared/constants';
import {
  ADMIN_ERRORS,
  type CateNode,
  type GroupPermissions,
  type SubAdmin,
  type SubAdminList,
  type zNewSubAdmin,
  type zSetPermission,
  type zSubAdminQuery,
  type zUpdateSubAdmin,
} from '../../../shared/schemas/admins';
import type { AppContext } from '../../context';
import { badInput, conflict, forbidden, noLogin, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { findAdmin } from '../auth/accounts.repository';
import { endSessionsExcept, endUserSessions } from '../auth/sessions.repository';
import { listCategories } from '../categories/categories.repository';
import { scopedCategoryRows } from '../courses/course-access';
import * as repo from './admins.repository';
import { adminCategories, adminPermissions } from './admins.service';
import { everyAsync } from '../../lib/sequential';

/*
 * Sub-admins (spec 6 roles and permissions; spec 7 Admins). Every call is behind requireAdmin(request, 'admin')
 * (the main admin holds every group) and works inside the caller's school: another school's ids, and the main
 * admin's own id, answer 404 like unknown ids.
 *
 * Choices where the spec is silent:
 * - A sub-admin holding 'admin' manages other sub-admins, but only those who hold nothing it lacks (no
 *   permission group it does not hold, no category outside its own scope): otherwise resetting their password
 *   would hand it their rights. It never grants what it does not hold, and if it is limited to categories it
 *   cannot grant "all categories" ([]). Beyond-reach sub-admins are still listed (read-only in the UI).
 * - Nobody changes their own permissions, disables or deletes themselves (403 'cannot change yourself'); a
 *   sub-admin may still change its own name and password here.
 * - User names are unique across the install (admins_username) and compared without regard to case, so
 *   'Teacher' and 'teacher' cannot both exist.
 * - Categories named in registered/setpermission must be course categories of the school (400 otherwise);
 *   a category deleted later simply drops out of the scope (a scope of only deleted categories manages nothing).
 * - Disabling or deleting a sub-admin ends its sessions at once; deletion removes the account only (what it
 *   created stays with the school). A new password ends its other sessions too (a session someone took does
 *   not outlive the reset); when a sub-admin changes its own password, the session it did it from stays.
 */

type Actor = NonNullable<Awaited<ReturnType<typeof findAdmin>>>;
type AdminRow = repo.AdminRow;

const refused = (error: string, field: string) => badInput(error, { field, issues: [{ field, message: error }] });

/** The signed-in administrator, enabled. */
async function actorOf(ctx: AppContext, adminId: string): Promise<Actor> {
  const admin = await findAdmin(ctx.db, adminId);
  if (!admin || admin.disabled) throw noLogin();
  return admin;
}

/** The school's main admin id (a sub-admin's parentId; the same as the school id). */
const mainAdminId = (actor: Actor) => actor.parentId ?? actor.id;

/** A sub-admin of the actor's school, else 404 (the main admin and other schools' ids included). */
async function subAdminOf(ctx: AppContext, actor: Actor, id: string): Promise<AdminRow> {
  const [row] = await repo.findSubAdmins(ctx.db, actor.schoolId, [id]);
  if (!row) throw notFound();
  return row;
}

/** True when the category ids all lie inside the actor's scope (an unscoped actor: any). */
async function categoriesWithin(ctx: AppContext, actor: Actor, ids: readonly string[]): Promise<boolean> {
  const scope = adminCategories(actor);
  if (scope.length === 0) return true;
  if (ids.length === 0) return false; // "all categories" is more than a scoped actor holds
  return await everyAsync(ids, async (id) => await repo.categoryInScope(ctx.db, actor.schoolId, id, scope));
}

/** 403 unless the actor holds every permission and category named (the main admin holds all). */
async function assertGrantable(
  ctx: AppContext,
  actor: Actor,
  permissions: readonly string[],
  categories: readonly string[],
): Promise<void> {
  if (actor.parentId === null) return;
  const held = adminPermissions(actor);
  if (!permissions.every((group) => held.includes(group as PermissionGroup)))
    throw forbidden(ADMIN_ERRORS.notGrantable);
  if (!(await categoriesWithin(ctx, actor, categories))) throw forbidden(ADMIN_ERRORS.notGrantable);
}

/** 403 unless the actor may change this sub-admin: not itself (when `self` is refused), and not someone holding more. */
async function assertReach(ctx: AppContext, actor: Actor, target: AdminRow, refuseSelf = true): Promise<void> {
  if (refuseSelf && target.id === actor.id) throw forbidden(ADMIN_ERRORS.self);
  if (target.id !== actor.id) await assertGrantable(ctx, actor, adminPermissions(target), adminCategories(target));
}

/** 400 unless every id is a course category of the school. */
async function assertCategories(ctx: AppContext, schoolId: string, ids: readonly string[]): Promise<void> {
  if ((await repo.schoolCategories(ctx.db, schoolId, ids)).length !== ids.length)
    throw refused(ADMIN_ERRORS.badCategory, 'categories');
}

/** The group id to store: null for none; 400 unless it is an admin group of the school. */
async function groupFor(ctx: AppContext, schoolId: string, groupId: string | null | undefined): Promise<string | null> {
  if (!groupId) return null;
  if ((await repo.schoolAdminGroups(ctx.db, schoolId, [groupId])).length === 0)
    throw refused(ADMIN_ERRORS.badGroup, 'groupId');
  return groupId;
}

/** POST admins/registered: a new sub-admin under the school's main admin. */
export async function registerSubAdmin(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zNewSubAdmin>,
): Promise<SubAdmin> {
  const actor = await actorOf(ctx, adminId);
  await assertGrantable(ctx, actor, input.permissions, input.categories);
  await assertCategories(ctx, actor.schoolId, input.categories);
  const groupId = await groupFor(ctx, actor.schoolId, input.groupId);
  if (await repo.usernameTaken(ctx.db, input.username))
    throw conflict(ADMIN_ERRORS.usernameTaken, { field: 'username' });
  const passwordHash = await hashPassword(input.password);
  const id = ctx.ids.next();
  try {
    await repo.insertSubAdmin(ctx.db, {
      id,
      schoolId: actor.schoolId,
      parentId: mainAdminId(actor),
      username: input.username,
      passwordHash,
      name: input.name,
      permissions: JSON.stringify(PERMISSION_GROUPS.filter((group) => input.permissions.includes(group))),
      categories: JSON.stringify(input.categories),
      groupId,
      createdAt: ctx.now(),
    });
  } catch (error) {
    // Another request took the name while the password was hashing.
    if (String(error).includes('UNIQUE')) throw conflict(ADMIN_ERRORS.usernameTaken, { field: 'username' });
    throw error;
  }
  return (await present(ctx, actor.schoolId, [await subAdminOf(ctx, actor, id)]))[0];
}

/** Sub-admins as replies carry them: category and group names read once for the page. */
async function present(ctx: AppContext, schoolId: string, rows: AdminRow[]): Promise<SubAdmin[]> {
  const categoryIds = [...new Set(rows.flatMap((row) => adminCategories(row)))];
  const titles = new Map((await repo.schoolCategories(ctx.db, schoolId, categoryIds)).map((c) => [c.id, c.title]));
  const groupIds = [...new Set(rows.map((row) => row.groupId).filter((id): id is string => !!id))];
  const groups = new Map((await repo.schoolAdminGroups(ctx.db, schoolId, groupIds)).map((g) => [g.id, g.name]));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    adminType: row.parentId ?? '0',
    permissions: adminPermissions(row),
    // A category deleted since is no longer shown (nor counted: see course-access).
    categories: adminCategories(row)
      .filter((id) => titles.has(id))
      .map((id) => ({ id, name: titles.get(id)! })),
    group: row.groupId && groups.has(row.groupId) ? { id: row.groupId, name: groups.get(row.groupId)! } : null,
    disabled: row.disabled,
    created: row.createdAt,
    lastLogin: row.lastLoginAt,
  }));
}

/** GET admins/list: the school's sub-admins (never the main admin), newest first. */
export async function listSubAdmins(
  ctx: AppContext,
  adminId: string,
  query: z.output<typeof zSubAdminQuery>,
): Promise<SubAdminList> {
  const actor = await actorOf(ctx, adminId);
  const { rows, total } = await repo.listSubAdmins(ctx.db, {
    schoolId: actor.schoolId,
    keyword: query.keyword,
    groupId: query.groupId,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { total, list: await present(ctx, actor.schoolId, rows) };
}

/**
 * POST admins/update: name, password, disabled, group. Disabling ends the sub-admin's sessions; a new password
 * ends them too, but for the caller's own session (currentToken) when it changes its own password.
 */
export async function updateSubAdmin(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zUpdateSubAdmin>,
  currentToken: string | null = null,
): Promise<SubAdmin> {
  const actor = await actorOf(ctx, adminId);
  const target = await subAdminOf(ctx, actor, input.id);
  await assertReach(ctx, actor, target, input.disabled !== undefined);
  const groupId = input.groupId === undefined ? undefined : await groupFor(ctx, actor.schoolId, input.groupId);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await repo.updateAdmin(tx, target.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      ...(groupId !== undefined ? { groupId } : {}),
    });
    if (input.disabled === true) await endUserSessions(tx, 'admin', [target.id], ctx.now());
    else if (passwordHash !== undefined)
      await endSessionsExcept(tx, 'admin', target.id, target.id === actor.id ? currentToken : null, ctx.now());
  });
  return (await present(ctx, actor.schoolId, [await subAdminOf(ctx, actor, target.id)]))[0];
}

/** POST admins/delete: every named sub-admin or none (404 for an unknown one, 403 for oneself or one beyond reach). */
export async function deleteSubAdmins(
  ctx: AppContext,
  adminId: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const actor = await actorOf(ctx, adminId);
  const unique = [...new Set(ids)];
  const rows = await repo.findSubAdmins(ctx.db, actor.schoolId, unique);
  if (rows.length !== unique.length) throw notFound();
  for (const row of rows) await assertReach(ctx, actor, row);
  const deleted = await ctx.db.transaction(async (tx) => {
    await endUserSessions(tx, 'admin', unique, ctx.now());
    return await repo.deleteSubAdmins(tx, actor.schoolId, unique);
  });
  return { deleted };
}

/** POST admins/setpermission: the sub-admin's whole set of permission groups and categories ([] = all). */
export async function setPermission(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof zSetPermission>,
): Promise<SubAdmin> {
  const actor = await actorOf(ctx, adminId);
  const target = await subAdminOf(ctx, actor, input.id);
  await assertReach(ctx, actor, target);
  await assertGrantable(ctx, actor, input.permissions, input.categories);
  await assertCategories(ctx, actor.schoolId, input.categories);
  await repo.updateAdmin(ctx.db, target.id, {
    permissions: JSON.stringify(PERMISSION_GROUPS.filter((group) => input.permissions.includes(group))),
    categories: JSON.stringify(input.categories),
  });
  return (await present(ctx, actor.schoolId, [await subAdminOf(ctx, actor, target.id)]))[0];
}

/** GET admins/getgrouppermissions {id?}: every group with its label key, what the admin (or the caller) holds, what the caller may grant. */
export async function groupPermissions(
  ctx: AppContext,
  adminId: string,
  id: string | undefined,
): Promise<GroupPermissions> {
  const actor = await actorOf(ctx, adminId);
  const subject = id === undefined || id === actor.id ? actor : await subAdminOf(ctx, actor, id);
  return {
    groups: PERMISSION_GROUPS.map((key) => ({ key, label: `admin.admins.perm.${key}` })),
    granted: adminPermissions(subject),
    categories: adminCategories(subject),
    grantable: adminPermissions(actor),
    grantableCategories: adminCategories(actor),
  };
}

/** GET admins/getCate: the course category tree the caller may grant from (its own part when it is limited). */
export async function grantableCategoryTree(ctx: AppContext, adminId: string): Promise<{ cates: CateNode[] }> {
  const actor = await actorOf(ctx, adminId);
  const rows =
    (await scopedCategoryRows(ctx, actor.id, actor.schoolId)) ??
    (await listCategories(ctx.db, actor.schoolId, 'course'));
  const nodes = new Map<string, CateNode>();
  const cates: CateNode[] = [];
  for (const row of rows) {
    const node: CateNode = { id: row.id, name: row.title, children: [] };
    nodes.set(row.id, node);
    const parent = nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else cates.push(node);
  }
  return { cates };
}

/** GET admins/getCateName {ids}: the names of the school's course categories among the ids (others are left out). */
export async function categoryNames(
  ctx: AppContext,
  adminId: string,
  ids: readonly string[],
): Promise<{ list: { id: string; name: string }[] }> {
  const actor = await actorOf(ctx, adminId);
  return { list: (await repo.schoolCategories(ctx.db, actor.schoolId, ids)).map((c) => ({ id: c.id, name: c.title })) };
}
