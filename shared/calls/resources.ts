/**
 * The resource library (spec 7 'Resources'): back office, permission 'resource', one school's resources and
 * folders; plus the chapter editor's attach calls (permission 'course'). resource/poster, which takes either a
 * multipart image or a JSON body, is not a declared call (server/modules/resources/routes.ts).
 */
import * as z from 'zod';
import * as s from '../schemas/resources';
import { defineCall } from '../contract';

const tags = ['resources (back office)'];
const chapterTags = ['chapters'];
const access = { admin: 'resource' } as const;
const course = { admin: 'course' } as const;
const list = z.object({ list: z.array(s.zResourceItem) });
const byRid =
  'The resources among rids (array or comma-separated, at most 100), in that order; unknown ids are left out.';

export const resourceCalls = {
  list: defineCall({
    method: 'GET',
    path: 'resource/list',
    access,
    tags,
    summary:
      "A page of a folder's resources (cate '0' = top; showSub adds the folders below, so '0' with showSub is " +
      'everything), searched in titles and file names, by kind (fileType), in an order.',
    query: s.zResourceListQuery,
    reply: s.zResourceList,
  }),
  upload: defineCall({
    method: 'POST',
    path: 'resource/upload',
    access,
    tags,
    summary:
      "Uploads a file into the library in one call: multipart, file field 'file-select'; cate and title in the " +
      'query string. The folder is checked before the file is stored; refusals as lan/upload (400, 413, 415, 507).',
    query: s.zResourceUploadFields,
    multipart: true,
    reply: s.zResourceItem,
  }),
  add: defineCall({
    method: 'POST',
    path: 'resource/add',
    access,
    tags,
    summary:
      'Adds an uploaded file (lan/upload or tus) of the school as a resource: the file turns private, its kind ' +
      "follows spec 5, its conversion is queued. 409 'file already belongs to a resource'.",
    body: s.zAddResource,
    reply: s.zResourceItem,
  }),
  folders: defineCall({
    method: 'GET',
    path: 'resource/category',
    access,
    tags,
    summary: 'The folder tree with resource counts.',
    reply: s.zFolderTree,
  }),
  addFolder: defineCall({
    method: 'POST',
    path: 'resource/category/add',
    access,
    tags,
    summary: "Adds a folder under parent_id ('0' = top), at most 5 deep.",
    body: s.zAddFolder,
    reply: s.zFolderTree.extend({ id: z.string() }),
  }),
  renameFolder: defineCall({
    method: 'POST',
    path: 'resource/category/rename',
    access,
    tags,
    summary: 'Renames a folder.',
    body: s.zRenameFolder,
    reply: s.zFolderTree,
  }),
  moveFolder: defineCall({
    method: 'POST',
    path: 'resource/category/move',
    access,
    tags,
    summary: "Moves a folder under another ('0' = top); never into itself or below itself.",
    body: s.zMoveFolder,
    reply: s.zFolderTree,
  }),
  deleteFolder: defineCall({
    method: 'POST',
    path: 'resource/category/delete',
    access,
    tags,
    summary: "Deletes an empty folder; 409 'folder not empty' with data {resources, folders} otherwise.",
    body: s.zFolderRef,
    reply: s.zFolderTree,
  }),
  rename: defineCall({
    method: 'POST',
    path: 'resource/rename',
    access,
    tags,
    summary: 'Renames a resource.',
    body: s.zRenameResource,
    reply: s.zResourceItem,
  }),
  move: defineCall({
    method: 'POST',
    path: 'resource/move',
    access,
    tags,
    summary: "Moves resources to a folder ('0' = top); an unknown id moves nothing (404).",
    body: s.zMoveResources,
    reply: list,
  }),
  delete: defineCall({
    method: 'POST',
    path: 'resource/delete',
    access,
    tags,
    summary:
      "Deletes a resource, its converted files and its upload. While chapters teach it: 409 'resource in use' with " +
      'data {chapters:[{cid,title,coid,courseTitle}]}, unless force, which detaches it from them.',
    body: s.zDeleteResource,
    reply: s.zResourceDeleted,
  }),
  byRid: defineCall({
    method: 'GET',
    path: 'resource/listbyrid',
    access,
    tags,
    summary: byRid,
    query: s.zListByRid,
    reply: list,
  }),
  byRidPost: defineCall({
    method: 'POST',
    path: 'resource/listbyrid',
    access,
    tags,
    summary: byRid,
    body: s.zListByRid,
    reply: list,
  }),
  subtitles: defineCall({
    method: 'GET',
    path: 'resource/subtitle',
    access,
    tags,
    summary: "A video or audio resource's subtitles.",
    query: s.zRidRef,
    reply: s.zSubtitles,
  }),
  addSubtitle: defineCall({
    method: 'POST',
    path: 'resource/subtitle',
    access,
    tags,
    summary:
      'Adds a subtitle to a video or audio resource: multipart .vtt or .srt (at most 2 MB; SubRip is converted to ' +
      'WebVTT); rid, label, lang in the query string.',
    query: s.zSubtitleFields,
    multipart: true,
    reply: s.zSubtitles,
  }),
  deleteSubtitle: defineCall({
    method: 'POST',
    path: 'resource/subtitle/delete',
    access,
    tags,
    summary: 'Removes a subtitle by its index.',
    body: s.zDeleteSubtitle,
    reply: s.zSubtitles,
  }),
  ppt: defineCall({
    method: 'GET',
    path: 'resource/ppt',
    access,
    tags,
    summary: "A presentation's slide images (signed URLs) and cover.",
    query: s.zRidRef,
    reply: s.zPptSlides,
  }),
  pptCover: defineCall({
    method: 'POST',
    path: 'resource/ppt/cover',
    access,
    tags,
    summary: 'Makes a slide (0-based) the picture of the presentation.',
    body: s.zPptCover,
    reply: s.zPptSlides,
  }),
  urls: defineCall({
    method: 'GET',
    path: 'resource/url',
    access,
    tags,
    summary: 'Short-lived signed URLs of a resource (original and converted files) for previewing.',
    query: s.zResourceUrlQuery,
    reply: s.zResourceUrls,
  }),
  hash: defineCall({
    method: 'GET',
    path: 'resource/hash',
    access,
    tags,
    summary: 'The file behind a storage key (files/userupload/...) and the resource that owns it, if any.',
    query: s.zHashQuery,
    reply: s.zHashResult,
  }),
  live: defineCall({
    method: 'GET',
    path: 'res/live',
    access,
    tags,
    summary:
      "The school's live sessions (issue 17; not deleted), latest start first (at most 200; total counts all): " +
      'id, title, status (scheduled, live, ended), startTime (scheduled start, ms); liveServer: the public ' +
      'address of the live server (LIVE_SERVER_URL, empty when none is configured).',
    reply: s.zLiveResources,
  }),
  retry: defineCall({
    method: 'POST',
    path: 'resource/retry',
    access,
    tags,
    summary: 'Converts a resource again (after a failure or once a missing tool is installed).',
    body: s.zRidRef,
    reply: s.zResourceItem,
  }),

  // The chapter editor.
  attachWare: defineCall({
    method: 'POST',
    path: 'chapter/ware',
    access: course,
    tags: chapterTags,
    summary:
      "Attaches a library resource to a chapter (rid '' detaches). 400 when the kinds do not fit (data: kind, " +
      'chapterType, accepts).',
    body: s.zChapterWare,
    reply: z.object({ cid: z.string(), ware: s.zChapterWareInfo.nullable() }),
  }),
  chapterWares: defineCall({
    method: 'GET',
    path: 'chapter/wares',
    access: course,
    tags: chapterTags,
    summary: 'The attached resource of each chapter of a course.',
    query: s.zChapterWaresQuery,
    reply: s.zChapterWares,
  }),
  wareCandidates: defineCall({
    method: 'GET',
    path: 'chapter/ware/candidates',
    access: course,
    tags: chapterTags,
    summary:
      "The library's resources that fit a chapter's kind (for the attach picker), searched and paged like " +
      'resource/list.',
    query: s.zWareCandidatesQuery,
    reply: s.zResourceList.extend({ accepts: z.array(z.string()) }),
  }),
};
