import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';

/**
 * The one check behind every per-course back-office call: may this administrator manage this course?
 * Today: an enabled administrator of the course's school (the caller has already required the 'course'
 * permission). Sub-admin category limits come with the permission model of a later issue, here.
 */
export function canManageCourse(ctx: AppContext, adminId: string, course: { schoolId: string; catid?: string }): boolean {
  const admin = findAdmin(ctx.db, adminId);
  return !!admin && !admin.disabled && admin.schoolId === course.schoolId;
}

/** The same check for a category of the back office's tree editor (same school today; category limits later). */
export function canManageCategory(ctx: AppContext, adminId: string, category: { schoolId: string; id: string }): boolean {
  return canManageCourse(ctx, adminId, { schoolId: category.schoolId, catid: category.id });
}

/** Throws 404 unless the administrator may manage the course: another school's ids look like no ids at all. */
export function assertManageCourse(ctx: AppContext, adminId: string, course: { schoolId: string; catid?: string } | undefined): void {
  if (!course || !canManageCourse(ctx, adminId, course)) throw notFound();
}
