/** Who is looking at a school's public pages, and which school a public call is about. */
import type { PermissionGroup } from '../../../shared/constants';
import type { AppContext, Auth } from '../../context';
import { notFound } from '../../lib/errors';
import { enabledAdminPermissions } from '../admins/admins.service';
import type { School } from './schools.repository';
import { findSchool, resolveSchool } from './schools.service';

/**
 * The school of the caller: the signed-in user's school, else the installation's first one (undefined only on an
 * empty database). The one place public calls and the not-found page read it.
 */
export async function callerSchool(
  ctx: AppContext,
  auth: Pick<Auth, 'schoolId'> | undefined,
): Promise<School | undefined> {
  return (auth?.schoolId ? await findSchool(ctx, auth.schoolId) : undefined) ?? (await resolveSchool(ctx, null));
}

/**
 * The id of the school a public call is about: uid (a school id or hashUID), else the signed-in user's school,
 * else the first one. A given uid is not looked up here: cachedReply checks the school exists when it
 * computes, so a cached read costs no query. Garbage that decodes to nothing is 404.
 */
export async function pageSchoolId(ctx: AppContext, auth: Auth, uid: string | undefined): Promise<string> {
  if (uid && uid !== '0') {
    const id = ctx.uidCodec.decode(uid) ?? (/^\d{1,20}$/.test(uid) ? uid : null);
    if (!id) throw notFound('school not found');
    return id;
  }
  const school = await callerSchool(ctx, auth);
  if (!school) throw notFound('school not found');
  return school.id;
}

/** The school a public call is about: uid (school id or hashUID), else the viewer's school, else the first one; 404 for garbage. */
export async function publicSchool(ctx: AppContext, auth: Auth, uid: string | undefined): Promise<School> {
  const given = uid && uid !== '0' ? uid : undefined;
  const school = given ? await resolveSchool(ctx, given) : await callerSchool(ctx, auth);
  if (!school) throw notFound('school not found');
  return school;
}

/** True when the viewer is an administrator of this school holding the permission (never throws). */
export async function isSchoolAdmin(
  ctx: AppContext,
  auth: Auth,
  schoolId: string,
  permission: PermissionGroup,
): Promise<boolean> {
  if (auth.role !== 'admin' || auth.schoolId !== schoolId) return false;
  return (await enabledAdminPermissions(ctx, auth.userId))?.includes(permission) ?? false;
}
