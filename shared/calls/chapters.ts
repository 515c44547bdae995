/**
 * Chapter calls (spec 7 Courses: course/chapter/{id}, chapter/free, chapter/rename; the chapter editor's add,
 * update, move, delete). The editor's calls need the course permission; the course's own checks (its category
 * scope, the same school) stay in the service.
 */
import * as s from '../schemas/chapters';
import { zCourseRef } from '../schemas/courses';
import { defineCall } from '../contract';

const tags = ['chapters'];
const access = { admin: 'course' } as const;

export const chapterCalls = {
  // Public: students and guests of a published course get lock states, its administrators everything; the
  // service decides from the optional viewer.
  list: defineCall({
    method: 'GET',
    path: 'course/chapter/:id',
    access: 'public',
    tags,
    summary:
      'The chapter tree: students and guests of a published course with lock states; its administrators everything.',
    params: zCourseRef,
    reply: s.zChapterList,
  }),
  add: defineCall({
    method: 'POST',
    path: 'chapter/add',
    access,
    tags,
    summary: "Appends a chapter last under parent_id ('0' = a top-level chapter).",
    body: s.zAddChapter,
    reply: s.zChapter,
  }),
  rename: defineCall({
    method: 'POST',
    path: 'chapter/rename',
    access,
    tags,
    summary: 'Renames a chapter.',
    body: s.zRenameChapter,
    reply: s.zChapter,
  }),
  setFree: defineCall({
    method: 'POST',
    path: 'chapter/free',
    access,
    tags,
    summary: 'Marks a chapter free (it can be tried without buying) or not.',
    body: s.zFreeChapter,
    reply: s.zChapter,
  }),
  update: defineCall({
    method: 'POST',
    path: 'chapter/update',
    access,
    tags,
    summary: "Changes a chapter's kind, download and grading switches or description (sanitised).",
    body: s.zUpdateChapter,
    reply: s.zChapter,
  }),
  move: defineCall({
    method: 'POST',
    path: 'chapter/move',
    access,
    tags,
    summary: 'Moves a chapter under parent_id at position among its siblings (past the end means last).',
    body: s.zMoveChapter,
    reply: s.zMovedChapters,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'chapter/delete',
    access,
    tags,
    summary: 'Deletes a chapter and its subchapters.',
    body: s.zChapterRef,
    reply: s.zChaptersDeleted,
  }),
};
