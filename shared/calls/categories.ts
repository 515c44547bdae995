/**
 * Course category calls (spec 7 Courses: course/catelist, course/category, course/cate/update,
 * course/movebeforedelcate; named 'Get category list'): the public tree reads and their back office (permission
 * course).
 */
import * as s from '../schemas/categories';
import { defineCall } from '../contract';

const tags = ['categories'];
const access = { admin: 'course' } as const;

export const categoryCalls = {
  // Public, but an administrator without uid gets their own school's tree (scoped to a sub-admin's
  // categories, not cached): the handler decides that, so the access is the outer 'public'.
  catelist: defineCall({
    method: 'GET',
    path: 'course/catelist',
    access: 'public',
    tags,
    summary:
      "The school's category tree (the page's school by uid; an administrator without uid gets their own, " +
      'a sub-admin limited to some categories only that part). Cached; 304 on If-None-Match.',
    query: s.zCatelistQuery,
    reply: s.zCatelist,
  }),
  cates: defineCall({
    method: 'GET',
    path: 'course/cates',
    access: 'public',
    tags,
    summary: 'The children of catid with their child counts, and the path to catid. Cached; 304 on If-None-Match.',
    query: s.zCatesQuery,
    reply: s.zCates,
  }),
  add: defineCall({
    method: 'POST',
    path: 'course/category',
    access,
    tags,
    summary: "Adds a category as the last child of parent_id ('0' = first level).",
    body: s.zNewCategory,
    reply: s.zCategory,
  }),
  update: defineCall({
    method: 'POST',
    path: 'course/cate/update',
    access,
    tags,
    summary: 'Renames a category, moves it under another parent or reorders it.',
    body: s.zUpdateCategory,
    reply: s.zCategory,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'course/cate/delete',
    access,
    tags,
    summary: "Deletes a category and its children; 409 'category has courses' while courses remain.",
    body: s.zDeleteCategory,
    reply: s.zCategoryDeleted,
  }),
  moveCoursesAndDelete: defineCall({
    method: 'POST',
    path: 'course/movebeforedelcate',
    access,
    tags,
    summary: "Moves the subtree's courses to targetCatid ('0' = none), then deletes the category.",
    body: s.zMoveBeforeDelete,
    reply: s.zCategoryDeleted,
  }),
};
