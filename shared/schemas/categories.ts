import * as z from 'zod';
import { zId } from './common';
import { zSchoolRef, zTitle } from './courses';

/**
 * Course categories (spec 3 'Category'): a school's tree of at most three levels, kept as a nested set
 * (lft/rgt, a virtual root with lft 0) derived from parent_id and position after every change.
 * Replies carry real JSON arrays (cates, allCates) where the spec's client received JSON text.
 */

/** At most three levels (spec 9: breadcrumb up to three levels). */
export const CATEGORY_MAX_DEPTH = 3;
/** Error strings of category calls. */
export const CATEGORY_ERRORS = {
  tooDeep: 'too deep',
  intoOwnSubtree: 'cannot move a category under itself',
  hasCourses: 'category has courses',
} as const;

/** A category as replies carry it; catname repeats title (spec 3: title or catname). */
export const zCategory = z.object({
  catid: z.string(),
  title: z.string(),
  catname: z.string(),
  /** '0' for a first-level category. */
  parent_id: z.string(),
  /** 1 to 3. */
  depth: z.number().int(),
  /** Order among its siblings, 0..n-1. */
  position: z.number().int(),
  lft: z.number().int(),
  rgt: z.number().int(),
  /** Always false here: column categories belong to the columns calls. */
  isColumn: z.boolean(),
});
export type Category = z.infer<typeof zCategory>;

const zLevel3 = zCategory.extend({ children: z.array(zCategory).max(0) });
const zLevel2 = zCategory.extend({ children: z.array(zLevel3) });
/** A first-level category with its children and grandchildren. */
export const zCategoryTree = zCategory.extend({ children: z.array(zLevel2) });
/** A category with its children (the tree builder's type; every level satisfies it). */
export type CategoryNode = Category & { children: CategoryNode[] };

/** A category with how many children it has (course/cates). */
export const zCategoryWithCount = zCategory.extend({ childCount: z.number().int() });

/** GET course/catelist {uid}: uid is the page's school (id or hashUID); an administrator without uid gets their own school. */
export const zCatelistQuery = z.object({ uid: zSchoolRef.optional() });
/** The school's whole tree: also the named operation 'Course category list for the parent id returning data.cates'. */
export const zCatelist = z.object({ cates: z.array(zCategoryTree) });

/** GET course/cates {uid, catid}: the named operation 'Get category list {catid, uid} returning allCates'. */
export const zCatesQuery = z.object({ uid: zSchoolRef.optional(), catid: zId.default('0') });
/** allCates: the children of catid ('0' = first level); path: catid and its ancestors from the first level (the breadcrumb). */
export const zCates = z.object({ allCates: z.array(zCategoryWithCount), path: z.array(zCategory) });

/** POST course/category {title, parent_id}: adds a category as the last child of parent_id ('0' = first level). */
export const zNewCategory = z.object({ title: zTitle, parent_id: zId.default('0') });
/** POST course/cate/update {catid, title?, parent_id?, position?}: rename, move under another parent, reorder. */
export const zUpdateCategory = z.object({
  catid: zId,
  title: zTitle.optional(),
  parent_id: zId.optional(),
  /** Place among the siblings (0 = first); past the end means last. */
  position: z.number().int().min(0).optional(),
});
/** POST course/cate/delete {catid}: deletes the category and its children; 409 'category has courses' while courses remain. */
export const zDeleteCategory = z.object({ catid: zId });
/** POST course/movebeforedelcate {catid, targetCatid}: moves the subtree's courses to targetCatid ('0' = none), then deletes. */
export const zMoveBeforeDelete = z.object({ catid: zId, targetCatid: zId });
/** What a delete removed: categories, and courses moved to the target. */
export const zCategoryDeleted = z.object({ deleted: z.number().int(), movedCourses: z.number().int() });
