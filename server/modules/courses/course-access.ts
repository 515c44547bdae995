import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findAdmin } from '../auth/accounts.repository';
import { categoryInScope, courseCatid, coursesInScope, readIdList } from '../admins/admins.repository';
import { listCategories, type CategoryRow } from '../categories/categories.repository';

/**
 * The one course/category gate of the back office (spec 6: sub-admins with permission groups and,
 * optionally, a set of categories each may manage). The caller has already required the
 * 'course' permission (or the area's own); this decides which courses and categories of the school.
 *
 * - The main admin and a sub-admin without categories ([] = all) manage every course of their school.
 * - A scoped sub-admin manages only courses whose category lies in one of its categories' subtrees
 *   (categories are a nested set: one lft-between-lft-and-rgt range check), and only those categories.
 * - Courses with no category (catid '0'), and the first level of the tree, belong to unscoped admins only.
 * - A disabled or unknown administrator manages nothing.
 *
 * The scope is read once per call (adminScope / courseGate); lists filter with scopeFilter in their query.
 */
export interface AdminScope {
  adminId: string;
  schoolId: string;
  /** null = every category of the school. */
  categories: string[] | null;
}

/** The administrator's school and category scope, or null for an unknown or disabled administrator. */
export async function adminScope(ctx: AppContext, adminId: string): Promise<AdminScope | null> {
  const admin = await findAdmin(ctx.db, adminId);
  if (!admin || admin.disabled) return null;
  const categories = admin.parentId === null ? [] : readIdList(admin.categories);
  return { adminId, schoolId: admin.schoolId, categories: categories.length > 0 ? categories : null };
}

/** True when the category ('0' = none / the first level) lies in the scope. */
async function categoryAllowed(ctx: AppContext, scope: AdminScope, catid: string | undefined): Promise<boolean> {
  if (scope.categories === null) return true;
  if (!catid || catid === '0') return false;
  return await categoryInScope(ctx.db, scope.schoolId, catid, scope.categories);
}

type CourseLike = { schoolId: string; catid?: string; id?: string };

/** A course check with the administrator's scope read once: for loops over many courses. */
export async function courseGate(ctx: AppContext, adminId: string): Promise<(course: CourseLike) => Promise<boolean>> {
  const scope = await adminScope(ctx, adminId);
  return async (course) => {
    if (!scope || scope.schoolId !== course.schoolId) return false;
    if (scope.categories === null) return true;
    // Given only an id (a cached course head), read its category; given neither, a scoped admin may not.
    const catid = course.catid ?? (course.id ? await courseCatid(ctx.db, course.id) : undefined);
    return await categoryAllowed(ctx, scope, catid);
  };
}

/** May this administrator manage this course? Same school, enabled, and the course inside its categories. */
export async function canManageCourse(ctx: AppContext, adminId: string, course: CourseLike): Promise<boolean> {
  return (await courseGate(ctx, adminId))(course);
}

/** The same check for a category of the back office's tree editor; id '0' is the first level (a new first-level category). */
export async function canManageCategory(
  ctx: AppContext,
  adminId: string,
  category: { schoolId: string; id: string },
): Promise<boolean> {
  const scope = await adminScope(ctx, adminId);
  return !!scope && scope.schoolId === category.schoolId && (await categoryAllowed(ctx, scope, category.id));
}

/** Throws 404 unless the administrator may manage the course: another school's ids look like no ids at all. */
export async function assertManageCourse(
  ctx: AppContext,
  adminId: string,
  course: CourseLike | undefined,
): Promise<void> {
  if (!course || !(await canManageCourse(ctx, adminId, course))) throw notFound();
}

/** The list filter of the administrator's courses: undefined for an unscoped admin (no extra condition). */
export async function scopeFilter(ctx: AppContext, adminId: string): Promise<SQL | undefined> {
  const scope = await adminScope(ctx, adminId);
  if (!scope) return coursesInScope('', []);
  return scope.categories === null ? undefined : coursesInScope(scope.schoolId, scope.categories);
}

/**
 * The school's course categories the administrator may see in the back office's tree, in tree order:
 * all of them when unscoped, else the scope categories and their subtrees (a category whose parent is
 * outside becomes a root of the tree shown). null = all of them (unscoped).
 */
export async function scopedCategoryRows(
  ctx: AppContext,
  adminId: string,
  schoolId: string,
): Promise<CategoryRow[] | null> {
  const scope = await adminScope(ctx, adminId);
  if (!scope || scope.schoolId !== schoolId) return [];
  if (scope.categories === null) return null;
  const rows = await listCategories(ctx.db, schoolId, 'course');
  const granted = new Set(scope.categories);
  const ranges = rows.filter((row) => granted.has(row.id));
  return rows.filter((row) => ranges.some((range) => row.lft >= range.lft && row.lft <= range.rgt));
}
