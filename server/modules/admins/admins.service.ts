import { PERMISSION_GROUPS, type PermissionGroup } from '../../../shared/constants';
import type { AdminProfile } from '../../../shared/schemas/admins';
import type { AppContext } from '../../context';
import { noLogin } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';
import { findSchool } from '../schools/schools.repository';
import { readIdList } from './admins.repository';

/** The permission groups an administrator holds: all of them for the main admin (spec 6). */
export function adminPermissions(admin: { parentId: string | null; permissions: string }): PermissionGroup[] {
  if (admin.parentId === null) return [...PERMISSION_GROUPS];
  const granted = readIdList(admin.permissions);
  return PERMISSION_GROUPS.filter((group) => granted.includes(group));
}

/** The permission groups of an enabled administrator, or null when the admin is gone or disabled (requireAdmin). */
export async function enabledAdminPermissions(ctx: AppContext, adminId: string): Promise<PermissionGroup[] | null> {
  const admin = await findAdmin(ctx.db, adminId);
  return admin && !admin.disabled ? adminPermissions(admin) : null;
}

/** The course categories a sub-admin is limited to; [] = every category (always [] for the main admin). */
export function adminCategories(admin: { parentId: string | null; categories: string }): string[] {
  return admin.parentId === null ? [] : readIdList(admin.categories);
}

/** GET admins/me: read fresh on every call, so a change of permissions shows in the sidebar at once. */
export async function adminProfile(ctx: AppContext, adminId: string): Promise<AdminProfile> {
  const admin = await findAdmin(ctx.db, adminId);
  const school = admin && (await findSchool(ctx.db, admin.schoolId));
  if (!admin || !school || admin.disabled) throw noLogin();
  return {
    id: admin.id,
    username: admin.username,
    name: admin.name,
    adminType: admin.parentId ?? '0',
    permissions: adminPermissions(admin),
    categories: adminCategories(admin),
    school: { id: school.id, name: school.name, hashUID: ctx.uidCodec.encode(school.id) },
  };
}
