import type { z } from 'zod';
import type { Category, CategoryNode, zUpdateCategory } from '../../../shared/schemas/categories';
import { call } from '../../api/client';

export type CategoryUpdate = z.input<typeof zUpdateCategory>;
export type CategoryDeleted = { deleted: number; movedCourses: number };

/** SWR key of the school's category tree (GET course/catelist). */
export const CATELIST_KEY = 'course/catelist';
export type Catelist = { cates: CategoryNode[] };

/** POST course/category: the last child of parent_id ('0' = first level). */
export const addCategory = (title: string, parentId: string) => call<Category>('course/category', { method: 'POST', body: { title, parent_id: parentId } });
/** POST course/cate/update: rename, move, reorder. */
export const updateCategory = (input: CategoryUpdate) => call<Category>('course/cate/update', { method: 'POST', body: input });
/** POST course/cate/delete: 409 'category has courses' with {courses} while courses remain. */
export const deleteCategory = (catid: string) => call<CategoryDeleted>('course/cate/delete', { method: 'POST', body: { catid } });
/** POST course/movebeforedelcate: moves the subtree's courses to targetCatid, then deletes it. */
export const moveCoursesAndDelete = (catid: string, targetCatid: string) =>
  call<CategoryDeleted>('course/movebeforedelcate', { method: 'POST', body: { catid, targetCatid } });
