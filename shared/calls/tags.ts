/** Tag calls: the home page's tag sections ('Get tags of user', spec 7) and their back office (permission course). */
import * as s from '../schemas/tags';
import { defineCall } from '../contract';

const tags = ['tags (back office)'];
const access = { admin: 'course' } as const;

export const tagCalls = {
  sections: defineCall({
    method: 'GET',
    path: 'tags/:uid',
    access: 'public',
    tags: ['tags'],
    summary:
      'Get tags of user (spec 7): tags with visible courses, each with up to 8 course cards in the tag order. ' +
      'Cached; 304 on If-None-Match.',
    params: s.zTagsParams,
    reply: s.zTagSections,
  }),
  list: defineCall({
    method: 'GET',
    path: 'tag/admin/list',
    access,
    tags,
    summary: "The school's tags with their ordered course ids.",
    reply: s.zAdminTags,
  }),
  add: defineCall({
    method: 'POST',
    path: 'tag/add',
    access,
    tags,
    summary: "Adds a tag at the end; 409 'tag exists' for a name the school already has.",
    body: s.zNewTag,
    reply: s.zAddedTag,
  }),
  rename: defineCall({
    method: 'POST',
    path: 'tag/rename',
    access,
    tags,
    summary: 'Renames a tag.',
    body: s.zRenameTag,
    reply: s.zAdminTags,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'tag/delete',
    access,
    tags,
    summary: 'Deletes a tag (the courses stay).',
    body: s.zDeleteTag,
    reply: s.zAdminTags,
  }),
  setCourses: defineCall({
    method: 'POST',
    path: 'tag/courses',
    access,
    tags,
    summary: "Sets the tag's ordered course list; a course of another school answers 404 and nothing changes.",
    body: s.zTagCourses,
    reply: s.zAdminTags,
  }),
};
